import Foundation
import Testing

/// A recording through a pipe (`transcribe -`, a shell's `<(…)`) is transcribed like a file;
/// what is wrong with it names where it came from, not a temporary file.
@Suite("parley binary: transcribe from a pipe")
struct PipedTranscribeEndToEndTests {
    static let fixture = ParleyProcess.checkout
        .appendingPathComponent("Tests/IntegrationTests/Fixtures/ko-byeongwon-eodiyeyo-16k-mono.wav").path

    @Test func standardInputAndAProcessSubstitutionAreTranscribed() throws {
        let parley = try ParleyProcess()
        let piped = try parley.shell("cat '\(Self.fixture)' | \"$0\" transcribe - --lang ko")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("[00:00.03 – 00:01.41]"), "\(piped.stdout)")
        let substituted = try parley.shell("exec bash -c '\"$0\" transcribe <(cat \"$1\") --lang ko --json' \"$0\" '\(Self.fixture)'")
        #expect(substituted.status == 0, "\(substituted.stderr)")
        #expect(substituted.stdout.contains("\"file\" : \"/dev/fd/"), "\(substituted.stdout)")
        // Nothing is left in the temporary folder.
        let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("parley-recording-") }
        #expect(left.isEmpty, "\(left)")
    }

    /// `arecord -t wav - | parley transcribe -` was refused: a stream's header says its
    /// length is unknown (0x7FFFFFFF), and the audio runs to the end.
    @Test func aStreamsLengthUnknownHeaderIsReadToTheEnd() throws {
        let parley = try ParleyProcess()
        var recording = try Data(contentsOf: URL(fileURLWithPath: Self.fixture))
        recording.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0x7F])
        recording.replaceSubrange(40..<44, with: [0xFF, 0xFF, 0xFF, 0x7F])
        let stream = parley.home.appendingPathComponent("stream.wav")
        try recording.write(to: stream)
        let piped = try parley.shell("cat '\(stream.path)' | \"$0\" transcribe - --lang ko")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("[00:00.03 – 00:01.41]"), "\(piped.stdout)")
    }

    @Test func somethingThatIsNoWAVIsNamedAsStandardInput() throws {
        let outcome = try ParleyProcess().shell("echo garbage | \"$0\" transcribe - --lang ko")
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("standard input is not a WAV file"), "\(outcome.stderr)")
    }
}

/// The spooled copy of a piped recording (up to 4 GiB) was left in the temporary folder by
/// every Ctrl-C, SIGTERM or SIGHUP while it was read; it now has no name there at all.
@Suite("parley binary: a piped recording cut short")
struct PipedTranscribeSignalEndToEndTests {
    /// Starts parley as a shell would: default signal actions and none blocked (a Process
    /// inherits the test thread's mask, which blocks the very signals tried here).
    func spawn(_ arguments: [String], environment: [String: String], input: Pipe) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.fileHandleForReading.fileDescriptor, 0)
        posix_spawn_file_actions_addclose(&actions, input.fileHandleForWriting.fileDescriptor)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        let argv = ([ParleyProcess.binary.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, ParleyProcess.binary.path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        return pid
    }

    /// Whether process `pid` holds its spool file open (unnamed at once, it shows only among
    /// the process's descriptors, as `…/parley-recording-… (deleted)`).
    static func isSpooling(_ pid: pid_t) -> Bool {
        let descriptors = "/proc/\(pid)/fd"
        let open = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
        return open.contains { descriptor in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\(descriptor)"))?
                .contains("parley-recording-") == true
        }
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalWhileSpoolingLeavesNothingBehind(signal: Int32) throws {
        let parley = try ParleyProcess()
        let temporary = parley.home.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let input = Pipe()
        let pid = try spawn(["transcribe", "-", "--lang", "ko"],
                            environment: parley.childEnvironment(["TMPDIR": temporary.path]), input: input)
        // Half the recording, the pipe left open: parley is still spooling when the signal comes.
        let recording = try Data(contentsOf: URL(fileURLWithPath: PipedTranscribeEndToEndTests.fixture))
        input.fileHandleForWriting.writeToChild(recording.prefix(recording.count / 2))
        #expect(waitUntil(seconds: 30) { Self.isSpooling(pid) }, "parley did not start spooling")
        kill(pid, signal)
        var status: Int32 = 0
        let ended = waitUntil(seconds: 20) { waitpid(pid, &status, WNOHANG) == pid }
        if !ended { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        try? input.fileHandleForWriting.close()
        #expect(ended)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }
}
