import Foundation
import ParleyKit
import Synchronization

/// End of speech → translation shown and → first audio of the translation at the speaker,
/// through ALSA's file plugin as a real-time microphone and speaker: recordings made with
/// espeak-ng (`EndpointRecordingSet`: Korean phrases; Korean sentences with 0.3–0.9 s pauses
/// inside; English with commas) are played into the real conversation engine (Vosk, the
/// dictionary translator without the words it passes through (`UnderstoodWordsTranslator`),
/// the voices parley would use: the neural en_US-joe-medium for English when it is installed,
/// espeak-ng otherwise, the journal), with parley's endpointer and its
/// end-of-turn cues, speculating while the silence runs (`ConversationEngine.speculates`) and
/// not, side by side in each round. The end of each utterance is known from the recording;
/// "shown" is when the engine reports the translation, "first audio" when the first chunk of
/// it is written to the ALSA speaker (the rest of the speech is stopped there, so the next
/// utterance is heard whole); a turn shown before its utterance ended cut it. When
/// scripts/make-translation-bench-model has made the neural benchmark model, two more
/// configurations translate ko→en with it (Opus-MT-base-sized, 16 output tokens a turn), muted.
enum EndpointBenchmark {
    /// One way of ending turns; `onlyPhrases` configurations play the Korean phrases alone.
    struct Configuration {
        let name: String
        let endpoint: Double?
        let cues: Bool
        let speculates: Bool
        var cuesReadFinalWords = false
        let translator: any Translating
        var onlyPhrases = false
        /// Shown only: the translation is not spoken (first audio is not measured).
        var muted = false
    }

    static func run(checkout: URL, rounds: Int) throws {
        setenv("ALSA_CONFIG_PATH", checkout.appendingPathComponent("Tests/IntegrationTests/alsa-test.conf").path, 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-endpoint-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = DataPaths()
        let recognition = VoskRecognition(store: ModelStore(roots: paths.modelRoots))
        let korean = LocaleTag(language: "ko", region: "KR"), english = LocaleTag(language: "en", region: "US")
        _ = try recognition.makeStream(for: korean, sampleRate: 16_000, options: .conversation)   // the model, loaded once
        // Without an English model the English recording is heard by the Korean one: its
        // words mean nothing then, so the energy and the pitch are what is measured.
        let englishSpeaker = recognition.unavailableReason(english) == nil ? english : korean
        let synthesizer = try EspeakSynthesizer()
        // One set of voices for every run, loaded and warmed once, as a conversation keeps them.
        let voices = try VoiceRouter(paths: paths)
        voices.warmUp([VoiceRequest(locale: english), VoiceRequest(locale: korean)])
        let englishVoice = (try? voices.engine(for: VoiceRequest(locale: english))).map { engine -> String in
            if case .neural(let voice) = engine { return "neural \(voice.name)" }
            return "espeak-ng"
        } ?? "none"
        let sets = [EndpointRecordingSet.koreanPhrases, .koreanPaused, .englishCommas]
        let recordings = try sets.map { set -> (set: EndpointRecordingSet, recording: EndpointRecording, input: URL, speaker: LocaleTag) in
            let recording = try EndpointRecording.make(set, synthesizer: synthesizer)
            let input = folder.appendingPathComponent("microphone-\(set.voice.language)-\(set.utterances.count).raw")
            try recording.samples.withUnsafeBytes { try Data($0).write(to: input) }
            return (set, recording, input, set.voice.language == "en" ? englishSpeaker : korean)
        }
        let translator = UnderstoodWordsTranslator(inner: DictionaryTranslator(library: DictionaryLibrary(paths: paths)))
        for (set, recording, _, speaker) in recordings {
            print("endpoint benchmark: \(set.name), \(recording.ends.count) utterances heard as \(speaker), "
                  + "\(Measure.format(recording.duration, 0)) s of audio per run")
        }
        print("  English is spoken by: \(englishVoice)")
        let setting = Endpointer.defaultSilence
        var configurations = [false, true].map { speculates in
            Configuration(name: "dictionary, speculation \(speculates ? "on" : "off")", endpoint: setting, cues: true,
                          speculates: speculates, translator: translator)
        }
        configurations.append(Configuration(name: "dictionary, spec. + final-word cues", endpoint: setting, cues: true,
                                            speculates: true, cuesReadFinalWords: true, translator: translator))
        // With the neural benchmark model (Opus-MT-base-sized, 16 output tokens) standing in for ko→en.
        if let models = try NeuralTranslationBenchmark.modelRoot(as: "ko-en", in: folder) {
            let neural = NeuralTranslator(roots: [models])
            _ = try neural.translate("안녕하세요", from: korean, to: english)
            configurations += [false, true].map { speculates in
                // Muted: the model's 16 random tokens make a sentence of ~4 s that the voice makes
                // whole before its first audio, while the microphone is closed to it.
                Configuration(name: "neural model, speculation \(speculates ? "on" : "off")", endpoint: setting, cues: true,
                              speculates: speculates, translator: neural, onlyPhrases: true, muted: true)
            }
        }
        var results: [String: [Run]] = [:]
        for _ in 0..<rounds {
            for (set, recording, input, speaker) in recordings {
                for configuration in configurations where !configuration.onlyPhrases || set.name == sets[0].name {
                    let run = try Run.play(recording, input: input, folder: folder, recognition: recognition, voices: voices,
                                           speaker: speaker, configuration: configuration)
                    results["\(set.name) | \(configuration.name)", default: []].append(run)
                    print("  \(set.name): \(configuration.name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(run.summary)")
                }
            }
        }
        report(results, sets: sets, configurations: configurations)
    }

    /// The before/after table over all rounds.
    static func report(_ results: [String: [Run]], sets: [EndpointRecordingSet], configurations: [Configuration]) {
        print("end of speech → translation shown and → first audio at the speaker, all rounds, ms "
              + "(median, p90, min–max; cut: turns shown before their utterance ended; hits: turns that ended with the "
              + "words speculated on, of the turns):")
        print("  | recordings | configuration | shown median | shown p90 | shown range | first audio median | "
              + "first audio p90 | first audio range | turns | cut | missed | speculation hits | first part in English |")
        print("  |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for set in sets {
            for configuration in configurations {
                guard let runs = results["\(set.name) | \(configuration.name)"] else { continue }
                let shown = runs.flatMap(\.latencies).sorted()
                let audio = runs.flatMap(\.firstAudio).sorted()
                let tally = runs.reduce(SpeculationTally()) { sum, run in
                    SpeculationTally(hits: sum.hits + run.tally.hits, misses: sum.misses + run.tally.misses,
                                     unspeculated: sum.unspeculated + run.tally.unspeculated,
                                     preparedSpeechPlayed: sum.preparedSpeechPlayed + run.tally.preparedSpeechPlayed)
                }
                let english = runs.map(\.englishFirstParts).reduce(0, +), spoken = runs.map(\.spokenTurns).reduce(0, +)
                print("  | \(set.name) | \(configuration.name) | \(ms(percentile(shown, 0.5))) | \(ms(percentile(shown, 0.9))) | "
                      + "\(range(shown)) | \(ms(percentile(audio, 0.5))) | \(ms(percentile(audio, 0.9))) | \(range(audio)) | "
                      + "\(shown.count) | \(runs.map(\.extraTurns).reduce(0, +)) | \(runs.map(\.missed).reduce(0, +)) | "
                      + (configuration.speculates ? "\(tally.hits)/\(tally.turns) (audio played \(tally.preparedSpeechPlayed))" : "–")
                      + " | \(english)/\(spoken) |")
            }
        }
        print("  (targets on the Korean phrases: shown median ≤ 450 ms, p90 ≤ 650 ms, first audio median ≤ 600 ms with the "
              + "neural English voice; no more cut on the paused recordings; capture period "
              + "\(Int(ALSAAudioSession.capturePeriod * 1000)) ms included)")
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
    }

    static func range(_ sorted: [Double]) -> String {
        guard let first = sorted.first, let last = sorted.last else { return "–" }
        return "\(ms(first))–\(ms(last))"
    }

    static func ms(_ seconds: Double) -> String { Measure.format(seconds * 1000, 0) }
}

/// One pass of the recording through the engine.
struct Run {
    let latencies: [Double]
    /// End of speech → first chunk written to the speaker, per utterance that was spoken.
    let firstAudio: [Double]
    /// Turns whose first spoken part was English (the neural voice, when installed), of the turns spoken.
    let englishFirstParts: Int
    let spokenTurns: Int
    /// Turns beyond one per phrase (a phrase split in two), and phrases with no turn.
    let extraTurns: Int
    let missed: Int
    /// What the turns that split a phrase heard, for the report.
    let splits: [String]
    let tally: SpeculationTally

    var summary: String {
        let sorted = latencies.sorted(), audio = firstAudio.sorted()
        return "shown median \(EndpointBenchmark.ms(EndpointBenchmark.percentile(sorted, 0.5))) ms, "
            + "p90 \(EndpointBenchmark.ms(EndpointBenchmark.percentile(sorted, 0.9))) ms; first audio median "
            + "\(EndpointBenchmark.ms(EndpointBenchmark.percentile(audio, 0.5))) ms, "
            + "p90 \(EndpointBenchmark.ms(EndpointBenchmark.percentile(audio, 0.9))) ms; "
            + "\(latencies.count) turns, \(extraTurns) split, \(missed) missed, speculation \(tally.hits)/\(tally.turns)"
            + (splits.isEmpty ? "" : " (split turns heard: \(splits.joined(separator: " | ")))")
    }

    static func play(_ recording: EndpointRecording, input: URL, folder: URL, recognition: VoskRecognition,
                     voices: VoiceRouter, speaker: LocaleTag, configuration: EndpointBenchmark.Configuration) throws -> Run {
        let listener = speaker.language == "en" ? LocaleTag(language: "ko", region: "KR") : LocaleTag(language: "en", region: "US")
        let translator = configuration.translator
        let session = try ALSAAudioSession(input: "test_mic:INFILE=\(input.path)",
                                           output: "test_speaker:OUTFILE=\(folder.appendingPathComponent("speaker.raw").path)")
        let dates = RecordingTimeline(recording: recording)
        let observed = dates.watching(session)
        let shown = Mutex<[(time: UInt64, heard: String)]>([])
        let firstParts = Mutex<[String]>([])
        let parts = ConversationParts(recognition: recognition, translator: translator, synthesizer: { voices },
                                      openAudio: { _ in AudioOpening(session: observed) },
                                      journal: try TranscriptJournal(folder: folder))
        let engine = ConversationEngine(first: speaker, second: listener, parts: parts, muted: configuration.muted,
                                        endpoint: configuration.endpoint) { event in
            switch event {
            case .translated(let translation):
                shown.withLock { $0.append((DispatchTime.now().uptimeNanoseconds, translation.sourceText)) }
            case .speaking(let part):
                firstParts.withLock { $0.append(part.locale.language) }
            default: break
            }
        }
        engine.endOfTurnCues = configuration.cues
        engine.speculates = configuration.speculates
        engine.cuesReadFinalWords = configuration.cuesReadFinalWords
        // Once the first audio is at the speaker, the rest is not waited for: the recording
        // goes on, and what it says while parley speaks would not be heard.
        dates.onFirstAudio { [control = engine.control] in control.finishNow() }
        engine.start(audio: AudioEndpoints(kind: .devices, input: "microphone", output: "speaker"))
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64((recording.duration + 1) * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            if engine.snapshot.speaker != speaker { engine.swapSides() }
            engine.listen()
        }
        session.close()
        // Each phrase's end, on the wall clock, dated by the chunk that held it: capture is paced,
        // and stops while parley speaks (the echo guard), so the recording runs later and later.
        let ends = recording.ends.compactMap { dates.time(ofSample: $0) }
        guard !ends.isEmpty else {
            throw ParleyError(.audio, .inputEnded, "The microphone gave nothing the recording holds.")
        }
        let turns = shown.withLock { $0 }
        let played = dates.firstAudioTimes
        var latencies: [Double] = [], firstAudio: [Double] = []
        var splits: [String] = []
        var missed = 0
        for (index, end) in ends.enumerated() {
            let next = index + 1 < ends.count ? ends[index + 1] : UInt64.max
            let phraseTurns = turns.filter { $0.time >= end && $0.time < next }
            if let first = phraseTurns.first { latencies.append(Double(first.time - end) / 1e9) } else { missed += 1 }
            if let audio = played.first(where: { $0 >= end && $0 < next }) { firstAudio.append(Double(audio - end) / 1e9) }
            splits += phraseTurns.dropFirst().map(\.heard)
        }
        // A turn shown before the first phrase ended cut it in two.
        splits += turns.filter { turn in !ends.contains { turn.time >= $0 } }.map(\.heard)
        // The first part of each turn's speech: `.speaking` comes once per part, and the bench stops after the first.
        let languages = firstParts.withLock { $0 }
        return Run(latencies: latencies, firstAudio: firstAudio, englishFirstParts: languages.filter { $0 == "en" }.count,
                   spokenTurns: languages.count, extraTurns: splits.count,
                   missed: missed, splits: splits, tally: engine.speculationTally)
    }
}

/// Notes when a session's recording started and when each answer's first audio was played.
/// Capture is paced to real time from the recording's first frame, so the chunks handed out,
/// found in the recording by their samples (the pre-roll may have dropped earlier ones), date it.
private final class RecordingTimeline: Sendable {
    private let recording: EndpointRecording
    /// The chunks handed out, by where they lie in the recording and when they were
    /// captured, and where the next one should start.
    private let timeline = Mutex<(chunks: [(offset: Int, count: Int, capturedAt: UInt64)], next: Int)>(([], 0))
    /// When each utterance's first chunk was written to the speaker, and whether the one
    /// being spoken has had its first.
    private let played = Mutex<(times: [UInt64], awaitingFirst: Bool, justFirst: Bool)>(([], false, false))
    private let firstAudioObserver = Mutex<(@Sendable () -> Void)?>(nil)

    init(recording: EndpointRecording) {
        self.recording = recording
    }

    /// `inner`, watched by this timeline.
    func watching(_ inner: any AudioSession) -> WatchedAudioSession {
        WatchedAudioSession(inner, watcher: WatchedAudioSession.Watcher(
            captured: { [self] in captured($0) }, beganSpeaking: { [self] in beganSpeaking() },
            willPlay: { [self] in willPlay() }, didPlay: { [self] in didPlay() }))
    }

    private func beganSpeaking() {
        played.withLock { $0.awaitingFirst = true }
    }

    private func willPlay() {
        let now = DispatchTime.now().uptimeNanoseconds
        played.withLock { played in
            played.justFirst = played.awaitingFirst
            if played.awaitingFirst { played.times.append(now) }
            played.awaitingFirst = false
        }
    }

    private func didPlay() {
        if played.withLock({ $0.justFirst }) { firstAudioObserver.withLock { $0 }?() }
    }

    private func captured(_ chunk: AudioChunk) {
        guard let captured = chunk.capturedAt else { return }
        let next = timeline.withLock { $0.next }
        guard let offset = recording.offset(of: chunk.samples, from: next) ?? recording.offset(of: chunk.samples) else { return }
        timeline.withLock {
            $0.chunks.append((offset, chunk.samples.count, captured))
            $0.next = offset + chunk.samples.count
        }
    }

    /// When the recording's sample `index` reached the microphone (paced capture: a chunk is
    /// captured when its last sample is due); nil when no chunk that was handed out held it
    /// or came after it.
    func time(ofSample index: Int) -> UInt64? {
        timeline.withLock { timeline in
            guard let chunk = timeline.chunks.first(where: { index < $0.offset + $0.count }) else { return nil }
            // A sample in a chunk never handed out (discarded between turns) is dated by the next one's start.
            let after = min(chunk.offset + chunk.count - index, chunk.count)
            return chunk.capturedAt - UInt64(Double(after) / 16_000 * 1e9)
        }
    }

    var firstAudioTimes: [UInt64] { played.withLock { $0.times } }

    /// Calls `body` once per utterance, right after its first chunk went to the speaker.
    func onFirstAudio(_ body: @escaping @Sendable () -> Void) {
        firstAudioObserver.withLock { $0 = body }
    }
}
