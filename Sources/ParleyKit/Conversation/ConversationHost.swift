import Foundation
import Synchronization

/// Runs a conversation engine on a thread of its own (`parley.engine`) for a front end: the
/// front end's thread stays free to show events as they happen and to pass on Enter and
/// Ctrl-C while the engine works. Jobs run one at a time, in order; the engine never leaves
/// its thread, only its events do. `shutdown()` ends the thread and releases the engine (and
/// with it the audio devices).
///
/// One front-end thread calls `perform`; `control` may be used from any thread. Front ends
/// use it through the `Interpreter`, which carries out the conversation's commands on it.
public final class ConversationHost: Sendable {
    /// Stops the engine's work and reads where the conversation stands, from any thread.
    public let control: EngineControl
    private let mailbox: EventMailbox
    private let jobs = JobQueue()
    private let ended = DispatchSemaphore(value: 0)
    private let isShutDown = Mutex(false)

    /// Makes the engine on the new thread with `make`, which receives the function that
    /// delivers its events to the front end.
    public init(make: @escaping @Sendable (@escaping @Sendable (ConversationEvent) -> Void) -> ConversationEngine) throws {
        let mailbox = try EventMailbox()
        let (jobs, ended) = (self.jobs, self.ended)
        let made = Mutex<EngineControl?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                let engine = make { mailbox.post(.event($0)) }
                made.withLock { $0 = engine.control }
                ready.signal()
                while let job = jobs.next() {
                    job(engine)
                    mailbox.post(.finished)
                }
                engine.close()
            }
            // The engine is released here, on its own thread, before shutdown returns.
            ended.signal()
        }
        thread.name = "parley.engine"
        thread.start()
        ready.wait()
        control = made.withLock { $0 }!
        self.mailbox = mailbox
    }

    /// Delivers `event` to the front end as if the engine had reported it: for conditions met
    /// outside the engine's thread (a voice that cannot be used, found while the synthesizer
    /// is made in the background).
    public func post(_ event: ConversationEvent) {
        mailbox.post(.event(event))
    }

    /// Runs `job` on the engine and waits for it, handing each event to `render` on the
    /// calling thread as it comes; returns the job's result. Meanwhile `watching` descriptors
    /// are polled too: when one is readable `whenReadable` is called with it and answers
    /// whether to go on watching it (Ctrl-C's pipe, the keyboard's Enter).
    @discardableResult
    public func perform<Result: Sendable>(_ job: @escaping @Sendable (ConversationEngine) -> Result,
                                          watching: [Int32] = [], whenReadable: (Int32) -> Bool = { _ in true },
                                          render: (ConversationEvent) -> Void) -> Result {
        precondition(!isShutDown.withLock { $0 }, "perform after the conversation host was shut down")
        let result = ResultBox<Result>()
        jobs.add { result.set(job($0)) }
        var watched = watching.filter { $0 >= 0 }
        var finished = false
        while !finished {
            // A failed wait (it cannot fail on valid descriptors) only costs a turn of the loop.
            let ready = (try? Descriptor.wait(for: ([mailbox.descriptor] + watched).map { ($0, .readable) }, milliseconds: -1)) ?? []
            for message in mailbox.take() {
                switch message {
                case .event(let event): render(event)
                case .finished: finished = true
                }
            }
            watched.removeAll { ready.contains($0) && !whenReadable($0) }
        }
        return result.value!
    }

    /// Events that arrived while no job ran (from `post`), handed to `render` in order.
    public func drainEvents(render: (ConversationEvent) -> Void) {
        for case .event(let event) in mailbox.take() { render(event) }
    }

    /// Ends the conversation: the jobs queued before this one run, the engine closes its
    /// devices, and the thread ends; returns once it has. Safe to call more than once.
    public func shutdown() {
        let wasShutDown = isShutDown.withLock { shutDown in
            defer { shutDown = true }
            return shutDown
        }
        guard !wasShutDown else { return }
        jobs.end()
        ended.wait()
    }
}

/// The jobs waiting for the engine thread; `end()` makes `next()` return nil once the jobs
/// before it have been taken.
private final class JobQueue: Sendable {
    typealias Job = @Sendable (ConversationEngine) -> Void
    private let waiting = Mutex<[Job?]>([])
    private let available = DispatchSemaphore(value: 0)

    func add(_ job: @escaping Job) {
        waiting.withLock { $0.append(job) }
        available.signal()
    }

    func end() {
        waiting.withLock { $0.append(nil) }
        available.signal()
    }

    /// The next job, waiting for one; nil once the queue has ended.
    func next() -> Job? {
        available.wait()
        return waiting.withLock { $0.removeFirst() }
    }
}

/// What the engine thread hands back: events, and the end of each job. The front end polls
/// `descriptor`, which is readable while messages wait.
private final class EventMailbox: Sendable {
    enum Message: Sendable {
        case event(ConversationEvent)
        case finished
    }

    private let messages = Mutex<[Message]>([])
    private let wakeUp: WakePipe
    /// Readable while messages wait.
    var descriptor: Int32 { wakeUp.descriptor }

    init() throws {
        do {
            wakeUp = try WakePipe()
        } catch {
            throw ParleyError(.conversation, .engineFailed, "Cannot create the engine's event pipe.", cause: error.cause)
        }
    }

    func post(_ message: Message) {
        messages.withLock { $0.append(message) }
        wakeUp.wake()
    }

    /// Every waiting message, in order.
    func take() -> [Message] {
        wakeUp.drain()
        return messages.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }
}

/// A value handed from the engine thread back to the front end's thread.
private final class ResultBox<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)
    func set(_ value: Value) { stored.withLock { $0 = value } }
    var value: Value? { stored.withLock { $0 } }
}
