/// The Wi-Fi keys of the card's `lectern.conf`, which `lectern card import` (root, before iwd starts) turns into
/// iwd's profile and country: `wifi-ssid`, `wifi-password`, `wifi-hidden`, `wifi-country`. They are not the
/// reader's settings: the page never lists them (a password must not travel), the kiosk skips them.
/// `wifi-password` takes the whole rest of its line, `#` included, since a passphrase may hold one.
public struct WiFiCardSettings: Equatable, Sendable {
    public static let keys: Set<String> = ["wifi-ssid", "wifi-password", "wifi-hidden", "wifi-country"]

    public var network: String?
    public var password: String?
    public var hidden = false
    /// ISO 3166 alpha-2, upper case.
    public var country: String?
    /// Lines that could not be taken, each naming the key.
    public var problems: [String] = []

    public init() {}

    public init(reading text: String) {
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            guard line.hasPrefix("wifi-"), let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals]).trimmingSpace
            let rest = line[line.index(after: equals)...]
            let value = key == "wifi-password" ? String(rest).trimmingSpace : String(rest.prefix { $0 != "#" }).trimmingSpace
            switch key {
            case "wifi-ssid": network = value.isEmpty ? nil : value
            case "wifi-password": password = value.isEmpty ? nil : value
            case "wifi-hidden":
                switch value {
                case "on", "yes", "true": hidden = true
                case "off", "no", "false", "": hidden = false
                default: problems.append("wifi-hidden = '\(value)': expected on or off")
                }
            case "wifi-country":
                let code = value.uppercased()
                if value.isEmpty { country = nil }
                else if code.count == 2, code.allSatisfy({ $0 >= "A" && $0 <= "Z" }) { country = code }
                else { problems.append("wifi-country = '\(value)': expected a two-letter country code such as DE or US") }
            default: problems.append("unknown setting '\(key)' (Wi-Fi: \(Self.keys.sorted().joined(separator: ", ")))")
            }
        }
        if let network, let problem = WiFiRequest.problem(network: network, password: password ?? "") {
            problems.append(problem.hasPrefix("network") ? "wifi-ssid" + problem.dropFirst("network".count) : "wifi-" + problem)
        }
    }

    /// The card's file without its `wifi-password` line, to be written back once the password is in iwd's store.
    public static func withoutPassword(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("wifi-password") }
            .joined(separator: "\n")
    }
}

/// iwd's profile for a network (iwd.network(5)): the file's name and its text.
public enum IwdProfile {
    /// `<name>.psk` (or `.open`): the SSID itself when it is only letters, digits, space, `_` and `-`; otherwise
    /// `=` and the SSID's bytes in lower-case hexadecimal.
    public static func fileName(network: String, secured: Bool) -> String {
        let plain = network.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == " " || scalar == "_" || scalar == "-"
        }
        let digits = Array("0123456789abcdef")
        let name = plain ? network : "=" + String(network.utf8.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
        return name + (secured ? ".psk" : ".open")
    }

    /// The profile's text; the passphrase escaped as iwd's settings reader unescapes (`\\`, a leading `\s`).
    public static func text(passphrase: String?, hidden: Bool) -> String {
        var text = ""
        if let passphrase {
            var escaped = passphrase.replacingBackslashes
            if escaped.hasPrefix(" ") { escaped = "\\s" + escaped.dropFirst() }
            text += "[Security]\nPassphrase=\(escaped)\n\n"
        }
        text += "[Settings]\nAutoConnect=true\n"
        if hidden { text += "Hidden=true\n" }
        return text
    }

    /// iwd's main.conf with the regulatory country, set at iwd's start before its first scan.
    public static func mainConfiguration(country: String) -> String {
        "# Written by lectern card import from wifi-country on the card.\n[General]\nCountry=\(country)\n"
    }
}

extension String {
    var trimmingSpace: String {
        var s = Substring(self)
        while let first = s.first, first == " " || first == "\t" || first == "\r" { s = s.dropFirst() }
        while let last = s.last, last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
        return String(s)
    }
    var replacingBackslashes: String {
        var out = ""
        for character in self { out += character == "\\" ? "\\\\" : String(character) }
        return out
    }
}
