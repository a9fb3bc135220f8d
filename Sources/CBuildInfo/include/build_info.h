#ifndef PARLEY_BUILD_INFO_H
#define PARLEY_BUILD_INFO_H

/// The commit parley was built from ("unknown commit" when the build had no
/// build_commit.h, e.g. a plain `swift build` outside scripts/setup).
const char *parley_build_commit(void);

#endif
