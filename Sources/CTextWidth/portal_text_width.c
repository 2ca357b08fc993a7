#define _GNU_SOURCE
#include "portal_text_width.h"

#include <locale.h>
#include <wchar.h>

int portal_scalar_widths(unsigned char *table, size_t count) {
    static const char *const names[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8"};
    locale_t utf8 = (locale_t)0;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && utf8 == (locale_t)0; i++) {
        utf8 = newlocale(LC_CTYPE_MASK, names[i], (locale_t)0);
    }
    if (utf8 == (locale_t)0) return -1;
    // Only this thread's locale changes, and only while the table is filled.
    locale_t previous = uselocale(utf8);
    for (size_t byte = 0; byte < count; byte++) {
        unsigned char bits = 0;
        for (unsigned slot = 0; slot < 4; slot++) {
            int width = wcwidth((wchar_t)(byte * 4 + slot));
            unsigned code = width < 0 ? PORTAL_WIDTH_UNPRINTABLE : (width > 2 ? 2 : (unsigned)width);
            bits |= (unsigned char)(code << (slot * 2));
        }
        table[byte] = bits;
    }
    uselocale(previous);
    freelocale(utf8);
    return 0;
}
