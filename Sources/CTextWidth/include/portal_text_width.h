#ifndef PORTAL_TEXT_WIDTH_H
#define PORTAL_TEXT_WIDTH_H
// The C library's idea of how many terminal columns each Unicode scalar takes: what
// ncurses lays out with, so what the views must measure with. In C because Swift's
// Glibc module does not export wcwidth (an X/Open extension). Nothing here knows ncurses.

#include <stddef.h>

/// The code `portal_scalar_widths` stores for a scalar wcwidth calls unprintable (-1).
#define PORTAL_WIDTH_UNPRINTABLE 3

/// Fills `table` (`count` bytes, four scalars a byte, two bits each, scalar 0 in the low
/// bits of byte 0) with wcwidth of every scalar below `count * 4` under a UTF-8 locale
/// (C.UTF-8, else en_US.UTF-8), set for the calling thread only: 0, 1, 2, or
/// PORTAL_WIDTH_UNPRINTABLE. Returns 0, or -1 (table untouched) when no UTF-8 locale
/// exists.
int portal_scalar_widths(unsigned char *table, size_t count);

#endif
