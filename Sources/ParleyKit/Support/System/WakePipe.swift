import Foundation

/// A self-pipe: a descriptor a thread can wait on in `poll` beside others (the keyboard,
/// Ctrl-C's pipe), which any thread makes readable with `wake()`. Both ends are
/// non-blocking, so waking never stalls however often it happens, and close-on-exec, so no
/// program parley starts holds them.
public final class WakePipe: Sendable {
    /// The end to wait on: readable after `wake()`, until `drain()`.
    public let descriptor: Int32
    private let writeEnd: Int32

    /// A new pipe; fails only when the process is out of descriptors.
    public init() throws(SystemCallError) {
        (descriptor, writeEnd) = try Descriptor.pipe(nonBlocking: true)
    }

    deinit {
        Descriptor.close(descriptor)
        Descriptor.close(writeEnd)
    }

    /// Makes `descriptor` readable. A full pipe is already readable, so a byte that does
    /// not fit is not needed.
    public func wake() {
        var byte: UInt8 = 1
        _ = try? Descriptor.writeSome(writeEnd, UnsafeRawBufferPointer(start: &byte, count: 1))
    }

    /// Takes every byte the wakes left, so `descriptor` waits again.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while let count = try? Descriptor.read(descriptor, into: &buffer), count > 0 {}
    }
}
