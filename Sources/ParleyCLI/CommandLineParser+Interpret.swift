import ParleyKit

extension CommandLineParser {
    /// `parley interpret FROM TO [options]`.
    static func parseInterpret(_ arguments: ArraySlice<String>, preferences: PreferredLocales) throws -> InterpretOptions {
        var locales: [LocaleTag] = []
        var options = InterpretOptions(source: ConversationOptions.defaultPair.first, target: ConversationOptions.defaultPair.second)
        var words = arguments
        func seconds(_ flag: String, in range: ClosedRange<Double>) throws -> Double {
            let text = try value(of: flag, in: &words)
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw UsageError("\(flag) takes seconds from \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound)) "
                    + "(got '\(text)').")
            }
            return number
        }
        while let word = words.popFirst() {
            switch word {
            case "--input-wav": options.inputWAV = try value(of: word, in: &words)
            case "--srt": options.srt = try value(of: word, in: &words)
            case "--vtt": options.vtt = try value(of: word, in: &words)
            case "--subtitles":
                let text = try value(of: word, in: &words)
                guard let content = SubtitleContent(rawValue: text) else {
                    throw UsageError("--subtitles takes original, translation or both (got '\(text)').")
                }
                options.subtitles = content
            case "--json": options.json = true
            case "--translator": options.translator = try translatorKind(try value(of: word, in: &words))
            case "--input": options.input = try value(of: word, in: &words)
            case "--output": options.output = try value(of: word, in: &words)
            case "--speak": options.speak = true
            case "--headphones": options.headphones = true
            case "--longest": options.longest = try seconds(word, in: SegmentationSettings.allowedLongest)
            case "--speak-lag": options.speakLag = try seconds(word, in: SpeechQueue.allowedLags)
            case "--verbose", "-v": options.verbose = true
            case let flag where flag.hasPrefix("-"):
                throw UsageError("Unknown option '\(flag)' for interpret. Run parley interpret --help for its options.")
            default:
                locales.append(try locale(word))
            }
        }
        guard locales.count == 2 else {
            throw UsageError("interpret needs the language spoken and the one to translate into, "
                + "like parley interpret ko en (got \(locales.count)).")
        }
        guard locales[0].language != locales[1].language else {
            throw UsageError("Both languages are \(locales[0].language): name two different ones, like parley interpret ko en.")
        }
        options.source = preferences.preferred(for: locales[0])
        options.target = preferences.preferred(for: locales[1])
        if options.inputWAV == nil, let file = options.srt ?? options.vtt {
            throw UsageError("Subtitle files are made from a recording: add --input-wav FILE (to write \(file)).")
        }
        if options.inputWAV != nil, options.speak || options.headphones {
            throw UsageError("--speak is for live interpretation; from a recording, parley writes subtitles "
                + "(--srt, --vtt) instead.")
        }
        if options.headphones { options.speak = true }
        return options
    }

    /// `6.0` → `6`, `0.3` → `0.3`.
    private static func shown(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

}
