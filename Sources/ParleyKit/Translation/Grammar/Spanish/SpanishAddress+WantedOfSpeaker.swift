/// `¿Quiere que le haga una foto?` asks whether the listener wants the speaker to do
/// something: the verb after `que` is the speaker's, in the subjunctive. Apertium reads it
/// as a third person and keeps the `that` (`Would you like that it do him a photo?`);
/// English says `Would you like me to…`.
extension SpanishAddress {
    /// `output` with `that (it)` after a wanting verb made `me to` (`us to`), when the source
    /// has one of `wantingOfSpeaker` (`quiere que`) before a verb `speakerSubjunctive` reads as
    /// the speaker's subjunctive (`haga`: `sg`, `hagamos`: `pl`, after any clitics).
    func wantedOfSpeaker(_ output: String, source: [String], speakerSubjunctive: (String) -> String?) -> String {
        guard let that = targetComplementizers.first else { return output }
        // The verb after the phrase and its clitics is the speaker's.
        var number: String?
        for phrase in wantingOfSpeaker where number == nil {
            for start in PhraseText.occurrences(of: phrase, in: source) where number == nil {
                number = source[(start + phrase.count)...].drop(while: clitics.contains).first.flatMap(speakerSubjunctive)
            }
        }
        guard let number, let speakerTo = speakerInfinitive[number] else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        guard let thatAt = tokens.firstIndex(where: { $0.lowercased() == that }), thatAt + 1 < tokens.count else { return output }
        let end = subjects.contains(tokens[thatAt + 1].lowercased()) ? thatAt + 2 : thatAt + 1
        // `want to that`: the `to` Apertium wrote before it is the one `me to` brings.
        let start = thatAt > 0 && tokens[thatAt - 1].lowercased() == speakerTo.last?.lowercased() ? thatAt - 1 : thatAt
        tokens.replaceSubrange(start..<end, with: speakerTo)
        return tokens.joined(separator: " ")
    }
}
