import Motion
import Raster
import Text
import Touch

/// iOS's action sheet: a card of options that slides up from the bottom over a dimmed backdrop, with a
/// separate Cancel. A tap on an option chooses it; a tap on Cancel or anywhere outside the card cancels.
/// Either way the card slides down and the backdrop clears.
public struct ActionSheet: Sendable {
    public enum Result: Sendable, Equatable {
        case chose(Int)
        case cancelled
    }

    public static let slideSeconds = 0.25
    public static let rowHeight = 54.0
    public static let margin = 8.0
    /// The backdrop's darkest.
    public static let dimming = 0.4
    public static let maxWidth = 420.0

    public let options: [String]
    public let cancelTitle: String
    private var slide = AnimatedValue(0)
    public private(set) var isPresented = false
    private var tap = TapRecognizer()
    private var touches = TouchSequence<Bool>()

    public init(options: [String], cancelTitle: String = "Cancel") {
        self.options = options
        self.cancelTitle = cancelTitle
    }

    /// 0 hidden, 1 fully up.
    public var presence: Double { slide.value }

    /// Whether it shows at all (it takes every touch while it does).
    public var isVisible: Bool { isPresented || presence > 0 }

    public mutating func present(at time: Double) { slide(to: 1, at: time); isPresented = true }

    public mutating func dismiss(at time: Double) { slide(to: 0, at: time); isPresented = false }

    /// Up decelerating into place, down accelerating away, as iOS's sheet.
    private mutating func slide(to target: Double, at time: Double) {
        slide.animate(to: target, duration: Self.slideSeconds, curve: target > 0 ? .easeOut : .easeIn, at: time)
    }

    @discardableResult
    public mutating func advance(to time: Double) -> Bool { slide.advance(to: time) }

    public var isMoving: Bool { slide.isMoving }

    // MARK: Layout

    /// The card of options and the Cancel button in a screen `bounds`, at the current presence.
    public func layout(in bounds: Rect) -> (options: Rect, cancel: Rect) {
        let width = min(Self.maxWidth, bounds.width - 2 * Self.margin)
        let x = bounds.midX - width / 2
        let cardHeight = Double(options.count) * Self.rowHeight
        let total = cardHeight + Self.margin + Self.rowHeight + Self.margin
        let top = bounds.maxY - total * presence
        return (Rect(x: x, y: top, width: width, height: cardHeight),
                Rect(x: x, y: top + cardHeight + Self.margin, width: width, height: Self.rowHeight))
    }

    // MARK: Input

    /// Feeds a touch while the sheet shows; returns the choice once a tap completes one.
    public mutating func handle(_ event: TouchEvent, in bounds: Rect) -> Result? {
        guard touches.route(event, choose: { true }) == true else { return nil }
        tap.handle(event)
        guard tap.state == .ended, isPresented else { return nil }
        let card = layout(in: bounds).options
        let point = tap.location
        guard card.contains(point) else { return .cancelled }   // Cancel, or anywhere outside the card
        let index = Int((point.y - card.minY) / Self.rowHeight)
        return .chose(min(max(index, 0), options.count - 1))
    }

    // MARK: Drawing

    /// Paints the backdrop and the card, titles laid out by `typography`.
    public func draw(into canvas: Canvas, bounds: Rect, titles: [TextLayout], cancel: TextLayout,
                     typography: Typography) {
        guard presence > 0 else { return }
        canvas.blend(bounds, with: Color(red: 0, green: 0, blue: 0, alpha: Self.dimming * min(1, presence)))
        let (card, cancelFrame) = layout(in: bounds)
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
