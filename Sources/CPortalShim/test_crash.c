#define _GNU_SOURCE
// Crashing on purpose (end-to-end tests only).
#include "portal_shim.h"

#include <stdlib.h>

/// Recurses until the stack runs out. The frame's buffer is written and read after the
/// call, so the compiler can neither drop the recursion nor turn it into a loop.
static int __attribute__((noinline)) overflow_stack(volatile int depth) {
    volatile char frame[1024];
    frame[depth % sizeof frame] = (char)depth;
    return overflow_stack(depth + 1) + frame[(depth + 1) % sizeof frame];
}

void portal_test_crash(int kind) {
    switch (kind) {
    case PORTAL_TEST_CRASH_SEGV: {
        volatile int *nowhere = NULL;
        *nowhere = 1;
        break;
    }
    case PORTAL_TEST_CRASH_ABORT:
        abort();
    case PORTAL_TEST_CRASH_STACK_OVERFLOW:
        overflow_stack(0);
        break;
    default:
        break;
    }
}
