/// Why an iwd operation did not happen, from the D-Bus error iwd (or the bus) answered with. iwd says the same
/// `Failed` for a wrong password as for any other failed join: the caller knows which network and passphrase it
/// tried, so it tells the person, not this type.
public enum IwdError: Error, Equatable, Sendable, CustomStringConvertible {
    case failed
    case notFound
    case aborted
    case noAgent
    case inProgress
    case notSupported
    case invalidArguments
    case alreadyExists
    case timeout
    case notAvailable
    /// Any other D-Bus error, with its name and iwd's own text.
    case other(name: String, message: String)
    /// No Wi-Fi device: iwd has none, or is not running.
    case noDevice
    /// iwd left the bus, or the bus connection itself ended.
    case busGone

    /// The error a reply named. iwd's names are `net.connman.iwd.` + the case (its docs' "Busy" is `InProgress`).
    init(name: String, message: String) {
        let iwd = "net.connman.iwd."
        if name.hasPrefix(iwd), !name.dropFirst(iwd.count).contains(".") {
            switch name.dropFirst(iwd.count) {
            case "Failed": self = .failed; return
            case "NotFound": self = .notFound; return
            case "Aborted": self = .aborted; return
            case "NoAgent": self = .noAgent; return
            case "InProgress": self = .inProgress; return
            case "NotSupported": self = .notSupported; return
            case "InvalidArguments": self = .invalidArguments; return
            case "AlreadyExists": self = .alreadyExists; return
            case "Timeout": self = .timeout; return
            case "NotAvailable": self = .notAvailable; return
            default: break
            }
        }
        switch name {
        case "org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.TimedOut": self = .timeout
        // iwd not running (not activatable, or gone): the daemon answers for it.
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
             "org.freedesktop.DBus.Error.Disconnected": self = .busGone
        // The device's other mode has the interface (a scan asked of a device in ap mode), or the object went
        // between the question and the answer.
        case "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
             "org.freedesktop.DBus.Error.UnknownObject": self = .notAvailable
        default: self = .other(name: name, message: message)
        }
    }

    /// One line a person can read on the panel or the phone's page.
    public var description: String {
        switch self {
        case .failed: "The Wi-Fi operation failed (joining a network: most often a wrong password)"
        case .notFound: "That network is not in range"
        case .aborted: "Stopped by a newer Wi-Fi request"
        case .noAgent: "iwd needed a password but nothing was there to give it"
        case .inProgress: "The Wi-Fi is busy with the same thing already"
        case .notSupported: "This Wi-Fi hardware or network does not support that"
        case .invalidArguments: "iwd refused the values (a Wi-Fi password has 8 to 63 characters)"
        case .alreadyExists: "That is already done"
        case .timeout: "The Wi-Fi did not answer in time"
        case .notAvailable: "Not possible now (the radio is off or in another mode)"
        case .other(let name, let message):
            name.hasSuffix(".AccessDenied")
                ? "The system bus refused the call (is the user in group netdev?)"
                : "\(name): \(message.isEmpty ? "no details" : message)"
        case .noDevice: "No Wi-Fi device"
        case .busGone: "iwd is not running"
        }
    }
}
