import Foundation
import ParleyKit
import Synchronization

/// Runs a conversation engine on a thread of its own, so the terminal's thread stays free
/// to show events as they happen and to pass on Enter and Ctrl-C while the engine works.
/// Jobs run one at a time, in order; the engine never leaves its thread, only its events do.
final class EngineThread: Sendable {
    /// Stops the engine's work from the terminal's thread.
    let control: EngineControl
    /// Events and finished jobs waiting for the terminal's thread.
    let mailbox: Mailbox
    private let jobs: JobQueue

    /// Makes the engine on the new thread with `make`, which receives the function that
    /// delivers its events to `mailbox`.
    init(make: @escaping @Sendable (@escaping (ConversationEvent) -> Void) -> ConversationEngine) throws {
        let mailbox = try Mailbox()
        let jobs = JobQueue()
        let made = Mutex<EngineControl?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread {
            let engine = make { mailbox.post(.event($0)) }
            made.withLock { $0 = engine.control }
            ready.signal()
            while true {
                let job = jobs.next()
                job(engine)
                mailbox.post(.finished)
            }
        }
        thread.name = "parley.engine"
        thread.start()
        ready.wait()
        control = made.withLock { $0 }!
        self.mailbox = mailbox
        self.jobs = jobs
    }

    /// Queues `job` for the engine; `mailbox` reports `.finished` when it is done.
    func submit(_ job: @escaping @Sendable (ConversationEngine) -> Void) {
        jobs.add(job)
    }
}

/// The jobs waiting for the engine thread.
private final class JobQueue: Sendable {
    private let waiting = Mutex<[@Sendable (ConversationEngine) -> Void]>([])
    private let available = DispatchSemaphore(value: 0)

    func add(_ job: @escaping @Sendable (ConversationEngine) -> Void) {
        waiting.withLock { $0.append(job) }
        available.signal()
    }

    /// The next job, waiting for one.
    func next() -> @Sendable (ConversationEngine) -> Void {
        available.wait()
        return waiting.withLock { $0.removeFirst() }
    }
}

/// Messages from the engine thread to the terminal's thread, with a pipe that is readable
/// while any wait, so the terminal's loop can poll it next to the keyboard.
final class Mailbox: Sendable {
    /// What the engine thread sends back.
    enum Message: Sendable {
        case event(ConversationEvent)
        case finished
    }

    private let messages = Mutex<[Message]>([])
    /// The end to poll; readable while messages wait.
    let descriptor: Int32
    private let wakeWrite: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ParleyError(.conversation, .engineFailed, "Cannot create the engine's event pipe.", cause: .system(errno: errno))
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (descriptor, wakeWrite) = (ends[0], ends[1])
    }

    deinit {
        close(descriptor)
        close(wakeWrite)
    }

    func post(_ message: Message) {
        messages.withLock { $0.append(message) }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Every waiting message, in order.
    func take() -> [Message] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        return messages.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }
}
