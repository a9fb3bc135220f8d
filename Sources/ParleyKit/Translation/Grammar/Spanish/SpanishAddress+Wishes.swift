/// Spanish wishes the listener well with `que` and a subjunctive (`que tenga un buen viaje`,
/// `que disfruten de las vacaciones`); English with the bare verb (`Have a good trip`,
/// `Enjoy the holidays`). Apertium writes the `que` as `that` and supplies a subject (`That
/// they enjoy…`, `that have a good trip`).
extension SpanishAddress {
    /// `output` without the `that` and the subject Apertium wrote before the verb, when
    /// `source` is a wish to the listener (`SentenceMood.isWish` with a wish conjunction).
    func wished(_ output: String, source: [String]) -> String {
        let pack = sourcePack
        guard let first = source.first, pack.contains(first, in: "wish-conjunctions"),
              SentenceMood.isWish(source, pack: pack), let that = targetComplementizers.first else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        guard let opening = tokens.first, opening.lowercased() == that else { return output }
        tokens.removeFirst()
        // `That they enjoy`: the subject is the listener's, and English wishes without one.
        if tokens.count > 1, subjects.contains(tokens[0].lowercased()), !capitalisedPronouns.contains(tokens[0].lowercased()) {
            tokens.removeFirst()
        }
        guard let verb = tokens.first else { return output }
        tokens[0] = opening.first?.isUppercase == true ? SentenceStyle.capitalizedFirstLetter(verb) : verb
        return tokens.joined(separator: " ")
    }
}
