import Raster
import Text
import Touch
import Widgets

/// What `lectern run` shows until the reader app replaces it: the five interaction demos, one at a time, with
/// a bar of their names along the bottom; a tap on a name moves to that demo. Each demo keeps its state while
/// another is shown.
public final class DemoShell: Scene {
    public static let barHeight = 48.0

    private let setting: HostSetting
    private var scenes: [String: any DemoScene] = [:]
    public private(set) var current: String
    private let sceneArea: Rect
    private let barArea: Rect
    private var tabs: [(name: String, label: TextLayout, frame: Rect)] = []
    private var touches = TouchSequence<Bool>()
    private var barTap = TapRecognizer()
    /// The bar (and the whole scene) must be painted on the next draw.
    private var needsFullDraw = true
    /// A demo chosen by tap, switched to on the next advance (with that frame's time).
    private var pending: String?
    /// Whether the rows have shown their hint (a row peeking open) yet: once, the first time they show.
    private var rowsHinted = false
    private var time = 0.0
    /// Called with the demo's name whenever another demo comes on show, so the caller can remember it across a
    /// restart; the shell itself keeps no files.
    public var onSceneChange: ((String) -> Void)?

    /// `first` names the demo shown first (the first of `DemoCatalog.names` by default).
    public init(setting: HostSetting, first: String? = nil) {
        self.setting = setting
        let bounds = setting.bounds
        sceneArea = Rect(x: 0, y: 0, width: bounds.width, height: max(1, bounds.height - Self.barHeight))
        barArea = Rect(x: 0, y: sceneArea.maxY, width: bounds.width, height: bounds.height - sceneArea.height)
        current = first.flatMap { DemoCatalog.names.contains($0) ? $0 : nil } ?? DemoCatalog.names[0]
        let width = bounds.width / Double(DemoCatalog.names.count)
        let style = TextStyle(family: .sans, size: 13, weight: .bold, color: Palette.ink)
        for (i, name) in DemoCatalog.names.enumerated() {
            let label = setting.typography.layout(name, style: style, paragraph: ParagraphStyle(maxLines: 1),
                                                  width: max(20, width - 8))
            tabs.append((name, label, Rect(x: Double(i) * width, y: barArea.minY, width: width, height: barArea.height)))
        }
    }

    /// The demo on show, made when first shown.
    public var scene: any DemoScene { demo(current) }

    func demo(_ name: String) -> any DemoScene {
        if let made = scenes[name] { return made }
        var sceneSetting = setting
        sceneSetting.size = sceneArea.size
        let made = DemoCatalog.make(name, setting: sceneSetting) ?? PullMenuScene(setting: sceneSetting)
        scenes[name] = made
        return made
    }

    public func handle(_ frame: TouchFrame) {
        var forScene: [TouchEvent] = []
        for event in frame.events {
            switch touches.route(event, choose: { !barArea.contains(event.position) }) {
            case true?:
                forScene.append(event)
            case false?:
                barTap.handle(event)
                if barTap.state == .ended, let tab = tabs.first(where: { $0.frame.contains(barTap.location) }),
                   tab.name != current {
                    pending = tab.name
                }
            case nil:
                break
            }
        }
        if !forScene.isEmpty { scene.handle(TouchFrame(time: frame.time, events: forScene)) }
    }

    public func advance(to time: Double) -> Bool {
        self.time = time
        if let next = pending {
            pending = nil
            current = next
            needsFullDraw = true
            onSceneChange?(next)
        }
        if !rowsHinted, let rows = scene as? SwipeRowsScene {
            rowsHinted = true
            rows.hint(at: time)
        }
        return scene.advance(to: time) || pending != nil
    }

    public var deadline: Double? { scene.deadline }

    public func invalidateDrawing() { needsFullDraw = true }

    public func prepareAhead() { scene.prepareAhead() }

    public func draw(into canvas: Canvas) -> DamageRegion {
        let sceneCanvas = canvas.clipped(to: canvas.snapped(sceneArea))
        var damage = DamageRegion()
        if needsFullDraw {
            needsFullDraw = false
            // The newly shown demo draws itself whole: its "last drawn" picture is not what is on the glass.
            scene.invalidateDrawing()
            damage.add(canvas.snapped(barArea).intersection(canvas.clip))
            drawBar(into: canvas.clipped(to: canvas.snapped(barArea)))
        }
        damage.add(scene.draw(into: sceneCanvas))
        return damage
    }

    private func drawBar(into canvas: Canvas) {
        canvas.fill(barArea, with: Palette.backdrop)
        canvas.fill(Rect(x: barArea.minX, y: barArea.minY, width: barArea.width, height: 1), with: Palette.separator)
        let typography = setting.typography
        for tab in tabs {
            if tab.name == current {
                canvas.fill(Rect(x: tab.frame.minX + 12, y: tab.frame.minY + 1, width: tab.frame.width - 24, height: 3),
                            with: Palette.accent)
            }
            canvas.draw(tab.label, at: Point(x: tab.frame.midX - typography.width(of: tab.label) / 2,
                                             y: tab.frame.midY - typography.height(of: tab.label) / 2),
                        opacity: tab.name == current ? 1 : 0.6)
        }
    }
}
