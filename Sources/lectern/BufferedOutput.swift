import CommandLineSupport

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
        // Output nobody reads any more (a closed pipe) is dropped, as print's would be.
        try? FileDescriptor.standardOutput.writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
