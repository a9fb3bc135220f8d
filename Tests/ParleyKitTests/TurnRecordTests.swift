import Foundation
import ParleyKit
import ParleyKitTesting
import Testing

/// Journal records carry typed modes and locales: nothing reads them back by parsing strings,
/// and a record that says something parley does not know is refused, not guessed at.
@Suite("Turn records")
struct TurnRecordTests {
    func record(mode: TurnMode) -> TurnRecord {
        let translation = Translation(sourceText: "good morning", source: english, target: spanish, text: "Buenos días",
                                      segments: [TranslationSegment(source: "good morning", target: "Buenos días", origin: .phrasebook)])
        return TurnRecord(turn: 1, side: 0, mode: mode, translation: translation, alternatives: [], time: Date(timeIntervalSince1970: 0))
    }

    /// The record's time is made without Foundation's formatter (which loads ICU data and
    /// ended the process when no descriptor was left), and reads as that formatter wrote it.
    @Test(arguments: [0, 1_764_394_553.75, 951_782_400, 4_102_444_799])
    func theTimeIsISO8601InUTCAsBefore(seconds: Double) {
        let time = Date(timeIntervalSince1970: seconds)
        #expect(Timestamp.iso8601(time) == ISO8601DateFormatter().string(from: time))
    }

    @Test func modeAndLocalesAreTypedAndWrittenAsBefore() throws {
        let record = record(mode: .recording)
        #expect(record.mode == .recording)
        #expect(record.from == english)
        #expect(record.to == spanish)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(record), as: UTF8.self)
        #expect(json.contains(#""from":"en-US""#))
        #expect(json.contains(#""mode":"recording""#))
        #expect(json.contains(#""to":"es-ES""#))
        #expect(try JSONDecoder().decode(TurnRecord.self, from: Data(json.utf8)) == record)
    }

    @Test(arguments: [(#""mode":"recording""#, #""mode":"shouted""#), (#""from":"en-US""#, #""from":"not a tag!""#)])
    func aRecordParleyCannotReadIsRefused(_ field: String, _ replacement: String) throws {
        let json = String(decoding: try JSONEncoder().encode(record(mode: .recording)), as: UTF8.self)
            .replacingOccurrences(of: field, with: replacement)
        #expect(json.contains(replacement))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TurnRecord.self, from: Data(json.utf8)) }
    }

    /// :alt N on a turn heard from a recording keeps it a recording turn.
    @Test func aCorrectionKeepsTheTurnsMode() throws {
        let harness = try EngineHarness(script: [english: [
            ScriptedUtterance("good mourning", readings: ["good morning"], locale: english, endpointAfter: 2),
        ]])
        let samples = [Int16](repeating: 500, count: 8_000)
        let file = harness.folder.appendingPathComponent("said.wav")
        try WAVFile.write(AudioChunk(samples: samples, sampleRate: 16_000), to: file)
        harness.engine.listen(toRecording: file)
        harness.engine.useReading(2)
        #expect(try harness.journalRecords().map(\.mode) == [.recording, .recording])
    }
}
