#if canImport(Glibc)
import Glibc
#endif
import CommandLineSupport
import ArgumentParser
import Feeds
import Reader
import Platform

/// `lectern feeds refresh`: fetches feeds now through the same refresher the panel uses, printing each feed as
/// it finishes. Fetches run on the refresher's worker; this thread sleeps in poll until results come.
struct FeedsRefreshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh", abstract: "Fetch feeds now and store what is new.")

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Only the feeds whose next check is due (what the panel would fetch now).")
    var due = false

    @Option(help: "Unread entries kept per feed (starred ones are always kept).")
    var keepUnread = FeedRefresher.Retention().unreadPerFeed

    @Option(help: "Days a read entry is kept after it was read.")
    var keepReadDays = FeedRefresher.Retention().readForDays

    func validate() throws {
        guard (1...1_000_000).contains(keepUnread), (0...36_500).contains(keepReadDays) else {
            throw ValidationError("--keep-unread must be 1 to 1000000 and --keep-read-days 0 to 36500")
        }
    }

    func run() throws {
        let outcome = try storeOptions.withStore { store in try refresh(store) }
        if let outcome { throw CommandFailure(outcome) }
    }

    /// Refreshes and returns a failure line when any feed failed or the run was interrupted.
    private func refresh(_ store: FeedStore) throws -> String? {
        let fetcher = FeedFetcher(userAgent: FeedFetcher.userAgent(version: LecternVersion.current))
        let refresher: FeedRefresher
        do {
            refresher = try FeedRefresher(store: store, fetcher: fetcher,
                                          retention: .init(unreadPerFeed: keepUnread, readForDays: keepReadDays))
        } catch {
            throw CommandFailure("cannot start fetching: \(error)")
        }
        defer { refresher.shutdown() }
        let total = try refresher.refresh(dueAt: LocalTime.now(), everything: !due)
        guard total > 0 else {
            print(due ? "no feed is due" : "no feeds: add one with `lectern feeds add URL`")
            return nil
        }
        if isatty(1) == 1 { print("fetching \(total) feed\(total == 1 ? "" : "s")…") }

        let loop = try EventLoop()
        var done = 0, added = 0, failed = 0
        _ = loop.watch(refresher.fileDescriptor) { _ in
            for report in refresher.collect() {
                done += 1
                if case .updated(let new, _) = report.outcome { added += new }
                if case .failed = report.outcome { failed += 1 }
                print("[\(done)/\(total)] \(report.summary)")
            }
            if refresher.pendingCount == 0 { loop.stop() }
        }
        try loop.run()
        if let signal = loop.receivedSignal {
            return "interrupted by signal \(signal): \(total - done) of \(total) feeds not refreshed; what was fetched is stored"
        }
        print("\(total) feed\(total == 1 ? "" : "s") refreshed: \(added) new entr\(added == 1 ? "y" : "ies"), \(failed) failed")
        return failed > 0 ? "\(failed) of \(total) feeds could not be refreshed (see above)" : nil
    }
}
