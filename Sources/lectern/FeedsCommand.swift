import CommandLineSupport
import ArgumentParser
import Feeds
import Reader
import Platform

/// `lectern feeds …`: the subscriptions in the store.
struct FeedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds", abstract: "Manage feed subscriptions in the store.",
        subcommands: [FeedsAddCommand.self, FeedsRemoveCommand.self, FeedsListCommand.self, FeedsImportCommand.self,
                      FeedsExportCommand.self, FeedsRefreshCommand.self, FeedsEntriesCommand.self, FeedsMarkCommand.self, FeedsStressWriterCommand.self, FeedsCheckWritesCommand.self])
}

/// `--store PATH`, shared by the feeds commands.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The store file.",
        discussion: "Default: $STATE_DIRECTORY/feeds.sqlite, else $XDG_STATE_HOME/lectern/feeds.sqlite, else "
            + "~/.local/state/lectern/feeds.sqlite.", valueName: "path"))
    var store: String?

    /// Opens the store, creating the default directory if needed (never a directory given with --store), and
    /// runs `body` with it. SQLite's errors become one line that says which store and what went wrong.
    func withStore<T>(_ body: (FeedStore) throws -> T) throws -> T {
        let path = try resolvedPath()
        let store: FeedStore
        do {
            store = try FeedStore(path: path)
        } catch let error as DatabaseError {
            throw CommandFailure("cannot open the feed store: " + Self.explained(error, path: path))
        }
        do {
            return try body(store)
        } catch let error as DatabaseError {
            throw CommandFailure(Self.explained(error, path: path) + "; nothing was changed")
        }
    }

    /// SQLite's error, led by what it means for the user when that is a full disk or a read-only file system.
    static func explained(_ error: DatabaseError, path: String) -> String {
        if error.isDiskFull { return "the disk holding \(path) is full (\(error.description))" }
        if error.isReadOnly { return "\(path) is read-only (\(error.description))" }
        return error.description
    }

    func resolvedPath() throws -> String {
        try store ?? StateDirectory.storePath()
    }
}

/// A feed URL must be one the fetcher can fetch.
func validatedFeedURL(_ url: String) throws -> String {
    guard WebAddress.isWeb(url), !url.contains(where: { $0 == " " || $0.isNewline }) else {
        throw ValidationError("'\(url)' is not an http or https URL")
    }
    return url
}

struct FeedsAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Subscribe to a feed.")

    @Argument(help: "The feed's URL.") var url: String
    @Option(help: "A title until the feed gives one.") var title: String?
    @OptionGroup var options: StoreOptions

    func validate() throws { _ = try validatedFeedURL(url) }

    func run() throws {
        try options.withStore { store in
            if try store.feedID(url: url) != nil {
                print("already subscribed: \(url)")
            } else {
                try store.addFeed(url: url, title: title, at: LocalTime.now())
                print("added \(url)")
            }
        }
    }
}

struct FeedsRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Unsubscribe from a feed, deleting its entries (starred ones too).")

    @Argument(help: "The feed's URL, as `feeds list` shows it.") var url: String
    @OptionGroup var options: StoreOptions

    func run() throws {
        try options.withStore { store in
            guard let feed = try store.feedID(url: url) else { throw CommandFailure("not subscribed: \(url)") }
            try store.removeFeed(feed)
            print("removed \(url)")
        }
    }
}

struct FeedsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List subscriptions with how their last fetch went.")

    @OptionGroup var options: StoreOptions

    func run() throws {
        let feeds = try options.withStore { try $0.feeds() }
        let now = LocalTime.now()
        if feeds.isEmpty { print("no feeds: add one with `lectern feeds add URL`") }
        for feed in feeds {
            print("\(feed.title ?? "(untitled)")\t\(feed.url)")
            print("    " + FetchStatusText.describe(feed, now: now))
        }
    }
}

struct FeedsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Subscribe to the feeds an OPML file lists.")

    @Argument(help: "An OPML file.") var file: String
    @OptionGroup var options: StoreOptions

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(file, limit: 16 << 20)
        } catch {
            throw CommandFailure("cannot read \(file): \(error)")
        }
        let subscriptions: [OPMLSubscription]
        do {
            subscriptions = try OPML.subscriptions(from: bytes)
        } catch let error as OPMLError {
            throw CommandFailure("\(file): \(error)")
        }
        // The fetcher speaks http and https only; `feeds add` refuses other schemes, so import skips them.
        let fetchable = subscriptions.filter { (try? validatedFeedURL($0.url)) != nil }
        let skipped = subscriptions.count - fetchable.count
        let now = LocalTime.now()
        let (added, present) = try options.withStore { try $0.merge(fetchable, at: now) }
        print("imported \(file): \(added) added, \(present) already there"
            + (skipped > 0 ? ", \(skipped) skipped (not http or https)" : ""))
    }
}

struct FeedsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Print the subscriptions as OPML 2.0.")

    @OptionGroup var options: StoreOptions

    func run() throws {
        let feeds = try options.withStore { try $0.feeds() }
        let subscriptions = feeds.map {
            OPMLSubscription(url: $0.url, title: $0.title, siteLink: $0.siteLink, category: $0.category)
        }
        print(OPML.document(subscriptions, title: "Lectern subscriptions", created: LocalTime.now()), terminator: "")
    }
}
