import Feeds
import Pairing

extension AdminRouter {
    /// `POST /api/pair {"code"}`: the code the panel shows, once. Right: the session cookie and the CSRF token.
    func pair(_ request: AdminRequest) -> AdminResponse {
        if request.overHotspot, Self.asksNoCode(request.body) { return pairOverHotspot(request) }
        let body: JSONDocument
        switch jsonObject(request) {
        case .success(let document): body = document
        case .failure(let response): return response
        }
        guard let code = body["code"]?.string, !code.isEmpty, code.utf8.count <= 256 else {
            return .error(400, "the body must be {\"code\": \"the code the panel shows\"}")
        }
        let attempt: PairingBook.Attempt
        do {
            attempt = try context.book.pair(code: code, name: PhoneName.from(userAgent: request.header("user-agent")),
                                            now: context.clock())
        } catch {
            return .error(500, "the panel could not pair: \(error)")
        }
        switch attempt {
        case .paired(let phone):
            return Self.paired(phone)
        case .noWindow:
            return .error(403, "no pairing window is open: touch Phone on the panel for a new code")
        case .wrong(let closed):
            return .error(403, closed ? "wrong code: that was the tenth, so the window is closed" : "wrong code")
        }
    }

    /// The answer that lets a phone in: its CSRF token, and its session in the cookie.
    static func paired(_ phone: PairedPhone) -> AdminResponse {
        var response = AdminResponse.json(200, .object([("csrf", .string(phone.csrf)), ("id", .string(phone.id)),
                                                        ("name", .string(phone.name))]))
        // No Max-Age: the session lasts until the phone is forgotten on the panel, not until a date.
        response.headers.append(("Set-Cookie", "\(sessionCookie)=\(phone.session); HttpOnly; SameSite=Strict; Path=/"))
        return response
    }

    /// An empty body or `{}`: the page over the hotspot pairing without a code. Anything else is a code pairing.
    static func asksNoCode(_ body: [UInt8]) -> Bool {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return true }
        guard body.count <= 64, let document = try? JSONDocument.parse(body), case .object(let members) = document else { return false }
        return members.isEmpty
    }

    /// `POST /api/pair` over the hotspot: the phone is in without a code, as a paired phone like any other (named
    /// from its User-Agent, listed, forgotten on the panel or the page).
    func pairOverHotspot(_ request: AdminRequest) -> AdminResponse {
        do {
            return Self.paired(try context.book.admit(name: PhoneName.from(userAgent: request.header("user-agent")), now: context.clock()))
        } catch {
            return .error(500, "the panel could not pair: \(error)")
        }
    }

    /// `GET /api/phones`: who is paired, the asker marked; never another phone's tokens.
    func phones(asker: PairedPhone) -> AdminResponse {
        let list = context.book.phones().map { phone -> JSONValue in
            .object([("id", .string(phone.id)), ("name", .string(phone.name)),
                     ("paired", .string(Timestamp(secondsSince1970: phone.paired).iso8601)),
                     ("lastSeen", .string(Timestamp(secondsSince1970: phone.lastSeen).iso8601)),
                     ("you", .bool(phone.id == asker.id))])
        }
        return .json(200, .object([("phones", .array(list))]))
    }

    /// `DELETE /api/phones/ID`: its session ends with this write.
    func forgetPhone(_ id: String) throws -> AdminResponse {
        guard !id.isEmpty, try context.book.forget(id: id) else { return .error(404, "no paired phone \(id)") }
        return .noContent()
    }
}
