#if canImport(Glibc)
import Glibc
import CLinux
#endif

/// Turns chosen signals into a readable file descriptor (signalfd), so they arrive in the event loop
/// instead of interrupting whatever code is running.
final class SignalWatch {
    let fd: Int32
    private var previousMask = sigset_t()

    init(_ signals: [Int32]) throws {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        guard pthread_sigmask(SIG_BLOCK, &mask, &previousMask) == 0 else { throw SystemCallError("block signals") }
        let fd = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else {
            let error = SystemCallError("signalfd")
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            throw error
        }
        self.fd = fd
    }

    /// The next pending signal number, if any.
    func take() -> Int32? {
        var info = signalfd_siginfo()
        let n = withUnsafeMutableBytes(of: &info) { read(fd, $0.baseAddress, $0.count) }
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }

    deinit {
        close(fd)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }
}
