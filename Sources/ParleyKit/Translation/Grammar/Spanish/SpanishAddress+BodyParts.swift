/// Spanish says whose body part with the reflexive pronoun and an article (`¿Se ha torcido
/// el tobillo?`, `me he cortado el dedo`); English with a possessive (`Have you twisted your
/// ankle?`). Apertium keeps the article and reads `se ha` as a third person with a subject
/// to come (`Has it twisted the ankle?`).
extension SpanishAddress {
    /// Whether `run`, after its clitics and verb (and a participle after a perfect's `ha`),
    /// goes on with an article and a body part, with a reflexive clitic before the verb: the
    /// article opens no subject.
    func reflexiveBodyPart(in run: [String]) -> Bool {
        let opening = run.prefix { clitics.contains($0) }
        guard opening.contains(where: { reflexivePossessives[$0] != nil }) else { return false }
        return run.indices.dropLast().contains { articles.contains(run[$0]) && bodyParts.contains(run[$0 + 1]) }
    }

    /// `output` with the article before a body part made the possessive of the reflexive
    /// clitic in `source` (`me` → `my`; `se` → `your` in a question to the listener).
    func ownBodyPart(_ output: String, source: [String], asks: Bool) -> String {
        guard reflexiveBodyPart(in: source),
              let clitic = source.prefix(while: clitics.contains).first(where: { reflexivePossessives[$0] != nil }),
              let rule = reflexivePossessives[clitic], asks || !rule.onlyAsking else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        for index in tokens.indices.dropLast() where targetArticles.contains(tokens[index].lowercased())
            && targetBodyParts.contains(tokens[index + 1].lowercased().trimmingCharacters(in: .punctuationCharacters)) {
            tokens[index] = tokens[index].first?.isUppercase == true ? SentenceStyle.capitalizedFirstLetter(rule.possessive) : rule.possessive
            break
        }
        return tokens.joined(separator: " ")
    }
}
