import Logging
import Platform
import Raster
import Widgets

/// The kiosk's panel: displays on its DRM device that come and go, libinput's seat for touch, and what a kiosk
/// owes around them (the display switched off at night, systemd told it is up). The scene from `makeScene`,
/// its input and the drawing are the `PanelHost`'s; what the scene is, the kiosk does not know.
public final class KioskPanel {
    private let path: String
    private let options: KioskOptions
    private let events: EventLoop
    private let systemd: ServiceNotifier
    private let log: Logger
    private let host: PanelHost
    /// The display shown now, and the watch that takes its page flips' events from the loop.
    private var shown: (display: KMSDisplay, flips: EventLoop.Watch)?
    private var input: LibinputSource?
    private var shownBefore = false
    /// The light behind the panel, when it has one; found once, at start.
    private lazy var backlight: Backlight? = Backlight.first()
    /// What the wall's day asked for last: applied again to a display that comes back.
    private var power: PanelPowerLevel = .on
    private var pendingOff: EventLoop.Timer?

    /// `path` is the DRM device the displays open on, for what the kiosk says.
    public init(path: String, options: KioskOptions, events: EventLoop, systemd: ServiceNotifier, log: Logger,
                makeScene: @escaping SceneMaker) {
        self.path = path
        self.options = options
        self.events = events
        self.systemd = systemd
        self.log = log
        host = PanelHost(events: events, showTouches: options.showTouches, log: log, makeScene: makeScene)
    }

    /// Opens the display on the kiosk's device, `choice` picking connector and mode, turned as the panel is mounted.
    public func openDisplay(choice: ModeChoice) throws -> KMSDisplay {
        try KMSDisplay(path: path, choice: choice, turn: QuarterTurn(degrees: options.rotationDegrees) ?? .none)
    }

    public func show(on display: KMSDisplay) {
        let scale = options.pixelsPerPoint.map(Scale.init)
            ?? Scale.forPanel(widthPixels: display.turn.swapsAxes ? display.shadow.height : display.shadow.width,
                              widthMillimetres: display.widthMillimetres) ?? .one
        host.fit(width: display.shadow.width, height: display.shadow.height, turn: display.turn, scale: scale)
        guard let setting = host.setting else { return }
        if shownBefore { print("display back on \(path)") }
        log.info("showing on \(display.name)")
        host.show(on: display)
        shown = (display, events.watch(display.fd) { _ in display.handleEvents() })
        if input == nil { input = startInput() }
        systemd.status("showing on \(display.name)")
        if !shownBefore { systemd.ready() }
        shownBefore = true
        if power == .off { switchDisplay(on: false) }
        print("showing on \(display.name) (\(path)) at scale \(setting.scale); stop with Ctrl-C")
    }

    /// The scene changed without a touch (entries arrived in the background): a frame, if a display is there.
    public func redraw() { host.redraw() }

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
            host.redraw()
        }
    }

    /// How long after the night's black frame is asked for the display goes off.
    static let offDelay = 0.25

    private func switchDisplay(on: Bool) {
        guard let display = shown?.display else { return }
        do { try display.setDisplayOn(on) } catch { log.warning("\(error)") }
    }

    /// The display went away (or the kiosk stops): nothing is drawn until one is shown again.
    public func lose() {
        if let shown { events.unwatch(shown.flips) }
        shown = nil
        host.lose()
    }

    /// Touch from libinput's seat, with the panel's mounting undone and in points. Without it the panel
    /// still shows.
    private func startInput() -> LibinputSource? {
        guard let panel = host.panelSize,
              let source = try? LibinputSource(panelWidth: panel.width, panelHeight: panel.height, events: events) else {
            log.warning("no touch input: libinput could not start on seat0")
            return nil
        }
        source.touchCalibration = options.touchCalibration
        host.take(source)
        return source
    }
}
