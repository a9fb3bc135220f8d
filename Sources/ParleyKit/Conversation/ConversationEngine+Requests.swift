extension ConversationEngine {
    /// A typed turn said by the side speaking `locale` (`:as es TEXT`, or a JSON line with a
    /// side), whoever's turn it was: the text is not tested for the other language, since
    /// the front end named its speaker. An unknown side is reported and nothing happens.
    public func typedTurn(_ text: String, as locale: LocaleTag) {
        control.beginOperation()
        guard giveTurn(to: locale) else { return }
        completeTurn(text: text, readings: [], mode: .typed, detectingLanguage: false)
    }

    /// Gives the word to the side speaking `locale` (matched by its tag, else its language);
    /// false, with a problem reported, when neither side speaks it.
    @discardableResult
    public func giveTurn(to locale: LocaleTag) -> Bool {
        let sides = conversation.sides.map(\.locale)
        guard let index = sides.firstIndex(of: locale) ?? sides.firstIndex(where: { $0.language == locale.language }) else {
            emit(.problem(ParleyError(.input, .invalidInput, "Neither side speaks \(locale.language): this conversation is "
                + sides.map(\.identifier).joined(separator: " ↔ ") + ".")))
            return false
        }
        control.update { $0.conversation.give(to: index) }
        return true
    }

    /// Adds the user's own entry `phrase` → `translation` (`:dict add`); the translator reads
    /// it from the next turn on. It goes the current direction unless the words are clearly
    /// the other way round (`good morning = buenos días` typed on the Spanish side), told as
    /// turns are (`isClearly`). Returns the direction it was stored for.
    @discardableResult
    public func addEntry(_ phrase: String, translation: String) throws -> LanguagePair {
        guard let library = parts.library else {
            throw ParleyError(.translation, .notFound, "This conversation has no dictionaries to add entries to.")
        }
        let (speaker, listener) = (conversation.speakerLocale, conversation.listenerLocale)
        let reversed = (library.isClearly(listener, not: speaker, text: phrase)
                        || library.isClearly(speaker, not: listener, text: translation))
            && !library.isClearly(speaker, not: listener, text: phrase)
            && !library.isClearly(listener, not: speaker, text: translation)
        let pair = reversed ? LanguagePair(listener, speaker) : LanguagePair(speaker, listener)
        try library.addUserEntry(DictionaryEntry(source: phrase, target: translation), for: pair)
        return pair
    }

    /// Translates with a new translator of `kind` from now on, made over the conversation's
    /// dictionaries; returns its name. Throws, keeping the translator, when it cannot serve
    /// one direction of the pair (the error says why).
    @discardableResult
    public func useTranslator(_ kind: TranslatorKind) throws -> String {
        guard let library = parts.library else {
            throw ParleyError(.translation, .notFound, "This conversation has no dictionaries to make a translator from.")
        }
        let translator = kind.make(library: library, translationRoots: parts.translationRoots)
        let (first, second) = (conversation.speakerLocale, conversation.listenerLocale)
        for (source, target) in [(first, second), (second, first)] {
            if let reason = translator.unavailableReason(from: source, to: target) { throw reason }
        }
        useTranslator(translator)
        return translator.name
    }
}
