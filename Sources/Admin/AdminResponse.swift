import Feeds
/// What the router answers; the server adds the headers every answer carries (`AdminResponse.commonHeaders`).
public struct AdminResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.last { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// A JSON answer.
    public static func json(_ status: Int, _ value: JSONValue) -> AdminResponse {
        AdminResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(value.text.utf8))
    }

    /// Every failure: `{"error": "one line"}`, with more fields where they help (the key a setting refused).
    public static func error(_ status: Int, _ message: String, _ more: [(String, JSONValue)] = []) -> AdminResponse {
        json(status, .object([("error", .string(AdminResponse.oneLine(message)))] + more))
    }

    public static func noContent() -> AdminResponse { AdminResponse(status: 204) }

    /// On every answer: nothing a phone's browser caches (a forgotten phone must not see the feeds again from its
    /// cache), no guessing a JSON answer is a page, and no Referer leaving the page.
    public static let commonHeaders: [(name: String, value: String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// The page's policy: its own inline script and style only, nothing fetched from elsewhere, no framing.
    public static let pagePolicy = "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        + "img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
}

/// A refusal found deep in a route (a body that is not JSON) is carried back as the answer itself.
extension AdminResponse: Error {

    /// A message as one line of at most 300 characters: errors quote what a server or a file said.
    public static func oneLine(_ text: String) -> String {
        let flat = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 ? " " : $0 }))
        return flat.count > 300 ? String(flat.prefix(299)) + "…" : flat
    }
}
