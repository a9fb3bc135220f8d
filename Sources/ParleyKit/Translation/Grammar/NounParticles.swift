/// Case and topic particles attach to the noun they mark (Korean `화장실이`, `역에서`),
/// so a dictionary that knows `화장실` does not know `화장실이`. The other language has no
/// particles to carry them into, so a known noun with its particle translates as the noun
/// alone. A language's particles are its pack's `particles.txt` (longest first, and the
/// copula endings: `사람이에요` "is a person"), `particle-words.tsv` and `unsaid.txt`.
struct NounParticles: Sendable {
    /// Particles, longest first so `에서` is tried before `에`.
    let particles: [String]
    /// Particles the other language says as a word of its own, at the end of the clause:
    /// `저도 가요` is "I go too".
    let spokenAtTheEnd: [String: String]
    /// Words the other language leaves unsaid: `좀` ("a little") softens a request
    /// (`물 좀 주세요`, "water, please"), which `please` already does.
    let unsaid: Set<String>

    init(pack: LanguagePack) {
        particles = pack.list("particles")
        spokenAtTheEnd = pack.map("particle-words")
        unsaid = pack.words("unsaid")
    }

    /// The particles of the language of `pack`, or nil when it has none (nor unsaid words).
    static func make(pack: LanguagePack) -> NounParticles? {
        let particles = NounParticles(pack: pack)
        return particles.particles.isEmpty && particles.unsaid.isEmpty ? nil : particles
    }

    /// `word` without a trailing particle, with the particle, for each particle it could end
    /// in (longest first); empty when it ends in none or would be left empty. The caller keeps
    /// the bare form only if a dictionary knows it: 아이 ("child") is not 아 with 이.
    func bareFormsWithParticles(of word: String) -> [(bare: String, particle: String)] {
        particles.compactMap { particle in
            guard word.hasSuffix(particle), word.count > particle.count else { return nil }
            return (String(word.dropLast(particle.count)), particle)
        }
    }
}
