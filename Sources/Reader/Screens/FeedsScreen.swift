import Feeds
import Raster
import Text
import Touch
import Widgets

/// Every subscription with its unread count and how its last fetch went, in words. Pull to Action at the top
/// refreshes every feed, and each feed's line says where its refresh is (waiting, done with N new, or what
/// went wrong) as the reports come in.
final class FeedsScreen: PullToActionDelegate {
    enum Event: Equatable { case refreshAll, open(FeedID), openMenu }

    /// Where a feed's refresh is during a pull.
    enum Progress: Equatable {
        case waiting
        case done(String)
        case failed(String)
    }

    static let rowHeight = 76.0

    let context: ReaderContext
    private(set) var feeds: [StoredFeed]
    let control: PullToAction
    let arrow: ArrowStatusView
    private var pan = PanRecognizer(axis: .vertical, dominance: 0)
    private var tap = TapRecognizer()
    private var events: [Event] = []
    private(set) var progress: [FeedID: Progress] = [:]
    private var needsDraw = true
    private var completeAt: Double?
    private var time = 0.0

    init(context: ReaderContext) {
        self.context = context
        feeds = context.library.feeds()
        arrow = ArrowStatusView(color: context.theme.ink)
        let frame = Rect(x: 0, y: ListScreen.headerHeight, width: context.size.width,
                         height: context.size.height - ListScreen.headerHeight)
        let scroll = ScrollView(frame: frame, contentHeight: Double(max(1, feeds.count)) * Self.rowHeight + 24,
                                physics: ScrollPhysics(tolerance: .display(scale: context.scale.pixelsPerPoint)))
        control = PullToAction(scroll: scroll, statusView: arrow, visualizer: ArrowVisualizer(arrow: arrow))
        control.delegate = self
    }

    func takeEvents() -> [Event] {
        defer { events.removeAll() }
        return events
    }

    func pullToActionTriggered(_ control: PullToAction, at time: Double) {
        for feed in feeds where !feed.fetch.isGone { progress[feed.id] = .waiting }
        events.append(.refreshAll)
    }

    /// One feed's refresh finished.
    func report(_ report: FeedRefresher.Report) {
        switch report.outcome {
        case .updated(let added, _): progress[report.feed] = .done(added == 1 ? "1 new" : "\(added) new")
        case .notModified: progress[report.feed] = .done("no change")
        case .gone: progress[report.feed] = .failed("the feed is gone (410); no longer checked")
        case .failed(let why): progress[report.feed] = .failed(why)
        }
        needsDraw = true
    }

    /// Every feed is done: the control retracts (after `minimum` seconds of spinning, so it reads as work).
    func refreshFinished(at time: Double, minimum: Double = 0.6) {
        feeds = context.library.feeds()
        completeAt = max(time, (control.state == .executing ? self.time : time) + minimum)
        needsDraw = true
    }

    func startRefresh(at time: Double) { control.trigger(at: time) }

    func handle(_ event: TouchEvent) {
        needsDraw = true
        if event.phase == .down { tap.reset() }
        pan.handle(event)
        control.follow(pan, at: event.seconds)
        tap.handle(event)
        if tap.state == .ended {
            if tap.location.y < ListScreen.headerHeight, tap.location.x > context.size.width - 110 {
                events.append(.openMenu)
            } else if let index = row(at: tap.location) {
                events.append(.open(feeds[index].id))
            }
        }
    }

    private func row(at point: Point) -> Int? {
        let y = point.y - ListScreen.headerHeight + control.scroll.offset - 12
        guard point.y > ListScreen.headerHeight, y >= 0 else { return nil }
        let index = Int(y / Self.rowHeight)
        return feeds.indices.contains(index) ? index : nil
    }

    func advance(to time: Double) -> Bool {
        self.time = time
        if let at = completeAt, at <= time {
            completeAt = nil
            control.actionCompleted(at: at)
        }
        let moving = control.advance(to: time)
        if moving { needsDraw = true }
        return moving
    }

    var deadline: Double? { completeAt }

    var state: PullToActionState { control.state }

    func invalidate() { needsDraw = true }

    func draw(into canvas: Canvas) -> Bool {
        if control.state == .executing { needsDraw = true }
        guard needsDraw else { return false }
        needsDraw = false
        let theme = context.theme
        let typography = context.typography
        let bounds = context.bounds
        canvas.fill(bounds, with: theme.backdrop)
        let area = control.scroll.frame
        let areaCanvas = canvas.clipped(to: canvas.snapped(area))
        let top = area.minY - control.scroll.offset
        areaCanvas.fill(Rect(x: 0, y: top, width: area.width, height: max(area.height, control.scroll.contentHeight)),
                        with: theme.paper)
        if control.pulled > 0 {
            arrow.draw(into: areaCanvas, frame: control.statusViewFrame.offsetBy(dx: 0, dy: area.minY))
        }
        let now = context.wallClock(time)
        for (i, feed) in feeds.enumerated() {
            let y = top + 12 + Double(i) * Self.rowHeight
            guard y + Self.rowHeight > area.minY, y < area.maxY else { continue }
            let title = typography.layout(feed.title ?? feed.url, style: context.style(size: 18, weight: .bold, color: theme.ink),
                                          paragraph: ParagraphStyle(maxLines: 1), width: area.width - 140)
            areaCanvas.draw(title, at: Point(x: 20, y: y + 10))
            let count = typography.layout("\(feed.unreadCount)", style: context.style(size: 18, weight: .bold, color: theme.accent),
                                          paragraph: ParagraphStyle(maxLines: 1), width: 100)
            areaCanvas.draw(count, at: Point(x: area.width - 20 - typography.width(of: count), y: y + 10))
            let (status, failed) = statusLine(feed, now: now)
            let line = typography.layout(status, style: context.style(size: 14, color: failed ? theme.accent : theme.faint),
                                         paragraph: ParagraphStyle(maxLines: 1), width: area.width - 40)
            areaCanvas.draw(line, at: Point(x: 20, y: y + 14 + typography.height(of: title)))
            areaCanvas.fill(Rect(x: 20, y: y + Self.rowHeight - 1, width: area.width - 20, height: 1), with: theme.separator)
        }
        if feeds.isEmpty {
            let note = typography.layout("No subscriptions yet.", style: context.style(size: 17, color: theme.faint),
                                         width: area.width - 40)
            areaCanvas.draw(note, at: Point(x: 20, y: top + 24))
        }
        let header = Rect(x: 0, y: 0, width: bounds.width, height: ListScreen.headerHeight)
        canvas.fill(header, with: theme.paper)
        canvas.fill(Rect(x: 0, y: header.maxY - 1, width: header.width, height: 1), with: theme.separator)
        let name = typography.layout(context.library.showsSamples ? "Feeds (samples)" : "Feeds",
                                     style: context.style(size: 22, weight: .bold, color: theme.ink),
                                     paragraph: ParagraphStyle(maxLines: 1), width: bounds.width - 140)
        canvas.draw(name, at: Point(x: 20, y: header.midY - typography.height(of: name) / 2))
        let menu = typography.layout("Menu", style: context.style(size: 15, weight: .bold, color: theme.accent),
                                     paragraph: ParagraphStyle(maxLines: 1), width: 100)
        canvas.draw(menu, at: Point(x: bounds.width - 20 - typography.width(of: menu), y: header.midY - typography.height(of: menu) / 2))
        return true
    }

    /// The feed's status in words: its refresh now, else how its last fetch went.
    func statusLine(_ feed: StoredFeed, now: Timestamp) -> (String, failed: Bool) {
        switch progress[feed.id] {
        case .waiting?: return ("Refreshing…", false)
        case .done(let text)?: return ("Refreshed: \(text)", false)
        case .failed(let why)?: return ("Failed: \(why)", true)
        case nil: break
        }
        if feed.fetch.isGone, context.library.showsSamples { return ("Bundled with Lectern", false) }
        if feed.fetch.isGone { return ("Gone: the server said it no longer exists", true) }
        if let error = feed.fetch.lastError { return ("Failed: \(error)", true) }
        guard let last = feed.fetch.lastFetch else { return ("Not fetched yet", false) }
        return ("Fetched \(ReaderContext.age(of: last, now: now)) ago", false)
    }
}
