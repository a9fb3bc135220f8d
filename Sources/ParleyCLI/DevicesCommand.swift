import ParleyKit

/// `parley devices`: ALSA's PCMs and whether each opens (the conversation's `:devices` shows
/// the same lines, through the `Interpreter`).
struct DevicesCommand {
    let output: TerminalOutput

    func run() {
        ALSADevices.reportLines().forEach { output.line($0) }
    }
}
