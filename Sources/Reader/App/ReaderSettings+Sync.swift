import Feeds

extension ReaderSettings {
    /// The account the settings name, its password read from its file; nil when the panel fetches its own feeds.
    public func syncAccount() throws(SyncError) -> SyncAccount? {
        guard let sync else { return nil }
        guard let syncURL else { throw SyncError(.configuration, "sync = \(sync.rawValue) needs sync-url") }
        guard let syncPasswordFile else {
            throw SyncError(.configuration, "sync = \(sync.rawValue) needs sync-password-file")
        }
        if sync == .greader, syncUser == nil { throw SyncError(.configuration, "sync = greader needs sync-user") }
        return SyncAccount(kind: sync, url: syncURL, user: syncUser, password: try PasswordFile.read(syncPasswordFile))
    }
}
