import Foundation

// parley's benchmarks. Run in release mode: scripts/bench [translation|neural-translation|synthesis|voice|audio|handoff|endpoint [rounds]|soak [turns]|spoken-language|interpret [minutes] [runs]|all]
let checkout = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let which = CommandLine.arguments.dropFirst().first ?? "all"
let known = ["translation", "neural-translation", "synthesis", "voice", "audio", "handoff", "endpoint", "soak", "spoken-language",
             "interpret"]
// One configuration of the voice benchmark, run by it in a process of its own.
if which == "voice-worker" {
    do { try VoiceBenchmark.worker(Array(CommandLine.arguments.dropFirst(2)), checkout: checkout) } catch {
        print("\(error)")
        exit(1)
    }
    exit(0)
}
// One file run of the interpretation benchmark, in a process of its own (for its peak memory).
if which == "interpret-worker" {
    do { try InterpretBenchmark.worker(Array(CommandLine.arguments.dropFirst(2))) } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
guard which == "all" || known.contains(which) else {
    FileHandle.standardError.write(Data("parley-bench: unknown benchmark '\(which)'. Choose: \(known.joined(separator: ", ")), all\n".utf8))
    exit(2)
}
do {
    if which == "all" || which == "translation" { try TranslationBenchmark.run(checkout: checkout) }
    if which == "all" || which == "neural-translation" { try NeuralTranslationBenchmark.run() }
    if which == "all" || which == "synthesis" { try SynthesisBenchmark.run() }
    if which == "all" || which == "voice" { try VoiceBenchmark.run(checkout: checkout) }
    if which == "all" || which == "audio" { try AudioBenchmark.run(checkout: checkout) }
    if which == "all" || which == "handoff" {
        try ApertiumTurnBenchmark.run()
        try HandoffBenchmark.run(checkout: checkout)
    }
    if which == "all" || which == "endpoint" {
        let rounds = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 2
        try EndpointBenchmark.run(checkout: checkout, rounds: rounds)
    }
    if which == "all" || which == "spoken-language" { try SpokenLanguageBenchmark.run(checkout: checkout) }
    if which == "interpret" {
        let minutes = CommandLine.arguments.dropFirst(2).first.flatMap { Double($0) } ?? 10
        let runs = CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } ?? 2
        guard (0.5...120).contains(minutes), (1...20).contains(runs) else {
            FileHandle.standardError.write(Data("parley-bench: interpret takes minutes (0.5 to 120) and runs (1 to 20).\n".utf8))
            exit(2)
        }
        try InterpretBenchmark.run(checkout: checkout, minutes: minutes, runs: runs)
    }
    if which == "soak" {
        let turns = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 20_000
        try SoakBenchmark.run(checkout: checkout, turns: turns, block: max(1, turns / 10))
    }
} catch {
    FileHandle.standardError.write(Data("parley-bench: \(error)\n".utf8))
    exit(1)
}
