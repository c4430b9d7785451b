import Raster
import Text
import Touch
import Widgets

/// The menu the pull (or the Menu button) presents: large targets a finger finds from a step away, laid out in
/// a grid that fits the panel at any text size. Names are what the targets show, and what `lectern replay
/// reader` reports.
final class MenuPanel {
    struct Item {
        var name: String
        var action: ReaderAction
        var frame: Rect
        var label: TextLayout
    }

    private(set) var items: [Item] = []
    private let context: ReaderContext

    /// `article`: an article is on screen, so "QR code" (of that article) is offered.
    init(context: ReaderContext, article: Bool) {
        self.context = context
        var entries: [(String, ReaderAction)] = [("Unread", .showRiver(.unread)), ("Today", .showRiver(.today)),
                                                 ("Starred", .showRiver(.starred)), ("Feeds", .showFeeds),
                                                 ("Text size −", .adjust(.textSize(step: -1))),
                                                 ("Text size +", .adjust(.textSize(step: 1))),
                                                 ("Theme: \(context.settings.theme.rawValue.capitalizedFirst)", .adjust(.nextTheme))]
        if article { entries.append(("QR code", .showSharedCode)) }
        entries += [("Mark all read", .markAllRead), ("Settings", .showSettings), ("About", .showAbout),
                    ("Phone", .showPairing)]
        if context.wifi?.status.radio == true { entries.append(("Wi-Fi", .showWiFi)) }
        let bounds = context.bounds
        let columns = bounds.width >= 640 ? 3 : 2
        let rowsNeeded = (entries.count + columns - 1) / columns
        let gap = 12.0, margin = 24.0
        let width = min(280, (bounds.width - 2 * margin - Double(columns - 1) * gap) / Double(columns))
        let height = min(76, max(40, (bounds.height - 2 * margin - Double(rowsNeeded - 1) * gap) / Double(rowsNeeded)))
        let gridWidth = Double(columns) * width + Double(columns - 1) * gap
        let gridHeight = Double(rowsNeeded) * height + Double(rowsNeeded - 1) * gap
        let x0 = ((bounds.width - gridWidth) / 2).rounded(), y0 = ((bounds.height - gridHeight) / 2).rounded()
        let style = TextStyle(family: .sans, size: Float(min(20, max(15, height * 0.3))), weight: .bold,
                              color: context.theme.ink)
        for (i, (name, action)) in entries.enumerated() {
            let frame = Rect(x: x0 + Double(i % columns) * (width + gap), y: y0 + Double(i / columns) * (height + gap),
                             width: width, height: height)
            let label = context.typography.layout(name, style: style, paragraph: ParagraphStyle(alignment: .center, maxLines: 2),
                                                  width: width - 16)
            items.append(Item(name: name, action: action, frame: frame, label: label))
        }
    }

    func item(at point: Point) -> Item? { items.first { $0.frame.contains(point) } }

    /// Paints the sheet and the targets, faded in by `alpha` (the overlay's, 0…0.9).
    func draw(into canvas: Canvas, alpha: Double) {
        guard alpha > 0 else { return }
        let theme = context.theme
        canvas.blend(context.bounds, with: theme.paper.faded(by: alpha))
        let opacity = min(1, alpha / MenuOverlay.openAlpha)
        for item in items {
            let f = item.frame
            canvas.fill(RoundedRect(x: f.minX, y: f.minY, width: f.width, height: f.height, cornerRadius: 12),
                        color: theme.backdrop.faded(by: opacity))
            canvas.draw(item.label, at: Point(x: f.minX + 8, y: f.midY - context.typography.height(of: item.label) / 2),
                        opacity: opacity)
        }
    }
}
