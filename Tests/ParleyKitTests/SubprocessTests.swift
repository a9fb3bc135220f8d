import Foundation
import Testing
@testable import ParleyKit

/// The one way parley starts programs: arguments and environment reach the child, its
/// output and exit status come back, a missing program is a clear error, and a killed
/// child is reported as a signal.
@Suite("subprocess")
struct SubprocessTests {
    @Test func shellEchoesItsArgumentsAndEnvironment() throws {
        let process = try Subprocess.start("/bin/sh", arguments: ["-c", "printf '%s %s' \"$1\" \"$GREETING\"", "sh", "hola"],
                                           environment: ["GREETING": "mundo"], output: .pipe)
        let output = try process.readToEnd().output
        #expect(String(decoding: output, as: UTF8.self) == "hola mundo")
        #expect(process.wait() == .exited(0))
    }

    @Test func outputAndErrorComeBackApart() throws {
        let process = try Subprocess.start("/bin/sh", arguments: ["-c", "echo said; echo complained >&2; exit 1"],
                                           output: .pipe, error: .pipe)
        let streams = try process.readToEnd()
        #expect(String(decoding: streams.output, as: UTF8.self) == "said\n")
        #expect(String(decoding: streams.error, as: UTF8.self) == "complained\n")
        #expect(process.wait() == .exited(1))
    }

    @Test(arguments: [0, 1, 3, 42])
    func exitStatusIsReported(status: Int32) throws {
        let process = try Subprocess.start("/bin/sh", arguments: ["-c", "exit \(status)"])
        #expect(process.wait() == .exited(status))
        #expect(process.wait() == .exited(status), "asking again gives the same answer")
        #expect(process.wait().succeeded == (status == 0))
    }

    @Test func aMissingProgramIsAClearError() {
        #expect {
            _ = try Subprocess.start("/nonexistent/parley-no-such-program", stage: .translation)
        } throws: { error in
            guard let error = error as? ParleyError else { return false }
            return error.stage == .translation && error.code == .libraryMissing
                && error.message.contains("parley-no-such-program") && error.cause == .system(errno: ENOENT)
        }
    }

    @Test func aMissingProgramOnThePathIsAClearError() {
        #expect {
            _ = try Subprocess.start("parley-no-such-program-on-path")
        } throws: { error in
            (error as? ParleyError)?.code == .libraryMissing
        }
    }

    @Test func inputComesBackThroughCat() throws {
        let process = try Subprocess.start("/bin/cat", input: .pipe, output: .pipe)
        // More than a pipe holds, so writing and reading must overlap.
        let text = Array(String(repeating: "¿dónde está la estación? ", count: 20_000).utf8)
        let writer = Thread { [process] in
            try? process.write(text)
            process.closeInput()
        }
        writer.start()
        let output = try process.readToEnd().output
        #expect(output == text)
        #expect(process.wait() == .exited(0))
    }

    @Test func exchangeWritesWhileReadingUpToTheTerminator() throws {
        let process = try Subprocess.start("/bin/cat", input: .pipe, output: .pipe)
        let request = Array(String(repeating: "word ", count: 50_000).utf8) + [0]
        let reply = try process.exchange(request, until: 0, deadline: .now + .seconds(600), cancelled: { false })
        #expect(reply == Array(request.dropLast()))
        process.closeInput()
        #expect(process.wait() == .exited(0))
    }

    @Test func aCancelledExchangeSaysSo() throws {
        let process = try Subprocess.start("/bin/cat", input: .pipe, output: .pipe)
        #expect(throws: Subprocess.ExchangeFailure.cancelled) {
            try process.exchange(Array("no terminator".utf8), until: 0, deadline: .now + .seconds(600), cancelled: { true })
        }
        process.kill()
        #expect(process.wait() == .signalled(SIGKILL))
    }

    @Test func killingASleepingChildIsReportedAsASignal() throws {
        let process = try Subprocess.start("/bin/sleep", arguments: ["600"])
        #expect(process.poll() == nil)
        #expect(process.isRunning)
        process.kill()
        #expect(process.wait() == .signalled(SIGKILL))
        #expect(!process.isRunning)
    }

    @Test func terminatingAGroupReachesItsMembers() throws {
        // The shell waits for its own child: it ends only when the group's signal reaches both.
        let process = try Subprocess.start("/bin/sh", arguments: ["-c", "sleep 600 & wait"], ownProcessGroup: true)
        process.terminate()
        #expect(process.wait() == .signalled(SIGTERM))
    }

    @Test func theChildGetsNoOtherDescriptorOfParley() throws {
        let pipe = try Descriptor.pipe()
        defer { Descriptor.close(pipe.read); Descriptor.close(pipe.write) }
        let process = try Subprocess.start("/bin/sh", arguments: ["-c", "ls /proc/self/fd"], output: .pipe)
        let listed = String(decoding: try process.readToEnd().output, as: UTF8.self).split(separator: "\n")
        process.wait()
        // 0, 1, 2 and the one ls opens to list the folder: not the pipe parley holds.
        #expect(listed.count <= 4, "descriptors: \(listed)")
    }

    @Test func theWorkingDirectoryIsTheOneAskedFor() throws {
        let process = try Subprocess.start("/bin/pwd", workingDirectory: "/tmp", output: .pipe)
        let output = try process.readToEnd().output
        #expect(String(decoding: output, as: UTF8.self) == "/tmp\n")
        #expect(process.wait().succeeded)
    }

    @Test func outputOverTheLimitKillsTheChild() throws {
        let process = try Subprocess.start("/bin/cat", arguments: ["/dev/zero"], output: .pipe)
        let output = try process.readToEnd(limit: 100_000).output
        #expect(output.count > 100_000)
        #expect(process.wait() == .signalled(SIGKILL))
    }
}
