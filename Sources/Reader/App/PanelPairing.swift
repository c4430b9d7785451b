import Pairing

/// What the panel pairs phones with: the pairing book in the state directory the admin process shares, and the
/// address a phone reaches the panel at (the pairing URL's host). None without a state directory.
public struct PanelPairing: Sendable {
    public var book: PairingBook
    public var address: String

    public init(book: PairingBook, address: String) {
        self.book = book
        self.address = address
    }

    /// Pairing in `stateDirectory`, at the address the panel has now (`LECTERN_ADMIN_ADDRESS` gives one).
    public init(stateDirectory: String, environment: [String: String]) {
        self.init(book: PairingBook(directory: stateDirectory), address: PanelAddress.current(environment: environment))
    }

    public func url(for window: PairingWindow) -> String { PanelAddress.pairingURL(address: address, code: window.code) }
}
