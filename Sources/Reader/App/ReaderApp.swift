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
    /// Owner of one touch sequence. `edgeOrScreen`: a touch that starts in the right edge's strip belongs to
    /// what is under it until it moves inward, when the pull for the menu takes it: a tap there (on an open
    /// row's slot, on the Menu button) reaches its target.
    enum Owner: Equatable { case screen, menu, overlay, pull, articleOrPull, edgeOrScreen }

    /// How wide the strip along the right edge is where a pull for the menu starts, points.
    static let edgeWidth = 28.0

    public let context: ReaderContext
    let navigator: Navigator
    /// The screen on show.
    var screen: any Screen { navigator.top }
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
        navigator = Navigator(NoticeScreen(context: context, lines: []))
        restore(place ?? ReaderPlace())
    }

    // MARK: Navigation

    /// The screens for a place: its river, and the article in it when one was open.
    func restore(_ place: ReaderPlace) {
        navigator.reset(to: Navigator.screens(for: place, context: context, time: time))
    }

    /// A river as the screen shows it now, `newSince` marking what is new.
    func river(_ filter: RiverFilter, newSince: Timestamp? = nil) -> ListScreen {
        ListScreen.river(filter, context: context, time: time, newSince: newSince)
    }

    /// A fresh start from `screens`, the place saved.
    func show(_ screens: [any Screen]) {
        navigator.reset(to: screens)
        shown()
    }

    /// The navigator moved: everything is drawn again, and the place saved.
    func shown() {
        needsFullDraw = true
        placeChanged()
    }

    var place: ReaderPlace { navigator.place }

    func placeChanged() {
        let now = place
        savedScroll = now.scrollY
        onPlaceChange?(now)
    }

    /// An article scrolled to rest somewhere else than the place saved: saved again, so a crash or a power cut
    /// brings the person back to the paragraph they were on, not to the article's top.
    func scrollSettled() {
        guard let article = screen as? ArticleScreen, !article.pager.scroll.isMoving, !article.pager.scroll.isDragging,
              article.pager.transition == nil, abs(max(0, article.pager.scroll.offset) - savedScroll) >= Self.scrollWorthSaving
        else { return }
        placeChanged()
    }

    /// How far an article must have moved since the last save to be saved again, points: a few lines.
    static let scrollWorthSaving = 40.0

    var wallNow: Timestamp { context.wallClock(time) }

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
            if !screen.holdsTouch { pullPan.handle(event) }
            if pullPan.state == .began, !screen.holdsTouch {
                // The pull wins: the article hears its finger cancelled and nothing more of this sequence.
                handleScreen(TouchEvent(slot: event.slot, phase: .cancel, position: event.position, time: event.time))
                sequenceOwner = .pull
                menu.follow(pullPan, at: event.time)
                return
            }
            handleScreen(event)
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
        if screen.isWall { return .screen }
        if menu.overlay.isShowing { return .menu }
        if overlay != nil { return .overlay }
        switch screen.menuPull {
        case .nowhere: return .screen
        case .anywhere: return .articleOrPull
        case .rightEdge: return event.position.x >= context.size.width - Self.edgeWidth ? .edgeOrScreen : .screen
        }
    }

    /// The menu opened (a pull let go past the dots, the Menu button) or a tap chose from it.
    func takeMenuEvents(at time: Double) {
        for event in menu.takeEvents() {
            switch event {
            case .opened:
                if menuPanel == nil { openMenuPanel() }
            case .tapped(let point):
                if let chosen = menuPanel?.item(at: point) { perform(chosen.action) }
            }
        }
    }

    func openMenuPanel() {
        menuPanel = MenuPanel(context: context, article: screen.sharedLink != nil)
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
        screen.handle(TouchFrame([event]))
        takeScreenActions()
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
        if screen.advance(to: time) { moving = true }
        takeScreenActions()
        if !moving { scrollSettled() }
        return moving
    }

    public var deadline: Double? {
        [activeDeadline, wallDeadline, screen.deadline].compactMap { $0 }.min()
    }

    public var activeDeadline: Double? {
        // Pictures decoded while at rest are shown by the next frame.
        if picturesArrived { return time }
        return screen.activeDeadline
    }

    public func prepareAhead() {
        flushWritesAtRest()
        screen.prepareAhead()
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
            screen.invalidateDrawing()
            menu.invalidateDrawing()
        }
        var damage = screen.pendingDamage(on: canvas)
        damage.add(menu.pendingDamage(on: canvas))
        let dimmed = wall?.power == .dim
        canvas.repaint(damage) { layer in
            screen.paint(layer)
            menu.paint(layer)
            if let overlay { drawOverlay(overlay, into: layer) }
            menuPanel?.draw(into: layer, alpha: menu.overlay.alpha)
            // Before the night: the backlight goes down and the picture darkens with it.
            if dimmed { layer.blend(context.bounds, with: Color(red: 0, green: 0, blue: 0, alpha: Self.dimVeil)) }
        }
        screen.didDraw()
        menu.didDraw()
        return damage
    }
}
