/// The addresses the fetcher speaks to: http and https. The one test for a feed's address on the command line
/// and in settings, for the links the parsers take from ids, for icons, and for what the sanitiser keeps.
public enum WebAddress {
    /// Whether `url` is an http or https address: the scheme in any case, then `://` and a host (`http://` alone,
    /// `http:/x` and `http:x` are not). White space around it is not taken away: a caller trims what it reads.
    public static func isWeb(_ url: String) -> Bool {
        var utf8 = url.utf8[...]
        for expected in "http".utf8 {
            guard let byte = utf8.popFirst(), byte | 0x20 == expected else { return false }
        }
        if utf8.first.map({ $0 | 0x20 }) == UInt8(ascii: "s") { utf8 = utf8.dropFirst() }
        guard utf8.starts(with: "://".utf8), let host = utf8.dropFirst(3).first else { return false }
        return host != UInt8(ascii: "/") && host != UInt8(ascii: "?") && host != UInt8(ascii: "#")
    }

    /// The host of a web address as a person recognises it, to tell two sources apart or say where something
    /// lives: lower case, without a user, a port or a leading "www."; nil when `url` is not a web address.
    public static func shownHost(of url: String) -> String? {
        guard isWeb(url), let colon = url.firstIndex(of: ":") else { return nil }
        // isWeb saw "://" right after the scheme's colon.
        let start = url.index(colon, offsetBy: 3)
        // A backslash ends the host as a slash does: browsers read one as the other.
        var host = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if host.hasPrefix("[") {
            if let close = host.firstIndex(of: "]") { host = host[...close] }   // an IPv6 address keeps its colons
        } else if let colon = host.firstIndex(of: ":") {
            host = host[..<colon]
        }
        var shown = host.lowercased()
        if shown.hasPrefix("www.") { shown.removeFirst(4) }
        return shown.isEmpty ? nil : shown
    }
}
