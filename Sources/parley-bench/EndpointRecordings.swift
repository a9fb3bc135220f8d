import Foundation
import ParleyKit

/// The recordings the endpoint benchmark plays: what is said, in which voice, with which
/// pauses inside each utterance.
struct EndpointRecordingSet {
    /// One utterance: its parts, said with `gap` seconds of room noise between them.
    struct Utterance {
        let parts: [String]
        let gap: Double
    }

    let name: String
    let voice: LocaleTag
    let utterances: [Utterance]

    /// (a) Korean phrases said in one breath.
    static let koreanPhrases = EndpointRecordingSet(name: "Korean phrases", voice: LocaleTag(language: "ko"), utterances: [
        "화장실이 어디예요", "감사합니다", "물 좀 주세요", "영어 할 줄 아세요", "지하철역이 어디예요",
        "계산서 주세요", "도와주세요", "안녕하세요", "다시 말해 주세요", "택시를 불러 주세요",
        "공항에 가고 싶어요", "얼마예요", "이거 주세요", "괜찮아요", "사진 좀 찍어 주세요",
    ].map { Utterance(parts: [$0], gap: 0) })

    /// (b) Korean sentences said in two parts, 0.3–0.9 s apart: one turn each, never two.
    /// Each pair is said twice, with two of the gaps; a gap longer than the endpoint setting
    /// cuts the turn whatever the cues say (the setting is the ceiling).
    static let koreanPaused: EndpointRecordingSet = {
        let pairs = [("병원이", "어디예요"), ("이거", "얼마예요"), ("커피", "주세요"), ("물", "주세요"),
                     ("공항에 가고", "싶어요"), ("비가 와서", "택시를 탔어요")]
        let gaps = [0.3, 0.5, 0.7, 0.9, 0.4, 0.6]
        let utterances = pairs.enumerated().flatMap { index, pair in
            [gaps[index % gaps.count], gaps[(index + 3) % gaps.count]].map { Utterance(parts: [pair.0, pair.1], gap: $0) }
        }
        return EndpointRecordingSet(name: "Korean, paused inside", voice: LocaleTag(language: "ko"), utterances: utterances)
    }()

    /// (c) English with commas, where espeak-ng pauses inside the sentence.
    static let englishCommas = EndpointRecordingSet(name: "English with commas", voice: LocaleTag(language: "en"), utterances: [
        "I would like a coffee, with milk, and two sugars.", "When we get to the station, please call me.",
        "Yesterday, after work, we went to the museum.", "If it rains tomorrow, we can stay at home.",
        "My brother, who lives in Madrid, is a doctor.", "Excuse me, where is the bathroom?",
    ].map { Utterance(parts: [$0], gap: 0) })
}

/// A synthetic recording and where each utterance's speech ends.
struct EndpointRecording {
    let samples: [Int16]
    /// Sample index of the end of each utterance's speech.
    let ends: [Int]
    var duration: Double { Double(samples.count) / 16_000 }

    /// Where `piece` starts in the recording (the file plugin hands over its samples
    /// unchanged, in whole periods from the start); nil when it is not there.
    func offset(of piece: [Int16]) -> Int? {
        offset(of: piece, from: 0)
    }

    /// Where `piece` starts at or after `start` (a multiple of the piece's length: the next
    /// period after the last one found, as capture goes on), nil when it is not there.
    func offset(of piece: [Int16], from start: Int) -> Int? {
        guard !piece.isEmpty, piece.count <= samples.count, start >= 0, start <= samples.count - piece.count else { return nil }
        return stride(from: start, through: samples.count - piece.count, by: piece.count)
            .first { samples[$0..<($0 + piece.count)].elementsEqual(piece) }
    }

    /// `set` said by espeak-ng, with room noise at about −55 dBFS, 2.5 s between utterances.
    static func make(_ set: EndpointRecordingSet, synthesizer: EspeakSynthesizer) throws -> EndpointRecording {
        var settings = UtteranceSettings.standard
        settings.rate = 0.8   // 140 words a minute, as the test fixtures
        func speech(_ text: String) throws -> [Int16] {
            let audio = try synthesizer.synthesizeAll(text, voice: VoiceRequest(locale: set.voice), settings: settings).audio
            let samples = audio.resampled(to: 16_000).samples
            // espeak-ng pads its speech with silence: trim it, so the ends below are the speech's.
            let first = samples.firstIndex { abs(Int($0)) > 300 } ?? 0
            let last = samples.lastIndex { abs(Int($0)) > 300 } ?? samples.count - 1
            return Array(samples[first...last])
        }
        var generator = SystemRandomNumberGenerator()
        func noise(_ seconds: Double) -> [Int16] {
            (0..<Int(seconds * 16_000)).map { _ in Int16.random(in: -100...100, using: &generator) }
        }
        var samples = noise(1.0)
        var ends: [Int] = []
        for utterance in set.utterances {
            for (index, part) in utterance.parts.enumerated() {
                if index > 0 { samples += noise(utterance.gap) }
                samples += try speech(part).map { $0 &+ Int16.random(in: -100...100, using: &generator) }
            }
            ends.append(samples.count)
            samples += noise(2.5)
        }
        return EndpointRecording(samples: samples, ends: ends)
    }
}
