#ifndef PARLEY_INTERRUPT_H
#define PARLEY_INTERRUPT_H

// Ctrl-C without doing work in a signal handler: SIGINT writes one byte to a pipe, and
// the front end's event loop reads the pipe and decides what Ctrl-C means at that moment
// (clear the prompt's line, or cancel the turn in progress).

/// Installs the SIGINT handler (once) and returns the read end of its pipe, or -1 with
/// errno set. The read end is non-blocking; each byte read is one Ctrl-C.
int parley_interrupt_install(void);

#endif
