/// The tokens transformers keeps outside SentencePiece (`</s>`, `<unk>`, `<pad>` and any other
/// "added token"): written in the text, each is cut out whole before SentencePiece sees the rest,
/// so "hi</s>" encodes as the pieces of "hi" and then `</s>`'s id. A port of transformers'
/// `Trie.split` and of the strip flags in `PreTrainedTokenizer.tokenize` (4.57), scalar for
/// scalar as Python's `str` counts.
struct AddedTokens: Sendable {
    /// One added token and the flags of its `AddedToken`.
    struct Token: Sendable {
        /// The token as written in text.
        let content: String
        /// Its id (the vocabulary's, or `added_tokens_decoder`'s).
        let id: Int64
        /// Whether it swallows the whitespace on its left / on its right.
        var stripsLeft = false, stripsRight = false
        /// Whether it only counts as a whole word.
        var singleWord = false
    }

    /// A piece of the text: an added token (by content) or text for SentencePiece.
    enum Chunk: Equatable {
        /// An added token, whole.
        case token(String)
        /// Text between added tokens.
        case text(String)
    }

    /// `_added_tokens_encoder`, and `_added_tokens_decoder` by id.
    private let byContent: [ExactText: Token]
    private let byID: [Int64: Token]
    /// Every token's content, scalar by scalar, as `Trie.split` walks it.
    private let trie: Node

    /// The tokens, later ones replacing earlier ones of the same content.
    init(_ tokens: [Token]) {
        var byContent: [ExactText: Token] = [:]
        for token in tokens { byContent[ExactText(token.content)] = token }
        self.byContent = byContent
        byID = Dictionary(tokens.map { ($0.id, $0) }, uniquingKeysWith: { _, later in later })
        var root = Node()
        for token in byContent.values where !token.content.isEmpty {
            root.insert(Array(token.content.unicodeScalars)[...])
        }
        trie = root
    }

    /// The added token whose content is exactly `text`.
    func token(_ text: String) -> Token? {
        byContent[ExactText(text)]
    }

    /// The added token with id `id`.
    func token(id: Int64) -> Token? {
        byID[id]
    }

    /// Every added token's content (`_added_tokens_encoder`'s keys).
    var contents: Set<ExactText> {
        Set(byContent.keys)
    }

    /// `text` cut into added tokens and the text between them, after the strip and
    /// single-word rules; empty pieces dropped (`tokenize` before `_tokenize`).
    func split(_ text: String) -> [Chunk] {
        var parts = cut(Array(text.unicodeScalars)).map { String(String.UnicodeScalarView($0)) }
        for index in parts.indices {
            // transformers reads its neighbours before this step changes them.
            guard let token = token(parts[index]) else { continue }
            let left = index > 0 ? parts[index - 1] : nil
            let right = index + 1 < parts.count ? parts[index + 1] : nil
            if token.stripsRight, let right, !right.isEmpty { parts[index + 1] = PythonText.stripStart(right) }
            if token.stripsLeft, let left, !left.isEmpty { parts[index - 1] = PythonText.stripEnd(left) }
            if token.singleWord, let left, let last = left.unicodeScalars.last, last != " " {
                parts[index - 1] += parts[index]
                parts[index] = ""
            } else if token.singleWord, let right, let first = right.unicodeScalars.first, first != " " {
                parts[index + 1] = parts[index] + parts[index + 1]
                parts[index] = ""
            }
        }
        return parts.filter { !$0.isEmpty }.map { token($0) != nil ? .token($0) : .text($0) }
    }

    /// A trie node: the tokens continuing with each next scalar, and whether one ends here.
    private struct Node: Sendable {
        /// The nodes one scalar further.
        var children: [Unicode.Scalar: Node] = [:]
        /// Whether a token ends here (Python's `""` key).
        var isEnd = false

        /// Adds the token whose remaining scalars are `scalars`.
        mutating func insert(_ scalars: ArraySlice<Unicode.Scalar>) {
            guard let first = scalars.first else {
                isEnd = true
                return
            }
            children[first, default: Node()].insert(scalars.dropFirst())
        }
    }

    /// `Trie.split`, line for line: partial matches advance together, and when one completes
    /// the earliest-starting live match is extended as far as any token allows.
    private func cut(_ text: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
        var states: [(start: Int, node: Node)] = []   // an OrderedDict keyed by start
        var offsets = [0]
        var skip = 0
        for (current, scalar) in text.enumerated() {
            if skip > 0 && current < skip { continue }
            var removed = Set<Int>()
            var reset = false
            for index in states.indices {
                var start = states[index].start
                guard states[index].node.isEnd else {
                    if let next = states[index].node.children[scalar] {
                        states[index].node = next
                    } else {
                        removed.insert(start)
                    }
                    continue
                }
                var end = current
                for (lookStart, lookNode) in states {
                    if lookStart > start { break }
                    var pointer = lookNode
                    var lookahead = lookStart < start ? current + 1 : current
                    end = lookahead
                    if pointer.isEnd {
                        start = lookStart
                        end = lookahead
                        skip = lookahead
                    }
                    while lookahead < text.count, let next = pointer.children[text[lookahead]] {
                        pointer = next
                        lookahead += 1
                        if pointer.isEnd {
                            start = lookStart
                            end = lookahead
                            skip = lookahead
                        }
                    }
                }
                offsets += [start, end]
                reset = true
                break
            }
            if reset {
                states = []
            } else {
                states.removeAll { removed.contains($0.start) }
            }
            if current >= skip, let node = trie.children[scalar] {
                states.append((current, node))
            }
        }
        if let last = states.first(where: { $0.node.isEnd }) {
            offsets += [last.start, text.count]
        }
        // cut_text: pieces between successive offsets, skipping empty and backwards ones.
        offsets.append(text.count)
        var pieces: [ArraySlice<Unicode.Scalar>] = []
        var start = 0
        for end in offsets where end > start {
            pieces.append(text[start..<end])
            start = end
        }
        return pieces
    }
}
