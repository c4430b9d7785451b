import Pairing

/// What the panel pairs phones with: the pairing book in the state directory the admin process shares, and the
/// address a phone reaches the panel at (the pairing URL's host). None without a state directory.
public struct PanelPairing: Sendable {
    public var book: PairingBook
    /// The address given outright (a test's); nil: the panel's address when a window opens, as the network may
    /// have come up (or changed) since the kiosk started.
    public var address: String?
    var environment: [String: String] = [:]

    public init(book: PairingBook, address: String) {
        self.book = book
        self.address = address
    }

    /// Pairing in `stateDirectory`, at the address the panel has when a window opens (`LECTERN_ADMIN_ADDRESS`
    /// gives one).
    public init(stateDirectory: String, environment: [String: String]) {
        // On the frame loop: a short wait for the admin process's lock, then the change fails and is said.
        book = PairingBook(directory: stateDirectory, lockWait: 0.1)
        address = nil
        self.environment = environment
    }

    public func url(for window: PairingWindow) -> String {
        PanelAddress.pairingURL(address: address ?? PanelAddress.current(environment: environment), code: window.code)
    }
}
