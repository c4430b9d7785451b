#if canImport(Glibc)
import Glibc
#endif

/// The address a phone on the home network reaches the panel at, for the pairing URL: the first IPv4 address of
/// an interface that is up (not loopback), else the first global IPv6 one in brackets, else the host's `.local`
/// name (mDNS), else `localhost`. `LECTERN_ADMIN_ADDRESS` gives one outright (a port, a test's loopback).
public enum PanelAddress {
    public static func current(environment: [String: String]) -> String {
        if let given = environment["LECTERN_ADMIN_ADDRESS"], !given.isEmpty { return given }
        return interfaceAddresses().first ?? localName() ?? "localhost"
    }

    /// The pairing URL for `code`: the code in the fragment, which a browser never sends, so no log or Referer
    /// header ever holds it.
    public static func pairingURL(address: String, code: String) -> String { "http://\(address)/pair#\(code)" }

    /// Addresses of interfaces that are up, IPv4 first, loopback and link-local left out.
    public static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var v4: [String] = [], v6: [String] = []
        var next: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = next {
            next = entry.pointee.ifa_next
            let flags = Int32(entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0, let address = entry.pointee.ifa_addr else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                    var raw = inet.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
                v4.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            case AF_INET6:
                let linkLocal = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                    var raw = inet.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                    return raw.__in6_u.__u6_addr8.0 == 0xFE && raw.__in6_u.__u6_addr8.1 & 0xC0 == 0x80
                }
                if !linkLocal { v6.append("[" + String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "]") }
            default: continue
            }
        }
        return v4 + v6
    }

    /// `HOST.local`, the name mDNS answers for, when the host has a name.
    public static func localName() -> String? {
        guard let host = hostName(), !host.isEmpty, host != "localhost" else { return nil }
        return host.hasSuffix(".local") ? host : host + ".local"
    }

    public static func hostName() -> String? {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return nil }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
