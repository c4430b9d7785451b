#if canImport(Glibc)
import Glibc
#endif

/// Which `Host` headers the panel answers. A page on another site can make a phone's browser send requests to
/// the panel's address under its own name (DNS rebinding); the browser then treats the answers as that site's.
/// Refusing every name but the panel's own (421) closes that door: an IP literal, `localhost`, its `.local` name.
public enum AdminHostRule {
    public static func allows(_ host: String?, names: [String]) -> Bool {
        guard let host, !host.isEmpty, host.utf8.count <= 255 else { return false }
        let lower = host.lowercased()
        if lower.hasPrefix("[") {
            // [v6] or [v6]:port
            guard let close = lower.firstIndex(of: "]") else { return false }
            let literal = String(lower[lower.index(after: lower.startIndex)..<close])
            let rest = lower[lower.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && isPort(rest.dropFirst())) else { return false }
            return isAddress(literal, family: AF_INET6)
        }
        var name = lower[...]
        if let colon = lower.lastIndex(of: ":") {
            guard isPort(lower[lower.index(after: colon)...]) else { return false }
            name = lower[..<colon]
        }
        if name.hasSuffix(".") { name = name.dropLast() }
        if isAddress(String(name), family: AF_INET) { return true }
        return name == "localhost" || names.contains(String(name))
    }

    static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber } && Int(text)! <= 65535
    }

    static func isAddress(_ text: String, family: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(family, text, &buffer) == 1
    }

    /// A write's `Origin`, where the browser sent one, must be the page's own: `http://` and the Host it asked.
    public static func originMatches(_ origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        guard let host else { return false }
        return withoutDefaultPort(origin.lowercased()) == "http://" + withoutDefaultPort(host.lowercased())
    }

    /// A browser leaves port 80 out of an `Origin` that a `Host` may still name.
    static func withoutDefaultPort(_ text: String) -> String { text.hasSuffix(":80") ? String(text.dropLast(3)) : text }
}
