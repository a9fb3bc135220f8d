import CInterrupt
import Foundation
import ParleyKit

/// Ctrl-C as something to wait for: SIGINT writes a byte to a pipe (the handler does nothing
/// else, so it is async-signal-safe in every build), and the event loop polls the pipe next
/// to the keyboard. Ctrl-C therefore never ends parley; what it means is decided where it is
/// read: clear the prompt's line, or cancel the turn in progress.
enum InterruptPipe {
    /// The pipe's read end, installing the SIGINT handler on first use; -1 when it could not.
    static let descriptor: Int32 = parley_interrupt_install()

    /// Reads every pending Ctrl-C; true when there was at least one.
    static func take() -> Bool {
        guard descriptor >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64)
        var pressed = false
        while let count = try? Descriptor.read(descriptor, into: &buffer), count > 0 { pressed = true }
        return pressed
    }
}
