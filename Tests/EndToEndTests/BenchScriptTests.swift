import Foundation
import Testing

/// The benchmark scripts' Vosk Python binding: made in the download cache, with the wheel
/// fetched when setup's cache has none (libvosk installed some other way).
@Suite("scripts/bench-common.sh")
struct BenchScriptTests {
    @Test func theVoskWheelIsFetchedWhenTheCacheHasNone() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let stubs = root.appendingPathComponent("bin"), log = root.appendingPathComponent("log")
        try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
        // python3 stands in for pip download (it leaves a wheel) and venv (a venv whose pip
        // refuses an empty requirement, as pip does, and whose python has vosk once pip ran).
        let python = """
            #!/bin/sh
            echo "python3 $*" >> \(log.path)
            if [ "$1 $2 $3" = "-m pip download" ]; then
              while [ $# -gt 0 ]; do [ "$1" = "--dest" ] && dest=$2; shift; done
              touch "$dest/vosk-0.3.45-py3-none-linux_x86_64.whl"; exit 0
            fi
            if [ "$1 $2" = "-m venv" ]; then
              mkdir -p "$3/bin"
              printf '#!/bin/sh\\necho "pip $*" >> \(log.path)\\nfor a; do [ -z "$a" ] && { echo "Invalid requirement: '"''"'" >&2; exit 1; }; done\\ntouch "%s/installed"\\n' "$3" > "$3/bin/pip"
              printf '#!/bin/sh\\n[ -f "%s/installed" ]\\n' "$3" > "$3/bin/python"
              chmod +x "$3/bin/pip" "$3/bin/python"; exit 0
            fi
            exit 1
            """
        try python.write(to: stubs.appendingPathComponent("python3"), atomically: true, encoding: .utf8)
        chmod(stubs.appendingPathComponent("python3").path, 0o755)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "set -euo pipefail; source scripts/bench-common.sh; python=$(vosk_python); echo \"$python\""]
        process.currentDirectoryURL = ParleyProcess.checkout
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = stubs.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let calls = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "stderr: \(stderr)\ncalls: \(calls)")
        #expect(printed.hasSuffix("parley/bench-venv/bin/python\n"), "\(printed)")
        #expect(calls.contains("-m pip download") && calls.contains("vosk==0.3.45"), "\(calls)")
        #expect(calls.contains("pip install --quiet \(root.path)/cache/parley/wheels/vosk-0.3.45-py3-none-linux_x86_64.whl"), "\(calls)")
    }
}
