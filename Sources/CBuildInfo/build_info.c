// The commit parley was built from, written by scripts/setup into build_commit.h (gitignored)
// before it builds. C rather than Swift because __has_include lets the build go on without
// that file, and a changed commit recompiles only this file.
#include "build_info.h"

#if __has_include("build_commit.h")
#include "build_commit.h"
#endif

#ifndef PARLEY_BUILD_COMMIT
#define PARLEY_BUILD_COMMIT "unknown commit"
#endif

const char *parley_build_commit(void) { return PARLEY_BUILD_COMMIT; }
