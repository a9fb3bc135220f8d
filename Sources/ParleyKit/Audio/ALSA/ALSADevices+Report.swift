extension ALSADevices {
    /// `parley devices` and the conversation's `:devices`: one or two lines per PCM (whether
    /// each direction opens, and ALSA's description), then how to choose one.
    public static func reportLines() -> [String] {
        var lines: [String] = []
        for pcm in knownPCMs() {
            let states = pcm.directions.map { direction -> String in
                // Plugins such as JACK's print from their own libraries when probed.
                let probe = quietly { self.probe(pcm.name, direction) }
                let label = direction == .capture ? "microphone" : "speaker"
                return probe.opens ? "\(label) opens" : "\(label): \(probe.failure ?? "does not open")"
            }
            lines.append("\(pcm.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(states.joined(separator: "; "))")
            if !pcm.description.isEmpty { lines.append("    \(pcm.description)") }
        }
        lines.append("Choose with --input PCM / --output PCM, or :device in|out PCM in a conversation.")
        return lines
    }
}
