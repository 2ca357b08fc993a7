#define _GNU_SOURCE
// Small ioctl helpers: bytes waiting on a descriptor, the window's size in cells and pixels.
#include "portal_shim.h"

#include <sys/ioctl.h>

int portal_bytes_available(int fd) {
    int count = 0;
    if (ioctl(fd, FIONREAD, &count) != 0) return -1;
    return count;
}

int portal_window_pixels(int fd, int *width, int *height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_xpixel == 0 || size.ws_ypixel == 0 || size.ws_row == 0 ||
        size.ws_col == 0) {
        return -1;
    }
    *width = size.ws_xpixel / size.ws_col;
    *height = size.ws_ypixel / size.ws_row;
    return 0;
}

int portal_window_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}
