import Feeds
import Raster
import Text
import Touch
import Widgets

/// The panel looked at, not touched (docs/reader.md, "Wall modes"): one card at a time from the newest unread
/// entries, crossfading every `card-seconds`. A card shows the entry's picture or its feed's name set large,
/// the title, the age and a QR code of the link. A "continue reading" card comes first when the person left an
/// article open. Showing a card never marks it read.
///
/// A touch pauses the rotation (until a card's time has passed since the last touch); a tap opens the card's
/// article, or goes back to where the person was; the chip at the top left goes to the list. Between
/// crossfades nothing moves and nothing is drawn: the loop sleeps until the next one is due.
final class AmbientScreen: Component {
    static let fadeSeconds = 1.0
    static let chip = Rect(x: 8, y: 8, width: 92, height: 40)

    let context: ReaderContext
    /// The unread entries the cards show, newest first.
    let rows: [RiverRow]
    /// The article the person left, for the first card.
    let resume: RiverRow?
    private let cardSeconds: Double
    private var cards: [AmbientCard] = []
    /// The card on show (an index into `cards`), when it came, and the one it is fading from.
    private(set) var current = 0
    private var shownAt: Double
    private var fadingFrom: (card: Int, picture: Surface)?
    /// Rotation waits until this time (a touch pauses it).
    private var pausedUntil = -Double.infinity
    private var tap = TapRecognizer()
    private var events = EventQueue<ReaderAction>()
    private var time: Double
    private var drawn: (card: Int, fade: Double?)?
    /// How many cards have been shown: it moves the layout a few points now and then against burn-in.
    private var shown = 0

    init(context: ReaderContext, rows: [RiverRow], resume: RiverRow?, at time: Double) {
        self.context = context
        self.rows = Array(rows.prefix(Self.maximumCards))
        self.resume = resume
        cardSeconds = context.settings.cardSeconds
        shownAt = time
        self.time = time
        let now = context.wallClock(time)
        if let resume { cards.append(AmbientCard(row: resume, continues: true, context: context, now: now)) }
        cards += self.rows.map { AmbientCard(row: $0, continues: false, context: context, now: now) }
    }

    /// The newest unread entries a rotation goes through before starting again.
    static let maximumCards = 12

    var isEmpty: Bool { cards.isEmpty }

    /// The card on show, for inspection: its entry and whether it is the "continue reading" card.
    var currentCard: (row: RiverRow, continues: Bool)? {
        cards.indices.contains(current) ? (cards[current].row, cards[current].continues) : nil
    }

    // MARK: Input

    func handle(_ frame: TouchFrame) {
        for event in frame.events {
            pausedUntil = .infinity
            if event.phase == .down { tap.reset() }
            tap.handle(event)
            if event.phase == .up || event.phase == .cancel { pausedUntil = event.time + cardSeconds }
            guard tap.state == .ended else { continue }
            if Self.chip.contains(tap.location) {
                events.append(.leaveWall(.river))
            } else if let card = currentCard {
                events.append(.leaveWall(card.continues ? .resume : .entry(index: current - (resume == nil ? 0 : 1), rows: rows)))
            }
        }
    }

    func takeEvents() -> [ReaderAction] { events.take() }

    // MARK: Time

    /// When the next card is due (after a pause too), or nil with one card or none, or while a finger is down
    /// (the lift says when the rotation goes on).
    private var nextCardAt: Double? {
        guard cards.count > 1, pausedUntil < .infinity else { return nil }
        return max(shownAt + cardSeconds, pausedUntil)
    }

    func advance(to time: Double) -> Bool {
        self.time = time
        if let due = nextCardAt, time >= due, fadingFrom == nil, pausedUntil <= time {
            let outgoing = render(cards[current])
            fadingFrom = (current, outgoing)
            current = (current + 1) % cards.count
            shownAt = due
            shown += 1
        }
        if fadingFrom != nil, time - shownAt >= Self.fadeSeconds { fadingFrom = nil }
        return fadingFrom != nil
    }

    var deadline: Double? { fadingFrom == nil ? nextCardAt.map { max($0, time) } : nil }

    /// How far the crossfade has come, 0…1, while one runs.
    private var fade: Double? {
        fadingFrom.map { _ in min(1, max(0, (time - shownAt) / Self.fadeSeconds)) }
    }

    // MARK: Drawing

    func invalidateDrawing() { drawn = nil }

    func pendingDamage(on canvas: Canvas) -> DamageRegion {
        let now = (card: current, fade: fade)
        guard let drawn, drawn.card == now.card, drawn.fade == now.fade else { return DamageRegion(canvas.clip) }
        return DamageRegion()
    }

    func didDraw() { drawn = (current, fade) }

    func paint(_ canvas: Canvas) {
        guard cards.indices.contains(current) else {
            // Nothing unread and nothing left open: the panel says so, quietly.
            canvas.fill(context.bounds, with: context.theme.paper)
            let words = context.typography.layout("All read.", style: context.style(.serif, size: 34, color: context.theme.faint),
                                                  paragraph: ParagraphStyle(alignment: .center), width: context.size.width - 80)
            canvas.draw(words, at: Point(x: 40, y: (context.size.height - context.typography.height(of: words)) / 2))
            paintChip(canvas)
            return
        }
        cards[current].draw(into: canvas, shift: burnInShift(shown))
        if let (_, picture) = fadingFrom, let fade {
            canvas.composite(picture, at: .zero, opacity: 1 - fade)
        }
        paintChip(canvas)
    }

    /// `‹ List` at the top left, as on an article.
    private func paintChip(_ canvas: Canvas) {
        let theme = context.theme
        let c = Self.chip
        canvas.fill(RoundedRect(x: c.minX, y: c.minY, width: c.width, height: c.height, cornerRadius: 10),
                    color: theme.backdrop.faded(by: 0.92))
        let label = context.typography.layout("‹ List", style: context.style(size: 15, weight: .bold, color: theme.accent),
                                              paragraph: ParagraphStyle(maxLines: 1), width: 90)
        canvas.draw(label, at: Point(x: c.minX + 12, y: c.midY - context.typography.height(of: label) / 2))
    }

    /// The outgoing card as a picture, composited over the incoming one while it fades.
    private func render(_ card: AmbientCard) -> Surface {
        let scale = context.scale
        let surface = Surface(width: Int(scale.pixels(context.size.width).rounded()),
                              height: Int(scale.pixels(context.size.height).rounded()))
        card.draw(into: Canvas(surface: surface, scale: scale, glyphs: context.glyphs), shift: burnInShift(shown))
        return surface
    }

    /// Each card sits a few points off the last one's place, so no edge stays lit on the same pixels for hours.
    func burnInShift(_ count: Int) -> Point {
        let steps: [Double] = [0, 3, -2, 4, -4, 1, -3, 2]
        return Point(x: steps[count % steps.count], y: steps[(count * 3 + 1) % steps.count])
    }
}

extension AmbientScreen: Screen {
    var name: String { "ambient" }
    /// The next card is the panel at rest, not work under way.
    var activeDeadline: Double? { nil }
    var menuPull: MenuPullStart { .nowhere }
    var isWall: Bool { true }
}
