import Foundation

/// What the words heard so far say about whether the speaker has finished, from the
/// language pack's lists (no Swift per language):
/// - `turn-final-words.txt`: what a finished sentence ends with (Korean -요, -다, -까;
///   English "please", "thanks");
/// - `turn-unfinished-words.txt`: what no sentence ends with (articles, prepositions,
///   conjunctions, possessives; Korean connective endings -고, -서, -는데, -면);
/// - `filled-pauses.txt`: the sounds people make while they think ("um", "este", "음").
///
/// An entry written `-요` is an ending, matched at the end of the last word (Korean glues its
/// endings to the stem); any other entry is a whole word, or several.
public struct TurnCues: Sendable {
    /// What the last words say.
    public enum Reading: Sendable, Equatable {
        /// They end the way a finished sentence does.
        case finished
        /// They cannot end a sentence, or the speaker is hesitating.
        case unfinished
        /// They say neither.
        case unknown
    }

    private let final: Entries
    private let unfinished: Entries
    private let fillers: Entries

    /// Cues from `pack`'s three lists.
    public init(pack: LanguagePack) {
        final = Entries(pack.list("turn-final-words"))
        unfinished = Entries(pack.list("turn-unfinished-words"))
        fillers = Entries(pack.list("filled-pauses"))
    }

    /// True when the pack lists no cue at all: the words then never change the wait.
    public var isEmpty: Bool { final.isEmpty && unfinished.isEmpty && fillers.isEmpty }

    /// What `partial` (the recognizer's words so far) says. A hesitation or a word that
    /// cannot end a sentence wins over a finished form: waiting too long costs a moment,
    /// cutting someone off costs the turn.
    public func reading(of partial: String) -> Reading {
        let words = partial.lowercased().split(whereSeparator: { $0.isWhitespace || $0.isPunctuation && $0 != "'" })
            .map(String.init)
        guard !words.isEmpty else { return .unknown }
        if fillers.matches(words) || unfinished.matches(words) { return .unfinished }
        return final.matches(words) ? .finished : .unknown
    }

    /// One list: whole words and phrases, and endings.
    private struct Entries: Sendable {
        var phrases: [[String]] = []
        var endings: [String] = []

        init(_ list: [String]) {
            for entry in list {
                if entry.hasPrefix("-"), entry.count > 1 {
                    endings.append(String(entry.dropFirst()))
                } else {
                    phrases.append(entry.split(separator: " ").map(String.init))
                }
            }
        }

        var isEmpty: Bool { phrases.isEmpty && endings.isEmpty }

        /// True when `words` end with one of the phrases, or their last word with one of the
        /// endings (and is longer than it: a bare ending is no word).
        func matches(_ words: [String]) -> Bool {
            guard let last = words.last else { return false }
            if endings.contains(where: { last.count > $0.count && last.hasSuffix($0) }) { return true }
            return phrases.contains { !$0.isEmpty && words.count >= $0.count && Array(words.suffix($0.count)) == $0 }
        }
    }
}
