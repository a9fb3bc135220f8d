#include <alsa/asoundlib.h>

// ALSA reports failures on stderr through a variadic handler, which Swift cannot
// define. parley turns every ALSA failure into its own message, so the library's
// text is silenced for the whole process.
static void parley_alsa_quiet_handler(const char *file, int line, const char *function,
                                      int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void parley_alsa_silence_errors(void) {
    snd_lib_error_set_handler(parley_alsa_quiet_handler);
}
