import Foundation
import Testing

/// Quitting while a speech model still loads in the background: libvosk must never crash
/// the exit (it did, 139, in a few of 20 quick quits on a busy machine). The full check is
/// `scripts/stress-quit` (200 runs); this is its small version.
@Suite("parley release binary: quitting while a model loads")
struct QuitWhileLoadingEndToEndTests {
    @Test func closingTheInputAtAnyMomentExitsCleanly() throws {
        let binary = InterruptEndToEndTests.releaseBinary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path),
                     "no release build at \(binary.path): run swift build -c release --product parley (scripts/test does)")
        var generator = SystemRandomNumberGenerator()
        // Closed at once, while the Korean model loads (it takes 1.5–2.5 s), and after it;
        // with nothing, a typed turn or an empty line (listening) written first.
        let inputs = ["", "안녕하세요\n", "\n", "hello\n:swap\n"]
        var statuses: [Int32] = []
        for run in 0..<24 {
            let delay = run % 3 == 0 ? 0 : Double.random(in: 0...2.5, using: &generator)
            statuses.append(try Self.startAndQuit(binary, input: inputs[run % inputs.count], after: delay))
        }
        #expect(statuses.allSatisfy { $0 == 0 }, "exit statuses: \(statuses)")
    }

    /// Starts `parley ko en`, writes `input`, closes its input after `delay` seconds and
    /// returns its exit status (128 + the signal when one ended it).
    static func startAndQuit(_ binary: URL, input: String, after delay: Double) throws -> Int32 {
        let parley = try ParleyProcess()
        let process = Process()
        process.executableURL = binary
        process.arguments = ["ko", "en"]
        process.environment = parley.childEnvironment()
        process.currentDirectoryURL = parley.home
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        stdin.fileHandleForWriting.writeToChild(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }
}
