/// Usage text for `parley --help` and `parley help COMMAND`.
enum HelpText {
    static let overview = """
        parley — an offline two-way interpreter for the terminal.

        Usage:
          parley [A B | A:B] [--translator NAME] [--verbose]
                                              hold a conversation (default: en-US ↔ es-ES)
          parley doctor                       check every component and say how to fix what is missing
          parley translate --from A --to B [--json] [--translator NAME] [TEXT]
                                              translate TEXT, or each line of standard input
          parley dict add A B PHRASE TRANSLATION
                                              add your own dictionary entry
          parley dict import FILE.index [--from A --to B]
                                              import a FreeDict (dictd) dictionary
          parley dict list                    list the dictionaries and what they translate
          parley --help | --version

        Languages are tags such as en, en-US, es_ES or ko; a bare language means its
        preferred locale (en → en-US, es → es-ES, pt → pt-BR).
        Translators: dictionary (default: your entries, the phrasebooks, imported
        dictionaries) or apertium (rule-based engine; phrasebook and your entries still win
        exact matches).
        In a conversation, type :help for the commands.
        """

    static let doctor = """
        parley doctor — checks libvosk, the speech models, espeak-ng and its voices, the audio
        devices, the dictionaries and readline. Each line says OK or the command that fixes it.
        Exits 1 when something the default pair (en-US ↔ es-ES) needs is missing.
        """

    static let translate = """
        parley translate --from A --to B [--json] [--translator dictionary|apertium] [TEXT]
          Translates TEXT, or each line of standard input when no TEXT is given.
          Unknown words are kept and shown in [brackets].
          --json   one JSON object a line, with the segments and where each came from
                   (user, phrasebook, dictionary, engine, number, passthrough).
        """

    static let dict = """
        parley dict add A B PHRASE TRANSLATION
          Adds (or replaces) your own entry for A → B. Your entries win over the shipped
          phrasebooks and imported dictionaries, and are saved at once.
        parley dict import FILE.index [--from A --to B]
          Imports a dictd dictionary such as Debian's dict-freedict-eng-spa
          (/usr/share/dictd/freedict-eng-spa.index and its .dict.dz), keeping the first sense
          of each headword. The languages come from the file name unless given.
        parley dict list
          Lists every direction that can be translated and which layers serve it.
        """

    static func text(for topic: String?) -> String {
        switch topic {
        case "doctor": doctor
        case "translate": translate
        case "dict": dict
        default: overview
        }
    }
}
