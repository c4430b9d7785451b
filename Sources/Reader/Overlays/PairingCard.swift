import Pairing
import Raster
import Text
import Touch
import Widgets

/// The card a pairing window shows over the dimmed screen: the pairing URL as a QR code for the phone's camera,
/// the same URL as text, the code alone in groups for typing, and the time left, counted down each second; or,
/// once ten wrong codes closed the window, why it closed. Dark on light in every theme, like a link's code.
final class PairingCard {
    private(set) var window: PairingWindow
    let url: String
    private let code: LinkCode
    /// The seconds left the card last showed (it is drawn again when they change).
    var shownLeft: Int64

    init(window: PairingWindow, url: String, now: Int64) {
        self.window = window
        self.url = url
        code = LinkCode(url)
        shownLeft = window.secondsLeft(at: now)
    }

    /// The window as the file says now (a phone paired, wrong codes closed it).
    func update(_ window: PairingWindow) { self.window = window }

    /// "4:37 left".
    static func timeLeft(_ seconds: Int64) -> String {
        let s = max(0, seconds)
        let rest = s % 60
        return "\(s / 60):\(rest < 10 ? "0" : "")\(rest) left"
    }

    func draw(into canvas: Canvas, context: ReaderContext) {
        let bounds = context.bounds
        let ink = Color(red: 0.1, green: 0.1, blue: 0.1), grey = Color(red: 0.35, green: 0.35, blue: 0.35)
        let margin = 16.0, pad = 24.0
        let card = Rect(x: margin, y: margin, width: bounds.width - 2 * margin, height: bounds.height - 2 * margin)
        canvas.fill(RoundedRect(x: card.minX, y: card.minY, width: card.width, height: card.height, cornerRadius: 16),
                    color: Color.white)
        // Side by side where the panel is wide, the code above the words where it is not.
        let wide = card.width >= card.height * 1.25
        let side = wide ? min(card.height - 2 * pad, card.width * 0.55) : min(card.width - 2 * pad, card.height * 0.5)
        let square = Rect(x: card.minX + pad, y: card.minY + pad, width: side, height: side)
        let refused = window.state == .refused
        if !refused, let qr = code.code { QRCodeView.draw(qr, into: canvas, square: square) }
        // Closed by wrong codes: no code to scan, the words across the card.
        let column = refused ? Rect(x: card.minX + pad, y: card.minY + pad, width: card.width - 2 * pad, height: card.height - 2 * pad)
            : wide ? Rect(x: square.maxX + pad, y: card.minY + pad, width: card.maxX - square.maxX - 2 * pad, height: side)
            : Rect(x: card.minX + pad, y: square.maxY + pad, width: card.width - 2 * pad, height: card.maxY - square.maxY - 2 * pad)
        let typography = context.typography
        func style(_ size: Double, _ weight: FontWeight = .regular, _ color: Color, mono: Bool = false) -> TextStyle {
            TextStyle(family: mono ? .mono : .sans, size: Float(size), weight: weight, color: color)
        }
        var lines: [(String, TextStyle, Double)] = [("Pair a phone", style(24, .bold, ink), 12)]
        if refused {
            lines.append(("This pairing window closed after ten wrong codes. To try again, tap to close it, then choose "
                          + "Phone in the menu.", style(17, .regular, ink), 0))
        } else {
            lines += [("Scan the code with the phone's camera, or open this address on a phone on the same network:",
                       style(15, .regular, grey), 8),
                      (url, style(15, .bold, ink), 16),
                      ("Code", style(13, .regular, grey), 4),
                      (PairingCode.grouped(window.code), style(20, .bold, ink, mono: true), 16),
                      (Self.timeLeft(shownLeft), style(17, .bold, ink), 8),
                      ("Tap to close.", style(13, .regular, grey), 0)]
        }
        var y = column.minY
        for (words, textStyle, after) in lines {
            let layout = typography.layout(words, style: textStyle, paragraph: ParagraphStyle(lineHeight: 1.3), width: column.width)
            canvas.draw(layout, at: Point(x: column.minX, y: y))
            y += typography.height(of: layout) + after
        }
    }
}
