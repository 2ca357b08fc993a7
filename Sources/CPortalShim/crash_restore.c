#define _GNU_SOURCE
// Emergency restore on a crash: the terminal given back from a fatal-signal handler.
#include "portal_shim.h"
#include "alternate_stack.h"

#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

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
