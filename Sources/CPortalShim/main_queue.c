#define _GNU_SOURCE
// The main dispatch queue, polled beside the terminal. libdispatch exports these for
// CoreFoundation's run loop; looked up at run time so a libdispatch without them only
// costs the feature.
#include "portal_shim.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

typedef int (*main_queue_handle_fn)(void);
typedef void (*main_queue_callback_fn)(void *);
static main_queue_callback_fn main_queue_callback = NULL;
static int main_queue_fd = -1;

int portal_main_queue_fd(void) {
    if (main_queue_fd >= 0) return main_queue_fd;
    main_queue_handle_fn handle = (main_queue_handle_fn)dlsym(RTLD_DEFAULT, "_dispatch_get_main_queue_handle_4CF");
    main_queue_callback = (main_queue_callback_fn)dlsym(RTLD_DEFAULT, "_dispatch_main_queue_callback_4CF");
    if (handle == NULL || main_queue_callback == NULL) return -1;
    main_queue_fd = handle();
    return main_queue_fd;
}

void portal_main_queue_drain(void) {
    if (main_queue_callback == NULL) return;
    // The handle is an eventfd: clear it (only if reading cannot block), then run what
    // is queued. Jobs queued while draining write it again, so none is lost.
    int flags = fcntl(main_queue_fd, F_GETFL);
    if (flags != -1 && (flags & O_NONBLOCK)) {
        uint64_t count;
        ssize_t ignored = read(main_queue_fd, &count, sizeof count);
        (void)ignored;
    }
    main_queue_callback(NULL);
}
