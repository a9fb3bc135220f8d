#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// readline keeps its settings in global variables, which Swift 6 will not touch
// directly; these accessors are called from the one thread that runs the prompt.
static inline const char *parley_readline_version(void) { return rl_library_version; }
static inline void parley_readline_set_name(const char *name) { rl_readline_name = name; }

#include <signal.h>
#include <string.h>
#include <unistd.h>

// Ctrl-C cancels the turn, not the program. The handler only sets a flag (and, at the
// prompt, clears the line the way shells do); the listening loop polls the flag.
static volatile sig_atomic_t parley_interrupted = 0;
static volatile sig_atomic_t parley_at_prompt = 0;

static void parley_on_sigint(int signal_number) {
    (void)signal_number;
    parley_interrupted = 1;
    if (parley_at_prompt) {
        (void)write(STDOUT_FILENO, "\n", 1);
        rl_on_new_line();
        rl_replace_line("", 0);
        rl_redisplay();
    }
}

static inline void parley_install_interrupt_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = parley_on_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    rl_catch_signals = 0;
}

static inline int parley_take_interrupt(void) {
    int was = parley_interrupted;
    parley_interrupted = 0;
    return was;
}

static inline void parley_set_at_prompt(int value) { parley_at_prompt = value; }

// Tab completion: readline asks `parley_completion_generator` (set from Swift) for the
// matches of the word under the cursor; file names are not offered.
typedef char *(*parley_generator_fn)(const char *text, int state);
static parley_generator_fn parley_completion_generator = 0;

static char **parley_attempt_completion(const char *text, int start, int end) {
    (void)start; (void)end;
    rl_attempted_completion_over = 1;
    return parley_completion_generator ? rl_completion_matches(text, parley_completion_generator) : 0;
}

static inline void parley_set_completion(parley_generator_fn generator) {
    parley_completion_generator = generator;
    rl_attempted_completion_function = parley_attempt_completion;
}
