import System

/// The other files of the state directory the kiosk and `lectern admin` share, besides the pairing book's: how
/// the admin process tells the kiosk it changed the store. The kiosk watches the directory (inotify) for these
/// names, and looks again every minute whatever it heard, so a lost notification never leaves it stale longer.
public enum SharedState {
    /// Rewritten by the admin process after each change to the store (a feed added or removed, an OPML merged):
    /// the kiosk then reads its library again and fetches what is new.
    public static let storeChangedName = "store.changed"
    /// The settings a person changed on the panel or from a phone (the kiosk's `panel.conf`).
    public static let panelSettingsName = "panel.conf"
    /// The keys the kiosk was started with from its environment or its flags, which no phone can change.
    public static let fixedSettingsName = "kiosk.fixed"

    /// When the kiosk last synced with its aggregator: the seconds since 1970 on one line, rewritten after each
    /// sync that went through. `GET /api/account` answers it as `last`.
    public static let lastSyncName = "sync.last"

    /// The aggregator account's password, kept by the account route and by `lectern card import`; the kiosk
    /// reads it when an account names no other password file.
    public static let passwordName = "sync-password"

    /// Keeps the account's password in `directory`: the service's alone from its first byte, flushed.
    public static func keepPassword(_ bytes: [UInt8], directory: String) throws(SystemCallError) {
        try AtomicFile.write(bytes, to: directory + "/" + passwordName, permissions: 0o600)
    }

    /// Says the store changed, with the time, not flushed: a lost note costs at most the minute's look.
    public static func noteStoreChanged(directory: String, now: Int64) {
        try? AtomicFile.write(Array("\(now)\n".utf8), to: directory + "/" + storeChangedName, durable: false)
    }

    /// When the kiosk last synced with its aggregator account, for the page's account section: seconds since 1970.
    public static func noteSynced(directory: String, now: Int64) {
        try? AtomicFile.write(Array("\(now)\n".utf8), to: directory + "/" + lastSyncName, durable: false)
    }
}
