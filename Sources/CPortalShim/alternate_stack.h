#ifndef PORTAL_ALTERNATE_STACK_H
#define PORTAL_ALTERNATE_STACK_H

#include <stddef.h>

/// Installs `memory` (`size` bytes) as the calling thread's alternate signal stack unless
/// it has one. Returns 0 (installed, or one was there), or -1.
int portal_install_alternate_stack(void *memory, size_t size);

#endif
