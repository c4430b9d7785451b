/// The Fever API (FreshRSS, Miniflux, Coldsweat): every call is a POST to the endpoint with `?api` and the
/// command in the query, and the key (`md5("email:password")`) in the form. A wrong key is answered 200 with
/// `auth: 0`, so every answer is checked for it.
final class FeverAPI: AggregatorAPI {
    private let endpoint: String
    let key: String
    private let call: APICall

    /// Fever's own limit on `with_ids`.
    let batchSize = 50

    init(account: SyncAccount, call: APICall) {
        endpoint = account.url
        // With no user, the password file holds the key itself (some servers show it rather than the password).
        key = account.user.map { MD5.hex("\($0):\(account.password)") } ?? account.password.lowercased()
        self.call = call
    }

    func signIn() throws(SyncError) { _ = try answer("") }

    func subscriptions() throws(SyncError) -> [RemoteFeed] {
        let groupsAnswer = try answer("groups")
        var groupTitles: [String: String] = [:]
        for group in groupsAnswer["groups"]?.array ?? [] {
            if let id = Self.idText(group["id"]), let title = group["title"]?.string { groupTitles[id] = title }
        }
        let feedsAnswer = try answer("feeds")
        // A feed in several groups is filed under the first, as a panel's list has one folder per feed.
        var folders: [String: String] = [:]
        for link in (feedsAnswer["feeds_groups"] ?? groupsAnswer["feeds_groups"])?.array ?? [] {
            guard let group = Self.idText(link["group_id"]), let title = groupTitles[group] else { continue }
            for feed in Self.idList(link["feed_ids"]) where folders[feed] == nil { folders[feed] = title }
        }
        guard let feeds = feedsAnswer["feeds"]?.array else {
            throw SyncError(.malformed, "the Fever answer has no feeds")
        }
        return feeds.compactMap { feed in
            guard let id = Self.idText(feed["id"]), let url = feed["url"]?.string, !url.isEmpty else { return nil }
            return RemoteFeed(id: id, title: feed["title"]?.string, url: url, siteURL: feed["site_url"]?.string,
                              folder: folders[id])
        }
    }

    func unreadIDs() throws(SyncError) -> Set<RemoteItemID> {
        Set(Self.idList(try answer("unread_item_ids")["unread_item_ids"]).compactMap(RemoteItemID.init))
    }

    func starredIDs() throws(SyncError) -> Set<RemoteItemID> {
        Set(Self.idList(try answer("saved_item_ids")["saved_item_ids"]).compactMap(RemoteItemID.init))
    }

    func entries(_ ids: [RemoteItemID]) throws(SyncError) -> [RemoteEntry] {
        guard !ids.isEmpty else { return [] }
        let list = ids.prefix(batchSize).map(\.text).joined(separator: ",")
        let items = try answer("items&with_ids=" + list)["items"]?.array ?? []
        return items.compactMap { item in
            guard let id = Self.idText(item["id"]).flatMap(RemoteItemID.init),
                  let feed = Self.idText(item["feed_id"]) else { return nil }
            return RemoteEntry(
                id: id, feedID: feed, title: item["title"]?.string, link: item["url"]?.string,
                author: item["author"]?.string.flatMap { $0.isEmpty ? nil : $0 }, html: item["html"]?.string,
                published: item["created_on_time"]?.integer.map { Timestamp(secondsSince1970: Int64($0)) },
                isRead: item["is_read"]?.integer == 1, isStarred: item["is_saved"]?.integer == 1)
        }
    }

    func send(_ change: LocalChange, _ ids: [RemoteItemID]) throws(SyncError) {
        let status = switch change {
        case .read: "read"
        case .unread: "unread"
        case .star: "saved"
        case .unstar: "unsaved"
        }
        // Fever marks one item per call. 404: the server dropped the item (old entries expire); nothing to mark.
        for id in ids {
            _ = try answer("", form: [("mark", "item"), ("as", status), ("id", id.text)], allowing: [404])
        }
    }

    func markFeedRead(_ feed: String, before: Timestamp) throws(SyncError) {
        // `before` in seconds; 404: the server dropped the feed, nothing to mark.
        _ = try answer("", form: [("mark", "feed"), ("as", "read"), ("id", feed), ("before", String(before.secondsSince1970))],
                       allowing: [404])
    }

    /// One call: `command` in the query (Coldsweat reads `with_ids` there), the key and `form` in the body.
    private func answer(_ command: String, form: [(String, String)] = [],
                        allowing allowed: Set<Int> = []) throws(SyncError) -> JSONDocument {
        let separator = endpoint.contains("?") ? "&" : "?"
        let url = endpoint + separator + "api" + (command.isEmpty ? "" : "&" + command)
        let request = FetchRequest(url: url, form: FormEncoding.encode([("api_key", key)] + form),
                                   accept: "application/json")
        let (status, bytes) = try call.body(request, allowing: allowed)
        if allowed.contains(status) { return .null }
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes)
        } catch {
            throw SyncError(.malformed, "server \(APICall.host(of: endpoint)) answered something that is not Fever JSON")
        }
        guard let auth = document["auth"]?.integer else {
            throw SyncError(.malformed, "server \(APICall.host(of: endpoint)) answered something that is not Fever JSON")
        }
        guard auth == 1 else { throw SyncError(.authentication, "authentication failed (Fever auth: 0)") }
        return document
    }

    /// An id as a number or a string.
    static func idText(_ value: JSONDocument?) -> String? {
        switch value {
        case .number(let text)?: Int64(text).map(String.init)
        case .string(let text)?: Int64(text).map(String.init)
        default: nil
        }
    }

    /// A comma-separated list of ids (a string), or an array of them.
    static func idList(_ value: JSONDocument?) -> [String] {
        switch value {
        case .string(let text)?: text.split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
        case .array(let items)?: items.compactMap(idText)
        default: []
        }
    }
}
