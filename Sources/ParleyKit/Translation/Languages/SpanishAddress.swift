/// Spanish speaks to a stranger in the third person with no pronoun (`¿Tiene habitaciones?`,
/// `Tiene que pagar en la caja`): the subject is *usted*, "you". Apertium supplies "it" or
/// nothing (`Has free rooms?`, `It has to pay in the box`, `It can help me?`), so the
/// listener hears about an "it". When a sentence opens with one of the verbs people use
/// to address each other, the English is put in the second person: `Do you have free
/// rooms?`, `You have to pay…`, `Can you help me?`.
enum SpanishAddress {
    /// Verbs that, opening a question with no subject, address the listener.
    static let askingVerbs: Set<String> = [
        "tiene", "tienen", "quiere", "quieren", "necesita", "necesitan", "puede", "pueden", "podría", "podrían",
        "debe", "deben", "sabe", "saben", "habla", "hablan", "prefiere", "prefieren", "desea", "desean",
        "busca", "buscan", "conoce", "conocen", "va", "van", "querría", "quería", "viene", "vienen",
    ]
    /// Verbs that address the listener in a statement too: obligation and permission
    /// (`tiene que cambiar`, `puede pagar aquí`), not `tiene fiebre`, which is about someone.
    static let tellingVerbs: Set<String> = ["puede", "pueden", "podría", "podrían", "debe", "deben", "debería", "deberían"]
    /// Object pronouns that may come before the verb (`¿me puede decir…?`).
    static let clitics: Set<String> = ["me", "nos", "le", "les", "lo", "la", "te"]
    /// English modals, which ask by coming first (`Can you`); other verbs ask with `Do you`.
    static let modals: Set<String> = ["can", "could", "must", "should", "would", "will", "may", "might"]
    /// Irregular English third-person forms.
    static let baseForms = ["has": "have", "is": "are", "does": "do", "goes": "go", "was": "were"]

    /// `output` (Apertium's English for the start of a sentence whose Spanish words are
    /// `source`) in the second person, or unchanged when the sentence does not address the
    /// listener that way.
    static func apply(to output: String, source: [String], question: Bool) -> String {
        let verbAt = source.prefix { clitics.contains($0) }.count
        guard verbAt < source.count else { return output }
        let verb = source[verbAt]
        let addresses = question ? askingVerbs.contains(verb)
            : tellingVerbs.contains(verb) || ["tiene", "tienen"].contains(verb) && source.dropFirst(verbAt + 1).first == "que"
        // `usted` or `ustedes` said out loud is a subject Apertium translates itself.
        guard addresses, !source.contains("usted"), !source.contains("ustedes") else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        if let first = tokens.first, ["it", "they", "he", "she"].contains(first.lowercased()) { tokens.removeFirst() }
        guard let english = tokens.first, english.allSatisfy(\.isLetter) else { return output }
        var rest = Array(tokens.dropFirst())
        let lower = english.lowercased()
        // `va a pagar` comes out as `goes to pay`: "going to".
        if lower == "goes" || lower == "go", rest.first == "to", verb == "va" || verb == "van" {
            rest.removeFirst()
            return sentence(question ? ["Are", "you", "going", "to"] : ["You", "are", "going", "to"], rest)
        }
        let base = baseForms[lower] ?? baseForm(of: lower)
        if modals.contains(base) {
            return sentence(question ? [SentenceStyle.capitalizedFirstLetter(base), "you"] : ["You", base], rest)
        }
        if base == "are" { return sentence(question ? ["Are", "you"] : ["You", "are"], rest) }
        return sentence(question ? ["Do", "you", base] : ["You", base], rest)
    }

    /// English auxiliaries that ask by coming before their subject.
    static let auxiliaries: Set<String> = ["is", "are", "was", "were", "can", "could", "will", "would", "should", "must"]
    /// Subjects Apertium writes at the start of a Spanish question (`¿Hay…?` → `There is…`).
    static let subjects: Set<String> = ["it", "there", "he", "she", "they", "you", "we"]

    /// `output`, English for a Spanish yes/no question, in question order: Spanish asks in
    /// statement order (`¿Hay un banco cerca?`, `¿Es para regalo?`) and Apertium keeps it
    /// (`There is a bank near?`, `It is for gift?`): `Is there a bank near?`, `Is it for gift?`.
    static func questionOrder(_ output: String) -> String {
        var tokens = output.split(separator: " ").map(String.init)
        guard tokens.count >= 3, subjects.contains(tokens[0].lowercased()),
              auxiliaries.contains(tokens[1].lowercased()), tokens[1].allSatisfy(\.isLetter) else { return output }
        let subject = tokens[0] == "I" ? "I" : tokens[0].lowercased()
        tokens[0] = SentenceStyle.capitalizedFirstLetter(tokens[1].lowercased())
        tokens[1] = subject
        return tokens.joined(separator: " ")
    }

    /// A regular English third-person form without its `-s`.
    static func baseForm(of verb: String) -> String {
        if verb.hasSuffix("ies"), verb.count > 4 { return String(verb.dropLast(3)) + "y" }
        for ending in ["sses", "shes", "ches", "xes", "oes"] where verb.hasSuffix(ending) { return String(verb.dropLast(2)) }
        if verb.hasSuffix("s"), !verb.hasSuffix("ss"), verb.count > 2 { return String(verb.dropLast()) }
        return verb
    }

    private static func sentence(_ opening: [String], _ rest: [String]) -> String {
        (opening + rest).joined(separator: " ")
    }
}
