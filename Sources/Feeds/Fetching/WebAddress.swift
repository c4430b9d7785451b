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
}
