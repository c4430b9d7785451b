/// The Google Reader API as aggregators keep it alive (FreshRSS's `api/greader.php`, Miniflux, Inoreader, The
/// Old Reader, BazQux): `ClientLogin` gives a token sent as `Authorization: GoogleLogin auth=…`; state is a set
/// of tags (`user/-/state/com.google/read`, `…/starred`) changed with `edit-tag`, which wants a second, short-lived
/// token (`T=`).
final class GoogleReaderAPI: AggregatorAPI {
    static let readingList = "user/-/state/com.google/reading-list"
    static let readTag = "user/-/state/com.google/read"
    static let starredTag = "user/-/state/com.google/starred"

    private let base: String
    private let user: String
    private let password: String
    private let call: APICall
    private var auth: String?
    private var editToken: String?

    let batchSize = 100
    /// Ids asked for per page of `stream/items/ids`; `continuation` brings the next page.
    static let idsPerPage = 10_000
    /// A server that never stops giving continuations must not keep a sync running for ever.
    static let pageLimit = 100

    init(account: SyncAccount, call: APICall) {
        base = account.url.hasSuffix("/") ? String(account.url.dropLast()) : account.url
        user = account.user ?? ""
        password = account.password
        self.call = call
    }

    func signIn() throws(SyncError) {
        let request = FetchRequest(url: base + "/accounts/ClientLogin",
                                   form: FormEncoding.encode([("Email", user), ("Passwd", password)]),
                                   accept: "text/plain")
        let (_, bytes) = try call.body(request)
        // `SID=…`, `LSID=…`, `Auth=…` lines; only Auth is used.
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            where line.hasPrefix("Auth=") {
            auth = String(line.dropFirst(5))
        }
        guard let auth, !auth.isEmpty else {
            throw SyncError(.malformed, "server \(APICall.host(of: base)) gave no Auth token")
        }
    }

    func subscriptions() throws(SyncError) -> [RemoteFeed] {
        let answer = try json("/reader/api/0/subscription/list?output=json")
        guard let list = answer["subscriptions"]?.array else {
            throw SyncError(.malformed, "the subscription list has no subscriptions")
        }
        return list.compactMap { subscription in
            guard let id = subscription["id"]?.string else { return nil }
            // The feed's address is `url`, else the id after `feed/` (the original API had no `url`).
            let url = subscription["url"]?.string ?? (id.hasPrefix("feed/") ? String(id.dropFirst(5)) : nil)
            guard let url, !url.isEmpty else { return nil }
            let folder = subscription["categories"]?.array?.first.flatMap { $0["label"]?.string }
            let icon = subscription["iconUrl"]?.string.flatMap { $0.isEmpty ? nil : $0 }
            return RemoteFeed(id: id, title: subscription["title"]?.string, url: url,
                              siteURL: subscription["htmlUrl"]?.string, folder: folder, iconURL: icon)
        }
    }

    func unreadIDs() throws(SyncError) -> Set<RemoteItemID> {
        try ids(stream: Self.readingList, excluding: Self.readTag)
    }

    func starredIDs() throws(SyncError) -> Set<RemoteItemID> { try ids(stream: Self.starredTag, excluding: nil) }

    private func ids(stream: String, excluding: String?) throws(SyncError) -> Set<RemoteItemID> {
        var result: Set<RemoteItemID> = []
        var continuation: String?
        for _ in 0..<Self.pageLimit {
            var query = "output=json&n=\(Self.idsPerPage)&s=" + FormEncoding.escape(stream)
            if let excluding { query += "&xt=" + FormEncoding.escape(excluding) }
            if let continuation { query += "&c=" + FormEncoding.escape(continuation) }
            let answer = try json("/reader/api/0/stream/items/ids?" + query)
            for reference in answer["itemRefs"]?.array ?? [] {
                if let id = FeverAPI.idText(reference["id"]).flatMap(RemoteItemID.init) ?? reference["id"]?.string.flatMap(RemoteItemID.init) {
                    result.insert(id)
                }
            }
            continuation = answer["continuation"]?.string
            if continuation?.isEmpty ?? true { return result }
        }
        return result
    }

    func entries(_ ids: [RemoteItemID]) throws(SyncError) -> [RemoteEntry] {
        guard !ids.isEmpty else { return [] }
        let form = FormEncoding.encode(ids.prefix(batchSize).map { ("i", $0.longForm) })
        let answer = try json("/reader/api/0/stream/items/contents?output=json", form: form)
        return (answer["items"]?.array ?? []).compactMap { item in
            guard let id = item["id"]?.string.flatMap(RemoteItemID.init),
                  let feed = item["origin"]?["streamId"]?.string else { return nil }
            let tags = Set((item["categories"]?.array ?? []).compactMap(\.string).map(Self.withoutUser))
            let link = item["canonical"]?.array?.first?["href"]?.string ?? item["alternate"]?.array?.first?["href"]?.string
            return RemoteEntry(
                id: id, feedID: feed, title: item["title"]?.string, link: link,
                author: item["author"]?.string.flatMap { $0.isEmpty ? nil : $0 },
                html: item["content"]?["content"]?.string ?? item["summary"]?["content"]?.string,
                published: item["published"]?.integer.map { Timestamp(secondsSince1970: Int64($0)) },
                isRead: tags.contains(Self.readTag), isStarred: tags.contains(Self.starredTag))
        }
    }

    /// `user/1005921515/state/com.google/read` is `user/-/state/com.google/read` for the signed-in user.
    static func withoutUser(_ tag: String) -> String {
        guard tag.hasPrefix("user/"), let slash = tag.dropFirst(5).firstIndex(of: "/") else { return tag }
        return "user/-" + tag[slash...]
    }

    func send(_ change: LocalChange, _ ids: [RemoteItemID]) throws(SyncError) {
        guard !ids.isEmpty else { return }
        let (verb, tag) = switch change {
        case .read: ("a", Self.readTag)
        case .unread: ("r", Self.readTag)
        case .star: ("a", Self.starredTag)
        case .unstar: ("r", Self.starredTag)
        }
        try edit("/reader/api/0/edit-tag", ids.prefix(batchSize).map { ("i", $0.longForm) } + [(verb, tag)])
    }

    func markFeedRead(_ feed: String, before: Timestamp) throws(SyncError) {
        // Servers take `ts` in microseconds (FreshRSS, Miniflux, Inoreader); in seconds it would mark nothing.
        let (microseconds, overflow) = before.secondsSince1970.multipliedReportingOverflow(by: 1_000_000)
        try edit("/reader/api/0/mark-all-as-read", [("s", feed), ("ts", String(overflow ? Int64.max : microseconds))])
    }

    /// A state-changing POST with the edit token. The token expires (Google's lasted 30 minutes): a refusal is
    /// tried once more with a new one.
    private func edit(_ path: String, _ fields: [(String, String)]) throws(SyncError) {
        for attempt in 0..<2 {
            if editToken == nil || attempt > 0 { editToken = try tokenText() }
            do {
                _ = try body(path, form: FormEncoding.encode(fields + [("T", editToken ?? "")]))
                return
            } catch where error.kind == .authentication && attempt == 0 {
                continue
            }
        }
    }

    private func tokenText() throws(SyncError) -> String {
        let bytes = try body("/reader/api/0/token", form: nil)
        return String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
    }

    /// A call of the signed-in account: `path` under the base, with the Auth token ClientLogin gave.
    private func request(_ path: String, form: String?) throws(SyncError) -> FetchRequest {
        guard let auth else { throw SyncError(.authentication, "not signed in") }
        return FetchRequest(url: base + path, form: form, headers: ["Authorization: GoogleLogin auth=\(auth)"],
                            accept: "application/json")
    }

    private func body(_ path: String, form: String?) throws(SyncError) -> [UInt8] {
        try call.body(try request(path, form: form)).body
    }

    private func json(_ path: String, form: String? = nil) throws(SyncError) -> JSONDocument {
        try call.json(try request(path, form: form))
    }
}
