import Foundation
import Synchronization
import Testing

@Suite("parley binary: the user's files")
struct UserFilesEndToEndTests {
    @Test func twentyWritersAtOnceKeepEveryEntry() throws {
        let parley = try ParleyProcess()
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            do {
                let outcome = try parley.run(["dict", "add", "en", "es", "word\(index)", "palabra\(index)"])
                if outcome.status != 0 { failures.withLock { $0.append(outcome.stderr) } }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let file = parley.home.appendingPathComponent(".local/share/parley/dictionaries/user/en-es.tsv")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(Set(lines) == Set((0..<20).map { "word\($0)\tpalabra\($0)" }))
    }

    @Test func aFileThatCannotBeReadIsNeverRewritten() throws {
        let parley = try ParleyProcess()
        let file = parley.home.appendingPathComponent(".local/share/parley/dictionaries/user/en-es.tsv")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let contents = Data("hello\thola\ncaf".utf8) + Data([0xE9]) + Data("\tcafé\n".utf8)
        try contents.write(to: file)
        let add = try parley.run(["dict", "add", "en", "es", "bye", "adiós"])
        #expect(add.status == 1)
        #expect(add.stderr.contains("\(file.path):2 is not UTF-8"))
        let typed = try parley.run(["en", "es"], input: ":dict add bye = adiós\n")
        #expect(typed.stdout.contains("\(file.path):2 is not UTF-8") || typed.stderr.contains("\(file.path):2 is not UTF-8"))
        #expect(try Data(contentsOf: file) == contents)
    }

    /// `:listen ~/x.wav` used to look in the password file's home (/root), not $HOME, as `:save` does.
    @Test func listenExpandsTildeToHome() throws {
        let parley = try ParleyProcess()
        let recording = Fixture.url("ko-eolmayeyo-16k-mono.wav")
        try FileManager.default.copyItem(at: recording, to: parley.home.appendingPathComponent("question.wav"))
        let outcome = try parley.run(["ko", "en", "--mute"], input: ":listen ~/question.wav\n")
        #expect(outcome.stdout.contains("ko-KR: 얼마"), "stdout: \(outcome.stdout) stderr: \(outcome.stderr)")
    }
}
