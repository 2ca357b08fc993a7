#ifndef PORTAL_CNCURSES_SHIM_H
#define PORTAL_CNCURSES_SHIM_H
// ncursesw for Swift. Wide-character API on; every C macro and every mutable global
// the Swift side needs is wrapped in a `static inline` function here, because Swift
// imports neither function-like macros nor (safely, under Swift 6) mutable globals.
// Only PortalTerminal imports this module, and only on the UI thread.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <string.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// ---- Globals (read on the UI thread only) --------------------------------------
static inline WINDOW *portal_stdscr(void) { return stdscr; }
static inline int portal_lines(void) { return LINES; }
static inline int portal_cols(void) { return COLS; }
static inline int portal_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *portal_stdout(void) { return stdout; }
static inline FILE *portal_stdin(void) { return stdin; }

// ---- Attributes and colours -------------------------------------------------------
static inline attr_t portal_a_normal(void) { return A_NORMAL; }
static inline attr_t portal_a_bold(void) { return A_BOLD; }
static inline attr_t portal_a_dim(void) { return A_DIM; }
static inline attr_t portal_a_reverse(void) { return A_REVERSE; }
static inline attr_t portal_a_underline(void) { return A_UNDERLINE; }
static inline int portal_color_pair(int n) { return (int)COLOR_PAIR(n); }

static inline int portal_colors(void) { return COLORS; }

/// Sets the window's current attributes and colour pair (wattr_set may be a macro). The
/// pair goes through `opts` as an int too, so pairs above 32767 work (ncurses 6
/// extended colours); the short argument is only a fallback.
static inline int portal_set_style(WINDOW *win, attr_t attrs, int pair) {
    int extended = pair;
    return wattr_set(win, attrs, (NCURSES_PAIRS_T)(pair > 0x7FFF ? 0 : pair), &extended);
}

/// Writes at most `n` wide characters at (y, x); the mv* form is a macro in curses.h.
static inline int portal_put_wide(WINDOW *win, int y, int x, const wchar_t *text, int n) {
    return mvwaddnwstr(win, y, x, text, n);
}

/// Makes the next refresh repaint every cell (after a resize the terminal's own idea of
/// its contents can no longer be trusted).
static inline int portal_repaint_all_next(void) { return clearok(curscr, TRUE); }

// ---- Key codes ------------------------------------------------------------------------
static inline int portal_err(void) { return ERR; }
static inline int portal_ok(void) { return OK; }
static inline int portal_key_code_yes(void) { return KEY_CODE_YES; }
static inline int portal_key_up(void) { return KEY_UP; }
static inline int portal_key_down(void) { return KEY_DOWN; }
static inline int portal_key_left(void) { return KEY_LEFT; }
static inline int portal_key_right(void) { return KEY_RIGHT; }
static inline int portal_key_ppage(void) { return KEY_PPAGE; }
static inline int portal_key_npage(void) { return KEY_NPAGE; }
static inline int portal_key_home(void) { return KEY_HOME; }
static inline int portal_key_end(void) { return KEY_END; }
/// Home/End as some terminals (tmux, rxvt, the keypad) send them: `\e[1~` is "find",
/// `\e[4~` is "select", keypad 7/1 are A1/C1.
static inline int portal_key_find(void) { return KEY_FIND; }
static inline int portal_key_select(void) { return KEY_SELECT; }
static inline int portal_key_a1(void) { return KEY_A1; }
static inline int portal_key_c1(void) { return KEY_C1; }
static inline int portal_key_a3(void) { return KEY_A3; }
static inline int portal_key_c3(void) { return KEY_C3; }
static inline int portal_key_enter(void) { return KEY_ENTER; }
static inline int portal_key_backspace(void) { return KEY_BACKSPACE; }
static inline int portal_key_dc(void) { return KEY_DC; }
static inline int portal_key_btab(void) { return KEY_BTAB; }
static inline int portal_key_f0(void) { return KEY_F0; }
static inline int portal_key_resize(void) { return KEY_RESIZE; }
static inline int portal_key_mouse(void) { return KEY_MOUSE; }

// ---- Mouse wheel ----------------------------------------------------------------------
/// The events portal asks for: the wheel only (clicks stay with the terminal as far as
/// the protocol allows).
static inline mmask_t portal_wheel_mask(void) {
#if NCURSES_MOUSE_VERSION > 1
    return BUTTON4_PRESSED | BUTTON5_PRESSED;
#else
    return BUTTON4_PRESSED | BUTTON2_PRESSED | REPORT_MOUSE_POSITION;
#endif
}

/// Reads the pending mouse event: -1 wheel up, +1 wheel down, 0 anything else.
/// Wheel down is button 5 in the ncurses 6 mouse ABI (version 2); the older ABI had no
/// button 5 and reported it as button 2 together with REPORT_MOUSE_POSITION.
static inline int portal_read_wheel(void) {
    MEVENT event;
    memset(&event, 0, sizeof event);
    if (getmouse(&event) != OK) return 0;
    mmask_t state = event.bstate;
    if (state & BUTTON4_PRESSED) return -1;
#if NCURSES_MOUSE_VERSION > 1
    if (state & BUTTON5_PRESSED) return 1;
#endif
    if ((state & BUTTON2_PRESSED) && (state & REPORT_MOUSE_POSITION)) return 1;
#if NCURSES_MOUSE_VERSION <= 1
    if (state == REPORT_MOUSE_POSITION) return 1;
#endif
    return 0;
}

// ---- Terminal checks --------------------------------------------------------------------
/// What `portal_probe_terminal` found.
enum {
    PORTAL_TERMINAL_OK = 0,
    PORTAL_TERMINAL_UNKNOWN = 1,
    PORTAL_TERMINAL_NO_CURSOR_ADDRESSING = 2,
};

/// Looks TERM up in terminfo *without* touching the screen and checks that it can move
/// the cursor (`cup`); `TERM=dumb` and hardcopy terminals cannot. The probe's terminal
/// description is freed again so that `newterm` starts clean.
static inline int portal_probe_terminal(const char *term, int fd) {
    int status = 0;
    if (setupterm(term, fd, &status) != OK) return PORTAL_TERMINAL_UNKNOWN;
    char *cup = tigetstr("cup");
    int result = (cup == NULL || cup == (char *)-1) ? PORTAL_TERMINAL_NO_CURSOR_ADDRESSING : PORTAL_TERMINAL_OK;
    TERMINAL *probe = cur_term;
    set_curterm(NULL);
    del_curterm(probe);
    return result;
}

/// The colours terminfo says TERM has (`colors`), without touching the screen; -1 when
/// TERM is unknown. For the picture mode, decided before ncurses starts.
static inline int portal_terminfo_colors(const char *term, int fd) {
    int status = 0;
    if (setupterm(term, fd, &status) != OK) return -1;
    int colors = tigetnum("colors");
    TERMINAL *probe = cur_term;
    set_curterm(NULL);
    del_curterm(probe);
    return colors;
}

/// A terminfo string capability, or NULL when the terminal lacks it.
static inline const char *portal_capability(const char *name) {
    char *value = tigetstr(name);
    return (value == (char *)-1) ? NULL : value;
}

/// Display columns of one wide character as the C library (and so ncurses) measures
/// it: 0 for combining marks, 2 for wide characters, -1 for unprintable ones.
extern int wcwidth(wchar_t);
static inline int portal_wcwidth(wchar_t c) { return wcwidth(c); }

/// True when LC_CTYPE is UTF-8 (after setlocale).
static inline int portal_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

#endif
