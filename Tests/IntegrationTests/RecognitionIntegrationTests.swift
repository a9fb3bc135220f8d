import Foundation
import Testing
@testable import ParleyKit

/// Recognition with the real libvosk and the Korean model that setup installs in Models/ko-KR.
@Suite("Speech recognition with Vosk and the Korean model", .serialized)
struct RecognitionIntegrationTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = checkout.appendingPathComponent("Tests/IntegrationTests/Fixtures")
    /// A model root of the tests' own holding only the Korean model, so what the tests see
    /// does not depend on which other models setup has installed.
    static let modelRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-models-\(UUID())")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(at: root.appendingPathComponent("ko-KR"),
                                                    withDestinationURL: checkout.appendingPathComponent("Models/ko-KR"))
        return root
    }()
    static let recognition = VoskRecognition(store: ModelStore(roots: [modelRoot]))
    static let korean = LocaleTag(language: "ko")

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    @Test("fixtures are recognised with the expected words", arguments: [
        ("ko-eolmayeyo-16k-mono.wav", ["얼마", "예요"]),
        ("ko-eolmayeyo-22k-stereo.wav", ["얼마", "예요"]),
        ("ko-eolmayeyo-16k-8bit.wav", ["얼마", "예요"]),
        ("ko-byeongwon-eodiyeyo-16k-mono.wav", ["어디에"]),
    ])
    func recognisesFixtures(name: String, expected: [String]) throws {
        let (segments, duration) = try FileTranscriber(recognition: Self.recognition)
            .transcribe(Self.fixture(name), locale: Self.korean)
        #expect(segments.count == 1)
        let words = segments.flatMap(\.result.words).map(\.word)
        for word in expected { #expect(words.contains(word), "heard \(words)") }
        #expect(duration > 0.5)
    }

    @Test func partialResultsArriveBeforeTheFinalOne() throws {
        let audio = try WAVFile.read(Self.fixture("ko-three-phrases-16k-mono.wav"))
        let stream = try Self.recognition.makeStream(for: Self.korean, sampleRate: audio.sampleRate, options: .conversation)
        var events: [RecognitionEvent] = []
        for start in stride(from: 0, to: audio.samples.count, by: 1600) {
            if let event = try stream.accept(Array(audio.samples[start..<min(start + 1600, audio.samples.count)])) {
                events.append(event)
            }
        }
        // Words show up as a partial result before the final result of their utterance.
        let partial = try #require(events.firstIndex { if case .partial(let text) = $0 { !text.isEmpty } else { false } },
                                   "events: \(events)")
        let partialText = if case .partial(let text) = events[partial] { text } else { "" }
        let final = try #require(events[partial...].firstIndex { if case .final = $0 { true } else { false } })
        guard case .final(let result) = events[final] else { return }
        #expect(result.text.hasPrefix(partialText.split(separator: " ").first.map(String.init) ?? "-"))
    }

    @Test func wordTimesIncreaseAndStayInsideTheAudio() throws {
        let (segments, duration) = try FileTranscriber(recognition: Self.recognition)
            .transcribe(Self.fixture("ko-three-phrases-16k-mono.wav"), locale: Self.korean)
        let words = segments.flatMap(\.result.words)
        #expect(words.count >= 6)
        for (previous, next) in zip(words, words.dropFirst()) { #expect(previous.start <= next.start) }
        for word in words {
            #expect(word.start >= 0 && word.start < word.end && word.end <= duration)
            #expect(word.confidence.map { (0...1).contains($0) } == true)
        }
    }

    /// With alternatives, Vosk gives no word confidences of its own; parley gives every word
    /// one, and every reading a probability on the same 0–1 scale.
    @Test func withAlternativesEveryWordAndReadingHasAConfidence() throws {
        let (segments, _) = try FileTranscriber(recognition: Self.recognition)
            .transcribe(Self.fixture("ko-byeongwon-eodiyeyo-16k-mono.wav"), locale: Self.korean, maxAlternatives: 5)
        let segment = try #require(segments.first)
        #expect(segment.result.alternatives.count > 1)
        #expect(segment.result.alternatives.allSatisfy { (0...1).contains($0.confidence) })
        #expect(segment.result.alternatives.map(\.confidence).reduce(0, +) <= 1.0001)
        #expect(segment.result.words.allSatisfy { $0.confidence.map { (0...1).contains($0) } == true })
    }

    /// While parley's endpointer decides, Vosk's own endpoint does not end an utterance at a
    /// 1.3 s pause (its model rules would, after 0.5–1 s); with the model's rules it does.
    @Test func vosksEndpointWaitsWhileTheCallerEndsUtterances() throws {
        let audio = try WAVFile.read(Self.fixture("ko-byeongwon-eodiyeyo-16k-mono.wav"))
        let gap = 7_040   // the silence between the phrase's two words, 0.44 s in
        let paused = Array(audio.samples.prefix(gap)) + [Int16](repeating: 0, count: 20_800) + Array(audio.samples.dropFirst(gap))
        func endpoints(callerEnds: Bool) throws -> Int {
            let recognition = VoskRecognition(store: ModelStore(roots: [Self.modelRoot]))
            recognition.setCallerEndsUtterances(callerEnds)
            let stream = try recognition.makeStream(for: Self.korean, sampleRate: 16_000, options: .conversation)
            var finals = 0
            for start in stride(from: 0, to: paused.count, by: 1_600) {
                if case .final(let result)? = try stream.accept(Array(paused[start..<min(start + 1_600, paused.count)])),
                   !result.isNoSpeech { finals += 1 }
            }
            return finals
        }
        #expect(try endpoints(callerEnds: false) >= 1)
        #expect(try endpoints(callerEnds: true) == 0)
    }

    @Test func phrasesSeparatedBySilenceAreOneSegmentEach() throws {
        let (segments, _) = try FileTranscriber(recognition: Self.recognition)
            .transcribe(Self.fixture("ko-three-phrases-16k-mono.wav"), locale: Self.korean, maxAlternatives: 3)
        #expect(segments.count == 3)
        #expect(segments.first?.result.words.map(\.word) == ["얼마", "예요"])
        #expect(segments.last?.result.words.map(\.word) == ["얼마", "예요"])
        for (previous, next) in zip(segments, segments.dropFirst()) { #expect(previous.end < next.start) }
        #expect(segments.allSatisfy { !$0.result.alternatives.isEmpty })
    }

    @Test func silenceIsNoSpeech() throws {
        let (segments, duration) = try FileTranscriber(recognition: Self.recognition)
            .transcribe(Self.fixture("silence-2s-16k.wav"), locale: Self.korean)
        #expect(segments.isEmpty)
        #expect(abs(duration - 2) < 0.01)
        let stream = try Self.recognition.makeStream(for: Self.korean, sampleRate: 16_000, options: .conversation)
        _ = try stream.accept([Int16](repeating: 0, count: 16_000))
        #expect(try stream.finish().isNoSpeech)
    }

    @Test func streamsAreReusedAcrossResetsAndModelsAreShared() throws {
        let audio = try WAVFile.read(Self.fixture("ko-eolmayeyo-16k-mono.wav"))
        let stream = try Self.recognition.makeStream(for: LocaleTag(parsing: "ko_kr"), sampleRate: 16_000, options: .conversation)
        #expect(stream.locale.identifier == "ko-KR")
        #expect(Self.recognition.isReady(Self.korean))
        _ = try stream.accept(Array(audio.samples.prefix(4000)))
        stream.reset()
        var heard: [String] = []
        for _ in 0..<2 {
            _ = try stream.accept(audio.samples)
            heard.append(try stream.finish().text)
        }
        #expect(heard.allSatisfy { $0.hasSuffix("예요") }, "heard \(heard)")
        #expect(heard.last == "얼마 예요")
    }

    @Test func aMissingModelListsWhatIsInstalled() {
        #expect {
            try Self.recognition.makeStream(for: LocaleTag(parsing: "sq"), sampleRate: 16_000, options: .conversation)
        } throws: { error in
            (error as? ParleyError)?.message == "No speech model for sq. Installed: ko-KR. parley install knows no model for sq: "
                + "unpack a Vosk model for it (https://alphacephei.com/vosk/models) into ~/.local/share/parley/models/sq/."
        }
        #expect {
            try Self.recognition.makeStream(for: LocaleTag(parsing: "en"), sampleRate: 16_000, options: .conversation)
        } throws: { error in
            (error as? ParleyError)?.message.contains("No speech model for en-US. Installed: ko-KR") == true
        }
    }
}
