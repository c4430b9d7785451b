import Raster
import Text
import Touch
import Widgets

/// A screen of words and a few large targets: settings, about, and the empty state. Each line is either text or
/// a target whose tap is reported by its name.
final class NoticeScreen: Component {
    enum Line {
        case title(String)
        case text(String)
        /// A row with a label, its current value, and the targets beside it (names as shown).
        case setting(label: String, value: String, targets: [String])
        /// Targets alone on a row, at the start of the column (Done).
        case actions([String])
        /// A paired phone: its name, when it paired, and a Forget target for it.
        case phone(label: String, value: String, id: String)
        /// The Wi-Fi network the panel knows: where it stands, Wi-Fi (the card) and Forget.
        case network(name: String, value: String)
    }

    let context: ReaderContext
    let kind: Kind
    let lines: [Line]
    private var tap = TapRecognizer()
    private var pan = PanRecognizer(axis: .vertical, dominance: 0)
    private var scroll: ScrollView
    private var laidOut: [(y: Double, layout: TextLayout)] = []
    private(set) var targets: [(name: String, frame: Rect, label: TextLayout, action: ReaderAction?)] = []
    private var tapped: [ReaderAction] = []
    /// Where the text was scrolled when last drawn; nil when nothing is known to be on the glass.
    private var drawnOffset: Double?
    private let contentHeight: Double

    /// The phones the screen lists, "ID NAME" each, to tell whether a change to the phones file changes it.
    var listedPhones: [String] {
        lines.compactMap { line in
            if case .phone(let label, _, let id) = line { return "\(id) \(label)" }
            return nil
        }
    }

    /// The Wi-Fi line the screen shows, to tell whether a change of the set-up's status changes it.
    var listedWiFi: String? {
        for line in lines {
            if case .network(let name, let value) = line { return "\(name): \(value)" }
            if case .setting("Wi-Fi", let value, _) = line { return "Wi-Fi: \(value)" }
        }
        return nil
    }

    init(context: ReaderContext, kind: Kind = .empty, lines: [Line]) {
        self.context = context
        self.kind = kind
        self.lines = lines
        let theme = context.theme
        let typography = context.typography
        let width = min(720, context.size.width - 48)
        let x = ((context.size.width - width) / 2).rounded()
        var y = 32.0
        var laidOut: [(y: Double, layout: TextLayout)] = []
        var targets: [(name: String, frame: Rect, label: TextLayout, action: ReaderAction?)] = []
        /// A label and its value, the targets at the row's end.
        func settingRow(_ label: String, _ value: String, _ named: [(String, ReaderAction?)]) {
            let l = typography.layout("\(label): \(value)", style: context.style(size: 18, color: theme.ink),
                                      paragraph: ParagraphStyle(maxLines: 1), width: width - Double(named.count) * 96)
            let rowHeight = max(52, typography.height(of: l) + 16)
            laidOut.append((y + (rowHeight - typography.height(of: l)) / 2, l))
            for (i, (name, action)) in named.enumerated().reversed() {
                let frame = Rect(x: x + width - Double(named.count - i) * 96 + 8, y: y + 4, width: 88, height: rowHeight - 8)
                let label = typography.layout(name, style: context.style(size: 16, weight: .bold, color: theme.ink),
                                              paragraph: ParagraphStyle(alignment: .center, maxLines: 1), width: 80)
                targets.append((name, frame, label, action))
            }
            y += rowHeight + 6
        }
        for line in lines {
            switch line {
            case .title(let text):
                let l = typography.layout(text, style: context.style(size: 26, weight: .bold, color: theme.ink), width: width)
                laidOut.append((y, l)); y += typography.height(of: l) + 16
            case .text(let text):
                let l = typography.layout(text, style: context.style(.serif, size: 17, color: theme.ink),
                                          paragraph: ParagraphStyle(lineHeight: 1.45), width: width)
                laidOut.append((y, l)); y += typography.height(of: l) + 14
            case .setting(let label, let value, let names):
                settingRow(label, value, names.map { ($0, Self.action(for: $0)) })
            case .phone(let label, let value, let id):
                settingRow(label, value, [("Forget", .forgetPhone(id))])
            case .network(let name, let value):
                settingRow("Wi-Fi", "\(name), \(value)", [("Wi-Fi", .showWiFi), ("Forget", .forgetWiFi(name))])
            case .actions(let names):
                y += 8
                for (i, name) in names.enumerated() {
                    let frame = Rect(x: x + Double(i) * 136, y: y, width: 128, height: 52)
                    let label = typography.layout(name, style: context.style(size: 16, weight: .bold, color: theme.accent),
                                                  paragraph: ParagraphStyle(alignment: .center, maxLines: 1), width: 120)
                    targets.append((name, frame, label, Self.action(for: name)))
                }
                y += 60
            }
        }
        self.laidOut = laidOut
        self.targets = targets
        contentHeight = y + 32
        self.columnX = x
        scroll = ScrollView(frame: context.bounds, contentHeight: contentHeight,
                            physics: ScrollPhysics(tolerance: .display(scale: context.scale.pixelsPerPoint)))
    }

    private let columnX: Double

    /// What the targets tapped since the last call ask for.
    func takeEvents() -> [ReaderAction] {
        defer { tapped.removeAll() }
        return tapped
    }

    func handle(_ frame: TouchFrame) {
        for event in frame.events { handle(event) }
    }

    private func handle(_ event: TouchEvent) {
        if event.phase == .down { tap.reset() }
        pan.handle(event)
        scroll.follow(pan, at: event.time)
        tap.handle(event)
        if tap.state == .ended {
            let point = Point(x: tap.location.x, y: tap.location.y + scroll.offset)
            if let target = targets.first(where: { $0.frame.contains(point) }), let action = target.action {
                tapped.append(action)
            }
        }
    }

    func advance(to time: Double) -> Bool { scroll.advance(to: time) }

    var deadline: Double? { nil }

    func invalidateDrawing() { drawnOffset = nil }

    /// The text scrolls as one: any change is the whole screen.
    func pendingDamage(on canvas: Canvas) -> DamageRegion {
        drawnOffset == scroll.offset ? DamageRegion() : DamageRegion(canvas.clip)
    }

    func didDraw() { drawnOffset = scroll.offset }

    func paint(_ canvas: Canvas) {
        let theme = context.theme
        canvas.fill(context.bounds, with: theme.paper)
        let dy = -scroll.offset
        for (y, layout) in laidOut { canvas.draw(layout, at: Point(x: columnX, y: y + dy)) }
        for target in targets {
            let f = target.frame.offsetBy(dx: 0, dy: dy)
            canvas.fill(RoundedRect(x: f.minX, y: f.minY, width: f.width, height: f.height, cornerRadius: 10), color: theme.backdrop)
            canvas.draw(target.label, at: Point(x: f.minX + 4, y: f.midY - context.typography.height(of: target.label) / 2))
        }
    }
}

extension NoticeScreen: Screen {
    var name: String { kind == .empty ? "empty" : "settings" }


    func relaid(at time: Double) -> [any Screen]? { [NoticeScreen.make(kind, context: context, time: time)] }

    func entriesArrived(_ added: Int, at time: Double) -> [ReaderAction] {
        kind == .empty && context.library.hasFeeds ? [.showRiver(.unread)] : []
    }
}
