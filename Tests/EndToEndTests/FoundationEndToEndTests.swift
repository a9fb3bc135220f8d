import Foundation
import Testing

@Suite("parley binary: start-up, help, doctor, typed turns")
struct FoundationEndToEndTests {
    @Test func versionAndHelp() throws {
        let parley = try ParleyProcess()
        let version = try parley.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("parley "))
        let help = try parley.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("parley doctor"))
        #expect(help.stdout.contains("parley translate --from A --to B"))
    }

    @Test func unknownFlagIsAClearErrorWithStatusTwo() throws {
        let outcome = try ParleyProcess().run(["--shout"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("Unknown option '--shout'. Run parley --help"))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func doctorListsKoreanAsReadyAndNamesTheFixForMissingModels() throws {
        let parley = try ParleyProcess()
        // Its own model root, holding only the Korean model setup installs (intact): what else
        // is installed on the machine does not change what the doctor must say. The doctor
        // load-tests it, which passes.
        let models = try BrokenModelEndToEndTests.brokenModel(in: parley.home.appendingPathComponent("models")) { _ in }
        let outcome = try parley.run(["doctor"], extraEnvironment: ["PARLEY_MODELS": models.path])
        #expect(outcome.stdout.contains("OK      speech model ko-KR"))
        #expect(outcome.stdout.contains("OK      speech model ko-KR: \(models.path)/ko-KR"), "stdout: \(outcome.stdout)")
        #expect(outcome.stdout.contains("OK      libvosk: 0.3.45"))
        #expect(outcome.stdout.contains("MISSING speech model en-US"))
        #expect(outcome.stdout.contains("→ parley install model en-US"))
        #expect(outcome.status == 1)
        #expect(!outcome.stderr.contains("ALSA lib"))
    }

    @Test func doctorWithAnEmptyModelFolderFails() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["doctor"], extraEnvironment: ["PARLEY_MODELS": parley.home.path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("MISSING speech model es-ES"))
        #expect(outcome.stdout.contains("→ parley install model es-ES"))
        #expect(!outcome.stdout.contains("speech model ko-KR"))
    }

    @Test func typedTurnsAlternateAndTranslateWithoutAudio() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run([], input: """
            where is the bathroom
            muchas gracias
            :swap
            :swap
            good morning
            :pair en ko
            where is the subway station
            :quit
            this line is never read
            """)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("es-ES: ¿Dónde está el baño?"))
        #expect(outcome.stdout.contains("en-US: Thank you very much."))
        #expect(outcome.stdout.contains("es-ES: Buenos días"))
        #expect(outcome.stdout.contains("ko-KR: 지하철역이 어디예요?"))
        #expect(!outcome.stdout.contains("never read"))
        #expect(!outcome.stderr.contains("ALSA lib"))
    }

    @Test func startsWithoutLibvosk() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["en", "es"], input: "thank you\n",
                                     extraEnvironment: ["PARLEY_LIBVOSK": "/nonexistent/libvosk.so"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("es-ES: Gracias"))
        // Setup would not help: $PARLEY_LIBVOSK replaces the places it installs to.
        #expect(outcome.stderr.contains("libvosk could not be loaded"))
        #expect(outcome.stderr.contains("PARLEY_LIBVOSK is set to /nonexistent/libvosk.so"))
        #expect(!outcome.stderr.contains("Run scripts/setup"))
    }
}
