import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One running Apertium pipeline: a shell and its stages, started with `posix_spawn` in a
/// process group of their own (the shell's pid is the group's id), so one `kill(-group)`
/// stops every stage. Owned by one `ApertiumPipeline`'s serial queue; `kill` alone may be
/// called from another thread.
struct ApertiumProcess: Sendable {
    /// Why an exchange ended without a reply.
    enum Failure: Error {
        case timedOut, cancelled, closed(errno: Int32?)
    }

    /// The shell's pid, which is also the process group of every stage.
    let group: pid_t
    private let input: Int32
    private let output: Int32

    /// Runs `/bin/bash -c script apertium ARGS…` with stdin/stdout on pipes, stderr on /dev/null.
    static func start(script: String, arguments: [String]) throws(Failure) -> ApertiumProcess {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { throw .closed(errno: errno) }
        guard pipe(&fromChild) == 0 else {
            let code = errno
            close(toChild[0]); close(toChild[1])
            throw .closed(errno: code)
        }
        defer { close(toChild[0]); close(fromChild[1]) }
        // Glibc's pipe2 is not visible to Swift: mark the ends close-on-exec right away, so
        // other children parley starts do not hold the pipeline's pipes open.
        for end in toChild + fromChild { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else goes to the stages: a pipe another thread has just made for another
        // child (Foundation's are not close-on-exec) would stay open as long as this long-lived
        // process lives, and that child's reader would never see the end of its output.
        if let closeFrom = closeFrom { _ = closeFrom(&actions, 3) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new process group (so Ctrl-C at the terminal does not reach the stages and one
        // kill reaches them all), default signal handling and no blocked signals.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGXFSZ] { sigaddset(&defaults, signal) }
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)

        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        let argv = (["/bin/bash", "-c", script, "apertium"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/bash", &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw .closed(errno: status)
        }
        _ = fcntl(toChild[1], F_SETFL, fcntl(toChild[1], F_GETFL) | O_NONBLOCK)
        return ApertiumProcess(group: pid, input: toChild[1], output: fromChild[0])
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
    /// Glibc module does not declare; nil on a C library without it.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// True while the shell has not exited.
    var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(group, &status, WNOHANG) == 0
    }

    /// Kills every stage at once. Safe from any thread; `stop` still has to reap.
    func kill() {
        _ = Glibc.kill(-group, SIGKILL)
    }

    /// Kills the stages, closes the pipes and reaps the shell.
    func stop() {
        kill()
        close(input)
        close(output)
        var status: Int32 = 0
        while waitpid(group, &status, 0) < 0, errno == EINTR {}
    }

    /// `write` with SIGPIPE blocked on this thread, so a pipeline that has exited makes the
    /// write fail with EPIPE instead of killing parley; a SIGPIPE it raised is taken before
    /// the thread's mask is restored.
    static func writeWithoutSIGPIPE(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let written = write(fd, bytes, count)
        let failure = errno
        if written < 0, failure == EPIPE {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = failure
        return written
    }

    /// Writes `request` while reading the reply up to its closing NUL, so neither side can
    /// block the other on a full pipe. Gives up at `deadline` or when `cancelled()` says so
    /// (checked every 50 ms).
    func exchange(_ request: [UInt8], deadline: ContinuousClock.Instant,
                  cancelled: () -> Bool) throws(Failure) -> [UInt8] {
        var written = 0
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            if cancelled() { throw .cancelled }
            let left = deadline - .now
            guard left > .zero else { throw .timedOut }
            let milliseconds = Int32(min(50, max(1, left.components.seconds * 1000
                + left.components.attoseconds / 1_000_000_000_000_000)))
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: written < request.count ? input : -1, events: Int16(POLLOUT), revents: 0)]
            let ready = poll(&fds, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .closed(errno: errno)
            }
            if fds[1].revents != 0 {
                let count = request.withUnsafeBytes { bytes in
                    Self.writeWithoutSIGPIPE(input, bytes.baseAddress! + written, bytes.count - written)
                }
                if count < 0, errno != EAGAIN, errno != EINTR { throw .closed(errno: errno) }
                if count > 0 { written += count }
            }
            if fds[0].revents != 0 {
                let count = read(output, &buffer, buffer.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { throw .closed(errno: count < 0 ? errno : nil) }
                reply += buffer[0..<count]
                if reply.last == 0 { return reply.dropLast() }
            }
        }
    }
}
