#if canImport(Glibc)
import Glibc
#endif

/// The IPv4 addresses the machine's links have now (getifaddrs): where a joined Wi-Fi network's DHCP lease shows,
/// and whether the panel is on any network at all before it offers to set up Wi-Fi.
public enum NetworkAddresses {
    /// Each link's IPv4 addresses, loopback left out, dotted.
    public static func ipv4() -> [(interface: String, address: String)] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var found: [(String, String)] = []
        var next = first
        while let entry = next {
            next = entry.pointee.ifa_next
            guard let socketAddress = entry.pointee.ifa_addr, socketAddress.pointee.sa_family == sa_family_t(AF_INET),
                  entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0 else { continue }
            let address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            // s_addr is in network order: its first byte in memory is the address's first part.
            let bytes = withUnsafeBytes(of: address) { Array($0) }
            found.append((String(cString: entry.pointee.ifa_name), bytes.map(String.init).joined(separator: ".")))
        }
        return found
    }

    /// The first IPv4 address of `interface`, nil when it has none (yet).
    public static func ipv4(of interface: String) -> String? {
        ipv4().first { $0.interface == interface }?.address
    }
}
