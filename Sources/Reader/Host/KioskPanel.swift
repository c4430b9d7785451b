#if canImport(Glibc)
import Glibc
#endif
import Logging
import Platform
import Raster
import Text
import Touch
import Widgets

/// Makes what a host shows for a display of a given size: the reader, or the demos.
public typealias SceneMaker = (HostSetting) -> Scene

/// What the panel shows, across displays that come and go: one scene from `makeScene` (made on the first
/// display and made again only when a display of another size appears), touch input, and the session drawing
/// to the display open now. What the scene is, the kiosk does not know.
public final class KioskPanel {
    private let path: String
    private let options: KioskOptions
    private let events: EventLoop
    private let systemd: ServiceNotifier
    private let log: Logger
    private let makeScene: (HostSetting) -> Scene
    private var scene: Scene?
    private var setting: HostSetting?
    private let glyphs = GlyphCache()
    private lazy var typesetter = ScreenFonts.typesetter(log: log)
    private var session: PanelSession?
    private var input: LibinputSource?
    private var inputWatch: EventLoop.Watch?
    private var assembler: TouchAssembler?
    private var shownBefore = false
    /// The light behind the panel, when it has one; found once, at start.
    private lazy var backlight: Backlight? = Backlight.first()
    /// What the wall's day asked for last: applied again to a display that comes back.
    private var power: PanelPowerLevel = .on
    private var pendingOff: EventLoop.Timer?

    /// `path` is the DRM device the displays open on, for what the kiosk says.
    public init(path: String, options: KioskOptions, events: EventLoop, systemd: ServiceNotifier, log: Logger,
                makeScene: @escaping (HostSetting) -> Scene) {
        self.path = path
        self.options = options
        self.events = events
        self.systemd = systemd
        self.log = log
        self.makeScene = makeScene
    }

    /// Opens the display on the kiosk's device, `choice` picking connector and mode, turned as the panel is mounted.
    public func openDisplay(choice: ModeChoice) throws -> KMSDisplay {
        try KMSDisplay(path: path, choice: choice, turn: QuarterTurn(degrees: options.rotationDegrees) ?? .none)
    }

    public func show(on display: KMSDisplay) {
        // A display of another size (another panel, another mode) needs a scene laid out for it.
        let sameSize = assembler.map { $0.logicalWidth == Double(display.shadow.width)
                                       && $0.logicalHeight == Double(display.shadow.height) } ?? false
        if scene == nil || !sameSize { makeScene(for: display) }
        guard let scene, let setting else { return }
        if shownBefore { print("display back on \(path)") }
        log.info("showing on \(display.name)")
        session = PanelSession(display: display, scene: scene, setting: setting, events: events,
                               reportLatency: options.showTouches, log: log)
        if input == nil { input = startInput() }
        systemd.status("showing on \(display.name)")
        if !shownBefore { systemd.ready() }
        shownBefore = true
        if power == .off { switchDisplay(on: false) }
        print("showing on \(display.name) (\(path)) at scale \(setting.scale); stop with Ctrl-C")
    }

    /// The scene changed without a touch (entries arrived in the background): a frame, if a display is there.
    public func redraw() { session?.redraw() }

    /// Lights the panel as the wall's day asks: the backlight where there is one, and the display itself (DPMS)
    /// off at night. Going off waits a moment, so the black frame the night draws reaches the glass first.
    public func setPower(_ level: PanelPowerLevel) {
        guard level != power else { return }
        power = level
        log.info("panel power: \(level.rawValue)")
        if let backlight {
            do { try backlight.set(level) } catch { log.warning("backlight not set: \(error)") }
        }
        if let pendingOff { events.cancel(pendingOff) }
        pendingOff = nil
        if level == .off {
            pendingOff = events.schedule(after: Self.offDelay) { [unowned self] in
                pendingOff = nil
                switchDisplay(on: false)
            }
        } else {
            switchDisplay(on: true)
            session?.redraw()
        }
    }

    /// How long after the night's black frame is asked for the display goes off.
    static let offDelay = 0.25

    private func switchDisplay(on: Bool) {
        guard let display = session?.display else { return }
        do { try display.setDisplayOn(on) } catch { log.warning("\(error)") }
    }

    /// The display went away (or the kiosk stops): nothing is drawn until one is shown again.
    public func lose() {
        session?.close()
        session = nil
    }

    private func makeScene(for display: KMSDisplay) {
        let scale = options.pixelsPerPoint.map(Scale.init)
            ?? Scale.forPanel(widthPixels: display.turn.swapsAxes ? display.shadow.height : display.shadow.width,
                              widthMillimetres: display.widthMillimetres) ?? .one
        let made = HostSetting(pixelWidth: display.shadow.width, pixelHeight: display.shadow.height, scale: scale,
                               typesetter: typesetter, glyphs: glyphs)
        setting = made
        scene = makeScene(made)
        let fresh = TouchAssembler(logicalWidth: display.shadow.width, logicalHeight: display.shadow.height,
                                   turn: display.turn, scale: scale)
        // Fingers down on the old display end there: the scene they pressed on is gone with it.
        assembler = fresh
        input?.panelWidth = fresh.panelSize.width
        input?.panelHeight = fresh.panelSize.height
    }

    /// Touch from libinput's seat, with the panel's mounting undone and in points. Without it the panel
    /// still shows. Touches go to the session on show; with no display, straight to the scene, so a finger
    /// lifted while the display was away still ends its gesture.
    private func startInput() -> LibinputSource? {
        guard let panel = assembler?.panelSize,
              let source = try? LibinputSource(panelWidth: panel.width, panelHeight: panel.height) else {
            log.warning("no touch input: libinput could not start on seat0")
            return nil
        }
        source.touchCalibration = options.touchCalibration
        inputWatch = events.watch(source.fd) { [unowned self] revents in
            guard revents & Int16(POLLERR | POLLHUP | POLLNVAL) == 0 else {
                // poll would report this forever: stop watching, end every finger so nothing stays held, and stop,
                // so that the service manager starts the kiosk afresh with working touch. Running on without
                // touch would look healthy to systemd for months (found in review).
                log.error("touch input failed (poll revents \(revents)); stopping so the kiosk starts again with touch")
                if let inputWatch { events.unwatch(inputWatch) }
                if var assembler {
                    deliver(assembler.cancelAll(at: MonotonicClock.seconds()))
                    self.assembler = assembler
                }
                events.stop()
                return
            }
            for raw in source.read() {
                guard var assembler else { continue }
                let frames = assembler.handle(raw)
                self.assembler = assembler
                deliver(frames)
            }
        }
        return source
    }

    private func deliver(_ frames: [TouchFrame]) {
        for frame in frames {
            if options.showTouches { TouchEcho.print(frame) }
            if let session { session.touch(frame) } else { scene?.handle(frame) }
        }
    }
}
