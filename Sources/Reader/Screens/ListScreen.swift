import Feeds
import Raster
import Text
import Touch
import Widgets

/// The home screen: one river of entries under a header, Beamly's circular pull to refresh above the rows,
/// Mail's swipe on each row (a long press gives the same sheet), a "N new" bar when a refresh brings entries
/// (the rows under the finger never move), and an undo bar after a row is taken away.
final class ListScreen: Component {
    static let headerHeight = ScreenHeader.height
    static let bannerHeight = 40.0

    let context: ReaderContext
    let filter: RiverFilter
    /// The river's rows, in the box the list's cells are filled from.
    var rows: [RiverRow] { rowsBox.rows }
    let list: SwipeList<EntryCell>
    let refresh: CircularRefresh
    private var events = EventQueue<ReaderAction>()
    private var touches = TouchSequence<Part>()
    private var tap = TapRecognizer()
    /// Entries a refresh brought that the rows do not show yet.
    private(set) var newCount = 0
    /// The undo bar while it shows.
    private(set) var undo: UndoBar?
    private var refreshEndsAt: Double?
    /// The header, the banner or the undo bar changed, or nothing is known to be on the glass: the next draw
    /// is the whole screen. The rows tell their own damage.
    private var chromeChanged = true
    private var time = 0.0
    private let header: TextLayout

    private enum Part: Equatable { case header, banner, undo, rows }

    /// `newSince`: rows sorted at or after it are marked new (what arrived while the panel was left alone).
    init(context: ReaderContext, filter: RiverFilter, rows: [RiverRow], unread: Int, newSince: Timestamp? = nil) {
        self.context = context
        self.filter = filter
        let theme = context.theme
        let bounds = context.bounds
        let frame = Rect(x: 0, y: Self.headerHeight, width: bounds.width, height: bounds.height - Self.headerHeight)
        refresh = CircularRefresh(scroll: ScrollView(
            frame: frame, contentHeight: 0,
            physics: ScrollPhysics(tolerance: .display(scale: context.scale.pixelsPerPoint))))
        let red = Color(red: 1, green: 0.231, blue: 0.188)
        let slot: SwipeAction
        switch filter {
        case .unread: slot = SwipeAction(title: "Read", color: red, role: .delete)
        case .starred: slot = SwipeAction(title: "Unstar", color: red, role: .delete)
        case .today, .feed: slot = SwipeAction(title: "Read", color: red, role: .other)
        }
        let width = bounds.width
        let cellHeight = EntryCell.height(typeScale: context.typeScale)
        let rowsRef = RowsBox(rows, now: context.wallClock(0), newSince: newSince)
        list = SwipeList(frame: frame, ids: Array(rows.indices), rowHeight: cellHeight,
                         actions: [.more, slot], sheetOptions: [], sheetFrame: bounds,
                         typography: context.typography, refresh: .refresh(refresh),
                         makeCell: { EntryCell(context: context) },
                         configure: { cell, id in
                             let row = rowsRef.rows[id]
                             cell.configure(row, width: width, now: rowsRef.now,
                                            isNew: rowsRef.newSince.map { row.entry.sortTime >= $0 } ?? false)
                         },
                         drawCell: { cell, canvas, frame in cell.draw(into: canvas, frame: frame) })
        self.rowsBox = rowsRef
        list.theme = theme
        list.longPressOpensSheet = true
        let counted = filter == .unread ? unread : rows.count
        header = ScreenHeader.title("\(filter.title)  \(counted)", context: context)
        refresh.backdrop = theme.backdrop
        list.sheet.setLook(ActionSheet.Look(theme: theme))
        list.sheetOptions = { [rowsRef] id in Self.sheetOptions(for: rowsRef.rows[id].entry).map(\.rawValue) }
        list.sheetHeading = { [rowsRef] id in rowsRef.rows[id].title }
    }

    private let rowsBox: RowsBox

    /// What a row's sheet offers, by the words it shows.
    enum SheetOption: String {
        case markRead = "Mark as read", markUnread = "Mark as unread", star = "Star", unstar = "Unstar"
        case showCode = "Show QR code", mute = "Mute this feed"
    }

    /// An entry's sheet: its read and starred state turned over, its link's code when it has a link (an entry
    /// without one has nothing to hand to a phone), its feed muted.
    static func sheetOptions(for entry: RiverEntry) -> [SheetOption] {
        [entry.isRead ? .markUnread : .markRead, entry.isStarred ? .unstar : .star] + (entry.link == nil ? [] : [.showCode])
            + [.mute]
    }

    /// The rows, the wall-clock time their ages are told at and what counts as new, shared with the list's
    /// configure closure.
    final class RowsBox {
        var rows: [RiverRow]
        var now: Timestamp
        let newSince: Timestamp?
        init(_ rows: [RiverRow], now: Timestamp, newSince: Timestamp?) {
            self.rows = rows
            self.now = now
            self.newSince = newSince
        }
    }

    func takeEvents() -> [ReaderAction] { events.take() }

    /// The river `filter` as the store has it at `time`, `newSince` marking what is new.
    static func river(_ filter: RiverFilter, context: ReaderContext, time: Double, newSince: Timestamp? = nil) -> ListScreen {
        let now = context.wallClock(time)
        let rows = (try? context.library.river(filter, now: now, utcOffsetSeconds: context.utcOffset(now))) ?? []
        return ListScreen(context: context, filter: filter, rows: rows, unread: context.library.unreadCount(),
                          newSince: newSince)
    }

    /// A row's entry changed in the store (read, starred): its cell is set again when next drawn.
    func update(_ index: Int, _ change: (inout RiverEntry) -> Void) {
        guard rows.indices.contains(index) else { return }
        change(&rowsBox.rows[index].entry)
        list.reconfigure(index)
    }

    // MARK: Refresh

    /// A refresh the control began (pulled, or from code): the open row closes, the app runs it.
    private func takeRefreshEvents() {
        for case .began(let time) in refresh.takeEvents() {
            list.closeOpenRow(at: time)
            events.append(.refresh(from: .list))
        }
    }

    /// Starts the refresh as if pulled (the menu's Refresh, a refresh on start).
    func beginRefreshing(at time: Double) {
        refresh.beginRefreshing(at: time)
        takeRefreshEvents()
    }

    /// The refresh is over; `added` entries arrived that the rows do not show. They wait behind the "N new"
    /// bar so nothing moves under a finger. The spinner shows at least `minimum` seconds from its start, so a
    /// refresh that had nothing to do still reads as one.
    func refreshFinished(added: Int, at time: Double, minimum: Double = 0.6) {
        newCount += added
        let start = refresh.loadingSince ?? time
        refreshEndsAt = max(time, start + minimum)
        if added > 0 { chromeChanged = true }
    }

    var isRefreshing: Bool { refresh.state == .loading }

    // MARK: Input

    private var undoFrame: Rect { UndoBar.frame(in: context.bounds) }

    private var bannerFrame: Rect {
        Rect(x: 0, y: Self.headerHeight, width: context.bounds.width, height: Self.bannerHeight)
    }

    private var menuFrame: Rect { ScreenHeader.menuFrame(in: context.bounds) }

    /// Each sequence goes whole to the part it started on: the rows (and the sheet over them), or one of the
    /// bars, where a tap is all there is.
    func handle(_ frame: TouchFrame) {
        for part in touches.split(frame, choose: part(under:)) {
            switch part.owner {
            case .rows:
                list.handle(part.frame)
                for reported in list.takeEvents() { take(reported) }
                takeRefreshEvents()
            case .header, .banner, .undo:
                for event in part.frame.events { tapBar(part.owner, event) }
            }
        }
    }

    private func part(under event: TouchEvent) -> Part {
        if list.sheet.isVisible { return .rows }
        if event.position.y < Self.headerHeight { return .header }
        if newCount > 0, bannerFrame.contains(event.position) { return .banner }
        if undo != nil, undoFrame.contains(event.position) { return .undo }
        return .rows
    }

    private func tapBar(_ bar: Part, _ event: TouchEvent) {
        if event.phase == .down { tap.reset() }
        tap.handle(event)
        guard tap.state == .ended else { return }
        if bar == .header, menuFrame.contains(tap.location) { events.append(.openMenu) }
        if bar == .banner { events.append(.showRiver(filter)) }
        if bar == .undo, let undo { undoRemoval(undo.index) }
    }

    /// The swipe list's report, as the app's actions; the row shows its new state at once.
    private func take(_ reported: SwipeList<EntryCell>.Event) {
        switch reported {
        case .selected(let row): events.append(.open(index: row, of: self))
        case .deleted(let row):
            // The red slot took the row away (Unread: marked read; Starred: unstarred).
            setRemoved(row, true)
            undo = UndoBar(index: row, text: filter == .starred ? "Unstarred" : "Marked as read", until: time + UndoBar.seconds)
            chromeChanged = true
        case .action(let row, _):
            // The red slot on a river that keeps its rows (Today, a feed): read state toggled.
            toggleRead(row)
        case .sheetOption(let row, let option):
            guard rows.indices.contains(row) else { return }
            let entry = rows[row].entry
            let options = Self.sheetOptions(for: entry)
            guard options.indices.contains(option) else { return }
            switch options[option] {
            case .markRead, .markUnread: toggleRead(row)
            case .star, .unstar:
                events.append(.write(.starred(entry.id, !entry.isStarred)))
                update(row) { $0.isStarred.toggle() }
            case .showCode: if let link = entry.link { events.append(.showCode(link)) }
            case .mute:
                // Its rows leave Unread and Today at once; Feeds lists it as muted, where a swipe unmutes it.
                events.append(.write(.muted(entry.feed, true)))
                events.append(.showRiver(filter))
            }
        case .sheetCancelled: break
        }
    }

    private func toggleRead(_ row: Int) {
        guard rows.indices.contains(row) else { return }
        let entry = rows[row].entry
        events.append(.write(.read([entry.id], !entry.isRead)))
        update(row) { $0.isRead.toggle() }
    }

    /// What the red slot does on this river, done (`removed`) or undone.
    private func setRemoved(_ row: Int, _ removed: Bool) {
        guard rows.indices.contains(row) else { return }
        let entry = rows[row].entry
        if filter == .starred {
            events.append(.write(.starred(entry.id, !removed)))
            update(row) { $0.isStarred = !removed }
        } else {
            events.append(.write(.read([entry.id], removed)))
            update(row) { $0.isRead = removed }
        }
    }

    /// The undo bar's Undo: the row's entry as it was, the row back where it was.
    private func undoRemoval(_ row: Int) {
        setRemoved(row, false)
        restore(row, at: time)
    }

    /// Row `index` opened: its entry is marked read once the panel rests, and the row shows it read at once.
    func markOpened(_ index: Int) -> ReaderAction? {
        guard rows.indices.contains(index), !rows[index].entry.isRead else { return nil }
        update(index) { $0.isRead = true }
        return .writeAtRest(.read([rows[index].entry.id], true))
    }

    /// Brings a removed row back where it was (the undo bar's Undo).
    func restore(_ index: Int, at time: Double) {
        guard rows.indices.contains(index), !list.list.layout.contains(index) else { return }
        let before = list.list.layout.ids.filter { $0 < index }.count
        list.insert(index, at: before, height: EntryCell.height(typeScale: context.typeScale), time: time)
        undo = nil
        chromeChanged = true
    }

    // MARK: Time

    func advance(to time: Double) -> Bool {
        self.time = time
        rowsBox.now = context.wallClock(time)
        if let ends = refreshEndsAt, ends <= time {
            refreshEndsAt = nil
            refresh.endRefreshing(at: ends)
        }
        if let shown = undo, shown.until <= time {
            undo = nil
            chromeChanged = true
        }
        return list.advance(to: time)
    }

    var deadline: Double? {
        [refreshEndsAt, undo?.until, list.deadline].compactMap { $0 }.min()
    }

    func invalidateDrawing() {
        chromeChanged = true
        list.invalidateDrawing()
    }

    // MARK: Drawing

    /// The rows' own damage (a row sliding, the list scrolling, the spinner turning), or the whole screen when
    /// the header, the banner or the undo bar changed.
    func pendingDamage(on canvas: Canvas) -> DamageRegion {
        if chromeChanged { return DamageRegion(canvas.clip) }
        let rowsCanvas = canvas.clipped(to: canvas.snapped(list.frame))
        var damage = list.pendingDamage(on: rowsCanvas)
        // The sheet dims the header and the bars too.
        damage.add(list.sheet.pendingDamage(on: canvas))
        return damage
    }

    func didDraw() {
        chromeChanged = false
        list.didDraw()
    }

    /// Every layer, in order: the rows with the pull control, a note when there are no rows, the header, the
    /// "N new" banner, the undo bar and, over them all, a row's sheet.
    func paint(_ canvas: Canvas) {
        let theme = context.theme
        let bounds = context.bounds
        let rowsArea = list.frame
        let rowsCanvas = canvas.clipped(to: canvas.snapped(rowsArea))
        let listTop = rowsArea.minY - list.scroll.offset
        list.paintUnderSheet(rowsCanvas)
        if rows.isEmpty || list.list.layout.count == 0 {
            let message = rows.isEmpty && filter == .unread ? "All read. Pull down to look for new articles."
                : rows.isEmpty ? "Nothing here yet." : "All done here."
            let layout = context.typography.layout(message, style: context.style(size: 17, color: theme.faint),
                                                   paragraph: ParagraphStyle(alignment: .center), width: bounds.width - 64)
            rowsCanvas.draw(layout, at: Point(x: 32, y: listTop + 48))
        }
        ScreenHeader.draw(header, into: canvas, context: context)
        if newCount > 0 { drawBanner(into: canvas) }
        if undo == nil {
            if let reason = context.library.unsavedReason {
                drawFootBar("Nothing is being saved: \(reason)", into: canvas)
            } else if let notice = context.notice {
                drawFootBar(notice, into: canvas)
            }
        }
        undo?.draw(into: canvas, context: context)
        list.sheet.paint(canvas)
    }

    /// A bar at the foot of the list: while nothing is being saved (the person reading must know their read
    /// marks and stars will not survive a restart), or why the kiosk restarted.
    private func drawFootBar(_ words: String, into canvas: Canvas) {
        let frame = UndoBar.frame(in: context.bounds)
        canvas.fill(RoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, cornerRadius: 10),
                    color: context.theme.accent)
        let text = context.typography.layout(words,
                                             style: context.style(size: 15, weight: .bold, color: context.theme.paper),
                                             paragraph: ParagraphStyle(alignment: .center, maxLines: 2), width: frame.width - 24)
        canvas.draw(text, at: Point(x: frame.minX + 12, y: frame.midY - context.typography.height(of: text) / 2))
    }

    private func drawBanner(into canvas: Canvas) {
        let theme = context.theme
        let frame = bannerFrame
        canvas.fill(frame, with: theme.accent)
        let text = context.typography.layout(newCount == 1 ? "1 new article · tap to show" : "\(newCount) new articles · tap to show",
                                             style: context.style(size: 15, weight: .bold, color: theme.paper),
                                             paragraph: ParagraphStyle(alignment: .center, maxLines: 1), width: frame.width - 32)
        canvas.draw(text, at: Point(x: 16, y: frame.midY - context.typography.height(of: text) / 2))
    }

    // MARK: Inspection

    /// The rows on screen, top to bottom, with their frames (points) and how far each is slid open.
    func visibleRows() -> [(row: RiverRow, frame: Rect, offset: Double)] {
        let frame = list.frame
        return list.list.layout.rows(from: list.scroll.offset, to: list.scroll.offset + frame.height).compactMap { row in
            guard rows.indices.contains(row.id), !list.list.layout.isLeaving(row.id) else { return nil }
            return (rows[row.id], Rect(x: 0, y: frame.minY + row.top - list.scroll.offset, width: frame.width,
                                       height: row.height), list.offset(ofRow: row.id) ?? 0)
        }
    }
}

extension ListScreen: Screen {
    var name: String { "list" }
    var menuPull: MenuPullStart { list.sheet.isVisible ? .nowhere : .rightEdge }
    var river: ListScreen? { self }

    func place(over below: (any Screen)?) -> ReaderPlace { ReaderPlace(filter: Navigator.placeFilter(filter)) }

    func relaid(at time: Double) -> [any Screen]? { [ListScreen.river(filter, context: context, time: time)] }

    func refreshFinished(added: Int, at time: Double) { refreshFinished(added: added, at: time, minimum: 0.6) }

    func entriesArrived(_ added: Int, at time: Double) -> [ReaderAction] {
        refreshFinished(added: added, at: time, minimum: 0)
        return []
    }
}
