/// iwd's bus name and interface names, written once.
enum Iwd {
    static let service = "net.connman.iwd"
    static let managerPath = "/net/connman/iwd"
    static let agentManager = "net.connman.iwd.AgentManager"
    static let agent = "net.connman.iwd.Agent"
    static let agentCanceled = "net.connman.iwd.Agent.Error.Canceled"
    static let device = "net.connman.iwd.Device"
    static let station = "net.connman.iwd.Station"
    static let stationDiagnostic = "net.connman.iwd.StationDiagnostic"
    static let network = "net.connman.iwd.Network"
    static let knownNetwork = "net.connman.iwd.KnownNetwork"
    static let accessPoint = "net.connman.iwd.AccessPoint"
    static let accessPointDiagnostic = "net.connman.iwd.AccessPointDiagnostic"
}

/// The D-Bus standard interfaces iwd's objects are discovered and watched through.
enum DBus {
    static let service = "org.freedesktop.DBus"
    static let path = "/org/freedesktop/DBus"
    static let objectManager = "org.freedesktop.DBus.ObjectManager"
    static let properties = "org.freedesktop.DBus.Properties"
    static let noReply = "org.freedesktop.DBus.Error.NoReply"
}
