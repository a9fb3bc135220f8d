/// Names speech recognisers write in lower case (`seoul`, `maria`). Apertium keeps the case
/// of its input and only recognises a place or a person as one when it is capitalised
/// (`seoul` passes through unknown, `Seoul` becomes `Seúl`), so these are capitalised
/// before translating.
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
            "October", "November", "December", "English", "Spanish", "Korean", "French", "German",
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

    /// `words` with the known names capitalised.
    static func capitalized(_ words: [String], language: String) -> [String] {
        words.map { name($0, language: language) ?? $0 }
    }
}
