/// A phone let in through a pairing window: its session lasts until it is forgotten on the panel.
public struct PairedPhone: Equatable, Sendable {
    /// Short and public: the API names a phone by it (`DELETE /api/phones/ID`).
    public var id: String
    /// The phone's browser and OS, as its User-Agent said ("Chrome on Android").
    public var name: String
    /// The session cookie's value. Secret: kept in the state directory, readable by the service alone.
    public var session: String
    /// What a write must carry in `X-Lectern-CSRF`: a page from another site cannot read it.
    public var csrf: String
    /// Wall-clock seconds since 1970.
    public var paired: Int64
    public var lastSeen: Int64

    public init(id: String, name: String, session: String, csrf: String, paired: Int64, lastSeen: Int64) {
        self.id = id
        self.name = name
        self.session = session
        self.csrf = csrf
        self.paired = paired
        self.lastSeen = lastSeen
    }

    /// One line of the phones file: the fields tab-separated, the name last.
    var line: String { "\(id)\t\(paired)\t\(lastSeen)\t\(session)\t\(csrf)\t\(Self.oneLine(name))" }

    init?(line: Substring) {
        let fields = line.split(separator: "\t", maxSplits: 5, omittingEmptySubsequences: false)
        guard fields.count == 6, let paired = Int64(fields[1]), let lastSeen = Int64(fields[2]),
              !fields[0].isEmpty, fields[3].count >= 32, fields[4].count >= 32 else { return nil }
        self.init(id: String(fields[0]), name: String(fields[5]), session: String(fields[3]), csrf: String(fields[4]),
                  paired: paired, lastSeen: lastSeen)
    }

    /// A name as one line of printable text, at most 80 characters: it comes from a request header.
    static func oneLine(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(80)))
    }
}
