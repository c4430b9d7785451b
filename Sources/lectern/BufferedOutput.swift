#if canImport(Glibc)
import Glibc
#endif

/// Standard output for commands that print many lines (a replay prints one per frame): collected and written
/// in large blocks rather than a system call per line.
final class BufferedOutput {
    private var buffer: [UInt8] = []
    private let threshold = 1 << 16

    init() { buffer.reserveCapacity(threshold * 2) }

    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= threshold { flush() }
    }

    func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                break
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
