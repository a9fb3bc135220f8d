#include "parley_interrupt.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

// One definition for the whole process (a C file, not a header): the handler and the
// event loop always agree on which pipe carries the signal.
static int parley_interrupt_pipe[2] = {-1, -1};

// Async-signal-safe: write(2) and errno only.
static void parley_on_sigint(int signal_number) {
    (void)signal_number;
    int saved = errno;
    char byte = 1;
    (void)write(parley_interrupt_pipe[1], &byte, 1);
    errno = saved;
}

int parley_interrupt_install(void) {
    if (parley_interrupt_pipe[0] >= 0) return parley_interrupt_pipe[0];
    if (pipe(parley_interrupt_pipe) != 0) return -1;
    for (int end = 0; end < 2; end++) {
        fcntl(parley_interrupt_pipe[end], F_SETFL, fcntl(parley_interrupt_pipe[end], F_GETFL) | O_NONBLOCK);
        fcntl(parley_interrupt_pipe[end], F_SETFD, FD_CLOEXEC);
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = parley_on_sigint;
    sigemptyset(&action.sa_mask);
    // Blocking calls elsewhere (ALSA, pipes) carry on; the event loop's poll wakes anyway.
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &action, NULL) != 0) return -1;
    // A parent may have started parley with SIGINT blocked (the mask is inherited across
    // exec); Ctrl-C must reach this thread, the one that polls the pipe.
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &interrupt, NULL);
    return parley_interrupt_pipe[0];
}
