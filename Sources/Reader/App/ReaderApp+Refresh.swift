import Feeds
import Widgets

/// A refresh of the feeds, or a sync with the account, from a pull: the screen that started it hears each
/// feed's report and the end.
extension ReaderApp {
    func startRefresh(from origin: RefreshOrigin) {
        refreshOrigin = origin
        if let startSync, !context.library.showsSamples {
            if !startSync() { finishRefresh() }
            return
        }
        let submitted = context.library.showsSamples ? 0 : (refreshing?.start(at: wallNow) ?? 0)
        if submitted == 0 { finishRefresh() }
    }

    /// The refresh's worker has reports: take them now (the host calls this when its descriptor is readable).
    public func refreshReportsReady() { takeRefreshReports() }

    func takeRefreshReports() {
        guard refreshOrigin != nil, let refreshing else { return }
        let reports = refreshing.collect()
        for report in reports {
            if case .updated(let added, _) = report.outcome { pendingArrivals += added }
            screen.refreshReported(report)
        }
        if !refreshing.isRunning { finishRefresh() }
    }

    func finishRefresh() {
        let added = pendingArrivals
        pendingArrivals = 0
        refreshOrigin = nil
        screen.refreshFinished(added: added, at: time)
        needsFullDraw = true
    }

    /// A sync with the account finished (pulled for, or on its schedule): a pull waiting for it ends with each
    /// feed's line saying what came, or why the sync failed; else the list says how many arrived.
    public func syncFinished(_ outcome: SyncWorker.Outcome) {
        var added = 0
        var reports: [FeedRefresher.Report] = []
        for feed in context.library.feeds() {
            let result: FeedRefresher.Report.Outcome
            switch outcome {
            case .success(let report):
                let new = report.newPerFeed[feed.id] ?? 0
                added += new
                result = .updated(added: new, updated: 0)
            case .failure(let error): result = .failed(error.message)
            }
            reports.append(FeedRefresher.Report(feed: feed.id, title: feed.title ?? feed.url, outcome: result))
        }
        guard refreshOrigin != nil else {
            entriesArrived(added)
            return
        }
        for report in reports { screen.refreshReported(report) }
        pendingArrivals += added
        finishRefresh()
    }

    /// Entries arrived from the background refresh: the list says how many, without moving a row.
    public func entriesArrived(_ added: Int) {
        guard added > 0 else { return }
        for action in screen.entriesArrived(added, at: time) { perform(action) }
        needsFullDraw = true
    }
}
