import Foundation
import Synchronization
import Testing
@testable import ParleyKit

@Suite("Apertium pipeline: bounded, interruptible, restartable")
struct ApertiumPipelineIntegrationTests {
    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }
    static let engSpa = ApertiumTranslator.defaultModesFolder.appendingPathComponent("eng-spa.mode")

    /// A mode file whose "pipeline" never answers: two stages, so killing only one would show.
    func stuckMode() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-stuck-\(UUID()).mode")
        try "sleep 100 | cat\n".write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Live (not zombie) processes in process group `group`, from /proc.
    func liveMembers(of group: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] != "Z" && Int32(fields[2]) == group
        }
    }

    @Test func aStuckPipelineIsKilledWholeAtItsTimeLimit() throws {
        let pipeline = ApertiumPipeline(modeFile: try stuckMode(), timeLimit: .milliseconds(500))
        let start = ContinuousClock.now
        #expect { try pipeline.translate("hello") } throws: { ($0 as? ParleyError)?.code == .timedOut }
        #expect(ContinuousClock.now - start < .seconds(3))
        #expect(pipeline.processIdentifier == nil)
        // Started again on the next call, with a new group; the old group is gone.
        let first = try #require(startedGroup(pipeline))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(liveMembers(of: first).count >= 2)
        #expect { try pipeline.translate("hello") } throws: { ($0 as? ParleyError)?.code == .timedOut }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(liveMembers(of: first).isEmpty)
    }

    /// Starts a call in the background and returns the group of the pipeline it started.
    func startedGroup(_ pipeline: ApertiumPipeline) -> Int32? {
        Thread.detachNewThread { _ = try? pipeline.translate("warm") }
        for _ in 0..<100 {
            if let group = pipeline.processIdentifier { return group }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    @Test func cancelFromAnotherThreadEndsTheCallInProgress() throws {
        let pipeline = ApertiumPipeline(modeFile: try stuckMode(), timeLimit: .seconds(60))
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { pipeline.cancel() }
        let start = ContinuousClock.now
        #expect { try pipeline.translate("hello") } throws: { ($0 as? ParleyError)?.code == .interrupted }
        #expect(ContinuousClock.now - start < .seconds(3))
    }

    @Test func cancelWithNothingInProgressDoesNothing() throws {
        let pipeline = ApertiumPipeline(modeFile: Self.engSpa)
        pipeline.cancel()
        #expect(try pipeline.translate("the dog eats bread") == "El perro come pan")
    }

    @Test func theRealPipelineRestartsAfterItsStagesAreKilled() throws {
        let pipeline = ApertiumPipeline(modeFile: Self.engSpa)
        #expect(try pipeline.translate("the dog eats bread") == "El perro come pan")
        let group = try #require(pipeline.processIdentifier)
        kill(-group, SIGKILL)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try pipeline.translate("the dog eats bread") == "El perro come pan")
        #expect(pipeline.processIdentifier != group)
    }

    @Test(arguments: [String(repeating: "a", count: 100_000),
                      String(repeating: "the dog eats bread. ", count: 5_000)])
    func aHundredKilobyteLineReturnsOrFailsWithinSeconds(_ line: String) throws {
        let translator = ApertiumTranslator()
        let start = ContinuousClock.now
        do {
            let result = try translator.translate(line, from: tag("en"), to: tag("es"))
            #expect(!result.text.isEmpty)
        } catch let error as ParleyError {
            #expect(error.stage == .translation)
        }
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(try translator.translate("the dog eats bread", from: tag("en"), to: tag("es")).text == "El perro come pan.")
    }

    @Test func cancelStopsALongRealTranslationAndTheNextCallWorks() throws {
        let translator = ApertiumTranslator()
        let english = tag("en"), spanish = tag("es")
        #expect(try translator.translate("the dog eats bread", from: english, to: spanish).text == "El perro come pan.")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { translator.cancel() }
        let start = ContinuousClock.now
        #expect {
            try translator.translate(String(repeating: "the dog eats bread and the cat sleeps. ", count: 3_000),
                                     from: english, to: spanish)
        } throws: { ($0 as? ParleyError)?.code == .interrupted }
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(try translator.translate("the dog eats bread", from: english, to: spanish).text == "El perro come pan.")
    }

    /// A Ctrl-C that comes while a long text is still being prepared (the phrasebook searched,
    /// before any request) stops it too; it used to be dropped.
    /// A cancel 5 ms after the call lands while the text is still being prepared. It may come
    /// before the call has begun on a loaded machine (then there is nothing to stop), so a
    /// few tries are allowed; before the fix no try was ever stopped.
    @Test func cancelBeforeTheFirstRequestStopsTheTranslation() throws {
        let translator = ApertiumTranslator()
        let english = tag("en"), spanish = tag("es")
        #expect(try translator.translate("the dog eats bread", from: english, to: spanish).text == "El perro come pan.")
        let long = String(repeating: "the dog eats bread and the cat sleeps. ", count: 3_000)
        var stopped = false
        for _ in 0..<5 where !stopped {
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.005) { translator.cancel() }
            do {
                _ = try translator.translate(long, from: english, to: spanish)
            } catch let error as ParleyError where error.code == .interrupted {
                stopped = true
            }
        }
        #expect(stopped, "no cancel made while the text was being prepared stopped it")
        #expect(try translator.translate("the dog eats bread", from: english, to: spanish).text == "El perro come pan.")
    }

    @Test func longTextIsSentInBoundedRequests() {
        let text = String(repeating: "one two three. ", count: 500)
        let requests = ApertiumPipeline.requests(text, limit: 100)
        #expect(requests.allSatisfy { $0.utf8.count <= 100 })
        #expect(requests.joined(separator: " ").split(separator: " ") == text.split(separator: " "))
        #expect(ApertiumPipeline.requests(String(repeating: "é", count: 250), limit: 100).map(\.utf8.count) == [100, 100, 100, 100, 100])
    }
}

@Suite("Apertium pipeline: a hanging start")
struct ApertiumPreparingTests {
    @Test func ctrlCDuringAHangingBackgroundStartStopsTheTurnWaitingBehindIt() throws {
        let modes = FileManager.default.temporaryDirectory.appendingPathComponent("parley-prepare-\(UUID())")
        try FileManager.default.createDirectory(at: modes, withIntermediateDirectories: true)
        try "sleep 100 | cat\n".write(to: modes.appendingPathComponent("eng-spa.mode"), atomically: true, encoding: .utf8)
        let english = LocaleTag(language: "en", region: "US"), spanish = LocaleTag(language: "es", region: "ES")
        let translator = ApertiumTranslator(modesFolder: modes, timeLimit: .seconds(30))
        translator.prepare(from: english, to: spanish)
        Thread.sleep(forTimeInterval: 0.2)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { translator.cancel() }
        let start = ContinuousClock.now
        #expect {
            try translator.translate("the dog eats bread", from: english, to: spanish)
        } throws: { ($0 as? ParleyError)?.code == .interrupted }
        #expect(ContinuousClock.now - start < .seconds(3))
    }
}

@Suite("Apertium pipeline: a pipeline that exits")
struct ApertiumExitingPipelineTests {
    /// Writing to a pipeline that has exited must fail the call, not kill parley with SIGPIPE.
    @Test func aPipelineThatExitsAtOnceFailsTheCallAndParleyLives() throws {
        let mode = FileManager.default.temporaryDirectory.appendingPathComponent("parley-exit-\(UUID()).mode")
        try "exit 0\n".write(to: mode, atomically: true, encoding: .utf8)
        let pipeline = ApertiumPipeline(modeFile: mode, timeLimit: .seconds(2))
        for _ in 0..<3 {
            // A large request, so the write is still going when the reader has gone.
            #expect {
                try pipeline.translate(String(repeating: "word ", count: 300))
            } throws: { ($0 as? ParleyError)?.code == .engineFailed }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}

extension ApertiumPipelineIntegrationTests {
    /// The command name of process `pid`, from /proc.
    func commandName(_ pid: Int32) -> String {
        ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aStageKilledMidConversationNeverGivesNULsButATranslation() throws {
        let pipeline = ApertiumPipeline(modeFile: Self.engSpa)
        #expect(try pipeline.translate("i would like a glass of water").contains("agua"))
        let group = try #require(pipeline.processIdentifier)
        let tagger = try #require(liveMembers(of: group).first { commandName($0).hasPrefix("apertium-tagge") })
        kill(tagger, SIGKILL)
        Thread.sleep(forTimeInterval: 0.2)
        // Killed, the tagger let "Me gustaría \0\0\0\0\0." through; now the sentence is asked again of a
        // fresh pipeline.
        let reply = try pipeline.translate("i would like a glass of water")
        #expect(!reply.contains("\0"), "\(reply.debugDescription)")
        #expect(reply.contains("agua"), "\(reply)")
        #expect(pipeline.processIdentifier != group)
    }
}
