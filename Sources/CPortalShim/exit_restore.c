#define _GNU_SOURCE
// atexit: the terminal restore that runs on every exit() that is not a crash.
#include "portal_shim.h"

#include <stdlib.h>

static void (*exit_restore)(void) = NULL;

static void run_exit_restore(void) {
    if (exit_restore) exit_restore();
}

void portal_atexit_once(void (*restore)(void)) {
    if (exit_restore == NULL) {
        exit_restore = restore;
        atexit(run_exit_restore);
    }
}
