import Feeds
import Pairing

/// The API: a request in, an answer out, with the rules of the contract applied in one order for every path:
/// the Host (421, or over the panel's hotspot a redirect to its set-up page), then for `/api/` a session (401)
/// and, on a write, the page's Origin and CSRF token (403).
/// Pure apart from the context it is given; the server calls it from one thread.
public struct AdminRouter {
    public let context: AdminContext

    public static let sessionCookie = "lectern-session"
    public static let csrfHeader = "x-lectern-csrf"
    /// Bodies the router reads; the server refuses longer ones before they arrive (413).
    public static let bodyLimit = 64 << 10
    public static let opmlLimit = 2 << 20

    public init(context: AdminContext) { self.context = context }

    public func respond(to request: AdminRequest) -> AdminResponse {
        var response = route(request)
        // A redirect carries its own (the server adds them to an early answer only when Cache-Control is missing).
        if response.header("Cache-Control") == nil { response.headers += AdminResponse.commonHeaders }
        return response
    }

    static func isWrite(_ method: String) -> Bool { method == "POST" || method == "PUT" || method == "DELETE" || method == "PATCH" }

    /// What a request gets before its body is read, when its headers already decide it: 421 for a foreign Host
    /// on any path (over the hotspot, the redirect to the set-up page), 401 for an API request (pairing aside)
    /// without a session. Nil: read the body, then route.
    public func refusalBeforeBody(_ request: AdminRequest) -> AdminResponse? {
        if let refusal = hostRefusal(request) { return refusal }
        if request.path.hasPrefix("/api/"), request.path != "/api/pair", phone(of: request) == nil {
            return Self.unpaired
        }
        return nil
    }

    /// A `Host` that is not the panel's own: over its hotspot, the redirect to the set-up page that makes a phone
    /// open it (a captive portal's probe); anywhere else 421. Nil: the Host is the panel's.
    func hostRefusal(_ request: AdminRequest) -> AdminResponse? {
        let host = request.header("host")
        guard !AdminHostRule.allows(host, names: context.hostNames) else { return nil }
        if request.overHotspot { return Self.toSetUpPage }
        return .error(421, "this panel answers to its own address only, not \(host ?? "no host")")
    }

    static let unpaired = AdminResponse.error(401, "this phone is not paired: touch Phone on the panel and scan its code")

    func route(_ request: AdminRequest) -> AdminResponse {
        if let refusal = hostRefusal(request) { return refusal }
        let host = request.header("host")
        let path = request.path
        if path == "/" || path == "/pair" {
            guard request.method == "GET" || request.method == "HEAD" else { return .error(405, "the page is only read (GET)") }
            return page(session: phone(of: request), overHotspot: request.overHotspot)
        }
        guard path.hasPrefix("/api/") else { return .error(404, "no such page: \(path)") }
        let writes = Self.isWrite(request.method)
        if path == "/api/pair" {
            guard request.method == "POST" else { return .error(405, "pair with POST") }
            guard AdminHostRule.originMatches(request.header("origin"), host: host) else {
                return .error(403, "a page from another site cannot pair")
            }
            return pair(request)
        }
        guard let phone = phone(of: request) else { return Self.unpaired }
        try? context.book.seen(id: phone.id, now: context.clock())
        if writes {
            guard AdminHostRule.originMatches(request.header("origin"), host: host) else {
                return .error(403, "a page from another site cannot change the panel")
            }
            guard let token = request.header(Self.csrfHeader), PairingCode.same(token, phone.csrf) else {
                return .error(403, "a change needs the page's X-Lectern-CSRF token")
            }
        }
        do {
            return try dispatch(request, phone: phone)
        } catch {
            return .error(500, "the panel could not do that: \(error)")
        }
    }

    func dispatch(_ request: AdminRequest, phone: PairedPhone) throws -> AdminResponse {
        let path = request.path
        switch (request.method, path) {
        case ("GET", "/api/feeds"): return try listFeeds()
        case ("POST", "/api/feeds"): return try addFeed(request)
        case ("PUT", "/api/feeds"): return try changeFeed(request)
        case ("DELETE", "/api/feeds"): return try removeFeed(request)
        case ("GET", "/api/opml"): return try exportOPML()
        case ("POST", "/api/opml"): return try importOPML(request)
        case ("GET", "/api/settings"): return listSettings()
        case ("PUT", "/api/settings"): return changeSettings(request)
        case ("GET", "/api/account"): return account()
        case ("PUT", "/api/account"): return changeAccount(request)
        case ("GET", "/api/phones"): return phones(asker: phone)
        case ("GET", "/api/wifi"): return wifi()
        case ("POST", "/api/wifi"): return try joinWiFi(request)
        case ("DELETE", "/api/wifi"): return try forgetWiFi(request)
        case ("DELETE", _) where path.hasPrefix("/api/phones/"):
            return try forgetPhone(String(path.dropFirst("/api/phones/".count)))
        default:
            let known = ["/api/feeds", "/api/opml", "/api/settings", "/api/account", "/api/phones", "/api/wifi"]
            if known.contains(path) { return .error(405, "\(request.method) is not answered at \(path)") }
            return .error(404, "no such API: \(path)")
        }
    }

    /// The phone whose session cookie the request carries; nil for none, a forgotten phone's, or garbage.
    func phone(of request: AdminRequest) -> PairedPhone? {
        request.cookie(Self.sessionCookie).flatMap { context.book.phone(session: $0) }
    }

    func page(session phone: PairedPhone?, overHotspot: Bool) -> AdminResponse {
        let feeds = phone.flatMap { _ in try? context.store.feeds().map(AdminFeed.init) }
        let html = AdminPage.html(feeds: phone == nil ? nil : (feeds ?? []), csrf: phone?.csrf, overHotspot: overHotspot,
                                  wifi: overHotspot || context.wifiStatus()?.radio == true)
        return AdminResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8"),
                                                    ("Content-Security-Policy", AdminResponse.pagePolicy),
                                                    ("X-Frame-Options", "DENY")],
                             body: Array(html.utf8))
    }

    /// The request's body as a JSON object, or the 400 that says why not.
    func jsonObject(_ request: AdminRequest) -> Result<JSONDocument, AdminResponse> {
        guard request.body.count <= Self.bodyLimit else { return .failure(.error(413, "the body is over 64 KiB")) }
        let document: JSONDocument
        do { document = try JSONDocument.parse(request.body) } catch {
            return .failure(.error(400, "the body is not JSON: \(error.reason)"))
        }
        guard case .object = document else { return .failure(.error(400, "the body must be a JSON object")) }
        return .success(document)
    }

    /// A JSON string or number as text; nil for anything else.
    static func text(_ value: JSONDocument?) -> String? {
        switch value {
        case .string(let s): s
        case .number(let n): n
        default: nil
        }
    }
}
