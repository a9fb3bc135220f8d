import Foundation
import Synchronization

/// The one front door of a conversation: it takes commands (`ConversationCommand`: a turn,
/// listening, or one of the `:` commands) and gives events (`ConversationEvent`: what the
/// engine reports, and each command's replies). The readline prompt, `--json` and any other
/// front end are renderers over it; none of them carries out a command itself.
///
/// It owns the `ConversationHost`, so the engine runs on its own thread; each command runs
/// there as one job, its replies posted after what the engine reported, in order. Two
/// shapes, one per interpreter (the host serves one front-end thread at a time):
/// - `perform(_:watching:whenReadable:render:)`, for front ends that poll their own input
///   (the keyboard, Ctrl-C's pipe) while the engine works, on the calling thread;
/// - `send(_:)` and `events`, for async front ends: commands run on a serial queue of the
///   interpreter's, their events arrive on the stream.
public final class Interpreter: Sendable {
    /// Stops the engine's work (`interrupt`, `finishNow`) and reads where the conversation
    /// stands (`snapshot`), from any thread.
    public var control: EngineControl { host.control }
    /// How bare languages in commands resolve (`:pair en ko`): the config's `[locales]`.
    public let preferences: PreferredLocales
    /// Every event of the commands given through `send` and `start(audio:) async`, in order;
    /// it finishes at `shutdown()`. One consumer reads it.
    public let events: AsyncStream<ConversationEvent>
    private let host: ConversationHost
    private let continuation: AsyncStream<ConversationEvent>.Continuation
    /// Where the async shape runs its commands: one at a time, never on the Swift
    /// concurrency pool (a command blocks while the engine listens or speaks).
    private let queue = DispatchQueue(label: "parley.interpreter")
    private let isShutDown = Mutex(false)

    /// An interpreter over `host`'s engine; bare languages in commands resolve through `preferences`.
    public init(host: ConversationHost, preferences: PreferredLocales = .standard) {
        self.host = host
        self.preferences = preferences
        (events, continuation) = AsyncStream.makeStream(of: ConversationEvent.self)
    }

    /// A conversation over the real stages, as `settings` ask (see
    /// `ConversationHost.init(settings:paths:preferences:)`).
    public convenience init(settings: ConversationSettings, paths: DataPaths, preferences: PreferredLocales) throws {
        self.init(host: try ConversationHost(settings: settings, paths: paths, preferences: preferences), preferences: preferences)
    }

    /// Where the conversation stands (sides, turns, modes).
    public var snapshot: ConversationSnapshot { control.snapshot }

    // MARK: Poll-based front ends

    /// Starts the conversation: models and translators get ready, `endpoints` open (nil: no
    /// audio, typed turns only). Events are handed to `render` as in `perform`.
    public func start(audio endpoints: AudioEndpoints?, watching: [Int32] = [],
                      whenReadable: (Int32) -> Bool = { _ in true }, render: (ConversationEvent) -> Void) {
        host.perform({ $0.start(audio: endpoints) }, watching: watching, whenReadable: whenReadable, render: render)
    }

    /// Carries out `command` on the engine and waits for it, handing each event (the
    /// engine's, then the command's replies) to `render` on the calling thread as it comes.
    /// Meanwhile `watching` descriptors are polled: when one is readable `whenReadable` is
    /// called with it and answers whether to go on watching it (Ctrl-C's pipe, the
    /// keyboard's Enter). Returns false when the conversation should end (`:quit`).
    @discardableResult
    public func perform(_ command: ConversationCommand, watching: [Int32] = [],
                        whenReadable: (Int32) -> Bool = { _ in true }, render: (ConversationEvent) -> Void) -> Bool {
        guard command != .quit else { return false }
        let (host, preferences) = (self.host, self.preferences)
        host.perform({ engine in
            CommandExecution(engine: engine, preferences: preferences, post: host.post).carryOut(command)
        }, watching: watching, whenReadable: whenReadable, render: render)
        return true
    }

    /// Reads `line` as the prompt does (an empty line listens, `:` starts a command, any
    /// other line is a typed turn) and performs it; a line that cannot be read as a command
    /// is rendered as a `.hint` saying how to write it. Returns false when the conversation
    /// should end.
    @discardableResult
    public func handle(line: String, watching: [Int32] = [],
                       whenReadable: (Int32) -> Bool = { _ in true }, render: (ConversationEvent) -> Void) -> Bool {
        switch ConversationCommand.parse(line, state: snapshot) {
        case .success(let command): return perform(command, watching: watching, whenReadable: whenReadable, render: render)
        case .failure(let mistake):
            render(.hint(mistake.hint))
            return true
        }
    }

    /// Events that arrived while no command ran (conditions met in the background, such as a
    /// voice that cannot be used), handed to `render` in order.
    public func drainEvents(render: (ConversationEvent) -> Void) {
        host.drainEvents(render: render)
    }

    // MARK: Async front ends

    /// Starts the conversation (see `start(audio:watching:whenReadable:render:)`); its
    /// events arrive on `events`.
    public func start(audio endpoints: AudioEndpoints?) async {
        _ = await onQueue { interpreter in interpreter.start(audio: endpoints, render: interpreter.yield) }
    }

    /// Carries out `command`; its events arrive on `events`, in order, before this returns.
    /// Returns false when the conversation should end (`:quit`), or has ended (`shutdown`).
    public func send(_ command: ConversationCommand) async -> Bool {
        await onQueue { $0.perform(command, render: $0.yield) } ?? false
    }

    /// Reads and carries out `line` as `handle(line:)` does; its events arrive on `events`.
    public func send(line: String) async -> Bool {
        await onQueue { $0.handle(line: line, render: $0.yield) } ?? false
    }

    /// Runs `body` on the interpreter's queue, unless the conversation has ended (nil then).
    private func onQueue<Value: Sendable>(_ body: @escaping @Sendable (Interpreter) -> Value) async -> Value? {
        await withCheckedContinuation { done in
            queue.async { [self] in
                // Background conditions waiting since the last command come first.
                done.resume(returning: isShutDown.withLock { $0 } ? nil : {
                    drainEvents(render: yield)
                    return body(self)
                }())
            }
        }
    }

    private func yield(_ event: ConversationEvent) {
        continuation.yield(event)
    }

    // MARK: Ending

    /// Ends the conversation: a command in progress finishes first (interrupt it through
    /// `control` not to wait), then the engine closes its devices and its thread ends, and
    /// `events` finishes. Safe to call more than once.
    public func shutdown() {
        queue.sync {
            isShutDown.withLock { $0 = true }
            host.shutdown()
        }
        continuation.finish()
    }
}
