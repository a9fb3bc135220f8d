import Foundation
import Synchronization

/// parley's synthesizer: each request is spoken by an installed neural voice for its
/// language where there is one, else by espeak-ng. A request names a neural voice
/// (`en_US-joe-medium`), `espeak` (espeak-ng's voice for the locale) or an espeak-ng voice
/// (`gmw/en-US+f3`). A neural voice that cannot be loaded gives way to espeak-ng, said once.
public final class VoiceRouter: SpeechSynthesizing {
    /// espeak-ng, which always speaks and reads phonemes for the neural voices.
    public let espeak: EspeakSynthesizer
    /// The neural voices, when sherpa-onnx is installed.
    public let neural: NeuralSynthesizer?
    /// The installed neural voices, whether or not sherpa-onnx is there to speak them.
    public let catalog: NeuralVoiceCatalog
    /// Why neural voices are off, when they are.
    public let neuralUnavailable: ParleyError?
    private let preferences: PreferredLocales
    private let notice: @Sendable (String) -> Void
    private let noticed = Mutex<Set<String>>([])

    /// The name that chooses espeak-ng's own voice for the locale (`:voice espeak`).
    public static let espeakName = "espeak"

    /// A router over espeak-ng and the neural voices in `paths.voiceRoots`; `notice`
    /// hears, once each, why a neural voice is not used or a setting does not apply.
    public init(paths: DataPaths, preferences: PreferredLocales = .standard,
                library: Result<SherpaOnnxLibrary, ParleyError> = SherpaOnnxLibrary.shared,
                threads: Int = NeuralSynthesizer.defaultThreads,
                lexicons: @escaping @Sendable (String) -> Lexicon = { _ in Lexicon() },
                notice: @escaping @Sendable (String) -> Void = { _ in }) throws {
        espeak = try EspeakSynthesizer(preferences: preferences, lexicons: lexicons)
        catalog = NeuralVoiceCatalog.scan(roots: paths.voiceRoots)
        self.preferences = preferences
        self.notice = notice
        switch library {
        case .success(let library):
            neural = NeuralSynthesizer(library: library, catalog: catalog, preferences: preferences,
                                       threads: threads, lexicons: lexicons)
            neuralUnavailable = nil
        case .failure(let error):
            neural = nil
            neuralUnavailable = error
        }
    }

    /// The language a voice name speaks, read from the name alone: a Piper voice's locale
    /// prefix (`en_US-joe-medium` → en), an espeak-ng identifier's last part (`gmw/en-US+f3` →
    /// en); nil for `espeak`, which speaks every language, and for names that do not say.
    public static func language(ofVoiceNamed name: String) -> String? {
        guard name.lowercased() != espeakName else { return nil }
        let base = name.split(separator: "+").first.map(String.init) ?? name
        let candidate = base.contains("/") ? String(base.split(separator: "/").last ?? "")
            : String(base.split(separator: "-").first ?? "")
        return (try? LocaleTag(parsing: candidate))?.language
    }

    /// Who speaks a request.
    public enum Engine: Sendable, Equatable {
        case neural(NeuralVoice)
        case espeak(VoiceRequest)
    }

    /// The engine for `request`; throws when it names a neural voice of another language.
    /// A neural voice that failed to load is espeak-ng's from then on.
    public func engine(for request: VoiceRequest) throws -> Engine {
        let engine = try preferredEngine(for: request)
        if case .neural(let voice) = engine, neural?.failedToLoad(voice) == true { return .espeak(Self.espeakDefault(for: request)) }
        return engine
    }

    /// The engine `request` asks for, whether or not its voice loads.
    private func preferredEngine(for request: VoiceRequest) throws -> Engine {
        if let name = request.name {
            if name.lowercased() == Self.espeakName { return .espeak(Self.espeakDefault(for: request)) }
            guard let voice = catalog.voice(named: name) else {
                // A neural voice that is installed but damaged is named with its damage and
                // its fix, not as "no espeak-ng voice" of that name.
                if let broken = catalog.problems.first(where: { $0.name.lowercased() == name.lowercased() }) {
                    throw ParleyError(.synthesis, .notFound, broken.description)
                }
                return .espeak(request)
            }
            guard voice.locale.language == request.locale.language else {
                throw ParleyError(.synthesis, .invalidInput, "\(voice.name) speaks \(voice.locale), not \(request.locale). "
                    + "Run parley voices \(request.locale.language) for the voices that do.")
            }
            return neural == nil ? fallback(from: voice, request: request) : .neural(voice)
        }
        guard let neural, let voice = try? neural.neuralVoice(for: request) else {
            if neural == nil, let voice = catalog.ranked(for: request.locale, preferences: preferences).first {
                return fallback(from: voice, request: request)
            }
            reportBrokenFolders(speaking: request.locale.language)
            return .espeak(request)
        }
        return ownRegion(over: voice, for: request)
    }

    /// A voice of the requested locale itself before another region's neural voice: en-GB is
    /// spoken by espeak-ng's British voice rather than a US neural voice. Which voice speaks
    /// is said (once) whenever it is not one of the locale's own.
    private func ownRegion(over voice: NeuralVoice, for request: VoiceRequest) -> Engine {
        let locale = request.locale
        guard !locale.isBareLanguage, voice.locale != locale else { return .neural(voice) }
        if espeak.voices.ranked(for: locale, preferences: preferences).first?.locale == locale {
            say(once: "own \(locale)", "No neural voice for \(locale) is installed: espeak-ng's \(locale) voice speaks it "
                + "(\(voice.name) speaks \(voice.locale); --voice \(voice.name) picks it).")
            return .espeak(request)
        }
        say(once: "other \(locale)", "No voice for \(locale) is installed: \(voice.name) (\(voice.locale)) speaks it.")
        return .neural(voice)
    }

    /// espeak-ng's own voice for `request`'s locale and gender (its name was not espeak-ng's).
    private static func espeakDefault(for request: VoiceRequest) -> VoiceRequest {
        VoiceRequest(locale: request.locale, gender: request.gender)
    }

    /// espeak-ng in place of `voice`, which cannot speak without sherpa-onnx; said once.
    private func fallback(from voice: NeuralVoice, request: VoiceRequest) -> Engine {
        if let reason = neuralUnavailable {
            say(once: "library", "\(voice.name) is installed but cannot speak: \(reason.message)")
        }
        return .espeak(Self.espeakDefault(for: request))
    }

    public func voice(for request: VoiceRequest) throws -> String {
        switch try engine(for: request) {
        case .neural(let voice): voice.name
        case .espeak(let request): try espeak.voice(for: request)
        }
    }

    /// Loads the requests' neural voices, and espeak-ng's voices for the rest and for the
    /// languages it phonemizes for the neural voices.
    public func warmUp(_ requests: [VoiceRequest]) {
        let routes = requests.map { ($0, try? engine(for: $0)) }
        espeak.warmUp(routes.map { request, engine in
            if case .espeak(let espeakRequest)? = engine { return espeakRequest }
            return VoiceRequest(locale: request.locale)
        })
        for case (_, .neural(let voice)?) in routes {
            do { try neural?.warm(voice) } catch { reportBroken(voice, error) }
        }
    }

    public func stop() {
        espeak.stop()
        neural?.stop()
    }

    public func synthesize(_ text: String, voice request: VoiceRequest, settings: UtteranceSettings,
                           onChunk: (AudioChunk) -> Bool) throws -> SynthesisReport {
        let voice: NeuralVoice
        switch try engine(for: request) {
        case .espeak(let espeakRequest):
            return try espeak.synthesize(text, voice: espeakRequest, settings: settings, onChunk: onChunk)
        case .neural(let neuralVoice):
            voice = neuralVoice
        }
        // engine(for:) answers .neural only when the neural synthesizer exists.
        guard let neural else {
            return try espeak.synthesize(text, voice: Self.espeakDefault(for: request), settings: settings, onChunk: onChunk)
        }
        if settings.pitch != UtteranceSettings.standard.pitch {
            say(once: "pitch \(voice.name)", "Pitch \(settings.pitch) does not apply to the neural voice \(voice.name): "
                + "neural voices have no pitch setting (espeak-ng voices do: :voice espeak).")
        }
        do {
            try neural.load(voice)
        } catch {
            reportBroken(voice, error)
            return try espeak.synthesize(text, voice: Self.espeakDefault(for: request), settings: settings, onChunk: onChunk)
        }
        return try neural.synthesize(text, with: voice, language: request.locale.language, settings: settings, onChunk: onChunk)
    }

    /// Voice folders of `language` that cannot speak (a file missing, cut short, or not
    /// prepared): each said once, since espeak-ng speaks in their place.
    private func reportBrokenFolders(speaking language: String) {
        for problem in catalog.problems where Self.language(ofVoiceNamed: problem.name) == language {
            say(once: "broken \(problem.name)", problem.description + " espeak-ng speaks \(language) meanwhile.")
        }
    }

    /// A voice that failed to load: said once, and espeak-ng speaks in its place.
    private func reportBroken(_ voice: NeuralVoice, _ error: any Error) {
        let problem = ParleyError.wrapping(error, stage: .synthesis, code: .modelBroken)
        say(once: "broken \(voice.name)", problem.message + " espeak-ng speaks \(voice.locale) meanwhile.")
    }

    private func say(once key: String, _ message: String) {
        guard noticed.withLock({ $0.insert(key).inserted }) else { return }
        notice(message)
    }
}
