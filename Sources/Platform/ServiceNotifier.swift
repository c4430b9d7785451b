#if canImport(Glibc)
import Glibc
#endif

/// Tells systemd how the service is doing (`Type=notify`): READY=1 once the first frame is on the glass,
/// WATCHDOG=1 at half the watchdog interval, STOPPING=1 on the way out. A datagram to `$NOTIFY_SOCKET`, the
/// protocol sd_notify(3) documents; no libsystemd needed. Without the variable (not under systemd) it does nothing.
public final class ServiceNotifier {
    private let socketPath: String?
    /// How often to send WATCHDOG=1, from `$WATCHDOG_USEC` (half of it), or nil when no watchdog is set.
    public let watchdogInterval: Double?

    public init(environment: [String: String]) {
        let path = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        socketPath = path
        if path != nil, let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0 {
            watchdogInterval = usec / 2 / 1_000_000
        } else {
            watchdogInterval = nil
        }
    }

    public var isActive: Bool { socketPath != nil }

    public func ready() { send("READY=1") }
    public func watchdog() { send("WATCHDOG=1") }
    public func stopping() { send("STOPPING=1") }
    public func status(_ text: String) { send("STATUS=\(text)") }

    /// Sends one state line; failures are ignored, as sd_notify's are: the kiosk must not stop over them.
    public func send(_ state: String) {
        guard var path = socketPath else { return }
        // A leading '@' names an abstract socket: a NUL byte in the kernel's terms.
        let abstract = path.hasPrefix("@")
        if abstract { path.removeFirst() }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let offset = abstract ? 1 : 0
        guard bytes.count + offset < capacity else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i + offset] = b }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + offset + bytes.count + (abstract ? 0 : 1))
        let message = Array(state.utf8)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                message.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), sa, length) }
            }
        }
    }
}
