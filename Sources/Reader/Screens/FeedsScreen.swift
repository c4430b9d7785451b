import Feeds
import Raster
import Text
import Touch
import Widgets

/// Every subscription with its unread count and how its last fetch went, in words. Pull to Action at the top
/// refreshes every feed, and each feed's line says where its refresh is (waiting, done with N new, or what
/// went wrong) as the reports come in. A feed's row swipes open to Mute and Unsubscribe; unsubscribing waits
/// behind the undo bar, and only happens once the bar has gone.
final class FeedsScreen: Component {
    /// Where a feed's refresh is during a pull.
    enum Progress: Equatable {
        case waiting
        case done(String)
        case failed(String)
    }

    let context: ReaderContext
    private(set) var feeds: [StoredFeed]
    let control: PullToAction
    let arrow: ArrowStatusView
    let list: SwipeList<FeedCell>
    private var events = EventQueue<ReaderAction>()
    private var touches = TouchSequence<Part>()
    private var tap = TapRecognizer()
    private(set) var progress: [FeedID: Progress] = [:]
    private(set) var undo: UndoBar?
    /// The header or the undo bar changed, or nothing is known to be on the glass: the next draw is the whole
    /// screen. The rows and the pull control tell their own damage.
    private var chromeChanged = true
    private var completeAt: Double?
    private var time = 0.0
    private let box: FeedsBox
    /// How the account's last sync went, read with the feeds (every synced feed's line tells the same).
    private var syncRecord: SyncRecord?

    private enum Part: Equatable { case header, undo, rows }

    /// Feeds and their progress, shared with the list's configure closure.
    final class FeedsBox {
        var feeds: [StoredFeed] = []
        var status: (StoredFeed) -> (String, Bool) = { _ in ("", false) }
    }

    init(context: ReaderContext) {
        self.context = context
        feeds = context.library.feeds()
        syncRecord = context.library.syncAccount == nil ? nil : context.library.syncRecord()
        arrow = ArrowStatusView(color: context.theme.ink)
        let frame = Rect(x: 0, y: ListScreen.headerHeight, width: context.size.width,
                         height: context.size.height - ListScreen.headerHeight)
        let scroll = ScrollView(frame: frame, contentHeight: 0,
                                physics: ScrollPhysics(tolerance: .display(scale: context.scale.pixelsPerPoint)))
        control = PullToAction(scroll: scroll, statusView: arrow, visualizer: ArrowVisualizer(arrow: arrow))
        let box = FeedsBox()
        box.feeds = feeds
        self.box = box
        let width = frame.width
        let mute = SwipeAction(title: "Mute", color: Color(red: 0.55, green: 0.55, blue: 0.58), width: 90, role: .other)
        let unsubscribe = SwipeAction(title: "Remove", color: Color(red: 1, green: 0.231, blue: 0.188), width: 90, role: .delete)
        // With an aggregator account the server owns the subscriptions: a feed removed here would come back at
        // the next sync, so only Mute (the panel's own) is offered.
        let actions = context.library.syncAccount == nil ? [mute, unsubscribe] : [mute]
        list = SwipeList(frame: frame, ids: Array(feeds.indices), rowHeight: FeedCell.height, actions: actions,
                         sheetOptions: [], typography: context.typography, refresh: .action(control),
                         makeCell: { FeedCell(context: context) },
                         configure: { cell, id in
                             let (line, failed) = box.status(box.feeds[id])
                             cell.configure(box.feeds[id], status: line, failed: failed, width: width)
                         },
                         drawCell: { cell, canvas, frame in cell.draw(into: canvas, frame: frame) })
        list.theme = context.theme
        control.backdrop = context.theme.backdrop
        box.status = { [unowned self] feed in statusLine(feed, now: context.wallClock(time)) }
    }

    func takeEvents() -> [ReaderAction] { events.take() }

    /// The control began its action (pulled, or from code): every feed waits, the app refreshes them.
    private func takeControlEvents() {
        for case .triggered in control.takeEvents() {
            for feed in feeds where !feed.fetch.isGone { progress[feed.id] = .waiting }
            reconfigureAll()
            events.append(.refresh(from: .feeds))
        }
    }

    /// One feed's refresh finished.
    func report(_ report: FeedRefresher.Report) {
        switch report.outcome {
        case .updated(let added, _): progress[report.feed] = .done(added == 1 ? "1 new" : "\(added) new")
        case .notModified: progress[report.feed] = .done("no change")
        case .gone: progress[report.feed] = .failed("the feed is gone (410); no longer checked")
        case .failed(let why): progress[report.feed] = .failed(why)
        }
        if let index = feeds.firstIndex(where: { $0.id == report.feed }) { list.reconfigure(index) }
    }

    /// Every feed is done: the control retracts (after `minimum` seconds of spinning, so it reads as work).
    func refreshFinished(at time: Double, minimum: Double = 0.6) {
        // Counts and statuses as stored now; the rows stay in place (same feeds, same order).
        let fresh = Dictionary(context.library.feeds().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if syncRecord != nil { syncRecord = context.library.syncRecord() }
        feeds = feeds.map { fresh[$0.id] ?? $0 }
        reconfigureAll()
        completeAt = max(time, self.time + minimum)
    }

    /// A feed's stored state changed (muted): its row is set again.
    func refreshFeed(_ id: FeedID) {
        guard let index = feeds.firstIndex(where: { $0.id == id }),
              let fresh = context.library.feeds().first(where: { $0.id == id }) else { return }
        feeds[index] = fresh
        reconfigureAll()
    }

    private func reconfigureAll() {
        box.feeds = feeds
        for index in feeds.indices { list.reconfigure(index) }
    }

    func startRefresh(at time: Double) {
        control.trigger(at: time)
        takeControlEvents()
    }

    private var undoFrame: Rect { UndoBar.frame(in: context.bounds) }

    /// Each sequence goes whole to the part it started on: the rows (and the pull above them), or a bar.
    func handle(_ frame: TouchFrame) {
        for part in touches.split(frame, choose: part(under:)) {
            switch part.owner {
            case .rows:
                // Pulls are ignored while the arrow spins (the seed's rule), but rows still swipe and open.
                list.handle(part.frame)
                takeControlEvents()
                for reported in list.takeEvents() { take(reported) }
            case .header, .undo:
                for event in part.frame.events { tapBar(part.owner, event) }
            }
        }
    }

    private func part(under event: TouchEvent) -> Part {
        if event.position.y < ListScreen.headerHeight { return .header }
        if undo != nil, undoFrame.contains(event.position) { return .undo }
        return .rows
    }

    private func take(_ reported: SwipeList<FeedCell>.Event) {
        switch reported {
        case .selected(let row):
            let feed = feeds[row]
            events.append(.showRiver(.feed(feed.id, url: feed.url, title: feed.title ?? feed.url)))
        case .action(let row, _): events.append(.write(.muted(feeds[row].id, !feeds[row].isMuted)))
        case .deleted(let row):
            // A row taken away while another waits behind the undo bar: that one goes for good.
            if let pending = undo { events.append(.write(.unsubscribed(feeds[pending.index].id))) }
            undo = UndoBar(index: row, text: "Unsubscribed from \(feeds[row].title ?? feeds[row].url)",
                           until: time + UndoBar.seconds)
            chromeChanged = true
        case .sheetOption, .sheetCancelled: break
        }
    }

    private func tapBar(_ bar: Part, _ event: TouchEvent) {
        if event.phase == .down { tap.reset() }
        tap.handle(event)
        guard tap.state == .ended else { return }
        if bar == .header, tap.location.x > context.size.width - 110 { events.append(.openMenu) }
        if bar == .undo, let pending = undo {
            undo = nil
            chromeChanged = true
            let before = list.list.layout.ids.filter { $0 < pending.index }.count
            list.insert(pending.index, at: before, height: FeedCell.height, time: time)
        }
    }

    func advance(to time: Double) -> Bool {
        self.time = time
        if let at = completeAt, at <= time {
            completeAt = nil
            control.actionCompleted(at: at)
        }
        if let pending = undo, pending.until <= time {
            undo = nil
            events.append(.write(.unsubscribed(feeds[pending.index].id)))
            chromeChanged = true
        }
        let moving = list.advance(to: time)
        // The arrow's visualizer starts the action from its own animation.
        takeControlEvents()
        return moving
    }

    var deadline: Double? { [completeAt, undo?.until, list.deadline].compactMap { $0 }.min() }

    var state: PullToActionState { control.state }

    func invalidateDrawing() {
        chromeChanged = true
        list.invalidateDrawing()
    }

    /// The rows' and the control's own damage, or the whole screen when the header or the undo bar changed.
    func pendingDamage(on canvas: Canvas) -> DamageRegion {
        if chromeChanged { return DamageRegion(canvas.clip) }
        return list.pendingDamage(on: canvas.clipped(to: canvas.snapped(list.frame)))
    }

    func didDraw() {
        chromeChanged = false
        list.didDraw()
    }

    /// Every layer, in order: the rows under the pull control, a note when there are no feeds, the header and
    /// the undo bar.
    func paint(_ canvas: Canvas) {
        let theme = context.theme
        let typography = context.typography
        let bounds = context.bounds
        canvas.fill(bounds, with: theme.backdrop)
        let area = list.frame
        let areaCanvas = canvas.clipped(to: canvas.snapped(area))
        let top = area.minY - list.scroll.offset
        areaCanvas.fill(Rect(x: 0, y: top, width: area.width, height: max(area.height, list.list.contentHeight)),
                        with: theme.paper)
        list.paint(areaCanvas)
        if feeds.isEmpty {
            let note = typography.layout("No subscriptions yet.", style: context.style(size: 17, color: theme.faint),
                                         width: area.width - 40)
            areaCanvas.draw(note, at: Point(x: 20, y: top + 24))
        }
        ScreenHeader.draw(ScreenHeader.title(context.library.showsSamples ? "Feeds (samples)" : "Feeds", context: context),
                          into: canvas, context: context)
        undo?.draw(into: canvas, context: context)
    }

    /// The feed's status in words, after its host where another feed has the same name (two feeds called
    /// "News" are told apart by where they come from).
    func statusLine(_ feed: StoredFeed, now: Timestamp) -> (String, Bool) {
        let (line, failed) = progressLine(feed, now: now)
        let name = Self.comparable(feed.title ?? feed.url)
        guard box.feeds.contains(where: { $0.id != feed.id && Self.comparable($0.title ?? $0.url) == name }),
              let host = WebAddress.shownHost(of: feed.url) else { return (line, failed) }
        return ("\(host) · \(line)", failed)
    }

    /// A feed's name as two names are compared: case and surrounding space aside.
    private static func comparable(_ name: String) -> String { name[...].trimmingCharacters(from: " \t\n").lowercased() }

    /// Its refresh now, else how its last fetch went.
    private func progressLine(_ feed: StoredFeed, now: Timestamp) -> (String, Bool) {
        let synced = context.library.syncAccount != nil
        switch progress[feed.id] {
        case .waiting?: return (synced ? "Syncing…" : "Refreshing…", false)
        case .done(let text)?: return ((synced ? "Synced: " : "Refreshed: ") + text, false)
        case .failed(let why)?: return ("Failed: \(why)", true)
        case nil: break
        }
        if synced { return syncStatusLine(now: now) }
        if feed.fetch.isGone, context.library.showsSamples { return ("Bundled with Lectern", false) }
        if feed.fetch.isGone { return ("Gone: the server said it no longer exists", true) }
        if let error = feed.fetch.lastError { return ("Failed: \(error)", true) }
        guard let last = feed.fetch.lastFetch else { return ("Not fetched yet", false) }
        return ("Fetched \(ReaderContext.when(last, now: now))", false)
    }

    /// A synced feed's line: how the account's last sync went (the server fetches the feed, not the panel).
    func syncStatusLine(now: Timestamp) -> (String, Bool) {
        if let problem = context.library.syncProblem { return ("Not syncing: \(problem)", true) }
        let record = syncRecord ?? SyncRecord()
        if let error = record.lastError {
            let streak = record.consecutiveFailures > 1 ? " (\(record.consecutiveFailures) in a row)" : ""
            return ("Sync failed: \(error)\(streak)", true)
        }
        guard let last = record.lastSuccess else { return ("Not synced yet", false) }
        return ("Synced \(ReaderContext.when(last, now: now))", false)
    }

    /// The rows on screen, for inspection: each feed's url, how far it is slid open, and its status line.
    func visibleFeeds() -> [(feed: StoredFeed, offset: Double, status: String)] {
        let frame = list.frame
        return list.list.layout.rows(from: list.scroll.offset, to: list.scroll.offset + frame.height).compactMap { row in
            guard feeds.indices.contains(row.id), !list.list.layout.isLeaving(row.id) else { return nil }
            return (feeds[row.id], list.offset(ofRow: row.id) ?? 0, statusLine(feeds[row.id], now: context.wallClock(time)).0)
        }
    }
}

extension FeedsScreen: Screen {
    var name: String { "feeds" }
    func relaid(at time: Double) -> [any Screen]? { [FeedsScreen(context: context)] }

    func storeChanged(_ change: StoreChange) {
        if case .muted(let id, _) = change { refreshFeed(id) }
    }

    func refreshReported(_ report: FeedRefresher.Report) { self.report(report) }
    func refreshFinished(added: Int, at time: Double) { refreshFinished(at: time) }
}
