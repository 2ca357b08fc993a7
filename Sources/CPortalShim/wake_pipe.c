#define _GNU_SOURCE
// Self-pipe: how a signal handler (or another thread) wakes the terminal loop's poll().
#include "portal_shim.h"

#include <fcntl.h>
#include <errno.h>
#include <unistd.h>

int portal_wake_pipe_open(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        int flags = fcntl(fds[i], F_GETFL);
        if (flags == -1 || fcntl(fds[i], F_SETFL, flags | O_NONBLOCK) == -1) return -1;
        if (fcntl(fds[i], F_SETFD, FD_CLOEXEC) == -1) return -1;
    }
    return 0;
}

void portal_wake_pipe_poke(int fd, unsigned char byte) {
    // write(2) is async-signal-safe. EAGAIN means the pipe is full, so the reader will
    // wake anyway; EINTR cannot lose the wake-up for the same reason.
    ssize_t ignored = write(fd, &byte, 1);
    (void)ignored;
}

size_t portal_wake_pipe_drain(int fd, unsigned char *buffer, size_t capacity) {
    size_t kept = 0;
    unsigned char chunk[256];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n > 0) {
            for (ssize_t i = 0; i < n && kept < capacity; i++) buffer[kept++] = chunk[i];
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        break; // EAGAIN (drained), EOF or an error
    }
    return kept;
}
