import Raster
import Touch
import Widgets

/// The panel at night: off (backlight and display, see `PanelPower`), and black, so a display that cannot be
/// switched off shows nothing either. It takes no touch: the touch that wakes the panel is swallowed before it
/// could reach a screen.
final class NightScreen: Component {
    private var drawn = false

    func handle(_ frame: TouchFrame) {}
    func advance(to time: Double) -> Bool { false }
    var deadline: Double? { nil }
    func takeEvents() -> [ReaderAction] { [] }
    func invalidateDrawing() { drawn = false }
    func pendingDamage(on canvas: Canvas) -> DamageRegion { drawn ? DamageRegion() : DamageRegion(canvas.clip) }
    func didDraw() { drawn = true }
    func paint(_ canvas: Canvas) { canvas.fill(Rect(x: -1, y: -1, width: 1e6, height: 1e6), with: .black) }
}

extension NightScreen: Screen {
    var name: String { "night" }
    var menuPull: MenuPullStart { .nowhere }
    var isWall: Bool { true }
}
