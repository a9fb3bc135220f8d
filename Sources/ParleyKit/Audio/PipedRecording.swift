import Foundation

/// A recording spooled to disk, read through `url` while this lives. The file has no name
/// in the temporary folder (it is removed as soon as it is made, and read through
/// `/proc/self/fd`), so however parley ends (Ctrl-C, SIGTERM, SIGHUP, SIGKILL) it leaves
/// nothing behind: up to 4 GiB were once left at every Ctrl-C. Without `/proc`, the named
/// file is removed when this goes.
public final class SpooledRecording: Sendable {
    /// Where the recording is read from.
    public let url: URL
    private let descriptor: Int32
    private let named: String?

    init(descriptor: Int32, url: URL, named: String?) {
        (self.descriptor, self.url, self.named) = (descriptor, url, named)
    }

    deinit {
        Descriptor.close(descriptor)
        if let named { try? FileManager.default.removeItem(atPath: named) }
    }
}

/// A recording that arrives through a pipe (`parley transcribe -`, `<(sox …)`): a WAV's
/// header says where its data is and how long it is, which needs seeking, so the bytes are
/// spooled into a private temporary file as they come (on disk, not in memory) and read
/// from there like any other recording.
public enum PipedRecording {
    /// The most a piped recording may hold: what a WAV file can.
    public static let maximumBytes = Int(UInt32.max)

    /// Copies everything readable from `descriptor` into a new file of mode 0600 in the
    /// temporary folder, which is gone when the result goes (or parley ends). Throws an
    /// `.input` error when reading or writing fails or the recording is larger than a WAV can be.
    public static func spool(from descriptor: Int32, limit: Int = maximumBytes) throws -> SpooledRecording {
        let folder = FileManager.default.temporaryDirectory
        guard let (file, url) = ExclusiveTemporary.file(folder.appendingPathComponent("parley-recording-")) else {
            throw ParleyError(.input, .unwritable, "Cannot make a temporary file in \(folder.path) for the piped recording.",
                              cause: .system(errno: errno))
        }
        let reopened = "/proc/self/fd/\(file)"
        let unnamed = FileKind.refusal(toRead: reopened) == nil && (try? FileManager.default.removeItem(at: url)) != nil
        let spooled = SpooledRecording(descriptor: file, url: unnamed ? URL(fileURLWithPath: reopened) : url,
                                       named: unnamed ? nil : url.path)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let count: Int
            do {
                guard let read = try Descriptor.read(descriptor, into: &buffer) else {
                    // A non-blocking pipe with nothing in it yet: the rest is still coming.
                    _ = try Descriptor.wait(for: [(descriptor, .readable)], milliseconds: -1)
                    continue
                }
                count = read
            } catch {
                throw ParleyError(.input, .unreadable, "Cannot read the piped recording.", cause: error.cause)
            }
            if count == 0 { return spooled }
            total += count
            guard total <= limit else {
                throw ParleyError(.input, .invalidInput, "The piped recording is larger than a WAV file can be "
                    + "(\(limit / 1_048_576) MiB): split it, or give the files one by one.")
            }
            do { try Descriptor.writeAll(file, buffer[0..<count]) } catch {
                throw ParleyError(.input, .unwritable, "Cannot spool the piped recording into \(url.path): "
                    + "check the free space there.", cause: error.cause)
            }
        }
    }

    /// Whether `path` names a pipe or socket (`/dev/fd/63` from a shell's `<(…)`).
    public static func isPipe(_ path: String) -> Bool {
        (try? FileKind.of(path).get()) == .pipe
    }
}
