import Foundation

// parley's benchmarks. Run in release mode: scripts/bench [translation]
let checkout = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let which = CommandLine.arguments.dropFirst().first ?? "all"
let known = ["translation", "synthesis", "audio", "handoff"]
guard which == "all" || known.contains(which) else {
    FileHandle.standardError.write(Data("parley-bench: unknown benchmark '\(which)'. Choose: \(known.joined(separator: ", ")), all\n".utf8))
    exit(2)
}
do {
    if which == "all" || which == "translation" { try TranslationBenchmark.run(checkout: checkout) }
    if which == "all" || which == "synthesis" { try SynthesisBenchmark.run() }
    if which == "all" || which == "audio" { try AudioBenchmark.run(checkout: checkout) }
    if which == "all" || which == "handoff" { try HandoffBenchmark.run(checkout: checkout) }
} catch {
    FileHandle.standardError.write(Data("parley-bench: \(error)\n".utf8))
    exit(1)
}
