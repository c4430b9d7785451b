/// One HTTP request as libmicrohttpd parsed it, handed to the router: nothing here is parsed by hand. Plain
/// values, so the router is a pure function the tests and the fuzzer call without a socket.
public struct AdminRequest: Sendable {
    public var method: String
    /// The path without the query, percent-escapes as sent.
    public var path: String
    /// The query's arguments, decoded.
    public var query: [String: String]
    /// Header names in lower case; a repeated header keeps its last value.
    public var headers: [String: String]
    public var body: [UInt8]
    /// Whether the connection came over the panel's own hotspot (`AdminHotspot`): decided by the server from the
    /// socket's addresses and the kiosk's `wifi.state`, never from anything the client sent.
    public var overHotspot: Bool

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: [UInt8] = [], overHotspot: Bool = false) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.overHotspot = overHotspot
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The value of cookie `name`, from the `Cookie` header's `a=b; c=d` pairs.
    public func cookie(_ name: String) -> String? {
        guard let header = header("cookie") else { return nil }
        for pair in header.split(separator: ";") {
            let trimmed = pair.drop { $0 == " " }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            if trimmed[..<equals] == name[...] { return String(trimmed[trimmed.index(after: equals)...]) }
        }
        return nil
    }
}
