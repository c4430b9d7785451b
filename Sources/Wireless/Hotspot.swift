/// The network a panel opens for a phone to set it up from: its name and passphrase, made once per kiosk run
/// and kept in memory only. The passphrase is shown on the panel alone, so only someone standing at it can join;
/// it stays the same when the hotspot reopens after a failed join, so the phone rejoins by itself.
public struct Hotspot: Equatable, Sendable {
    /// The panel's own address on its hotspot: the set-up page's host, the DNS answer for every name.
    public static let address = "10.42.0.1"
    /// The set-up page's address, the second QR code: an IP, so it needs no DNS (Android's private DNS).
    public static let pageAddress = "http://\(address)/"
    /// Minutes without a phone on the hotspot before it closes.
    public static let idleMinutes = 15.0
    /// Read aloud and typed on a phone: no 0/o, 1/l/i.
    static let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")

    public var network: String
    public var passphrase: String

    public init(network: String, passphrase: String) {
        self.network = network
        self.passphrase = passphrase
    }

    /// A new hotspot from 14 random bytes: `Lectern-XXXX` and a passphrase `xxxx-xxxx-xxxx` (12 letters from 31:
    /// 59 bits, far beyond what anyone tries in the quarter hour it is up).
    public init(random bytes: [UInt8]) {
        precondition(bytes.count >= 14, "a hotspot needs 14 random bytes")
        let hex = Array("0123456789ABCDEF")
        network = "Lectern-" + String([hex[Int(bytes[0] >> 4)], hex[Int(bytes[0] & 15)], hex[Int(bytes[1] >> 4)], hex[Int(bytes[1] & 15)]])
        var letters = ""
        for (index, byte) in bytes[2..<14].enumerated() {
            if index > 0 && index % 4 == 0 { letters += "-" }
            letters.append(Self.alphabet[Int(byte) % Self.alphabet.count])
        }
        passphrase = letters
    }

    /// What the first QR code holds: join this hotspot.
    public var joinCode: WiFiJoinCode { WiFiJoinCode(network: network, passphrase: passphrase) }
}
