/// Names speech recognisers write in lower case (`seoul`, `maria`, `new york`). Apertium
/// keeps the case of its input and only recognises a place or a person as one when it is
/// capitalised (`seoul` passes through unknown, `Seoul` becomes `Seúl`), so these are
/// capitalised before translating. A name that is also an ordinary word (`turkey`, `park`,
/// `china`, Spanish `granada`) is capitalised only where a place is expected (`from
/// turkey`, `en granada`): `a turkey sandwich` and `where can i park` stay as they are.
enum ProperNouns {
    /// Countries, cities and common given names, by language, written as they are capitalised.
    static let names: [String: Set<String>] = [
        "en": [
            "Argentina", "Australia", "Austria", "Belgium", "Brazil", "Canada", "Chile", "China", "Colombia",
            "Cuba", "Denmark", "Ecuador", "Egypt", "England", "Europe", "France", "Germany", "Greece",
            "India", "Ireland", "Italy", "Japan", "Korea", "Mexico", "Morocco", "Peru", "Poland",
            "Portugal", "Russia", "Scotland", "Spain", "Sweden", "Switzerland", "Turkey", "Uruguay",
            "Venezuela", "America", "Africa", "Asia",
            "London", "Paris", "Madrid", "Barcelona", "Seville", "Valencia", "Seoul", "Busan", "Tokyo",
            "Berlin", "Rome", "Lisbon", "Dublin", "Boston", "Chicago", "Miami", "Texas", "California",
            "Lima", "Bogota", "Santiago", "Havana", "Toronto", "Sydney", "Beijing", "Moscow",
            "John", "Mary", "Maria", "Anna", "Ana", "David", "Michael", "Sarah", "Peter", "Paul",
            "James", "Robert", "Laura", "Emma", "Carlos", "Juan", "Jose", "Luis", "Pedro", "Lucia",
            "Sofia", "Kim", "Lee", "Park", "Tom", "Jane", "Lisa", "Mark", "Daniel", "Elena",
            "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
            "January", "February", "March", "April", "June", "July", "August", "September",
            "October", "November", "December", "English", "Spanish", "Korean", "French", "German", "May",
        ],
        "es": [
            "Alemania", "Argentina", "Australia", "Bélgica", "Brasil", "Canadá", "Chile", "China", "Colombia",
            "Corea", "Cuba", "Ecuador", "Egipto", "España", "Europa", "Francia", "Grecia", "India",
            "Inglaterra", "Irlanda", "Italia", "Japón", "Marruecos", "México", "Perú", "Polonia",
            "Portugal", "Rusia", "Suecia", "Suiza", "Turquía", "Uruguay", "Venezuela", "América",
            "África", "Asia",
            "Londres", "París", "Madrid", "Barcelona", "Sevilla", "Valencia", "Seúl", "Tokio", "Berlín",
            "Roma", "Lisboa", "Lima", "Bogotá", "Santiago", "Habana", "Toledo", "Málaga", "Granada",
            "Bilbao", "Zaragoza",
            "Juan", "María", "Ana", "José", "Luis", "Carlos", "Pedro", "Lucía", "Sofía", "Elena",
            "Javier", "Miguel", "Carmen", "Pablo", "Laura", "David", "Daniel", "Antonio", "Manuel",
        ],
    ]

    /// Names of more than one word, by language, as they are written.
    static let multiWordNames: [String: [String]] = [
        "en": ["New York", "Los Angeles", "San Francisco", "Las Vegas", "New Zealand", "United States",
               "United Kingdom", "South Korea", "North Korea", "Hong Kong", "Costa Rica", "Puerto Rico",
               "Buenos Aires", "Rio de Janeiro", "Mexico City", "New Delhi", "South Africa", "Saudi Arabia",
               "Sri Lanka", "El Salvador", "Dominican Republic", "Czech Republic"],
        "es": ["Nueva York", "Los Ángeles", "San Francisco", "Las Vegas", "Nueva Zelanda", "Estados Unidos",
               "Reino Unido", "Corea del Sur", "Corea del Norte", "Hong Kong", "Costa Rica", "Puerto Rico",
               "Buenos Aires", "Río de Janeiro", "Ciudad de México", "San Sebastián", "Santo Domingo",
               "Las Palmas", "Santa Cruz", "San José", "El Salvador", "Sudáfrica", "Arabia Saudí",
               "República Dominicana", "República Checa", "Nueva Delhi"],
    ]

    /// The multi-word names split into words, by language and lower-case first word.
    private static let multiWordsByFirst: [String: [String: [[String]]]] = multiWordNames.mapValues { names in
        Dictionary(grouping: names.map { $0.split(separator: " ").map(String.init) }) { $0[0].lowercased() }
    }

    /// Words before which a place is expected: an ambiguous name after one is a name.
    static let placeWords: [String: Set<String>] = [
        "en": ["in", "from", "at", "visit", "visiting", "visited", "via", "near"],
        "es": ["en", "de", "desde", "hasta", "hacia", "visitar", "por"],
    ]

    /// The capitalised form of each word of `words` (lower case; nil for punctuation) that is
    /// a name where it stands, by index. `isOrdinaryWord` says whether a lower-case word has
    /// a reading other than a name (Apertium's analyser knows `turkey` as a noun).
    static func names(in words: [String?], language: String, isOrdinaryWord: (String) -> Bool) -> [Int: String] {
        var found: [Int: String] = [:]
        var index = 0
        outer: while index < words.count {
            for parts in words[index].flatMap({ multiWordsByFirst[language]?[$0] }) ?? [] {
                guard index + parts.count <= words.count else { continue }
                if parts.indices.allSatisfy({ words[index + $0] == parts[$0].lowercased() }) {
                    for offset in parts.indices { found[index + offset] = parts[offset] }
                    index += parts.count
                    continue outer
                }
            }
            if let word = words[index], let name = name(word, language: language) {
                let previous = index > 0 ? words[index - 1] : nil
                if !isOrdinaryWord(word) || previous.map({ placeWords[language]?.contains($0) == true }) == true {
                    found[index] = name
                }
            }
            index += 1
        }
        return found
    }

    /// The lower-case form of each name, by language.
    private static let byKey: [String: [String: String]] = names.mapValues { names in
        Dictionary(names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The name as it is written, if `word` (any case) is a known name in `language`.
    static func name(_ word: String, language: String) -> String? {
        byKey[language]?[word.lowercased()]
    }

    /// True when `word`, capitalised as it is, is a known name in any language.
    static func isName(_ word: String) -> Bool {
        let bare = word.trimmingCharacters(in: .punctuationCharacters)
        return names.values.contains { $0.contains(bare) }
    }
}
