import Feeds
import Logging
import Pairing
import Platform

/// What every run of the reader starts from, on the panel, in the window or headless: its settings from their
/// sources, the state directory, and the store with the OPML files merged in.
public struct ReaderStart {
    /// The one configuration file to read (`--config`); nil: the image's, then the card's, each if it is there.
    public var configFile: String?
    /// Settings given as flags, by the configuration file's keys; they win over every other source.
    public var flags: [(key: String, value: String)]

    public init(configFile: String? = nil, flags: [(key: String, value: String)] = []) {
        self.configFile = configFile
        self.flags = flags
    }

    /// The settings as the panel takes them: from the image's file, then the card's, skipping (and returning)
    /// what cannot be taken, so a bad value on a card never leaves the panel dark. A password the card held,
    /// moved into the state directory by `lectern card import`, is the account's when no other file is named.
    /// `panelDirectory` holds what a person changed on the panel.
    public func settings(panelDirectory: String?) throws -> (settings: ReaderSettings, problems: [String]) {
        let environment = ProcessEnvironment.current()
        let files = configFile.map { [$0] } ?? ReaderLaunch.configurationFiles(environment)
        var (settings, problems) = try ReaderLaunch.settings(
            configFiles: files, panelFile: panelDirectory.map { $0 + "/" + ReaderLaunch.panelSettingsName },
            environment: environment, flags: flags)
        if let panelDirectory { Self.takeStoredPassword(&settings, state: panelDirectory) }
        return (settings, problems)
    }

    /// The password kept in the state directory (moved from the card, or set from a phone) is the account's when
    /// no other file is named.
    public static func takeStoredPassword(_ settings: inout ReaderSettings, state: String) {
        if settings.sync != nil, settings.syncPasswordFile == nil, AtomicFile.exists(state + "/" + CardSetup.storedPasswordName) {
            settings.syncPasswordFile = state + "/" + CardSetup.storedPasswordName
        }
    }

    /// The state directory, the settings (with the panel's own changes), the store with the OPML files merged in
    /// (the image's, then the card's), and what the list should say once (a setting that could not be taken, a
    /// password the card held).
    public func begin(log: Logger) throws -> (stateDirectory: String?, settings: ReaderSettings, store: FeedStore?,
                                               notices: [String]) {
        let stateDirectory: String?
        do { stateDirectory = try StateDirectory.path(for: "the reader's state") } catch {
            log.warning("nothing the reader does is kept: \(error)")
            stateDirectory = nil
        }
        let (settings, problems) = try self.settings(panelDirectory: stateDirectory)
        for problem in problems { log.error("\(problem)") }
        var notices: [String] = []
        if let first = problems.first {
            notices.append(problems.count == 1 ? "Setting not taken: \(first)." : "Setting not taken: \(first) (and \(problems.count - 1) more, in the log).")
        }
        if let stateDirectory, let moved = CardSetup.takeNotice(state: stateDirectory) { notices.append(moved) }
        if let stateDirectory, let moved = CardSetup.takeNotice(state: stateDirectory, name: CardSetup.wifiNoticeName) { notices.append(moved) }
        let store = openStore(settings, log: log)
        // With an aggregator account the server owns the subscriptions: an OPML file would only add feeds the
        // next sync takes away again.
        if let store, settings.sync == nil {
            for path in opmlPaths(settings) {
                if let line = ReaderLaunch.mergeOPML(at: path, into: store, now: LocalTime.now()) { log.notice("\(line)") }
            }
        }
        return (stateDirectory, settings, store, notices)
    }

    /// The reader for the panel: its settings, its store (the OPML file merged in first), its state directory.
    public func kiosk(events: EventLoop, log: Logger, userAgent: String) throws -> ReaderKiosk {
        let (stateDirectory, settings, store, notices) = try begin(log: log)
        let kiosk = ReaderKiosk(settings: settings, store: store, stateDirectory: stateDirectory, events: events, log: log,
                                userAgent: userAgent)
        kiosk.startNotices = notices
        if let stateDirectory {
            let environment = ProcessEnvironment.current()
            let book = SettingsBook(stateDirectory: stateDirectory,
                                    configFiles: configFile.map { [$0] } ?? ReaderLaunch.configurationFiles(environment),
                                    cardDirectory: ReaderLaunch.cardDirectory(environment), lockWait: 0.1)
            // What a phone may not change this run: the admin process reads it.
            do { try book.writeFixed(environment: environment, flags: flags) } catch { log.warning("\(SharedState.fixedSettingsName) not written: \(error)") }
            kiosk.settingsBook = book
            kiosk.recomputeSettings = { [self] in
                do { return try self.settings(panelDirectory: stateDirectory).settings } catch {
                    log.error("settings not taken again: \(error)")
                    return nil
                }
            }
        }
        return kiosk
    }

    /// The feed store the settings name, else the one in the state directory; nil (with a line) when it
    /// cannot be opened: the reader then shows the samples, and nothing is saved.
    private func openStore(_ settings: ReaderSettings, log: Logger) -> FeedStore? {
        do {
            return try FeedStore(path: try settings.store ?? StateDirectory.storePath())
        } catch {
            log.warning("no feed store, nothing will be saved: \(error)")
            return nil
        }
    }

    /// The OPML files merged at start: the opml setting's (else the image's feeds.opml), then the card's.
    private func opmlPaths(_ settings: ReaderSettings) -> [String] {
        let environment = ProcessEnvironment.current()
        return [settings.opml ?? ReaderLaunch.configurationDirectory(environment) + "/feeds.opml",
                ReaderLaunch.cardDirectory(environment) + "/feeds.opml"]
    }
}
