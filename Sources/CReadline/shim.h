#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// readline keeps its settings in global variables, which Swift 6 will not touch
// directly; these accessors are called from the one thread that runs the prompt.
static inline const char *parley_readline_version(void) { return rl_library_version; }
static inline void parley_readline_set_name(const char *name) { rl_readline_name = name; }
