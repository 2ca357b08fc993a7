#ifndef PORTAL_SHIM_H
#define PORTAL_SHIM_H
// The few things Swift cannot do safely itself: async-signal-safe signal handlers,
// a non-blocking close-on-exec self-pipe, and an emergency terminal restore that may run
// inside a fatal-signal handler. Nothing here knows ncurses.

#include <stddef.h>

/// Opens the self-pipe (both ends non-blocking, close-on-exec). fds[0] is read, fds[1] is
/// written. Returns 0, or -1 with errno set.
int portal_wake_pipe_open(int fds[2]);

/// Writes one byte to `fd`, ignoring a full pipe (a wake-up is already pending then).
void portal_wake_pipe_poke(int fd, unsigned char byte);

/// Reads everything pending on the non-blocking `fd` into `buffer` (at most `capacity`
/// bytes kept); returns how many were kept.
size_t portal_wake_pipe_drain(int fd, unsigned char *buffer, size_t capacity);

/// Installs handlers that write the signal number as one byte to `wake_fd` and do
/// nothing else, for SIGWINCH (which also chains to the handler installed before, i.e.
/// ncurses', so KEY_RESIZE still arrives), SIGCONT (the loop repaints after being
/// stopped from outside), SIGTSTP (the loop suspends as on Ctrl-Z) and every signal that ends the browser cleanly (see
/// `portal_is_end_signal`). Ignores SIGPIPE. Returns 0, or -1 with errno set.
int portal_signals_install(int wake_fd);

/// 1 for a signal that ends the browser through the loop (so the terminal is restored
/// first): SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
/// SIGPROF, SIGXCPU, SIGXFSZ, SIGPOLL, SIGSTKFLT, SIGPWR. 0 otherwise.
int portal_is_end_signal(int signo);

/// Stops this process with SIGTSTP's default action (as the tty driver would on Ctrl-Z
/// outside raw mode) and returns once it is continued (`fg`). The caller restores the
/// terminal before and re-enters it after. Returns 0, or -1 with errno set.
int portal_stop_self(void);

/// Saves the tty modes of `tty_fd` as they are now (call before ncurses changes them),
/// for the emergency restore below. Returns 0, or -1 when `tty_fd` is not a terminal.
int portal_crash_restore_save_modes(int tty_fd);

/// Arms the emergency restore for a process that dies of a fatal signal (SIGSEGV,
/// SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) before the normal restore runs:
/// writes `reset` (leave the alternate screen, show the cursor, mouse off) to the saved
/// tty and puts the saved modes back, using only async-signal-safe calls, then restores
/// the signal's default action and raises it again, so the process still dies of it.
/// The handlers run on an alternate signal stack (installed here for the calling thread,
/// the main one), so a stack overflow can still run them.
void portal_crash_restore_arm(const char *reset, size_t length);

/// Forgets the emergency restore (the terminal was restored normally).
void portal_crash_restore_disarm(void);

/// Gives the calling thread an alternate signal stack if it has none, so the crash
/// handler also runs after a stack overflow on that thread. Cheap when it already has
/// one. Returns 0, or -1 when none could be installed.
int portal_alternate_stack_ensure(void);

/// How many worker threads' alternate stacks are mapped now: one per live thread that
/// called `portal_alternate_stack_ensure`; a thread's goes when the thread ends.
long portal_alternate_stacks_mapped(void);

/// What `portal_test_crash` does.
enum {
    PORTAL_TEST_CRASH_SEGV = 1,
    PORTAL_TEST_CRASH_ABORT = 2,
    PORTAL_TEST_CRASH_STACK_OVERFLOW = 3,
};

/// Crashes the process on purpose — a NULL write, abort(), or unbounded recursion — so
/// the end-to-end tests can check that a real crash gives the terminal back. Only the
/// `PORTAL_TEST_CRASH` environment variable reaches it (see docs/architecture.md).
void portal_test_crash(int kind);

/// Registers `restore` with atexit() once; it runs on every exit() that is not a crash.
void portal_atexit_once(void (*restore)(void));

/// Bytes waiting to be read on `fd` (FIONREAD), or -1.
int portal_bytes_available(int fd);

/// The terminal size from the kernel (TIOCGWINSZ): 0 and rows/columns set, or -1.
int portal_window_size(int fd, int *rows, int *columns);
/// The size of one cell in pixels, from the kernel's window size (0 when the terminal does
/// not report pixels): 0 on success, -1 when unknown.
int portal_window_pixels(int fd, int *width, int *height);

#endif
