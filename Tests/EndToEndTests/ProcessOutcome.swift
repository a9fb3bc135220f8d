import Foundation

/// How a child process ended: its exit status and everything it wrote.
struct ProcessOutcome {
    let status: Int32
    let stdout: String
    let stderr: String
}

extension Process {
    /// Runs the process (configured but for its output) with `input` on its standard input,
    /// or none, and returns how it ended. Both pipes are read to the end before waiting,
    /// standard error on a thread of its own, so a full pipe cannot stall the child.
    func runCapturingOutput(input: String? = nil) throws -> ProcessOutcome {
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        standardInput = input == nil ? FileHandle.nullDevice : stdin
        standardOutput = stdout
        standardError = stderr
        try run()
        if let input {
            stdin.fileHandleForWriting.writeToChild(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let errors = Mutexed<Data>()
        let errorsRead = DispatchSemaphore(value: 0)
        let reader = Thread {
            errors.set(stderr.fileHandleForReading.readDataToEndOfFile())
            errorsRead.signal()
        }
        reader.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        waitUntilExit()
        errorsRead.wait()
        return ProcessOutcome(status: terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                              stderr: String(decoding: errors.value ?? Data(), as: UTF8.self))
    }
}

/// A value set once by another thread.
final class Mutexed<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value? { lock.withLock { stored } }
}
