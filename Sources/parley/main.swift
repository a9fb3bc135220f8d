import Foundation
import ParleyCLI
import ParleyKit

// Before anything opens a file: a closed stdout must not become the journal's descriptor.
StandardDescriptors.ensureOpen()
// A write past `ulimit -f` fails with EFBIG, which is reported, instead of ending parley.
FileSizeLimit.ignoreSignal()
let status = ParleyApp.run(Array(CommandLine.arguments.dropFirst()))
// Background threads may still be loading a speech model or a neural voice when parley
// ends: running the C++ libraries' static destructors under them crashes (exit 139) or
// hangs. Everything parley writes is written by now but what stdio buffers, so flush that
// and end without the destructors.
fflush(nil)   // every output stream
_exit(status)
