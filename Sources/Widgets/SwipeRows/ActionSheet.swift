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
    /// The heading's words, small and muted, and the room around them.
    static let headingSize: Float = 13
    static let headingPadding = 14.0

    /// What it covers and dims: the whole screen it shows on, header included (points).
    public let frame: Rect
    public private(set) var options: [String]
    /// What the options act on (an entry's title), shown above them; nil: no heading.
    public private(set) var heading: String?
    let cancelTitle: String
    /// Its colours: the options' words (tint), the card and its rules. iOS's by default.
    public private(set) var look = Look.iOS
    private let typography: Typography
    private var titles: [TextLayout] = []
    private var cancel: TextLayout?
    private var headingLayout: TextLayout?
    private var slide = AnimatedValue(0)
    public private(set) var isPresented = false
    private var tap = TapRecognizer()
    private var touches = TouchSequence<Bool>()
    private var events = EventQueue<Result>()
    /// The presence last drawn; nil when nothing is known to be on the glass.
    private var drawnPresence: Double?

    /// The sheet's colours.
    public struct Look: Equatable, Sendable {
        public var tint: Color
        public var card: Color
        public var cancelCard: Color
        public var heading: Color
        public var separator: Color

        /// iOS's: blue words on white cards (the demos show iOS's sheet).
        public static let iOS = Look(tint: Color(red: 0.0, green: 0.44, blue: 0.9), card: Palette.paper,
                                     cancelCard: Palette.white, heading: Palette.faint, separator: Palette.separator)

        /// The reader's in `theme`: its accent beside its own red slots, its paper, so a dark panel stays dark.
        public init(theme: Theme) {
            self.init(tint: theme.accent, card: theme.paper, cancelCard: theme.paper, heading: theme.faint,
                      separator: theme.separator)
        }

        public init(tint: Color, card: Color, cancelCard: Color, heading: Color, separator: Color) {
            self.tint = tint
            self.card = card
            self.cancelCard = cancelCard
            self.heading = heading
            self.separator = separator
        }
    }

    public init(frame: Rect, options: [String], cancelTitle: String = "Cancel", typography: Typography) {
        self.frame = frame
        self.options = options
        self.cancelTitle = cancelTitle
        self.typography = typography
        setWords()
    }

    /// Other options (Star or Unstar, as the row is) and what they act on, set before it is presented.
    func setOptions(_ options: [String], heading: String? = nil) {
        guard options != self.options || heading != self.heading else { return }
        self.options = options
        self.heading = heading
        setWords()
    }

    /// The sheet in other colours (a theme changed); shown at its next drawing.
    public func setLook(_ look: Look) {
        guard look != self.look else { return }
        self.look = look
        setWords()
        drawnPresence = nil
    }

    private var cardWidth: Double { min(Self.maxWidth, frame.width - 2 * Self.margin) }

    private func setWords() {
        let style = TextStyle(family: .sans, size: 17, color: look.tint)
        titles = options.map { typography.layout($0, style: style, width: Self.maxWidth) }
        cancel = typography.layout(cancelTitle, style: style.with(weight: .bold), width: Self.maxWidth)
        headingLayout = heading.map {
            typography.layout($0, style: TextStyle(family: .sans, size: Self.headingSize, color: look.heading),
                              paragraph: ParagraphStyle(alignment: .center, maxLines: 2),
                              width: max(10, cardWidth - 2 * Self.headingPadding))
        }
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

    /// The heading over the options (nil without one), the options and the Cancel button, at the current
    /// presence. The heading and the options share one card.
    public func layout() -> (heading: Rect?, options: Rect, cancel: Rect) {
        let width = cardWidth
        let x = frame.midX - width / 2
        let headingHeight = headingLayout.map { typography.height(of: $0) + 2 * Self.headingPadding } ?? 0
        let optionsHeight = Double(options.count) * Self.rowHeight
        let total = headingHeight + optionsHeight + Self.margin + Self.rowHeight + Self.margin
        let top = frame.maxY - total * presence
        let heading = headingLayout == nil ? nil : Rect(x: x, y: top, width: width, height: headingHeight)
        return (heading, Rect(x: x, y: top + headingHeight, width: width, height: optionsHeight),
                Rect(x: x, y: top + headingHeight + optionsHeight + Self.margin, width: width, height: Self.rowHeight))
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
            // A tap on the heading is no choice; Cancel, or anywhere outside the card, cancels.
            if layout().heading?.contains(point) == true { continue }
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
        let (heading, card, cancelFrame) = layout()
        let whole = heading.map { $0.union(card) } ?? card
        canvas.fill(RoundedRect(x: whole.minX, y: whole.minY, width: whole.width, height: whole.height, cornerRadius: 12),
                    color: look.card)
        if let heading, let headingLayout {
            // Centred line by line within its own width.
            canvas.draw(headingLayout, at: Point(x: heading.minX + Self.headingPadding,
                                                 y: heading.midY - typography.height(of: headingLayout) / 2))
        }
        for (i, title) in titles.enumerated() {
            let row = Rect(x: card.minX, y: card.minY + Double(i) * Self.rowHeight, width: card.width,
                           height: Self.rowHeight)
            if i > 0 || heading != nil {
                canvas.fill(Rect(x: row.minX, y: row.minY, width: row.width, height: 1), with: look.separator)
            }
            canvas.draw(title, at: Point(x: row.midX - typography.width(of: title) / 2,
                                         y: row.midY - typography.height(of: title) / 2))
        }
        canvas.fill(RoundedRect(x: cancelFrame.minX, y: cancelFrame.minY, width: cancelFrame.width,
                                height: cancelFrame.height, cornerRadius: 12), color: look.cancelCard)
        if let cancel {
            canvas.draw(cancel, at: Point(x: cancelFrame.midX - typography.width(of: cancel) / 2,
                                          y: cancelFrame.midY - typography.height(of: cancel) / 2))
        }
    }
}
