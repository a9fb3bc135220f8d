import Foundation

/// Word forms from Apertium's morphological generators (`lt-proc -g` over an installed
/// `*-<code>.autogen.bin`, the last stage of every pipeline into the language): a base form
/// and its tags give the written form (`estar<vblex><prs><p3><sg>` → `esté`), irregular
/// forms included, so a rule can change a verb's mood without a table of forms.
///
/// Optional like the analysers: without lt-proc or a generator for the language, there is
/// none and the rules that need it step aside. Its process is kept while the
/// `LttoolboxMorphology` that made it lives, and each form is asked once.
final class LttoolboxGenerator: WordGenerator {
    private let session: LttoolboxSession<String?>

    init(generator: URL, executable: URL) {
        session = LttoolboxSession(executable: executable, transducer: generator, flags: "-g -z", unknown: nil) { answer in
            // `#estar` (no such form) and `*`/`@` marks are no answer.
            let form = answer.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
            return form.isEmpty || form.contains(where: { "#*@^$<>".contains($0) }) ? nil : form
        }
    }

    /// A generator for the language of `pack`, or nil when lt-proc or one into the language
    /// is not installed. `LttoolboxMorphology` keeps one per language.
    static func make(for pack: LanguagePack) -> LttoolboxGenerator? {
        LttoolboxLemmatizer.apertiumCode(pack).flatMap { code in
            LttoolboxLemmatizer.locate { $0.hasSuffix("-\(code).autogen.bin") }
        }.map { LttoolboxGenerator(generator: $0.transducer, executable: $0.executable) }
    }

    /// The form of a whole analysis as the analyser writes one, words joined with `+`
    /// (`ayudar<vblex><imp><p3><sg>+prpers<prn><enc><p1><mf><sg>` → `ayúdeme`), or nil.
    func form(of analysis: String) -> String? {
        guard analysis.count <= 160, analysis.first?.isLetter == true,
              analysis.allSatisfy({ $0.isLetter || $0.isNumber || " -<>+".contains($0) }) else { return nil }
        // lt-proc -g answers a unit only once it sees what follows it: a line end here.
        return session.answer("^" + analysis + "$\n")
    }
}
