import Logging
import Platform
import Raster
import Text
import Touch
import Widgets

/// Makes what a host shows for a display of a given size: the reader, or the demos.
public typealias SceneMaker = (HostSetting) -> Scene

/// A scene on whichever flipping display is there, touched through whichever input source there is: the one host
/// the kiosk's panel (displays that come and go, libinput's seat) and the desktop window (one window, its mouse)
/// both put theirs into. It makes the scene for the first display and again only for a display of another size,
/// turns raw input into touch frames in the scene's points, and keeps one session drawing to the display shown
/// now. What the scene is, and what the display is, it does not know.
public final class PanelHost {
    private let events: EventLoop
    /// Print every touch as it reaches the scene, and how soon the frame showing it reached the glass.
    private let showTouches: Bool
    private let log: Logger
    private let makeScene: SceneMaker
    private var scene: Scene?
    /// What the scene was made with; nil until the first display.
    public private(set) var setting: HostSetting?
    private let glyphs = GlyphCache()
    private lazy var typesetter = ScreenFonts.typesetter(log: log)
    private var assembler: TouchAssembler?
    private var session: PanelSession?
    private var input: (any InputSource)?

    public init(events: EventLoop, showTouches: Bool, log: Logger, makeScene: @escaping SceneMaker) {
        self.events = events
        self.showTouches = showTouches
        self.log = log
        self.makeScene = makeScene
    }

    /// The panel's size in pixels as its input reports them (before the mounting is undone); nil before `fit`.
    public var panelSize: (width: Int, height: Int)? { assembler?.panelSize }

    /// Readies the scene for a display `width`x`height` pixels, mounted `turn`, at `scale`. A display of another
    /// size (another panel, another mode) needs a scene laid out for it; one of the same size gets the scene as
    /// it was, at the same place.
    public func fit(width: Int, height: Int, turn: QuarterTurn, scale: Scale) {
        let sameSize = assembler.map { $0.logicalWidth == Double(width) && $0.logicalHeight == Double(height) } ?? false
        guard scene == nil || !sameSize else { return }
        let made = HostSetting(pixelWidth: width, pixelHeight: height, scale: scale, typesetter: typesetter, glyphs: glyphs)
        setting = made
        scene = makeScene(made)
        let fresh = TouchAssembler(logicalWidth: width, logicalHeight: height, turn: turn, scale: scale)
        // Fingers down on the old display end there: the scene they pressed on is gone with it.
        assembler = fresh
        input?.resize(panelWidth: fresh.panelSize.width, panelHeight: fresh.panelSize.height)
    }

    /// Draws the scene (readied by `fit`) on `display` until `lose()`: a new session, which draws it whole.
    public func show(on display: any FlippingDisplay) {
        guard let scene, let setting else { return }
        session = PanelSession(display: display, scene: scene, setting: setting, events: events,
                               reportLatency: showTouches, log: log)
    }

    /// Takes touch from `source` from now on, and starts it. Touches go to the session while a display is shown;
    /// with none, straight to the scene, so a finger lifted while the display was away still ends its gesture.
    public func take(_ source: any InputSource) {
        input = source
        source.onInput = { [unowned self] raw in
            guard var assembler else { return }
            let frames = assembler.handle(raw)
            self.assembler = assembler
            deliver(frames)
        }
        source.onEnd = { [unowned self] end in
            if case .failed(let reason) = end {
                // Every finger ends, so nothing stays held, and the run stops, so that the service manager starts
                // the kiosk afresh with working touch. Running on without touch would look healthy to systemd
                // for months (found in review).
                log.error("\(reason); stopping so the kiosk starts again with touch")
                if var assembler {
                    deliver(assembler.cancelAll(at: MonotonicClock.seconds()))
                    self.assembler = assembler
                }
            }
            events.stop()
        }
        source.start()
    }

    /// The scene changed without a touch (entries arrived in the background): a frame, if a display is there.
    public func redraw() { session?.redraw() }

    /// The display went away (or the run stops): nothing is drawn until one is shown again.
    public func lose() {
        session?.close()
        session = nil
    }

    /// Lets go of the input and the display: nothing of this host runs on the loop any more.
    public func stop() {
        input?.stop()
        lose()
    }

    private func deliver(_ frames: [TouchFrame]) {
        for frame in frames {
            if showTouches { TouchEcho.print(frame) }
            if let session { session.touch(frame) } else { scene?.handle(frame) }
        }
    }
}
