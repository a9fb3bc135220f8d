/// Korean case and topic particles attach to the noun they mark (`화장실이`, `역에서`),
/// so a dictionary that knows `화장실` does not know `화장실이`. English has no particles
/// to carry them into, so a known noun with its particle translates as the noun alone.
public enum KoreanParticles {
    /// Particles, longest first so `에서` is tried before `에`, and the copula endings
    /// (`사람이에요` "is a person"), which English carries in `is` or not at all.
    static let particles = ["이에요", "입니다", "에서", "으로", "예요", "까지", "부터", "한테", "에게",
                            "이", "가", "은", "는", "을", "를", "에", "도", "로", "와", "과"]

    /// Particles English says as a word of its own, at the end of the clause: `저도 가요` is
    /// "I go too".
    static let spokenAtTheEnd: [String: String] = ["도": "too"]

    /// Korean words English leaves unsaid: `좀` ("a little") softens a request
    /// (`물 좀 주세요`, "water, please"), which `please` already does.
    static let unsaid: Set<String> = ["좀"]

    /// `word` without a trailing particle, with the particle, for each particle it could end
    /// in (longest first); empty when it ends in none or would be left empty. The caller keeps
    /// the bare form only if a dictionary knows it: 아이 ("child") is not 아 with 이.
    static func bareFormsWithParticles(of word: String) -> [(bare: String, particle: String)] {
        particles.compactMap { particle in
            guard word.hasSuffix(particle), word.count > particle.count else { return nil }
            return (String(word.dropLast(particle.count)), particle)
        }
    }
}
