#if canImport(Glibc)
import Glibc
#endif
import Logging
import Platform
import Raster
import Reader
import Text
import Touch
import Widgets

/// What the panel shows, across displays that come and go: the demo shell (made on the first display and
/// kept while the size stays), touch input, the remembered scene, and the session drawing to the display
/// open now.
final class KioskPanel {
    private let command: RunCommand
    private let path: String
    private let events: EventLoop
    private let systemd: ServiceNotifier
    private let log: Logger
    private let state: ReaderStateFile?
    private var shell: DemoShell?
    private var scale: Scale = .one
    private let glyphs = GlyphCache()
    private var session: PanelSession?
    private var input: LibinputSource?
    private var inputWatch: EventLoop.Watch?
    private var assembler: TouchAssembler?
    private var shownBefore = false
    /// The demo the first shell shows, settled at start so the restore is logged even while no display is there.
    private var first = DemoCatalog.names[0]

    init(command: RunCommand, path: String, events: EventLoop, systemd: ServiceNotifier, log: Logger) {
        self.command = command
        self.path = path
        self.events = events
        self.systemd = systemd
        self.log = log
        state = Self.stateFile(log: log)
        first = firstScene()
    }

    func show(on display: KMSDisplay) {
        // A display of another size (another panel, another mode) needs a shell laid out for it.
        let sameSize = assembler.map { $0.logicalWidth == Double(display.shadow.width)
                                       && $0.logicalHeight == Double(display.shadow.height) } ?? false
        if shell == nil || !sameSize {
            scale = command.scale.map(Scale.init)
                ?? Scale.forPanel(widthPixels: display.turn.swapsAxes ? display.shadow.height : display.shadow.width,
                                  widthMillimetres: display.widthMillimetres) ?? .one
            makeShell(for: display, first: shell?.current ?? first)
        }
        guard let shell else { return }
        if shownBefore { print("display back on \(path)") }
        log.info("showing on \(display.name)")
        session = PanelSession(display: display, shell: shell, scale: scale, glyphs: glyphs, events: events,
                               reportLatency: command.showTouches, log: log)
        if input == nil { input = startInput() }
        systemd.status("showing on \(display.name)")
        if !shownBefore { systemd.ready() }
        shownBefore = true
        print("showing on \(display.name) (\(path)) at scale \(scale); stop with Ctrl-C")
    }

    /// The display went away (or the kiosk stops): nothing is drawn until one is shown again.
    func lose() {
        session?.close()
        session = nil
    }

    private func makeShell(for display: KMSDisplay, first: String) {
        let made = DemoShell(setting: DemoSetting(pixelWidth: display.shadow.width,
                                                  pixelHeight: display.shadow.height, scale: scale,
                                                  typesetter: ScreenFonts.typesetter(log: log), glyphs: glyphs),
                             first: first)
        made.onSceneChange = { [state, log, events] name in
            // Saved once the frame is out: the save fsyncs twice, which on an SD card would hold up the very frame
            // that shows the new demo (found in review).
            events.schedule(after: 0) {
                do { try state?.save(ReaderState(scene: name)) } catch { log.error("reader state not saved: \(error)") }
            }
        }
        shell = made
        let fresh = TouchAssembler(logicalWidth: display.shadow.width, logicalHeight: display.shadow.height,
                                   turn: display.turn, scale: scale)
        // Fingers down on the old display end there: the shell they pressed on is gone with it.
        assembler = fresh
        input?.panelWidth = fresh.panelSize.width
        input?.panelHeight = fresh.panelSize.height
    }

    /// `--scene`, else what the reader showed before the restart, else the first demo. A scene given on the
    /// command line is remembered like one chosen by tap.
    private func firstScene() -> String {
        guard let state else { return command.scene ?? DemoCatalog.names[0] }
        let start = state.start(requested: command.scene)
        for problem in start.problems { log.warning("\(problem)") }
        if start.restored { print("restored scene \(start.scene) from \(state.path)") }
        return start.scene
    }

    private static func stateFile(log: Logger) -> ReaderStateFile? {
        do {
            return ReaderStateFile(directory: try StateDirectory.path(for: "the reader's state"))
        } catch {
            log.warning("the reader's state is not kept: \(error)")
            return nil
        }
    }

    /// Touch from libinput's seat, with the panel's mounting undone and in points. Without it the panel
    /// still shows. Touches go to the session on show; with no display, straight to the shell, so a finger
    /// lifted while the display was away still ends its gesture.
    private func startInput() -> LibinputSource? {
        guard let panel = assembler?.panelSize,
              let source = try? LibinputSource(panelWidth: panel.width, panelHeight: panel.height) else {
            log.warning("no touch input: libinput could not start on seat0")
            return nil
        }
        inputWatch = events.watch(source.fd) { [unowned self] revents in
            guard revents & Int16(POLLERR | POLLHUP | POLLNVAL) == 0 else {
                // poll would report this forever: stop watching, end every finger so nothing stays held, and stop,
                // so that the service manager starts the kiosk afresh with working touch. Running on without
                // touch would look healthy to systemd for months (found in review).
                log.error("touch input failed (poll revents \(revents)); stopping so the kiosk starts again with touch")
                if let inputWatch { events.unwatch(inputWatch) }
                if var assembler {
                    deliver(assembler.cancelAll(timeUsec: Int64(MonotonicClock.seconds() * 1e6)))
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
            if command.showTouches {
                for e in frame.events { print("touch \(e.slot) \(e.phase) \(e.position.x) \(e.position.y)") }
            }
            if let session { session.touch(frame) } else { shell?.handle(frame) }
        }
    }
}
