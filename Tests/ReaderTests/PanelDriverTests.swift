import Feeds
import Logging
import Platform
import Raster
import Testing
@testable import Reader
import Touch
import Widgets

/// A clock that moves only when a test moves it: timers fire, earliest first, as `advance(to:)` passes them.
final class VirtualClock: PanelClock {
    private(set) var now = 0.0
    private var timers: [(id: Int, at: Double, handler: () -> Void)] = []
    private var lastID = 0

    /// When the armed timers are due, earliest first.
    var armed: [Double] { timers.map(\.at).sorted() }

    func schedule(atSeconds seconds: Double, handler: @escaping () -> Void) -> Int {
        lastID += 1
        timers.append((lastID, seconds, handler))
        return lastID
    }

    func cancel(_ timer: Int) { timers.removeAll { $0.id == timer } }

    func advance(to time: Double) {
        while let next = timers.filter({ $0.at <= time }).min(by: { $0.at < $1.at }) {
            timers.removeAll { $0.id == next.id }
            now = max(now, next.at)
            next.handler()
        }
        now = max(now, time)
    }
}

/// The panel as the driver sees it: a present starts a flip, which lands only when the test says so (or never).
final class FakePanel: FlippingDisplay {
    let clock: VirtualClock
    let shadow = Surface(width: 64, height: 48)
    let refreshPeriod = 1.0 / 60
    let lostFlipSeconds = 0.5
    var onFlip: ((Double) -> Void)?
    var name: String { "fake panel 64x48" }
    private(set) var flipsStarted = 0
    private(set) var flipsForgotten = 0
    private var flipStartedAt: Double?

    init(clock: VirtualClock) { self.clock = clock }

    var isFlipPending: Bool { flipStartedAt != nil }

    func present(_ damage: DamageRegion) throws -> Bool {
        if isFlipPending { return false }
        flipsStarted += 1
        flipStartedAt = clock.now
        return true
    }

    /// The pending flip reaches the glass now.
    func completeFlip() {
        guard isFlipPending else { return }
        flipStartedAt = nil
        onFlip?(clock.now)
    }

    func forgetLostFlip() -> Bool {
        guard let started = flipStartedAt, clock.now - started >= lostFlipSeconds else { return false }
        flipStartedAt = nil
        flipsForgotten += 1
        return true
    }
}

@Suite struct PanelDriverTests {
    let clock = VirtualClock()
    let panel: FakePanel
    let scene = CountingScene()
    let frames: FrameLoop
    let driver: PanelDriver<VirtualClock>

    init() {
        panel = FakePanel(clock: clock)
        frames = FrameLoop(scene: scene, display: panel, scale: .one)
        driver = PanelDriver(clock: clock, frames: frames, display: panel, log: Logger(label: "test"))
    }

    func touch(at seconds: Double) -> TouchFrame {
        TouchFrame([TouchEvent(slot: 0, phase: .down, x: 1, y: 1, time: seconds)])
    }

    /// Flips land one refresh after they start, until `time`.
    func runFlips(until time: Double) {
        while clock.now < time {
            clock.advance(to: clock.now + panel.refreshPeriod)
            panel.completeFlip()
        }
    }

    /// Starts the panel and lets its first frame reach the glass; nothing moves afterwards.
    func startIdle() {
        driver.start()
        runFlips(until: 0.5)
    }

    @Test func aTouchDrawsAFrame() {
        startIdle()
        let drawn = frames.framesDrawn
        clock.advance(to: 2)
        driver.touch(touch(at: 2))
        #expect(frames.framesDrawn == drawn + 1)
        #expect(panel.isFlipPending)
        #expect(scene.advancedTo.last == 2)
    }

    @Test func noFrameWhileAFlipIsPendingAndTheNextStartsWhenItLands() {
        startIdle()
        clock.advance(to: 2)
        driver.touch(touch(at: 2))
        let drawn = frames.framesDrawn
        clock.advance(to: 2.005)
        driver.touch(touch(at: 2.005))
        clock.advance(to: 2.012)
        #expect(frames.framesDrawn == drawn)
        // No timer stands in for the flip: its completion is what wakes the loop.
        #expect(clock.armed == [2 + panel.lostFlipSeconds])
        clock.advance(to: 2.016)
        panel.completeFlip()
        #expect(frames.framesDrawn == drawn + 1)
        // Drawn for the refresh after the one that just landed.
        #expect(abs(scene.advancedTo.last! - (2.016 + panel.refreshPeriod)) < 1e-9)
    }

    @Test func nothingMovingArmsNoTimer() {
        startIdle()
        clock.advance(to: 2)
        driver.touch(touch(at: 2))
        runFlips(until: 3)
        #expect(!panel.isFlipPending)
        #expect(clock.armed.isEmpty)
        let drawn = frames.framesDrawn
        clock.advance(to: 100)
        #expect(frames.framesDrawn == drawn)
    }

    @Test func aDeadlineArmsOneTimerThatDrawsWhenDue() {
        startIdle()
        scene.deadline = 5
        clock.advance(to: 2)
        driver.touch(touch(at: 2))
        runFlips(until: 3)
        #expect(clock.armed == [5])
        let drawn = frames.framesDrawn
        clock.advance(to: 5)
        #expect(frames.framesDrawn == drawn + 1)
    }

    @Test func aLostFlipIsForgottenAfterItsTimeAndDrawingResumes() {
        startIdle()
        clock.advance(to: 2)
        driver.touch(touch(at: 2))
        let drawn = frames.framesDrawn
        // The flip never lands; the finger keeps moving meanwhile.
        clock.advance(to: 2.2)
        driver.touch(touch(at: 2.2))
        clock.advance(to: 2 + panel.lostFlipSeconds - 0.001)
        #expect(panel.flipsForgotten == 0)
        #expect(frames.framesDrawn == drawn)
        clock.advance(to: 2 + panel.lostFlipSeconds)
        #expect(panel.flipsForgotten == 1)
        #expect(frames.framesDrawn == drawn + 1)
        #expect(panel.isFlipPending)
        // Flips landing again, the panel comes to rest as ever.
        runFlips(until: 4)
        #expect(clock.armed.isEmpty)
    }

    @Test func aStoppedDriverHearsNoMoreFlipsOrTimers() {
        startIdle()
        scene.deadline = 5
        clock.advance(to: 2)
        driver.touch(touch(at: 2))
        driver.stop()
        #expect(clock.armed.isEmpty)
        #expect(panel.onFlip == nil)
    }
}

/// The wall's day through the panel's own driver: the night and the morning come from the timer the driver
/// arms for the app's deadline, with no touch and no other wake-up.
@Suite struct PanelNightTests {
    /// The app's wall clock as a function of the time it is given, or, as found on the panel, one read afresh
    /// whenever asked (which once lost the edge that woke the panel: asked again, the clock was past it).
    @Test(arguments: [false, true]) func theScheduleEdgesWakeThePanelOnTheirOwn(readAfresh: Bool) throws {
        let clock = VirtualClock()
        let panel = FakePanel(clock: clock)
        var settings = ReaderSettings()
        settings.idleMinutes = 0
        settings.night = "23:00-06:30"
        let setting = HostSetting(pixelWidth: 64, pixelHeight: 48, scale: .one, typesetter: nil)
        // 22:59:30, and the wall clock runs with the panel's.
        let start = Timestamp(year: 2026, month: 11, day: 24, hour: 22).secondsSince1970 + 59 * 60 + 30
        let context = ReaderContext(size: setting.size, typography: setting.typography, glyphs: setting.glyphs,
                                    settings: settings,
                                    library: ReaderLibrary(store: nil, samples: SampleLibrary.documents, writes: false),
                                    wallClock: { t in
                                        Timestamp(secondsSince1970: start + Int64((readAfresh ? clock.now : t).rounded(.down)))
                                    },
                                    utcOffset: { _ in 0 })
        let app = ReaderApp(context: context, refreshing: nil)
        var powers: [PanelPowerLevel] = []
        app.onPowerChange = { powers.append($0) }
        let frames = FrameLoop(scene: app, display: panel, scale: .one)
        let driver = PanelDriver(clock: clock, frames: frames, display: panel, log: Logger(label: "test"))
        driver.start()
        func run(until time: Double) {
            while clock.now < time {
                let next = min(time, (clock.armed.first ?? time), clock.now + panel.refreshPeriod)
                clock.advance(to: max(next, clock.now + 0.001))
                panel.completeFlip()
            }
        }
        run(until: 1)
        #expect(app.screenName != "night")
        #expect(clock.armed.contains { abs($0 - 30) < 1.01 }, "armed: \(clock.armed)")
        run(until: 31.5)
        #expect(app.screenName == "night" && powers == [.off])
        // 06:30 is 7 h 30 min after 23:00.
        #expect(clock.armed.contains { abs($0 - (30 + 7.5 * 3600)) < 1.01 }, "armed: \(clock.armed)")
        run(until: 30 + 7.5 * 3600 + 1.5)
        #expect(app.screenName != "night" && powers == [.off, .on])
    }
}
