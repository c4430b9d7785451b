import Feeds
import Pairing

extension AdminRouter {
    /// `POST /api/pair {"code"}`: the code the panel shows, once. Right: the session cookie and the CSRF token.
    func pair(_ request: AdminRequest) -> AdminResponse {
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
            var response = AdminResponse.json(200, .object([("csrf", .string(phone.csrf)), ("id", .string(phone.id)),
                                                            ("name", .string(phone.name))]))
            // No Max-Age: the session lasts until the phone is forgotten on the panel, not until a date.
            response.headers.append(("Set-Cookie", "\(Self.sessionCookie)=\(phone.session); HttpOnly; SameSite=Strict; Path=/"))
            return response
        case .noWindow:
            return .error(403, "no pairing window is open: touch Phone on the panel for a new code")
        case .wrong(let closed):
            return .error(403, closed ? "wrong code: that was the tenth, so the window is closed" : "wrong code")
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
