// The ncurses adapter lands here.
