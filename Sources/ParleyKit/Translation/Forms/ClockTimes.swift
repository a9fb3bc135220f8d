// MARK: Writing

extension ClockTimeForms {
    /// Frames that say the part of the day: a time read on a 24-hour clock (`21:15`) is
    /// written on the 12-hour one in the frame `pm` unless one of these is said already.
    static let partsOfDay: Set<String> = ["am", "pm", "morning", "afternoon", "evening", "night"]

    /// `expression` said in this language, or nil when it has no words for some part of it.
    func write(_ expression: TimeExpression) -> String? {
        var hour = expression.time.hour
        var frames = expression.frames
        if expression.named, let row = cores.first(where: { $0.meaning == .exact(expression.time) }) {
            return wrapped(row.written, in: frames, hour: 12)
        }
        if hour > 12 {
            hour -= 12
            if !frames.contains(where: Self.partsOfDay.contains) { frames.insert("pm", at: 0) }
        }
        if hour == 0 { hour = 12 }
        guard let (said, writtenHour) = core(ClockTime(hour: hour, minute: expression.time.minute),
                                             framed: !frames.isEmpty) else { return nil }
        return wrapped(said, in: frames, hour: writtenHour)
    }

    /// `time` (written) inside `frames`, inner first; `hour` is the hour it names.
    private func wrapped(_ time: String, in frames: [String], hour: Int) -> String? {
        var text = time
        for name in frames {
            let row = self.frames.first { row in
                row.meaning == .frame(name) && row.hours.map { $0.contains(hour) } != false
            }
            guard let row else { return nil }
            text = PhrasePattern.fill(row.written, with: ["T": text])
        }
        return text
    }

    /// The first core row that says `time` (hour 1–12), written, with the hour it names
    /// (`a quarter to six` names 6).
    private func core(_ time: ClockTime, framed: Bool) -> (text: String, hour: Int)? {
        let next = time.hour == 12 ? 1 : time.hour + 1
        for row in cores where framed || !row.framed && !row.bare {
            let hour: Int, minute: Int?
            switch row.meaning {
            case .minutes(let minutes) where minutes >= 0 && minutes == time.minute: (hour, minute) = (time.hour, nil)
            case .minutes(let minutes) where minutes < 0 && 60 + minutes == time.minute: (hour, minute) = (next, nil)
            case .slot where time.minute > 0: (hour, minute) = (time.hour, time.minute)
            case .slotBefore where time.minute > 30: (hour, minute) = (next, 60 - time.minute)
            default: continue
            }
            if let hours = row.hours, !hours.contains(hour) { continue }
            if let minutes = row.minutes, let minute, !minutes.contains(minute) { continue }
            guard let hourWord = numberWords["hour"]?[hour] else { continue }
            var values = ["H": hourWord]
            if let minute {
                guard let minuteWord = numberWords["minute"]?[minute] else { continue }
                values["M"] = minuteWord
            }
            return (PhrasePattern.fill(row.written, with: values), hour)
        }
        return nil
    }
}

/// Clock times from one language into another (`half past nine` → `las nueve y media`,
/// `a las ocho menos cuarto` → `at a quarter to eight`), found anywhere in a sentence, so
/// the translators can hand them over whole (a protected span, a dictionary segment)
/// instead of word by word. What each language says is data: its pack's `numbers.tsv`
/// and `clock-times.tsv`.
struct ClockTimes: Sendable {
    let source: ClockTimeForms
    let target: ClockTimeForms

    /// Times from `source`'s forms into `target`'s.
    init(source: ClockTimeForms, target: ClockTimeForms) {
        self.source = source
        self.target = target
    }

    /// Times between the packs of two languages; nil for one language, or when either
    /// cannot say one. Made once per direction, with its rules (`DirectionForms`).
    static func between(_ source: LanguagePack, _ target: LanguagePack) -> ClockTimes? {
        guard source.language != target.language else { return nil }
        let (from, to) = (ClockTimeForms(pack: source), ClockTimeForms(pack: target))
        guard !from.isEmpty, !to.isEmpty else { return nil }
        return ClockTimes(source: from, target: to)
    }

    /// The time expression starting at `start` in `words` (normalised), with how many
    /// words it takes and its translation.
    func translation(of words: [String], at start: Int) -> (length: Int, text: String)? {
        guard let (length, expression) = source.expression(in: words, at: start),
              let text = target.write(expression) else { return nil }
        return (length, text)
    }
}
