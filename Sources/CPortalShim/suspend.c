#define _GNU_SOURCE
// Suspend (Ctrl-Z): stopping this process as the tty driver would.
#include "portal_shim.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

int portal_stop_self(void) {
    // SIGTSTP with its default action stops the process; whatever handler is installed
    // (ncurses' own) is put aside so the caller's restore is the only one that runs.
    struct sigaction stop, previous;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    if (sigaction(SIGTSTP, &stop, &previous) != 0) return -1;
    sigset_t tstp, previous_mask;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &tstp, &previous_mask);
    // Sent to this thread, not the process: a process-directed signal may be taken by
    // another thread (the main thread parked in dispatch_main while the loop runs on
    // the main queue's worker) after the handler below is back in place, and then it
    // only wakes the loop instead of stopping. A thread-directed one with its action
    // SIG_DFL is delivered before raise() returns: the process stops here and carries
    // on when the shell sends SIGCONT (`fg`). In an orphaned process group (no job
    // control) the kernel discards it and this returns at once.
    int result = raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
    sigaction(SIGTSTP, &previous, NULL);
    return result;
}
