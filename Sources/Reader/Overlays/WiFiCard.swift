import Raster
import Text
import Touch
import Widgets
import Wireless

/// The Wi-Fi screen, a card over the dimmed screen (what is on the panel stays readable around it). It shows
/// where the panel's Wi-Fi stands and each step of a set-up: "Set up from phone" first; then the hotspot's two QR
/// codes, one that joins the phone to the hotspot and one that opens the set-up page, each also as words for a
/// phone without a camera; then "Joining …", and how it ended. Dark on light in every theme, as the other codes.
final class WiFiCard {
    enum Target: Equatable { case setUpFromPhone, cancel, close }

    /// Where the targets were last drawn.
    private(set) var targets: [(target: Target, frame: Rect)] = []
    private var joinCode: LinkCode?
    private var pageCode: LinkCode?

    /// What a tap at `point` asks for; nil for a tap on the card's words, which does nothing.
    func target(at point: Point) -> Target? { targets.first { $0.frame.contains(point) }?.target }

    /// The card's words for `status`: the title, the lines, and whether it shows the hotspot's codes.
    static func words(for status: WiFiStatus, hotspot: Hotspot) -> (title: String, lines: [String], codes: Bool) {
        var lines: [String] = []
        if let outcome = status.outcome { lines.append(Self.sentence(for: outcome)) }
        switch status.step {
        case .hotspot where status.hotspot != nil:
            return ("Set up Wi-Fi from a phone", lines + [
                "1. Scan this code with the phone's camera to join the panel's own Wi-Fi, or join it by hand:",
                "2. Then scan this one, or open the address (the phone may offer the page by itself, as a sign-in page):",
                "On that page, choose this home's network and type its password. The panel shows here how it goes.",
            ], true)
        case .hotspot:
            return ("Set up Wi-Fi from a phone", ["Opening the hotspot \(hotspot.network)…"], false)
        case .joining:
            return ("Joining \(status.network ?? "the network")…", [
                "The phone has left the panel's hotspot while the panel tries the network. The panel shows here how it ends.",
            ], false)
        case .connected:
            var line = "Connected to \(status.network ?? "Wi-Fi")"
            if let address = status.address { line += ", address \(address)" }
            if let signal = status.signal { line += ", signal \(signal) dBm" }
            return ("Wi-Fi", lines.filter { !$0.hasPrefix("Joined") } + [line + "."], false)
        case .connecting:
            return ("Wi-Fi", lines + ["Joining \(status.network ?? "a known network")…"], false)
        case .retrying:
            return ("Wi-Fi", lines + ["Lost \(status.network ?? "the network"): looking for it again. The panel rejoins it by itself when it is back."], false)
        case .idle:
            return ("Wi-Fi", lines + ["Not connected to Wi-Fi. Set it up from a phone: the panel opens its own Wi-Fi network for the phone to join, shows you how, and says how it went."], false)
        }
    }

    /// How a join ended, in a sentence.
    static func sentence(for outcome: WiFiStatus.Outcome) -> String {
        switch outcome.result {
        case .joined: "Joined \(outcome.network)" + (outcome.address.map { ", address \($0)." } ?? ".")
        case .wrongPassword: "Wrong password for \(outcome.network). Try again from the phone: it rejoins the panel's hotspot by itself."
        case .notFound: "\(outcome.network) was not found. Is it in range, and is its name right?"
        case .noAddress: "\(outcome.network) let the panel in but gave it no address (DHCP). Try again, or check the router."
        case .failed: "Joining \(outcome.network) did not work."
        }
    }

    func draw(status: WiFiStatus, hotspot: Hotspot, into canvas: Canvas, context: ReaderContext) {
        let bounds = context.bounds
        let ink = Color(red: 0.1, green: 0.1, blue: 0.1), grey = Color(red: 0.35, green: 0.35, blue: 0.35)
        let accent = Color(red: 0.1, green: 0.35, blue: 0.75)
        let margin = 16.0, pad = 24.0
        let card = Rect(x: margin, y: margin, width: bounds.width - 2 * margin, height: bounds.height - 2 * margin)
        canvas.fill(RoundedRect(x: card.minX, y: card.minY, width: card.width, height: card.height, cornerRadius: 16),
                    color: Color.white)
        let typography = context.typography
        func style(_ size: Double, _ weight: FontWeight = .regular, _ color: Color) -> TextStyle {
            TextStyle(family: .sans, size: Float(size), weight: weight, color: color)
        }
        let (title, lines, codes) = Self.words(for: status, hotspot: hotspot)
        var y = card.minY + pad
        let titleLayout = typography.layout(title, style: style(24, .bold, ink), width: card.width - 2 * pad)
        canvas.draw(titleLayout, at: Point(x: card.minX + pad, y: y))
        y += typography.height(of: titleLayout) + 12
        let buttonHeight = 56.0
        let bottom = card.maxY - pad - buttonHeight - 12
        if codes {
            if joinCode?.text != hotspot.joinCode.text { joinCode = LinkCode(hotspot.joinCode.text) }
            if pageCode == nil { pageCode = LinkCode(Hotspot.pageAddress) }
            // Two codes side by side, each with its step beneath; the outcome of a failed try above them.
            var textY = y
            for line in lines.prefix(lines.count - 3) {
                let layout = typography.layout(line, style: style(17, .bold, accent), paragraph: ParagraphStyle(lineHeight: 1.3),
                                               width: card.width - 2 * pad)
                canvas.draw(layout, at: Point(x: card.minX + pad, y: textY))
                textY += typography.height(of: layout) + 8
            }
            let steps = Array(lines.suffix(3))
            let columnWidth = (card.width - 3 * pad) / 2
            // Each step's words, then what a person types without a camera, large: the network and its
            // password, the page's address.
            let typed = [["Network  \(hotspot.network)", "Password  \(hotspot.passphrase)"], [Hotspot.pageAddress]]
            let side = max(80, min(columnWidth * 0.6, bottom - textY - 150))
            var lowest = textY
            for (index, code) in [joinCode, pageCode].enumerated() {
                let x = card.minX + pad + Double(index) * (columnWidth + pad)
                var columnY = textY
                let layout = typography.layout(steps[index], style: style(15, .regular, grey), paragraph: ParagraphStyle(lineHeight: 1.3),
                                               width: columnWidth)
                canvas.draw(layout, at: Point(x: x, y: columnY))
                columnY += typography.height(of: layout) + 10
                let square = Rect(x: x, y: columnY, width: side, height: side)
                if let qr = code?.code { QRCodeView.draw(qr, into: canvas, square: square) }
                columnY = square.maxY + 12
                for words in typed[index] {
                    let big = typography.layout(words, style: TextStyle(family: .mono, size: 22, weight: .bold, color: ink),
                                                paragraph: ParagraphStyle(maxLines: 1), width: columnWidth)
                    canvas.draw(big, at: Point(x: x, y: columnY))
                    columnY += typography.height(of: big) + 6
                }
                lowest = max(lowest, columnY)
            }
            let after = typography.layout(steps[2], style: style(15, .regular, grey), width: card.width - 2 * pad)
            canvas.draw(after, at: Point(x: card.minX + pad, y: min(bottom - typography.height(of: after), lowest + 12)))
        } else {
            for line in lines {
                let layout = typography.layout(line, style: style(18, .regular, ink), paragraph: ParagraphStyle(lineHeight: 1.35),
                                               width: min(720, card.width - 2 * pad))
                canvas.draw(layout, at: Point(x: card.minX + pad, y: y))
                y += typography.height(of: layout) + 12
            }
        }
        // The targets along the foot of the card.
        var named: [(Target, String)] = []
        switch status.step {
        case .hotspot: named = [(.cancel, "Cancel")]
        case .joining: named = []
        default: named = [(.setUpFromPhone, "Set up from phone"), (.close, "Close")]
        }
        targets = []
        var x = card.minX + pad
        for (target, name) in named {
            let label = typography.layout(name, style: style(18, .bold, target == .setUpFromPhone ? Color.white : accent),
                                          paragraph: ParagraphStyle(alignment: .center, maxLines: 1), width: 240)
            let frame = Rect(x: x, y: card.maxY - pad - buttonHeight, width: 256, height: buttonHeight)
            canvas.fill(RoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, cornerRadius: 12),
                        color: target == .setUpFromPhone ? accent : Color(red: 0.92, green: 0.94, blue: 0.97))
            canvas.draw(label, at: Point(x: frame.minX + 8, y: frame.midY - typography.height(of: label) / 2))
            targets.append((target, frame))
            x += frame.width + 16
        }
    }
}
