import ParleyKit

/// `parley devices` and the prompt's `:devices`: ALSA's PCMs and whether each opens.
struct DevicesCommand {
    let output: TerminalOutput

    func run() {
        Self.lines().forEach { output.line($0) }
    }

    /// One or two lines per PCM, and how to choose one.
    static func lines() -> [String] {
        var lines: [String] = []
        let pcms = ALSADevices.knownPCMs()
        for pcm in pcms {
            let states = pcm.directions.map { direction -> String in
                // Plugins such as JACK's print from their own libraries when probed.
                let probe = ALSADevices.quietly { ALSADevices.probe(pcm.name, direction) }
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
