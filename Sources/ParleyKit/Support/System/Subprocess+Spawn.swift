import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Subprocess {
    /// One `posix_spawn`: the pipes it needs, the file actions that place them on the
    /// child's descriptors 0–2, and the attributes that give the child clean signals.
    struct Spawn {
        let input: Stream, output: Stream, error: Stream

        /// The signals parley handles or ignores (Ctrl-C's pipe, SIGPIPE, SIGXFSZ), which a
        /// child must meet with their default action: ignored ones would survive the exec.
        private static let defaultSignals = [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2]

        func run(_ executable: String, arguments: [String], environment: [String: String], workingDirectory: String?,
                 ownProcessGroup: Bool, stage: Stage) throws(SystemCallError) -> Subprocess {
            var opened: [Int32] = []
            defer { opened.forEach(Descriptor.close) }
            // parley's ends, kept when the spawn succeeds; the child's ends, closed either way.
            var parent = Ends(input: -1, output: -1, error: -1)
            var child: [Int32?] = [nil, nil, nil]
            if input == .pipe {
                let ends = try Descriptor.pipe()
                (parent.input, child[0]) = (ends.write, ends.read)
                opened += [ends.read, ends.write]
            }
            for (index, stream) in [(1, output), (2, error)] where stream == .pipe {
                let ends = try Descriptor.pipe()
                if index == 1 { parent.output = ends.read } else { parent.error = ends.read }
                child[index] = ends.write
                opened += [ends.read, ends.write]
            }

            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for (target, stream) in [(Int32(0), input), (1, output), (2, error)] {
                switch stream {
                case .pipe: posix_spawn_file_actions_adddup2(&actions, child[Int(target)]!, target)
                case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
                case .inherit: break
                }
            }
            // Belt and braces beside close-on-exec: a pipe another thread made for another
            // child (Foundation's are not close-on-exec) must not reach this one.
            if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
            if let workingDirectory {
                guard let changeDirectory = Self.changeDirectory else { throw SystemCallError(errno: ENOSYS) }
                _ = changeDirectory(&actions, workingDirectory)
            }

            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
            if ownProcessGroup {
                flags |= POSIX_SPAWN_SETPGROUP
                posix_spawnattr_setpgroup(&attributes, 0)
            }
            posix_spawnattr_setflags(&attributes, Int16(flags))
            var defaults = sigset_t(), empty = sigset_t()
            sigemptyset(&defaults)
            for signal in Self.defaultSignals { sigaddset(&defaults, signal) }
            sigemptyset(&empty)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setsigmask(&attributes, &empty)

            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var pid: pid_t = 0
            // glibc reports a failed exec (no such program) as posix_spawn's own result.
            let status = executable.contains("/")
                ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
                : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
            guard status == 0 else { throw SystemCallError(errno: status) }
            // Writes to the child never block parley's thread for good: `exchange` waits for
            // room with a deadline, `write` waits for room without one.
            if parent.input >= 0 { Descriptor.setNonBlocking(parent.input) }
            opened.removeAll { [parent.input, parent.output, parent.error].contains($0) }
            return Subprocess(processID: pid, executable: executable, ownsProcessGroup: ownProcessGroup, stage: stage,
                              ends: parent)
        }

        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
        /// Glibc module does not declare; nil on a C library without it.
        private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }()

        /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), likewise undeclared.
        private static let changeDirectory: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                                             UnsafePointer<CChar>) -> Int32)? = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                                              UnsafePointer<CChar>) -> Int32).self)
        }()
    }
}
