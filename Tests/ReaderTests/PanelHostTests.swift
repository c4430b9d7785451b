import Logging
import Platform
import Raster
import Testing
@testable import Reader
import Touch
import Widgets

/// A scene that keeps every touch frame it is handed.
final class TouchedScene: Scene {
    private(set) var frames: [TouchFrame] = []
    var deadline: Double? { nil }
    func handle(_ frame: TouchFrame) { frames.append(frame) }
    func advance(to time: Double) -> Bool { false }
    func draw(into canvas: Canvas) -> DamageRegion { DamageRegion() }
    func invalidateDrawing() {}
}

/// Input a test speaks through, as libinput's seat or the window's mouse would.
final class ScriptedInput: InputSource {
    var onInput: (RawInput) -> Void = { _ in }
    var onEnd: (InputEnd) -> Void = { _ in }
    private(set) var started = false
    private(set) var panelSizes: [[Int]] = []
    func resize(panelWidth: Int, panelHeight: Int) { panelSizes.append([panelWidth, panelHeight]) }
    func start() { started = true }
    func stop() { started = false }
}

/// The one host the kiosk's panel and the window share: what it does with displays and input, without either.
@Suite(.serialized) struct PanelHostTests {
    let events: EventLoop
    let panel = FakePanel(clock: VirtualClock())
    let input = ScriptedInput()
    let host: PanelHost
    /// Every scene the host made, newest last.
    let made = Box<[TouchedScene]>([])

    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    init() throws {
        events = try EventLoop()
        host = PanelHost(events: events, showTouches: false, log: Logger(label: "test")) { [made] _ in
            let scene = TouchedScene()
            made.value.append(scene)
            return scene
        }
    }

    func finger(_ phase: RawInput, frameAt microseconds: Int64) {
        input.onInput(phase)
        input.onInput(.touchFrame(timeUsec: microseconds))
    }

    @Test func aDisplayOfTheSameSizeGetsTheSceneAsItWas() {
        host.fit(width: 64, height: 48, turn: .none, scale: .one)
        host.fit(width: 64, height: 48, turn: .none, scale: .one)
        #expect(made.value.count == 1)
        host.take(input)
        host.fit(width: 48, height: 64, turn: .none, scale: .one)
        #expect(made.value.count == 2)
        // Input of another panel spans its pixels, in the panel's own orientation.
        #expect(input.panelSizes == [[48, 64]])
        #expect(input.started)
    }

    @Test func touchReachesTheSceneWithADisplayAndWithout() {
        host.fit(width: 64, height: 48, turn: .none, scale: .one)
        host.show(on: panel)
        host.take(input)
        finger(.touchDown(device: 1, seatSlot: 0, x: 10, y: 20, timeUsec: 1_000), frameAt: 1_000)
        let scene = made.value[0]
        #expect(scene.frames.map { $0.events.map(\.phase) } == [[.down]])
        // The display went away: a finger lifted meanwhile still ends its gesture.
        host.lose()
        finger(.touchUp(device: 1, seatSlot: 0, timeUsec: 2_000), frameAt: 2_000)
        #expect(scene.frames.map { $0.events.map(\.phase) } == [[.down], [.up]])
        #expect(scene.frames[1].events[0].position == Point(x: 10, y: 20))
    }

    @Test func failedInputEndsEveryFingerAndStopsTheRun() {
        host.fit(width: 64, height: 48, turn: .none, scale: .one)
        host.take(input)
        finger(.touchDown(device: 1, seatSlot: 3, x: 5, y: 5, timeUsec: 1_000), frameAt: 1_000)
        #expect(!events.isStopped)
        input.onEnd(.failed("touch input failed (poll revents 8)"))
        #expect(made.value[0].frames.last?.events.map(\.phase) == [.cancel])
        #expect(events.isStopped)
    }

    @Test func aClosedWindowStopsTheRunLeavingFingersAlone() {
        host.fit(width: 64, height: 48, turn: .none, scale: .one)
        host.take(input)
        finger(.pointerButton(device: 0, pressed: true, timeUsec: 1_000), frameAt: 1_000)
        input.onEnd(.closed)
        #expect(made.value[0].frames.map { $0.events.map(\.phase) } == [[.down]])
        #expect(events.isStopped)
        host.stop()
        #expect(!input.started)
    }
}
