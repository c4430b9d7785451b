/// What a phone's camera reads to join a network: the `WIFI:` text ZXing defined and every camera app follows,
/// `WIFI:T:WPA;S:<name>;P:<passphrase>;;`. A field ends at the first unescaped `;`, and fields are found by their
/// `S:`/`P:` prefixes, so `\ ; , : "` in a value are escaped with a backslash: an unescaped `:` in a name such
/// as `TOP:1` would otherwise be read as the start of another field.
public struct WiFiJoinCode: Equatable, Sendable {
    public var network: String
    /// nil for an open network (`T:nopass`).
    public var passphrase: String?
    public var hidden = false

    public init(network: String, passphrase: String?, hidden: Bool = false) {
        self.network = network
        self.passphrase = passphrase
        self.hidden = hidden
    }

    /// The text for the QR code.
    public var text: String {
        var text = "WIFI:"
        if let passphrase {
            text += "T:WPA;S:\(Self.escaped(network));P:\(Self.escaped(passphrase));"
        } else {
            text += "T:nopass;S:\(Self.escaped(network));"
        }
        if hidden { text += "H:true;" }
        return text + ";"
    }

    static let special: Set<Character> = ["\\", ";", ",", ":", "\""]

    public static func escaped(_ value: String) -> String {
        var out = ""
        for character in value {
            if special.contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// Reads a `WIFI:` text back (tests, and `lectern wifi` printing what the panel shows); nil when it is not one.
    public init?(reading text: String) {
        guard text.hasPrefix("WIFI:") else { return nil }
        var fields: [String: String] = [:]
        var key = "", value = "", inValue = false, escaping = false
        for character in text.dropFirst(5) {
            if escaping { value.append(character); escaping = false; continue }
            if inValue {
                switch character {
                case "\\": escaping = true
                case ";": fields[key] = value; key = ""; value = ""; inValue = false
                default: value.append(character)
                }
            } else if character == ":" {
                inValue = true
            } else if character != ";" {
                key.append(character)
            }
        }
        guard let network = fields["S"] else { return nil }
        let open = fields["T"] == nil || fields["T"] == "nopass"
        self.init(network: network, passphrase: open ? nil : fields["P"] ?? "", hidden: fields["H"] == "true")
    }
}
