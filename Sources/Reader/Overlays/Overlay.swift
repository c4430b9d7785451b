import Raster
import Widgets

/// What floats over the screen until a tap anywhere closes it: a link's QR code, or a picture seen whole.
enum Overlay {
    case code(LinkCode)
    case picture(url: String, alt: String?)
    /// A pairing window's card: its URL as a code, the code in groups, the time left.
    case pairing(PairingCard)
    /// The Wi-Fi screen: where the panel's Wi-Fi stands, the hotspot's codes while a phone sets it up.
    case wifi(WiFiCard)

    /// Its name in `replay reader`'s `overlay` field.
    var name: String {
        switch self {
        case .code, .pairing: "qr"
        case .picture: "image"
        case .wifi: "wifi"
        }
    }
}

extension ReaderApp {
    /// The overlay over the dimmed screen.
    func drawOverlay(_ overlay: Overlay, into canvas: Canvas) {
        canvas.blend(context.bounds, with: Color(red: 0, green: 0, blue: 0, alpha: 0.55))
        switch overlay {
        case .code(let code): code.draw(into: canvas, context: context)
        case .pairing(let card): card.draw(into: canvas, context: context)
        case .wifi(let card):
            if let wifi = context.wifi { card.draw(status: wifi.status, hotspot: wifi.hotspot, into: canvas, context: context) }
        case .picture(let url, let alt): WholePicture.draw(url, alt: alt, into: canvas, context: context)
        }
    }
}
