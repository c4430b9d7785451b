import Motion
import Raster
import Text
import Touch

/// iOS's action sheet: a card of options that slides up from the bottom over a dimmed backdrop, with a
/// separate Cancel. A tap on an option chooses it; a tap on Cancel or anywhere outside the card cancels.
/// Either way the card slides down and the backdrop clears. It speaks the seam as every component does: touches
/// in (while it shows it takes every one), `Result`s out, its own damage.
public final class ActionSheet: Component {
    public enum Result: Sendable, Equatable {
        case chose(Int)
        case cancelled
    }

    static let slideSeconds = 0.25
    public static let rowHeight = 54.0
    public static let margin = 8.0
    /// The backdrop's darkest.
    public static let dimming = 0.4
    public static let maxWidth = 420.0
    /// The options' words: iOS's blue, Cancel in bold.
    static let titleStyle = TextStyle(family: .sans, size: 17, color: Color(red: 0.0, green: 0.44, blue: 0.9))

    /// What it covers and dims: the owner's frame (points).
    public let frame: Rect
    public private(set) var options: [String]
    let cancelTitle: String
    private let typography: Typography
    private var titles: [TextLayout]
    private let cancel: TextLayout
    private var slide = AnimatedValue(0)
    public private(set) var isPresented = false
    private var tap = TapRecognizer()
    private var touches = TouchSequence<Bool>()
    private var events = EventQueue<Result>()
    /// The presence last drawn; nil when nothing is known to be on the glass.
    private var drawnPresence: Double?

    public init(frame: Rect, options: [String], cancelTitle: String = "Cancel", typography: Typography) {
        self.frame = frame
        self.options = options
        self.cancelTitle = cancelTitle
        self.typography = typography
        titles = options.map { typography.layout($0, style: Self.titleStyle, width: Self.maxWidth) }
        cancel = typography.layout(cancelTitle, style: Self.titleStyle.with(weight: .bold), width: Self.maxWidth)
    }

    /// Other options (Star or Unstar, as the row is), set before it is presented.
    func setOptions(_ options: [String]) {
        guard options != self.options else { return }
        self.options = options
        titles = options.map { typography.layout($0, style: Self.titleStyle, width: Self.maxWidth) }
    }

    /// 0 hidden, 1 fully up.
    var presence: Double { slide.value }

    /// Whether it shows at all (it takes every touch while it does).
    public var isVisible: Bool { isPresented || presence > 0 }

    public func present(at time: Double) { slide(to: 1, at: time); isPresented = true }

    func dismiss(at time: Double) { slide(to: 0, at: time); isPresented = false }

    /// Up decelerating into place, down accelerating away, as iOS's sheet.
    private func slide(to target: Double, at time: Double) {
        slide.animate(to: target, duration: Self.slideSeconds, curve: target > 0 ? .easeOut : .easeIn, at: time)
    }

    @discardableResult
    public func advance(to time: Double) -> Bool { slide.advance(to: time) }

    public var isMoving: Bool { slide.isMoving }

    public var deadline: Double? { nil }

    // MARK: Layout

    /// The card of options and the Cancel button, at the current presence.
    public func layout() -> (options: Rect, cancel: Rect) {
        let width = min(Self.maxWidth, frame.width - 2 * Self.margin)
        let x = frame.midX - width / 2
        let cardHeight = Double(options.count) * Self.rowHeight
        let total = cardHeight + Self.margin + Self.rowHeight + Self.margin
        let top = frame.maxY - total * presence
        return (Rect(x: x, y: top, width: width, height: cardHeight),
                Rect(x: x, y: top + cardHeight + Self.margin, width: width, height: Self.rowHeight))
    }

    // MARK: Input

    /// Touches while the sheet shows; a completed tap reports the choice (`takeEvents`).
    public func handle(_ frame: TouchFrame) {
        for event in frame.events {
            guard touches.route(event, choose: { true }) == true else { continue }
            tap.handle(event)
            guard tap.state == .ended, isPresented else { continue }
            let card = layout().options
            let point = tap.location
            // Cancel, or anywhere outside the card, cancels.
            guard card.contains(point) else {
                events.append(.cancelled)
                continue
            }
            let index = Int((point.y - card.minY) / Self.rowHeight)
            events.append(.chose(min(max(index, 0), options.count - 1)))
        }
    }

    public func takeEvents() -> [Result] { events.take() }

    // MARK: Drawing

    public func invalidateDrawing() { drawnPresence = nil }

    /// The backdrop dims the whole frame: any change of presence is all of it.
    public func pendingDamage(on canvas: Canvas) -> DamageRegion {
        guard drawnPresence != presence, presence > 0 || (drawnPresence ?? 1) > 0 else { return DamageRegion() }
        return DamageRegion(canvas.pixels(covering: frame).intersection(canvas.clip))
    }

    public func didDraw() { drawnPresence = presence }

    /// Paints the backdrop and the card.
    public func paint(_ canvas: Canvas) {
        guard presence > 0 else { return }
        canvas.blend(frame, with: Color(red: 0, green: 0, blue: 0, alpha: Self.dimming * min(1, presence)))
        let (card, cancelFrame) = layout()
        canvas.fill(RoundedRect(x: card.minX, y: card.minY, width: card.width, height: card.height, cornerRadius: 12),
                    color: Palette.paper)
        for (i, title) in titles.enumerated() {
            let row = Rect(x: card.minX, y: card.minY + Double(i) * Self.rowHeight, width: card.width,
                           height: Self.rowHeight)
            if i > 0 { canvas.fill(Rect(x: row.minX, y: row.minY, width: row.width, height: 1), with: Palette.separator) }
            canvas.draw(title, at: Point(x: row.midX - typography.width(of: title) / 2,
                                         y: row.midY - typography.height(of: title) / 2))
        }
        canvas.fill(RoundedRect(x: cancelFrame.minX, y: cancelFrame.minY, width: cancelFrame.width,
                                height: cancelFrame.height, cornerRadius: 12), color: Palette.white)
        canvas.draw(cancel, at: Point(x: cancelFrame.midX - typography.width(of: cancel) / 2,
                                      y: cancelFrame.midY - typography.height(of: cancel) / 2))
    }
}
