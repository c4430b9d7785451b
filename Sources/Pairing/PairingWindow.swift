/// The few minutes in which a phone may pair: opened by a touch on the panel (or `lectern pair`), closed by the
/// first phone that brings its code, by its time running out, or by too many wrong codes. Kept in the state
/// directory as a small text file, the one thing the kiosk and the admin process both write, under a lock.
public struct PairingWindow: Equatable, Sendable {
    public enum State: String, Sendable {
        /// Waiting for a phone.
        case open
        /// A phone came with the code (`phone` names it); the code is used.
        case paired
        /// Closed after `PairingWindow.wrongCodeLimit` wrong codes; the panel says so.
        case refused
        /// Closed on the panel before a phone came.
        case cancelled
    }

    /// How many wrong codes close a window: enough for a person's typos, far too few to guess 128 bits.
    public static let wrongCodeLimit = 10
    /// How long a window stays open, minutes.
    public static let standardMinutes = 5.0

    public var code: String
    /// Wall-clock seconds since 1970.
    public var opened: Int64
    public var expires: Int64
    public var wrongCodes = 0
    public var state = State.open
    /// The paired phone's name, once one paired.
    public var phone: String?

    public init(code: String, opened: Int64, expires: Int64) {
        self.code = code
        self.opened = opened
        self.expires = expires
    }

    /// Whether a phone may still pair at `now`.
    public func isOpen(at now: Int64) -> Bool { state == .open && now < expires }

    /// Seconds left at `now`, 0 once closed.
    public func secondsLeft(at now: Int64) -> Int64 { isOpen(at: now) ? expires - now : 0 }

    // MARK: The file

    /// `key value` lines; the phone's name last, as it may hold spaces.
    public var encoded: [UInt8] {
        var text = "code \(code)\nopened \(opened)\nexpires \(expires)\nwrong \(wrongCodes)\nstate \(state.rawValue)\n"
        if let phone { text += "phone \(PairedPhone.oneLine(phone))\n" }
        return Array(text.utf8)
    }

    /// The window a file holds; nil for anything else (a damaged file is no window: pairing stays shut).
    public init?(decoding bytes: [UInt8]) {
        var fields: [Substring: Substring] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            fields[line[..<space]] = line[line.index(after: space)...]
        }
        guard let code = fields["code"], code.count == PairingCode.length,
              let opened = fields["opened"].flatMap({ Int64($0) }), let expires = fields["expires"].flatMap({ Int64($0) }),
              let wrong = fields["wrong"].flatMap({ Int($0) }), let state = fields["state"].flatMap({ State(rawValue: String($0)) })
        else { return nil }
        self.init(code: String(code), opened: opened, expires: expires)
        wrongCodes = wrong
        self.state = state
        phone = fields["phone"].map(String.init)
    }
}
