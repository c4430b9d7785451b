#if canImport(Glibc)
import Glibc
#endif
import Wireless

/// Whether a request came over the panel's own Wi-Fi hotspot, the network a phone joins to set up a panel with no
/// network yet. Only someone who read the passphrase on the panel is on it, so there the page pairs without a code
/// and sends every other name to itself (how phones find a captive portal). Decided from the connection's
/// addresses, which the kernel gives, never from a header a client writes: the socket's own address is the
/// hotspot's, its client is on the hotspot's /24, and the kiosk says the hotspot is up (or a phone's join is
/// being tried, while the phone still holds the page).
public enum AdminHotspot {
    /// The socket's own address and its peer's are the hotspot's: 10.42.0.1 and 10.42.0.0/24. Each as text,
    /// IPv4 or IPv4-mapped IPv6 (`::ffff:10.42.0.1`, what a dual-stack socket from systemd reports).
    public static func isHotspotLink(local: String, client: String) -> Bool {
        guard let local = ipv4(local), let client = ipv4(client), let own = ipv4(Hotspot.address) else { return false }
        return local == own && client[0..<3] == own[0..<3]
    }

    /// The kiosk's `wifi.state` says the hotspot is up, or that it is trying the network a phone gave.
    public static func isUp(_ status: WiFiStatus?) -> Bool {
        guard let status, status.radio else { return false }
        return status.step == .hotspot || status.step == .joining
    }

    /// The four bytes of an IPv4 address, written plainly or mapped into IPv6; nil for anything else.
    static func ipv4(_ text: String) -> [UInt8]? {
        var four = [UInt8](repeating: 0, count: 4)
        if inet_pton(AF_INET, text, &four) == 1 { return four }
        var sixteen = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, text, &sixteen) == 1,
              sixteen[0..<10].allSatisfy({ $0 == 0 }), sixteen[10] == 0xFF, sixteen[11] == 0xFF else { return nil }
        return Array(sixteen[12..<16])
    }

    /// A connection's own and peer addresses as text, from its socket; nil when the kernel gives none (a closed
    /// socket) or a family other than IP.
    public static func addresses(socket fd: Int32) -> (local: String, client: String)? {
        guard fd >= 0, let local = address(fd, getsockname), let client = address(fd, getpeername) else { return nil }
        return (local, client)
    }

    private static func address(_ fd: Int32,
                                _ call: (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?) -> Int32) -> String? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call(fd, $0, &length) }
        }
        guard got == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written: UnsafePointer<CChar>?
        switch Int32(storage.ss_family) {
        case AF_INET:
            var address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self) }.sin_addr
            written = inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
        case AF_INET6:
            var address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in6.self) }.sin6_addr
            written = inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
        default:
            return nil
        }
        guard written != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
