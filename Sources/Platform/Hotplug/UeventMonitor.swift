#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// The kernel's device events (uevents) as they happen: a NETLINK_KOBJECT_UEVENT socket on the kernel's
/// multicast group, so a display plugged in wakes the kiosk's poll instead of the kiosk looking every few
/// seconds. The fd belongs in the event loop; when it is readable, `read()` drains it without blocking.
public final class UeventMonitor {
    public let fd: Int32
    /// Whether messages must come from the kernel (netlink port 0). Off only for a test's socketpair.
    private let kernelOnly: Bool

    /// The kernel's multicast group for uevents (udevd re-broadcasts on group 2, which we do not join).
    static let kernelGroup: UInt32 = 1

    public init() throws {
        let fd = socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
                        | Int32(SOCK_NONBLOCK.rawValue), NETLINK_KOBJECT_UEVENT)
        guard fd >= 0 else { throw SystemCallError("open a uevent socket (netlink)") }
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_pid = 0  // the kernel picks our port
        address.nl_groups = Self.kernelGroup
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size)) }
        }
        guard bound == 0 else {
            let error = SystemCallError("join the kernel's uevent group (netlink bind)")
            close(fd)
            throw error
        }
        self.fd = fd
        kernelOnly = true
    }

    /// Reads messages from `fd` (a datagram socket the caller made, e.g. one end of a socketpair) with the
    /// same parsing: what tests script. The monitor owns and closes it.
    public init(scriptedSocket fd: Int32) {
        self.fd = fd
        kernelOnly = false
    }

    deinit { close(fd) }

    /// What arrived since the last read: the uevents, and whether the kernel dropped some because we read too
    /// slowly (ENOBUFS), in which case any state they might have changed must be looked at again.
    public struct Batch: Sendable {
        public var events: [Uevent] = []
        public var missedSome = false
    }

    public func read() -> Batch {
        var batch = Batch()
        // One byte more than the largest message we take, so a longer one shows as too long, not as cut.
        var buffer = [UInt8](repeating: 0, count: Uevent.largestMessage + 1)
        while true {
            var sender = sockaddr_nl()
            var senderLength = socklen_t(MemoryLayout<sockaddr_nl>.size)
            let n = buffer.withUnsafeMutableBytes { raw in
                withUnsafeMutablePointer(to: &sender) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        recvfrom(fd, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT), $0, &senderLength)
                    }
                }
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == ENOBUFS { batch.missedSome = true; continue }
                return batch  // EAGAIN: drained (anything else: nothing more to read now either)
            }
            if n == 0 {
                // A datagram socket's zero-length message; a closed socketpair reads 0 forever, so stop.
                return batch
            }
            // Only the kernel may speak on group 1; a message from a process port is not a uevent.
            if kernelOnly && (sender.nl_family != sa_family_t(AF_NETLINK) || sender.nl_pid != 0) { continue }
            guard n <= Uevent.largestMessage, let event = Uevent(parsing: buffer[0..<n]) else { continue }
            batch.events.append(event)
        }
    }
}
