import Foundation

extension FileHandle {
    /// Writes `data` to a child's input and says whether all of it went in. A child that has
    /// already exited makes the write fail (false) instead of killing the whole test process
    /// with SIGPIPE, which would end every test running beside it and lose their results;
    /// what the child did is then for the test's own expectations to judge.
    ///
    /// SIGPIPE is blocked on this thread only for the write (a process-wide SIG_IGN would be
    /// inherited by every program the tests start), and one the write raised is taken back.
    @discardableResult
    func writeToChild(_ data: Data) -> Bool {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return data.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let count = Glibc.write(fileDescriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
    }
}
