import Feeds
import Pairing
import System
import Wireless

/// What a page fetched for the API brought back: a feed, a page naming one, or a failure in a few words.
public struct AdminFetched: Sendable {
    public var finalURL: String
    public var contentType: String?
    public var body: [UInt8]
    /// Set when nothing usable came back (no answer, an HTTP error); the rest is then empty.
    public var failure: String?

    public init(finalURL: String, contentType: String? = nil, body: [UInt8] = [], failure: String? = nil) {
        self.finalURL = finalURL
        self.contentType = contentType
        self.body = body
        self.failure = failure
    }
}

/// Everything the router reads and changes, passed in, so the tests and the fuzzer give it their own: an
/// in-memory store, a clock they set, a fetch that never leaves the process.
public final class AdminContext {
    /// The state directory the kiosk shares: the pairing book, `store.changed`, the sync password.
    public let stateDirectory: String
    public let store: FeedStore
    public let book: PairingBook
    public let settings: AdminSettings
    /// Wall-clock seconds since 1970.
    public let clock: () -> Int64
    /// Signs in with an account and says nil when the aggregator took it, else its words. Called before anything
    /// about an account is saved.
    public let verifyAccount: (SyncAccount) -> String?
    /// Fetches a URL a phone gave (a feed or a site's page), bounded in time and size.
    public let fetch: (String) -> AdminFetched
    /// Host names the panel answers to besides IP literals and `localhost`: its `.local` name.
    public let hostNames: [String]

    public init(stateDirectory: String, store: FeedStore, settings: AdminSettings, clock: @escaping () -> Int64,
                verifyAccount: @escaping (SyncAccount) -> String?, fetch: @escaping (String) -> AdminFetched,
                hostNames: [String]) {
        self.stateDirectory = stateDirectory
        self.store = store
        book = PairingBook(directory: stateDirectory)
        self.settings = settings
        self.clock = clock
        self.verifyAccount = verifyAccount
        self.fetch = fetch
        self.hostNames = hostNames.map { $0.lowercased() }
    }

    /// Where the aggregator's password is kept: the service's alone (0600).
    public var passwordPath: String { stateDirectory + "/" + SharedState.passwordName }

    /// Where the kiosk says the panel's Wi-Fi stands (`wifi.state`); nil when it wrote none, or a damaged one:
    /// either way no Wi-Fi the page can offer.
    public func wifiStatus() -> WiFiStatus? { wifiFile().status }

    /// `wifi.state` read once: the status, and when the kiosk wrote it (its `updated`, given back as it was).
    func wifiFile() -> (status: WiFiStatus?, updated: Int64) {
        guard let bytes = try? AtomicFile.read(stateDirectory + "/" + WiFiStatus.fileName, limit: 64 << 10),
              let status = WiFiStatus(reading: bytes) else { return (nil, 0) }
        let updated = (try? JSONDocument.parse(bytes))?["updated"]?.integer ?? 0
        return (status, Int64(updated))
    }

    var now: Timestamp { Timestamp(secondsSince1970: clock()) }

    /// Tells the kiosk the store changed, after every change made here.
    func storeChanged() { SharedState.noteStoreChanged(directory: stateDirectory, now: clock()) }
}
