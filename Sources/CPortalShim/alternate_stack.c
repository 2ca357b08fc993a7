#define _GNU_SOURCE
#include "portal_shim.h"
#include "alternate_stack.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>

// ---- Alternate signal stacks for worker threads ---------------------------------------
//
// A pool thread gets its own alternate stack (portal_alternate_stack_ensure) so the crash
// handler can run after a stack overflow on it. The stack is mapped, not malloc'd: its
// pages are resident only once a handler ran on them, where a malloc'd block is taken
// from (already resident) heap memory. It is unmapped when the thread ends: pool threads
// come and go under load, and each one that ended used to leave 64 KB behind
// (issue 27, item 4).

#define WORKER_ALTERNATE_STACK_SIZE (64 * 1024)

static pthread_key_t worker_stack_key;
static pthread_once_t worker_stack_key_once = PTHREAD_ONCE_INIT;
static atomic_long worker_stacks_mapped = 0;

int portal_install_alternate_stack(void *memory, size_t size) {
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return 0;
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = memory;
    stack.ss_size = size;
    return sigaltstack(&stack, NULL);
}

/// Runs as a thread that has a worker stack ends (on that thread): the stack is switched
/// off first, so no signal can land on memory that is gone, then unmapped.
static void release_worker_stack(void *memory) {
    if (memory == NULL) return;
    stack_t off;
    memset(&off, 0, sizeof off);
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, NULL);
    munmap(memory, WORKER_ALTERNATE_STACK_SIZE);
    atomic_fetch_sub(&worker_stacks_mapped, 1);
}

static void make_worker_stack_key(void) {
    pthread_key_create(&worker_stack_key, release_worker_stack);
}

int portal_alternate_stack_ensure(void) {
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return 0;
    if (pthread_once(&worker_stack_key_once, make_worker_stack_key) != 0) return -1;
    void *memory = mmap(NULL, WORKER_ALTERNATE_STACK_SIZE, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (memory == MAP_FAILED) return -1;
    if (portal_install_alternate_stack(memory, WORKER_ALTERNATE_STACK_SIZE) != 0) {
        munmap(memory, WORKER_ALTERNATE_STACK_SIZE);
        return -1;
    }
    atomic_fetch_add(&worker_stacks_mapped, 1);
    if (pthread_setspecific(worker_stack_key, memory) != 0) {
        release_worker_stack(memory);
        return -1;
    }
    return 0;
}

long portal_alternate_stacks_mapped(void) { return atomic_load(&worker_stacks_mapped); }
