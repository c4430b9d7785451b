import Motion
import Raster
import Text
import Touch

/// Mail's list (iOS 7): rows that swipe open to reveal their buttons, in a scrolling list.
///
/// - Only one row is open at a time. A touch anywhere outside the open row closes it at once, and a tap there
///   is swallowed: it selects nothing. The touch may still scroll the list or swipe another row open.
/// - A tap on the open row's content closes it; a tap on one of its buttons acts. Delete animates the row away;
///   More slides up the action sheet, with the row staying open until the sheet goes.
/// - Scrolling the list, an insert or a delete, and `closeOpenRow` (a refresh) close the open row.
/// - A row's swipe state is kept by row, not by cell: it survives the row scrolling out and back.
///
/// What happened is queued for the owner to take (`takeEvents`); the list keeps no history of its own. It tells
/// its own damage: the rows that slid or lit up, or its whole frame when the rows moved or the sheet shows.
public final class SwipeList<Cell: AnyObject>: Component {
    public enum Event: Sendable, Equatable {
        case selected(row: Int)
        case deleted(row: Int)
        /// A button whose role is `.other`.
        case action(row: Int, index: Int)
        /// An option of the action sheet, for the row it was opened from.
        case sheetOption(row: Int, option: Int)
        case sheetCancelled(row: Int)
    }

    private enum Gesture: Hashable, Sendable { case swipe, scroll, tap, press }
    private enum Owner: Equatable, Sendable { case sheet, list }

    static var selectionFlashSeconds: Double { 0.4 }
    /// How far a hint peeks a row open.
    static var hintPeek: Double { 28 }

    public let frame: Rect
    public let actions: [SwipeAction]
    public let direction: LayoutDirection
    /// The scroller when no refresh control owns it.
    private var ownScroll: ScrollView
    /// A pull control above the rows (a refresh, Pull to Action): when there is one, it owns the scroller, so
    /// the pull that scrolls the list is the pull that acts.
    let refresh: (any PulledScroller)?
    public var scroll: ScrollView { refresh?.scroll ?? ownScroll }
    public let list: ListView<Cell>
    public let sheet: ActionSheet
    /// The sheet's options for a row, asked each time it opens (Star or Unstar, as the row is); nil: the
    /// options given at creation.
    public var sheetOptions: ((Int) -> [String])?
    /// What the sheet says it acts on for a row (its entry's title), asked as the options are; nil: no heading.
    public var sheetHeading: ((Int) -> String?)?
    /// The colours rows are drawn in (the demos' light look unless told otherwise).
    public var theme = Theme.light
    /// A long press on a row opens its sheet (the visible fallback for the swipe).
    public var longPressOpensSheet = false
    public private(set) var openRow: Int?
    private var events = EventQueue<Event>()
    /// Rows whose cells were set again since the last draw.
    private var changedRows: Set<Int> = []
    private var drawn: Look?
    private var rows: [Int: SwipeRow] = [:]
    private var sheetRow: Int?
    private var arena = SwipeList.makeArena()
    private var touches = TouchSequence<Owner>()
    /// The row the current touch sequence began on, and whether a tap in it is swallowed.
    private var touchedRow: Int?
    private var swallowTap = false
    /// The last selection, fading.
    public private(set) var flash: (row: Int, start: Double)?
    private var hintCloses: (row: Int, at: Double)?
    private let typography: Typography
    private let buttonTitles: [TextLayout]
    private let drawCell: (Cell, Canvas, Rect) -> Void
    public private(set) var time = 0.0

    public init(frame: Rect, ids: [Int], rowHeight: Double, actions: [SwipeAction] = [.more, .delete],
                direction: LayoutDirection = .leftToRight, sheetOptions: [String], sheetFrame: Rect? = nil,
                typography: Typography, refresh: PullControl? = nil,
                makeCell: @escaping () -> Cell, configure: @escaping (Cell, Int) -> Void,
                drawCell: @escaping (Cell, Canvas, Rect) -> Void) {
        self.frame = frame
        self.actions = actions
        self.direction = direction
        self.typography = typography
        self.drawCell = drawCell
        list = ListView(frame: frame, ids: ids, rowHeight: rowHeight, makeCell: makeCell, configure: configure)
        ownScroll = ScrollView(frame: frame, contentHeight: list.contentHeight,
                               physics: ScrollPhysics(tolerance: .display(scale: typography.scale.pixelsPerPoint)))
        self.refresh = refresh?.scroller
        self.refresh?.setContentHeight(list.contentHeight, at: 0)
        sheet = ActionSheet(frame: sheetFrame ?? frame, options: sheetOptions, typography: typography)
        let buttonStyle = TextStyle(family: .sans, size: 15, weight: .bold, color: Palette.white)
        buttonTitles = actions.map { typography.layout($0.title, style: buttonStyle, width: max(10, $0.width - 8)) }
    }

    private static func makeArena() -> GestureArena<Gesture> {
        // The row swipe first: the more specific gesture wins when both would start on one event.
        GestureArena([(.swipe, .pan(PanRecognizer(axis: .horizontal))),
                      (.scroll, .pan(PanRecognizer(axis: .vertical, dominance: 0))),
                      (.tap, .tap(TapRecognizer())),
                      (.press, .longPress(LongPressRecognizer()))])
    }

    /// The catch width of every row: the buttons' total width.
    public var catchWidth: Double { actions.reduce(0) { $0 + max(0, $1.width) } }

    /// How far row `id` is slid open (0 for a row never swiped), nil once removed.
    public func offset(ofRow id: Int) -> Double? {
        guard list.layout.contains(id), !list.layout.isLeaving(id) else { return nil }
        return rows[id]?.offset ?? 0
    }

    /// Takes the events since the last call.
    public func takeEvents() -> [Event] { events.take() }

    private func row(_ id: Int) -> SwipeRow {
        rows[id] ?? SwipeRow(actions: actions, direction: direction, width: frame.width,
                             scale: typography.scale.pixelsPerPoint)
    }

    // MARK: Input

    /// A sequence goes whole to the sheet while it shows; the rows' arena takes the others event by event.
    public func handle(_ frame: TouchFrame) {
        for part in touches.split(frame, choose: { _ in sheet.isVisible ? .sheet : .list }) {
            switch part.owner {
            case .sheet:
                sheet.handle(part.frame)
                for result in sheet.takeEvents() { sheetFinished(result, at: part.frame.time) }
            case .list:
                for event in part.frame.events { handleRows(event) }
            }
        }
    }

    private func handleRows(_ event: TouchEvent) {
        let time = event.time
        if event.phase == .down, arena.touches.isEmpty { touchBegan(at: event.position, time: time) }
        arena.handle(event)
        switch arena.winner {
        case .swipe?:
            guard let id = touchedRow, list.layout.contains(id), !list.layout.isLeaving(id),
                  let pan = arena.pan(.swipe) else { break }
            var swiped = row(id)
            swiped.follow(pan, at: time)
            rows[id] = swiped
            if pan.state == .ended || pan.state == .cancelled {
                if swiped.isOpen { openRow = id } else if openRow == id { openRow = nil }
            }
        case .scroll?:
            guard let pan = arena.pan(.scroll) else { break }
            if pan.state == .began { closeOpenRow(at: time) }
            followScroll(pan, at: time)
        case .tap?:
            if let tap = arena.tap(.tap), tap.state == .ended { tapped(at: tap.location, time: time) }
        case .press?:
            pressed(at: time)
        case nil:
            break
        }
    }

    private func followScroll(_ pan: PanRecognizer, at time: Double) {
        if let refresh { refresh.follow(pan, at: time) } else { ownScroll.follow(pan, at: time) }
    }

    /// A press held on a row: its sheet, as More would open it (once per press).
    private func pressed(at time: Double) {
        guard longPressOpensSheet, arena.longPress(.press)?.state == .began, !sheet.isVisible,
              let id = touchedRow, list.layout.contains(id), !list.layout.isLeaving(id), !swallowTap else { return }
        presentSheet(for: id, at: time)
    }

    private func presentSheet(for id: Int, at time: Double) {
        sheet.setOptions(sheetOptions?(id) ?? sheet.options, heading: sheetHeading?(id) ?? nil)
        sheetRow = id
        sheet.present(at: time)
    }

    /// When a held finger becomes a long press, while one may, or the pull control above needs a frame.
    public var deadline: Double? {
        let press = longPressOpensSheet && arena.winner == nil ? arena.deadline : nil
        return [press, refresh?.deadline].compactMap { $0 }.min()
    }

    /// A first finger touched: a touch outside the open row closes it now, and whatever tap it becomes is
    /// swallowed.
    private func touchBegan(at point: Point, time: Double) {
        touchedRow = list.row(at: point, offset: scroll.offset)
        swallowTap = false
        // A finger takes over from a hint: the hint does not shut a row the finger is moving.
        hintCloses = nil
        if let open = openRow, open != touchedRow {
            closeOpenRow(at: time)
            swallowTap = true
        }
    }

    private func tapped(at point: Point, time: Double) {
        guard let id = touchedRow, list.layout.contains(id), !list.layout.isLeaving(id) else { return }
        if id == openRow || row(id).offset > 0 {
            guard let rowFrame = list.frame(ofRow: id, offset: scroll.offset),
                  let index = row(id).action(at: point, in: rowFrame) else {
                // A tap on an open row's content closes it and selects nothing.
                close(id, at: time)
                return
            }
            perform(index, on: id, at: time)
            return
        }
        if swallowTap { return }
        flash = (id, time)
        events.append(.selected(row: id))
    }

    private func perform(_ index: Int, on id: Int, at time: Double) {
        switch actions[index].role {
        case .delete:
            delete(id, at: time)
        case .more:
            presentSheet(for: id, at: time)
        case .other:
            close(id, at: time)
            events.append(.action(row: id, index: index))
        }
    }

    private func sheetFinished(_ result: ActionSheet.Result, at time: Double) {
        sheet.dismiss(at: time)
        guard let id = sheetRow else { return }
        sheetRow = nil
        close(id, at: time)
        switch result {
        case .chose(let option): events.append(.sheetOption(row: id, option: option))
        case .cancelled: events.append(.sheetCancelled(row: id))
        }
    }

    // MARK: Changes from the owner

    /// Row `id`'s cell is set again from the owner's data (read, starred, a feed's status), and drawn again.
    public func reconfigure(_ id: Int) {
        list.reconfigure(id)
        changedRows.insert(id)
    }

    /// Closes the open row, if any (a refresh started, the list is about to change).
    public func closeOpenRow(at time: Double) {
        if let open = openRow { close(open, at: time) }
    }

    private func close(_ id: Int, at time: Double) {
        if var closing = rows[id] {
            closing.close(at: time)
            rows[id] = closing
        }
        if openRow == id { openRow = nil }
    }

    /// Removes row `id`, animated; closes the open row.
    public func delete(_ id: Int, at time: Double) {
        guard list.remove(id, at: time) else { return }
        // The row goes with its swipe: were its id used again, it would come back shut.
        rows[id] = nil
        if openRow == id { openRow = nil }
        closeOpenRow(at: time)
        events.append(.deleted(row: id))
    }

    /// Inserts row `id` at `index`, animated; closes the open row.
    public func insert(_ id: Int, at index: Int, height: Double, time: Double) {
        closeOpenRow(at: time)
        list.insert(id, at: index, height: height, time: time)
    }

    /// Peeks row `id` open a little and shut again: a hint that rows can be swiped.
    public func hint(_ id: Int, at time: Double) {
        guard openRow == nil, list.layout.contains(id) else { return }
        var peeking = row(id)
        peeking.slideTo(Self.hintPeek, at: time)
        rows[id] = peeking
        hintCloses = (id, time + 0.45)
    }

    // MARK: Time

    @discardableResult
    public func advance(to time: Double) -> Bool {
        self.time = time
        if let hint = hintCloses, hint.at <= time {
            hintCloses = nil
            close(hint.row, at: hint.at)
        }
        if longPressOpensSheet, arena.winner == nil, !arena.touches.isEmpty {
            arena.advance(to: time)
            if arena.winner == .press { pressed(at: time) }
        }
        var moving = refresh?.advance(to: time) ?? ownScroll.advance(to: time)
        for id in Array(rows.keys) {
            if rows[id]?.advance(to: time) == true { moving = true }
            // Only rows slid open or moving keep a swipe: a long list keeps a handful, not one per row touched.
            if let r = rows[id], !r.isShowingActions, !r.isMoving, !r.isDragging { rows[id] = nil }
        }
        if list.advance(to: time) { moving = true }
        if list.contentHeight != scroll.contentHeight {
            if let refresh { refresh.setContentHeight(list.contentHeight, at: time) } else {
                ownScroll.setContentHeight(list.contentHeight, at: time)
            }
        }
        if sheet.advance(to: time) { moving = true }
        if let flash, time - flash.start < Self.selectionFlashSeconds { moving = true } else { flash = nil }
        return moving || hintCloses != nil
    }

    // MARK: Drawing

    public func invalidateDrawing() {
        drawn = nil
        refresh?.invalidateDrawing()
        sheet.invalidateDrawing()
    }

    /// Everything that decides the picture but the cells' own content (`reconfigure` reports that).
    private struct Look: Equatable {
        var offset: Double
        /// How far each row that is not shut is slid open.
        var swipes: [Int: Double]
        var heights: Double
        var sheet: Double
        var flash: Int?, flashFade: Double?
    }

    private var look: Look {
        Look(offset: scroll.offset, swipes: rows.compactMapValues { $0.offset == 0 ? nil : $0.offset },
             heights: list.contentHeight, sheet: sheet.presence, flash: flash?.row,
             flashFade: flash.map { time - $0.start })
    }

    public func pendingDamage(on canvas: Canvas) -> DamageRegion {
        var damage = refresh?.pendingDamage(on: canvas) ?? DamageRegion()
        damage.add(sheet.pendingDamage(on: canvas))
        let now = look
        guard let before = drawn, before.offset == now.offset, before.heights == now.heights,
              before.sheet == now.sheet, now.sheet == 0 else {
            if now != drawn { damage.add(canvas.pixels(covering: frame).intersection(canvas.clip)) }
            return damage
        }
        // The rows stand still: only rows sliding, lighting up or set again change.
        var changed = changedRows
        for id in Set(before.swipes.keys).union(now.swipes.keys) where before.swipes[id] != now.swipes[id] {
            changed.insert(id)
        }
        if before.flash != now.flash || before.flashFade != now.flashFade {
            if let row = before.flash { changed.insert(row) }
            if let row = now.flash { changed.insert(row) }
        }
        for id in changed {
            if let rowFrame = list.frame(ofRow: id, offset: now.offset) {
                damage.add(canvas.pixels(covering: rowFrame.intersection(frame)).intersection(canvas.clip))
            }
        }
        return damage
    }

    public func didDraw() {
        drawn = look
        changedRows.removeAll()
        refresh?.didDraw()
        sheet.didDraw()
    }

    /// Paints the rows in view, the pull control above them and, over everything, the action sheet.
    public func paint(_ canvas: Canvas) {
        paintUnderSheet(canvas)
        sheet.paint(canvas)
    }

    /// The rows and the pull control without the sheet: for an owner whose sheet covers more than the list (its
    /// header too), which paints `sheet` itself over its own bars.
    public func paintUnderSheet(_ canvas: Canvas) {
        paintRows(canvas)
        refresh?.paint(canvas)
    }

    private func paintRows(_ canvas: Canvas) {
        canvas.fill(frame, with: theme.paper)
        for visible in list.visibleRows(offset: scroll.offset) where canvas.needsDrawing(visible.frame) {
            let rowCanvas = canvas.clipped(to: canvas.snapped(visible.frame))
            let swipe = rows[visible.id]
            if let swipe, swipe.offset > 0 {
                for (i, button) in swipe.buttonFrames(in: visible.frame).enumerated() {
                    rowCanvas.fill(button, with: actions[i].color)
                    let title = buttonTitles[i]
                    rowCanvas.draw(title, at: Point(x: button.midX - typography.width(of: title) / 2,
                                                    y: button.midY - typography.height(of: title) / 2))
                }
            }
            let content = swipe?.contentFrame(in: visible.frame) ?? visible.frame
            // The list's fill already made a resting row paper; a sliding one covers its buttons.
            if let swipe, swipe.offset > 0 { rowCanvas.fill(content, with: theme.paper) }
            if let flash, flash.row == visible.id {
                // The selected row lights up and fades back to paper.
                let fade = 1 - (time - flash.start) / Self.selectionFlashSeconds
                rowCanvas.blend(content, with: theme.highlight.faded(by: max(0, fade)))
            }
            drawCell(visible.cell, rowCanvas, content)
            rowCanvas.fill(Rect(x: content.minX + 20, y: content.maxY - 1, width: content.width - 20, height: 1),
                           with: theme.separator)
        }
    }
}
