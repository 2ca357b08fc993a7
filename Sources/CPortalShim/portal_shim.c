#define _GNU_SOURCE
#include "portal_shim.h"
#include "alternate_stack.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

// ---- Self-pipe ---------------------------------------------------------------------

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

// ---- Signals -----------------------------------------------------------------------

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

// ---- Suspend (Ctrl-Z) ----------------------------------------------------------------

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

// ---- Emergency restore on a crash ---------------------------------------------------

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS};
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
static volatile sig_atomic_t crash_armed = 0;
static volatile sig_atomic_t crash_handlers_installed = 0;
static int crash_fd = -1;
static struct termios crash_modes;
static char crash_reset[256];
static size_t crash_reset_length = 0;

/// The main thread's alternate signal stack: a stack overflow leaves no room on the
/// thread's own stack for a handler frame, so the handler runs here instead.
static char main_alternate_stack[64 * 1024];

static void restore_on_crash(int signo, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    if (crash_armed) {
        crash_armed = 0;
        // Only async-signal-safe calls: write(2) and tcsetattr(3).
        if (crash_reset_length > 0) {
            ssize_t ignored = write(crash_fd, crash_reset, crash_reset_length);
            (void)ignored;
        }
        tcsetattr(crash_fd, TCSANOW, &crash_modes);
    }
    // Die of the same signal, as if nothing had been installed: the default action is
    // restored and the signal raised again. A fault re-executes the faulting instruction
    // on return and kills the process then; a sent signal (abort(), kill) stays pending
    // while this handler runs and is delivered as it returns.
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(signo, &default_action, NULL);
    raise(signo);
}

int portal_crash_restore_save_modes(int tty_fd) {
    if (tcgetattr(tty_fd, &crash_modes) != 0) return -1;
    crash_fd = tty_fd;
    return 0;
}

void portal_crash_restore_arm(const char *reset, size_t length) {
    if (crash_fd < 0) return;
    if (length > sizeof crash_reset) length = sizeof crash_reset;
    memcpy(crash_reset, reset, length);
    crash_reset_length = length;
    if (!crash_handlers_installed) {
        portal_install_alternate_stack(main_alternate_stack, sizeof main_alternate_stack);
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = restore_on_crash;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        for (size_t i = 0; i < FATAL_COUNT; i++) sigaction(fatal_signals[i], &action, NULL);
        crash_handlers_installed = 1;
    }
    crash_armed = 1;
}

void portal_crash_restore_disarm(void) { crash_armed = 0; }

// ---- Crashing on purpose (end-to-end tests only) -------------------------------------

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

// ---- atexit -------------------------------------------------------------------------

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

// ---- The main dispatch queue -------------------------------------------------------
// libdispatch exports these for CoreFoundation's run loop; looked up at run time so a
// libdispatch without them only costs the feature.

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

// ---- Small ioctl helpers ----------------------------------------------------------

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
