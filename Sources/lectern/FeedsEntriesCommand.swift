import CommandLineSupport
import ArgumentParser
import Feeds
import Reader

/// `lectern feeds entries`: every entry's reading state, one per line (`id<TAB>read|unread<TAB>starred|-<TAB>
/// remote id|-<TAB>title`), newest first: for an owner looking into a store, and for checks comparing two.
struct FeedsEntriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entries", abstract: "List entries with their read and starred state.")

    @OptionGroup var options: StoreOptions

    func run() throws {
        for entry in try options.withStore({ try $0.entryStates() }) {
            print("\(entry.id.rawValue)\t\(entry.isRead ? "read" : "unread")\t\(entry.isStarred ? "starred" : "-")\t"
                  + "\(entry.remoteID ?? "-")\t\(entry.title ?? "(untitled)")")
        }
    }
}

/// `lectern feeds mark read|unread|star|unstar ID…`: changes entries as a touch on the panel would, queued for
/// the aggregator when an account keeps them.
struct FeedsMarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark", abstract: "Mark entries read or unread, starred or not, as the panel does.")

    @Argument(help: "read, unread, star or unstar.") var change: String
    @Argument(help: "Entry ids, as `feeds entries` lists them.") var ids: [Int64] = []
    @Option(help: "With read: every entry of this feed (its URL, as `feeds list` shows it), as the menu's Mark all read does on its river.")
    var feed: String?
    @OptionGroup var options: StoreOptions

    func validate() throws {
        guard LocalChange(rawValue: change) != nil else { throw ValidationError("the change is read, unread, star or unstar") }
        if feed != nil {
            guard change == "read", ids.isEmpty else { throw ValidationError("--feed goes with read and no entry ids") }
        } else {
            guard !ids.isEmpty else { throw ValidationError("name at least one entry") }
        }
    }

    func run() throws {
        let entries = ids.map(EntryID.init(rawValue:))
        let now = LocalTime.now()
        if let feed {
            let changed = try options.withStore { store in
                guard let id = try store.feedID(url: feed) else { throw CommandFailure("not subscribed: \(feed)") }
                return try store.markFeedRead(id, before: now, at: now)
            }
            print("marked \(changed) entr\(changed == 1 ? "y" : "ies") of \(feed) read")
            return
        }
        try options.withStore { store in
            switch LocalChange(rawValue: change) {
            case .read: try store.markRead(entries, read: true, at: now)
            case .unread: try store.markRead(entries, read: false, at: now)
            case .star: for entry in entries { try store.setStarred(entry, true, at: now) }
            case .unstar: for entry in entries { try store.setStarred(entry, false, at: now) }
            case nil: break
            }
        }
        print("marked \(ids.count) entr\(ids.count == 1 ? "y" : "ies") \(change)")
    }
}
