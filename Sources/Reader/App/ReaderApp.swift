import Feeds
import Platform
import Raster
import Text
import Touch
import Widgets

/// The reader: the root scene the panel (and `lectern replay reader`) runs. It holds the screen on show and
/// the overlays above it, routes each touch sequence to one of them, and turns what screens report into store
/// writes and navigation. Unread's pull for the menu runs over every screen: from the right edge on the list
/// and the other screens (a swipe that starts on a row away from the edge moves the row), from anywhere on an
/// article (its page has nothing to scroll sideways).
public final class ReaderApp: Scene {
    enum Screen {
        case list(ListScreen)
        case article(ArticleScreen, list: ListScreen)
        case feeds(FeedsScreen)
        case settings(NoticeScreen, about: Bool)
        case empty(NoticeScreen)
        case ambient(AmbientScreen)
        case night(NightScreen)
    }

    enum Overlay: Equatable {
        case qr(String)
        case image(url: String, alt: String?)
    }

    /// Owner of one touch sequence. `edgeOrScreen`: a touch that starts in the right edge's strip belongs to
    /// what is under it until it moves inward, when the pull for the menu takes it: a tap there (on an open
    /// row's slot, on the Menu button) reaches its target.
    enum Owner: Equatable { case screen, menu, overlay, pull, articleOrPull, edgeOrScreen }

    /// How wide the strip along the right edge is where a pull for the menu starts, points.
    static let edgeWidth = 28.0

    public let context: ReaderContext
    var screen: Screen
    var overlay: Overlay? {
        didSet { needsFullDraw = true }
    }
    let menu: PullMenu
    var menuPanel: MenuPanel?
    var pullPan = PanRecognizer(axis: .horizontal)
    var overlayTap = TapRecognizer()
    var touches = TouchSequence<Owner>()
    var sequenceOwner: Owner = .screen
    var time = 0.0
    var needsFullDraw = true
    /// A refresh under way: the pull (or the feeds screen) that started it is told when it ends.
    let refreshing: RefreshRun?
    var refreshOrigin: RefreshOrigin?
    enum RefreshOrigin { case list, feeds }
    var pendingArrivals = 0
    /// With an aggregator account, a pull asks for a sync through this instead of refreshing the feeds itself
    /// (true: a sync is under way, and `syncFinished` will say how it went).
    public var startSync: (() -> Bool)?
    var picturesArrived = false
    var writesAtRest: [() throws -> Void] = []
    /// The scroll offset in the place last saved.
    var savedScroll = 0.0
    /// The panel's day: ambient, night, waking. Made at the first frame, so idle minutes count from there.
    var wall: WallDay?
    /// The screen a person left when the panel turned ambient or went dark, to come back to.
    var resumeScreen: Screen?
    /// When the wall's day next changes without a touch (see `updateWallDeadline`).
    var wallDeadline: Double?
    /// The wall-clock time of the last touch before the panel was left to itself: what arrived since is new.
    var leftAlone: Timestamp?
    /// Called when the panel must change its power (night, dimming, waking): the host drives the backlight and
    /// the display.
    public var onPowerChange: ((PanelPowerLevel) -> Void)?

    /// Called with the place to save whenever it changes (the host writes it, after the frame).
    public var onPlaceChange: ((ReaderPlace) -> Void)?
    /// Called with the settings whenever a person changes one on the panel.
    public var onSettingsChange: ((ReaderSettings) -> Void)?
    /// Errors writing the store (a full disk): logged by the host, never fatal.
    public var onStoreError: ((Error) -> Void)?

    public init(context: ReaderContext, refreshing: RefreshRun?, place: ReaderPlace? = nil) {
        self.context = context
        self.refreshing = refreshing
        menu = PullMenu(frame: context.bounds, scale: context.scale.pixelsPerPoint)
        menu.backdrop = context.theme.backdrop
        screen = .empty(NoticeScreen(context: context, lines: []))
        restore(place ?? ReaderPlace())
    }

    // MARK: Navigation

    /// The screen for a place: its river, and the article in it when one was open.
    func restore(_ place: ReaderPlace) {
        guard context.library.hasFeeds else {
            screen = .empty(Self.emptyScreen(context))
            return
        }
        let filter = resolve(place.filter)
        var list = makeList(filter)
        if let entry = place.entry, !list.rows.contains(where: { $0.entry.id.rawValue == entry }),
           let row = context.library.row(EntryID(rawValue: entry)) {
            // Read since it was opened, it has left the Unread river: it goes back where it sorts, so the pager's
            // neighbours are the ones the person had.
            var rows = list.rows
            let at = rows.firstIndex { ($0.entry.sortTime, $0.entry.id.rawValue) < (row.entry.sortTime, row.entry.id.rawValue) } ?? rows.count
            rows.insert(row, at: at)
            list = ListScreen(context: context, filter: filter, rows: rows, unread: context.library.unreadCount())
        }
        if let entry = place.entry, let index = list.rows.firstIndex(where: { $0.entry.id.rawValue == entry }) {
            screen = .article(ArticleScreen(context: context, rows: list.rows, index: index, scrollY: place.scrollY),
                              list: list)
        } else {
            screen = .list(list)
        }
    }

    func resolve(_ filter: ReaderPlace.Filter) -> RiverFilter {
        switch filter {
        case .unread: return .unread
        case .today: return .today
        case .starred: return .starred
        case .feed(let url):
            guard let feed = context.library.feeds().first(where: { $0.url == url }) else { return .unread }
            return .feed(feed.id, url: feed.url, title: feed.title ?? feed.url)
        }
    }

    func makeList(_ filter: RiverFilter, newSince: Timestamp? = nil) -> ListScreen {
        let now = context.wallClock(time)
        let rows = (try? context.library.river(filter, now: now, utcOffsetSeconds: context.utcOffset(now))) ?? []
        return ListScreen(context: context, filter: filter, rows: rows, unread: context.library.unreadCount(),
                          newSince: newSince)
    }

    func show(_ next: Screen) {
        screen = next
        needsFullDraw = true
        placeChanged()
    }

    var place: ReaderPlace {
        switch screen {
        case .list(let list): return ReaderPlace(filter: Self.placeFilter(list.filter))
        case .article(let article, let list):
            return ReaderPlace(filter: Self.placeFilter(list.filter), entry: article.current.entry.id.rawValue,
                               scrollY: max(0, article.pager.scroll.offset))
        default: return ReaderPlace()
        }
    }

    static func placeFilter(_ filter: RiverFilter) -> ReaderPlace.Filter {
        switch filter {
        case .unread: .unread
        case .today: .today
        case .starred: .starred
        case .feed(_, let url, _): .feed(url: url)
        }
    }

    func placeChanged() {
        let now = place
        savedScroll = now.scrollY
        onPlaceChange?(now)
    }

    /// An article scrolled to rest somewhere else than the place saved: saved again, so a crash or a power cut
    /// brings the person back to the paragraph they were on, not to the article's top.
    func scrollSettled() {
        guard case .article(let article, _) = screen, !article.pager.scroll.isMoving, !article.pager.scroll.isDragging,
              article.pager.transition == nil, abs(max(0, article.pager.scroll.offset) - savedScroll) >= Self.scrollWorthSaving
        else { return }
        placeChanged()
    }

    /// How far an article must have moved since the last save to be saved again, points: a few lines.
    static let scrollWorthSaving = 40.0

    var wallNow: Timestamp { context.wallClock(time) }

    func storeWrite(_ body: () throws -> Void) {
        do { try body() } catch { onStoreError?(error) }
    }

    /// A write that may wait until the panel rests: marking an opened article read costs an fsync, which on an
    /// SD card would hold the very frame that shows the article. The screen shows the new state at once.
    func storeWriteAtRest(_ body: @escaping () throws -> Void) {
        writesAtRest.append(body)
    }

    /// Writes every store change still waiting for the panel to rest (the kiosk stopping must lose none).
    public func flushWritesAtRest() {
        let writes = writesAtRest
        writesAtRest.removeAll()
        for write in writes { storeWrite(write) }
    }

    // MARK: Scene: input

    public func handle(_ frame: TouchFrame) {
        for event in frame.events { handle(event) }
    }

    func handle(_ event: TouchEvent) {
        if wallSwallows(event) { return }
        // The restart notice has been seen once a person touches the panel.
        if context.notice != nil, event.phase == .down {
            context.notice = nil
            needsFullDraw = true
        }
        // The owner is chosen when a sequence starts; a second finger joins the sequence as it is.
        let starts = event.phase == .down && !touches.isActive
        guard let owner = touches.route(event, choose: { chooseOwner(for: event) }) else { return }
        if starts {
            sequenceOwner = owner
            pullPan.reset()
            overlayTap.reset()
        }
        switch sequenceOwner {
        case .menu: handleMenu(event)
        case .overlay: handleOverlay(event)
        case .pull:
            pullPan.handle(event)
            menu.follow(pullPan, at: event.time)
            takeMenuEvents(at: event.time)
        case .articleOrPull:
            guard case .article(let article, _) = screen else { return }
            if !article.claimsTouch { pullPan.handle(event) }
            if pullPan.state == .began, !article.claimsTouch {
                // The pull wins: the article hears its finger cancelled and nothing more of this sequence.
                article.handle(TouchFrame([TouchEvent(slot: event.slot, phase: .cancel, position: event.position,
                                                      time: event.time)]))
                sequenceOwner = .pull
                menu.follow(pullPan, at: event.time)
                return
            }
            article.handle(TouchFrame([event]))
            collectArticleEvents()
        case .edgeOrScreen:
            pullPan.handle(event)
            if pullPan.state == .began {
                // The finger moved: the pull wins, and the screen hears its finger cancelled.
                handleScreen(TouchEvent(slot: event.slot, phase: .cancel, position: event.position, time: event.time))
                sequenceOwner = .pull
                menu.follow(pullPan, at: event.time)
                return
            }
            handleScreen(event)
        case .screen: handleScreen(event)
        }
    }

    func chooseOwner(for event: TouchEvent) -> Owner {
        if case .ambient = screen { return .screen }
        if case .night = screen { return .screen }
        if menu.overlay.isShowing { return .menu }
        if overlay != nil { return .overlay }
        if case .article = screen { return .articleOrPull }
        if case .list(let list) = screen, list.list.sheet.isVisible { return .screen }
        if event.position.x >= context.size.width - Self.edgeWidth { return .edgeOrScreen }
        return .screen
    }

    /// The menu opened (a pull let go past the dots, the Menu button) or a tap chose from it.
    func takeMenuEvents(at time: Double) {
        for event in menu.takeEvents() {
            switch event {
            case .opened:
                if menuPanel == nil { openMenuPanel() }
            case .tapped(let point):
                if let chosen = menuPanel?.item(at: point) { perform(chosen.action, at: time) }
            }
        }
    }

    func openMenuPanel() {
        var reading = false
        if case .article = screen { reading = true }
        menuPanel = MenuPanel(context: context, article: reading)
    }

    /// Opens the menu as the pull does (the Menu button: the pull's visible fallback).
    func presentMenu(at time: Double) {
        menu.present(at: time)
        takeMenuEvents(at: time)
    }

    func handleMenu(_ event: TouchEvent) {
        menu.handle(TouchFrame([event]))
        takeMenuEvents(at: event.time)
    }

    func handleOverlay(_ event: TouchEvent) {
        overlayTap.handle(event)
        if overlayTap.state == .ended { overlay = nil }
    }

    func handleScreen(_ event: TouchEvent) {
        switch screen {
        case .list(let list):
            list.handle(TouchFrame([event]))
            collectListEvents(list)
        case .article(let article, _):
            article.handle(TouchFrame([event]))
            collectArticleEvents()
        case .feeds(let feeds):
            feeds.handle(TouchFrame([event]))
            collectFeedsEvents(feeds)
        case .settings(let notice, _), .empty(let notice):
            notice.handle(TouchFrame([event]))
            for name in notice.takeEvents() { settingTapped(name) }
        case .ambient(let ambient):
            ambient.handle(TouchFrame([event]))
            collectAmbientEvents(ambient)
        case .night:
            break
        }
    }

    // MARK: Scene: time

    public func advance(to time: Double) -> Bool {
        self.time = time
        advanceWall(to: time)
        picturesArrived = false
        takeRefreshReports()
        var moving = menu.advance(to: time)
        // The panel goes with the menu's fade; the menu's damage (its whole frame) repaints where it was.
        if !menu.overlay.isShowing, menuPanel != nil { menuPanel = nil }
        switch screen {
        case .list(let list):
            if list.advance(to: time) { moving = true }
            collectListEvents(list)
        case .article(let article, _):
            if article.advance(to: time) { moving = true }
            collectArticleEvents()
            if !moving { scrollSettled() }
        case .feeds(let feeds):
            if feeds.advance(to: time) { moving = true }
            collectFeedsEvents(feeds)
        case .settings(let notice, _), .empty(let notice):
            if notice.advance(to: time) { moving = true }
        case .ambient(let ambient):
            if ambient.advance(to: time) { moving = true }
        case .night:
            break
        }
        return moving
    }

    public var deadline: Double? {
        var due = [activeDeadline, wallDeadline]
        if case .ambient(let ambient) = screen { due.append(ambient.deadline) }
        return due.compactMap { $0 }.min()
    }

    public var activeDeadline: Double? {
        // Pictures decoded while at rest are shown by the next frame.
        if picturesArrived { return time }
        switch screen {
        case .list(let list): return list.deadline
        case .feeds(let feeds): return feeds.deadline
        default: return nil
        }
    }

    public func prepareAhead() {
        flushWritesAtRest()
        if case .article(let article, _) = screen { article.prepareAhead() }
        if context.images.hasQueued, context.images.decodeQueued() {
            picturesArrived = true
            needsFullDraw = true
        }
    }

    public func invalidateDrawing() { needsFullDraw = true }

    // MARK: Scene: drawing

    /// The layers, bottom to top: the screen, the strip and dots of the pull, an overlay (a QR code, a picture)
    /// and the menu. Each screen and the pull tell their own damage; the union is painted, every layer in order.
    public func draw(into canvas: Canvas) -> DamageRegion {
        if needsFullDraw {
            needsFullDraw = false
            shownScreen.invalidateDrawing()
            menu.invalidateDrawing()
        }
        var damage = shownScreen.pendingDamage(on: canvas)
        damage.add(menu.pendingDamage(on: canvas))
        let dimmed = wall?.power == .dim
        canvas.repaint(damage) { layer in
            shownScreen.paint(layer)
            menu.paint(layer)
            if let overlay { drawOverlay(overlay, into: layer) }
            menuPanel?.draw(into: layer, alpha: menu.overlay.alpha)
            // Before the night: the backlight goes down and the picture darkens with it.
            if dimmed { layer.blend(context.bounds, with: Color(red: 0, green: 0, blue: 0, alpha: Self.dimVeil)) }
        }
        shownScreen.didDraw()
        menu.didDraw()
        return damage
    }

    /// The screen on show, as the layer it draws.
    var shownScreen: any ScreenLayer {
        switch screen {
        case .list(let list): list
        case .article(let article, _): article
        case .feeds(let feeds): feeds
        case .settings(let notice, _), .empty(let notice): notice
        case .ambient(let ambient): ambient
        case .night(let night): night
        }
    }
}

/// What the app asks of the screen on show when it draws (every screen is a `Component`; their events
/// differ, their drawing does not).
protocol ScreenLayer: AnyObject {
    func invalidateDrawing()
    func pendingDamage(on canvas: Canvas) -> DamageRegion
    func paint(_ canvas: Canvas)
    func didDraw()
}

extension ListScreen: ScreenLayer {}
extension ArticleScreen: ScreenLayer {}
extension FeedsScreen: ScreenLayer {}
extension NoticeScreen: ScreenLayer {}
extension AmbientScreen: ScreenLayer {}
extension NightScreen: ScreenLayer {}
