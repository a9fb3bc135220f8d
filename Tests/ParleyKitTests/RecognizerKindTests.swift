import Foundation
import ParleyKit
import Testing

/// The one place a recognizer is made: what it makes answers for its models' folders.
@Suite("Recognizer kinds")
struct RecognizerKindTests {
    @Test func aRecognizerOverNoModelsSaysWhichModelIsMissingAndHowToInstallIt() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("parley-no-models-\(UUID())")
        let recognition = RecognizerKind.standard.make(modelRoots: [empty], preferences: .standard)
        let reason = try #require(recognition.unavailableReason(LocaleTag(language: "ko", region: "KR")))
        #expect(reason.stage == .recognition)
        #expect(reason.message.contains("parley install model"), "\(reason.message)")
        #expect(!recognition.isReady(LocaleTag(language: "ko", region: "KR")))
    }
}
