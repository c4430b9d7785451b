import CommandLineSupport
import ArgumentParser
import Platform
import Reader

/// The reader's settings as flags: the same keys as the configuration file and the `LECTERN_*` variables
/// (`lectern run --text-size 19` is `text-size = 19` is `LECTERN_TEXT_SIZE=19`).
struct ReaderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The configuration file.", discussion: "Default: /etc/lectern/lectern.conf (or $CONFIGURATION_DIRECTORY/lectern.conf) when it exists.", valueName: "file"))
    var config: String?

    @Option(help: "light, sepia or dark.") var theme: String?
    @Option(help: "Body text size, points (default 17).") var textSize: String?
    @Option(help: "How far from the panel a person reads, metres (default 0.6): type grows with it.") var readingDistance: String?
    @Option(help: "Show the bundled sample feeds while there are no subscriptions: on or off (default on).") var samples: String?
    @Option(help: "The feed store (default: feeds.sqlite in the state directory).") var store: String?
    @Option(help: "An OPML file merged into the subscriptions at start (default: feeds.opml beside the configuration).") var opml: String?
    @Option(help: "Idle minutes before ambient mode (default 5).") var idleMinutes: String?
    @Option(help: "Seconds each ambient card shows before the next crossfades in (default 15).") var cardSeconds: String?
    @Option(help: "Night schedule HH:MM-HH:MM, or off (default off).") var night: String?
    @Option(help: "Minutes before the night spent dimmed, in the dark (default 0: straight off).") var dimMinutes: String?
    @Option(help: "Minutes a touch at night keeps the panel on (default 3).") var wakeMinutes: String?
    @Option(help: "Image cache bound, megabytes (default 64).") var imageCacheMb: String?
    @Option(help: "Minutes between background refreshes (default 60).") var refreshMinutes: String?
    @Option(help: "The aggregator to sync with: local, fever or greader (default local: fetch the feeds here).") var sync: String?
    @Option(help: "The aggregator's API address.") var syncUrl: String?
    @Option(help: "The aggregator account's login (Fever: the email).") var syncUser: String?
    @Option(help: "A file only the service user can read, holding the account's password.") var syncPasswordFile: String?
    @Option(help: "Minutes between syncs (default 15).") var syncMinutes: String?

    var flags: [(key: String, value: String)] {
        let pairs: [(String, String?)] = [("theme", theme), ("text-size", textSize), ("reading-distance", readingDistance),
                                          ("samples", samples), ("store", store), ("opml", opml),
                                          ("idle-minutes", idleMinutes), ("card-seconds", cardSeconds), ("night", night),
                                          ("dim-minutes", dimMinutes), ("wake-minutes", wakeMinutes),
                                          ("image-cache-mb", imageCacheMb), ("refresh-minutes", refreshMinutes),
                                          ("sync", sync), ("sync-url", syncUrl), ("sync-user", syncUser),
                                          ("sync-password-file", syncPasswordFile), ("sync-minutes", syncMinutes)]
        return pairs.compactMap { key, value in value.map { (key, $0) } }
    }

    /// The settings for this run, strictly: any file line or value that cannot be taken is the error (for the
    /// commands a person types). `panelDirectory` holds what a person changed on the panel.
    func settings(panelDirectory: String?) throws -> ReaderSettings {
        let (settings, problems) = try forgivingSettings(panelDirectory: panelDirectory)
        if let first = problems.first { throw CommandFailure(first) }
        return settings
    }

    /// Where the reader's settings come from, as these flags say.
    var start: ReaderStart { ReaderStart(configFile: config, flags: flags) }

    /// The settings as the panel takes them (see `ReaderStart.settings`): what in the files cannot be taken is
    /// skipped and returned; a flag or variable that cannot be taken is the error.
    func forgivingSettings(panelDirectory: String?) throws -> (settings: ReaderSettings, problems: [String]) {
        do {
            return try start.settings(panelDirectory: panelDirectory)
        } catch let error as ConfigurationError {
            throw CommandFailure(error.description)
        }
    }
}
