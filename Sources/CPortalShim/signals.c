#define _GNU_SOURCE
// Signals: each handled one written to the self-pipe as one byte, for the terminal loop
// to act on outside the handler.
#include "portal_shim.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

// Written once before the handlers are installed, read only by them.
static volatile sig_atomic_t wake_fd = -1;
static struct sigaction previous_winch;

/// Signals that end the browser cleanly (through the loop, which restores the terminal):
/// the three classic ones, and every other signal whose default action would kill the
/// process without a crash — a stray `kill -USR1` or an alarm must not leave the terminal
/// raw. SIGPIPE is not here: it is ignored, so a write to a closed socket is an error
/// code, not a death.
static const int end_signals[] = {
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
    SIGXCPU, SIGXFSZ, SIGPOLL,
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
};
#define END_COUNT (sizeof end_signals / sizeof end_signals[0])

static void forward_signal(int signo, siginfo_t *info, void *context) {
    int saved_errno = errno;
    if (wake_fd >= 0) portal_wake_pipe_poke(wake_fd, (unsigned char)signo);
    if (signo == SIGWINCH) {
        // ncurses' handler only sets a flag; the next wget_wch then resizes and returns
        // KEY_RESIZE.
        if (previous_winch.sa_flags & SA_SIGINFO) {
            if (previous_winch.sa_sigaction) previous_winch.sa_sigaction(signo, info, context);
        } else if (previous_winch.sa_handler != SIG_DFL && previous_winch.sa_handler != SIG_IGN && previous_winch.sa_handler != NULL) {
            previous_winch.sa_handler(signo);
        }
    }
    errno = saved_errno;
}

int portal_signals_install(int fd) {
    wake_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = forward_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGWINCH, &action, &previous_winch) != 0) return -1;
    if (sigaction(SIGCONT, &action, NULL) != 0) return -1;
    // A SIGTSTP from outside (`kill -TSTP`) suspends through the loop like Ctrl-Z, so
    // the terminal is restored before the process stops.
    if (sigaction(SIGTSTP, &action, NULL) != 0) return -1;
    sigset_t handled;
    sigemptyset(&handled);
    sigaddset(&handled, SIGWINCH);
    sigaddset(&handled, SIGCONT);
    sigaddset(&handled, SIGTSTP);
    for (size_t i = 0; i < END_COUNT; i++) {
        if (sigaction(end_signals[i], &action, NULL) != 0) return -1;
        sigaddset(&handled, end_signals[i]);
    }
    signal(SIGPIPE, SIG_IGN);
    // A parent may have started us with these blocked (a blocked mask is inherited
    // across exec); then SIGTERM would never reach the handler.
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
    return 0;
}

int portal_is_end_signal(int signo) {
    for (size_t i = 0; i < END_COUNT; i++) {
        if (end_signals[i] == signo) return 1;
    }
    return 0;
}
