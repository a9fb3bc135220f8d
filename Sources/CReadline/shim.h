#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// readline keeps its settings in global variables, which Swift 6 does not touch directly;
// these accessors hold no state of their own and are called from the one thread that
// runs the prompt.
static inline const char *parley_readline_version(void) { return rl_library_version; }
static inline void parley_readline_set_name(const char *name) { rl_readline_name = name; }
// parley handles SIGINT itself (a signal pipe); readline must not install its own handler.
static inline void parley_readline_leave_signals_alone(void) { rl_catch_signals = 0; }
static inline void parley_readline_set_completion(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
}
// Tab completes parley's words only, never file names.
static inline void parley_readline_completion_is_over(void) { rl_attempted_completion_over = 1; }
