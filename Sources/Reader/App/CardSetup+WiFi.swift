#if canImport(Glibc)
import Glibc
#endif
import Platform
import Wireless

/// The card's Wi-Fi, taken in by `lectern card import` before iwd starts: the country into iwd's main.conf (so
/// iwd sets it before its first scan), the network into iwd's profile, and the password then removed from the
/// card, as the aggregator's is. iwd's state directory lives on the data partition (root's alone; iwd sees it
/// as /var/lib/iwd): a profile written there is what iwd joins at every start from then on.
extension CardSetup {
    /// The state directory's folder iwd keeps its state in.
    public static let iwdFolderName = "iwd"
    public static let wifiNoticeName = "wifi.notice"

    /// Takes the Wi-Fi keys of the card's lectern.conf into `iwd` (a directory root alone reads), leaving the kiosk
    /// (`owner`) a notice in `state`. Returns lines saying what was done; problems with a key are lines too, and
    /// that key is left as it is.
    public static func takeWiFi(card: String, iwd: String, state: String, owner: Owner?) throws -> [String] {
        let file = card + "/lectern.conf"
        guard let bytes = try? AtomicFile.read(file, limit: 1 << 20) else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        let wifi = WiFiCardSettings(reading: text)
        var said = wifi.problems.map { "\(file): \($0)" }
        guard wifi.network != nil || wifi.country != nil else { return said }
        if !AtomicFile.exists(iwd) {
            guard mkdir(iwd, 0o700) == 0 else { throw CardSetupError("cannot make \(iwd): \(SystemCallError("mkdir"))") }
        }
        if let country = wifi.country {
            let path = iwd + "/main.conf", conf = IwdProfile.mainConfiguration(country: country)
            if (try? AtomicFile.read(path, limit: 4096)) != Array(conf.utf8) {
                try write(conf, to: path)
                said.append("Wi-Fi country \(country) written to \(path)")
            }
        }
        // A name or password iwd would refuse stays on the card, said, for the person to correct.
        guard let network = wifi.network, !wifi.problems.contains(where: { $0.hasPrefix("wifi-ssid") || $0.hasPrefix("wifi-password") })
        else { return said }
        if let password = wifi.password {
            let path = iwd + "/" + IwdProfile.fileName(network: network, secured: true)
            try write(IwdProfile.text(passphrase: password, hidden: wifi.hidden), to: path)
            // On the data partition and flushed before the card loses it: a power cut between leaves it in both.
            try onWritableCard(card, doing: "remove wifi-password from \(file)") {
                try AtomicFile.write(Array(WiFiCardSettings.withoutPassword(text).utf8), to: file)
            }
            try? AtomicFile.write(Array("The Wi-Fi password for \(network) was moved from the card into the panel and removed from the card.".utf8),
                                  to: state + "/" + wifiNoticeName)
            if let owner { _ = chown(state + "/" + wifiNoticeName, owner.uid, owner.gid) }
            said.append("moved the Wi-Fi password for \(network) to \(path) and removed it from \(file)")
        } else if !AtomicFile.exists(iwd + "/" + IwdProfile.fileName(network: network, secured: true)) {
            // No password on the card and none taken before: an open network.
            let path = iwd + "/" + IwdProfile.fileName(network: network, secured: false)
            try write(IwdProfile.text(passphrase: nil, hidden: wifi.hidden), to: path)
            said.append("open Wi-Fi network \(network) written to \(path)")
        }
        return said
    }

    /// Root's alone (iwd's directory and its files hold passwords), flushed, renamed into place: iwd watches the
    /// directory and would read a file written in place half-way.
    private static func write(_ text: String, to path: String) throws {
        do { try AtomicFile.write(Array(text.utf8), to: path, permissions: 0o600) } catch {
            throw CardSetupError("cannot write \(path): \(error)")
        }
    }
}
