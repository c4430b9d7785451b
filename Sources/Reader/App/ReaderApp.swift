import Feeds
import Platform
import Raster
import Text
import Touch
import Widgets

/// The reader: the root scene the panel (and `lectern replay reader`) runs. It keeps the screens in a
/// `Navigator` and the overlays above them, routes each touch sequence to one of them, and carries out the
/// `ReaderAction`s screens emit: store writes and navigation. Unread's pull for the menu shares the screen's
/// touches where the screen lets it (`menuPull`): from the right edge on the list and the other screens (a
/// swipe that starts on a row away from the edge moves the row), from anywhere on an article (its page has
/// nothing to scroll sideways), never on the wall's screens.
public final class ReaderApp: Scene {
    /// Owner of one touch sequence (see `chooseOwner`).
    enum Owner: Equatable { case screen, overlay, shared }

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
    var overlayTap = TapRecognizer()
    var touches = TouchSequence<Owner>()
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
    /// Whether the library showed the bundled samples when the store last changed.
    lazy var showedSamples = context.library.showsSamples
    /// While a pairing card shows: the next second its time left is drawn again.
    var pairingTick: Double?
    /// The window the pairing card last heard of, so one opened from a shell is shown once, not again each change.
    var lastPairingCode: String?
    /// A line at the foot of the screen until `until` ("Paired: …").
    var footNote: (words: String, until: Double)?
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

    /// Each frame is split once: the wall hears every touch first (one that wakes the panel goes no further),
    /// then each sequence goes whole to its owner, chosen as it starts.
    public func handle(_ frame: TouchFrame) {
        let kept = frame.events.filter { !wallSwallows($0) }
        // The restart notice has been seen once a person touches the panel.
        if context.notice != nil, kept.contains(where: { $0.phase == .down }) {
            context.notice = nil
            needsFullDraw = true
        }
        for part in touches.split(TouchFrame(time: frame.time, events: kept), choose: chooseOwner) {
            switch part.owner {
            case .screen: handleScreen(part.frame)
            case .overlay:
                if part.starts { overlayTap.reset() }
                for event in part.frame.events {
                    overlayTap.handle(event)
                    if overlayTap.state == .ended {
                        if let card = pairingCard { closePairingCard(card) }
                        else if let card = wifiCard { wifiCardTapped(card, at: overlayTap.location) }
                        else { overlay = nil }
                    }
                }
            case .shared:
                // The menu's pull shares the screen's touches: what it leaves is the screen's.
                let screens = menu.share(part.frame, start: pullStart, pageHolds: screen.holdsTouch)
                takeMenuEvents(at: part.frame.time)
                if !screens.events.isEmpty { handleScreen(screens) }
            }
        }
    }

    /// Who a touch sequence belongs to: the screen alone (the wall's screens take every touch), the overlay
    /// (a tap closes it), or the screen shared with the menu's pull (and the menu itself while it shows).
    func chooseOwner(for event: TouchEvent) -> Owner {
        if screen.isWall { return .screen }
        if overlay != nil, !menu.overlay.isShowing { return .overlay }
        return .shared
    }

    /// Where the screen on show lets a pull for the menu start.
    var pullStart: PullMenu.PullStart {
        switch screen.menuPull {
        case .nowhere: .nowhere
        case .rightEdge: .rightEdge(width: Self.edgeWidth)
        case .anywhere: .anywhere
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
        menuPanel = MenuPanel(context: context, article: screen is ArticleScreen)
    }

    /// Opens the menu as the pull does (the Menu button: the pull's visible fallback).
    func presentMenu(at time: Double) {
        menu.present(at: time)
        takeMenuEvents(at: time)
    }

    func handleScreen(_ frame: TouchFrame) {
        screen.handle(frame)
        takeScreenActions()
    }

    // MARK: Scene: time

    public func advance(to time: Double) -> Bool {
        self.time = time
        holdWallForPairing(at: time)
        holdWallForWiFi(at: time)
        advanceWall(to: time)
        picturesArrived = false
        takeRefreshReports()
        advancePairing(to: time)
        var moving = menu.advance(to: time)
        // The panel goes with the menu's fade; the menu's damage (its whole frame) repaints where it was.
        if !menu.overlay.isShowing, menuPanel != nil { menuPanel = nil }
        if screen.advance(to: time) { moving = true }
        takeScreenActions()
        if !moving { scrollSettled() }
        return moving
    }

    public var deadline: Double? {
        [activeDeadline, wallDeadline, screen.deadline, pairingTick, footNote?.until].compactMap { $0 }.min()
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
            if let footNote { drawFootNote(footNote.words, into: layer) }
            menuPanel?.draw(into: layer, alpha: menu.overlay.alpha)
            // Before the night: the backlight goes down and the picture darkens with it.
            if dimmed { layer.blend(context.bounds, with: Color(red: 0, green: 0, blue: 0, alpha: Self.dimVeil)) }
        }
        screen.didDraw()
        menu.didDraw()
        return damage
    }
}
