import Raster

/// Paints a `QRCode` so a phone reads it: dark on light whatever the theme (scanners look for dark modules on
/// a light field, and many fail on an inverted code), a quiet zone of 4 modules, and every module the same
/// whole number of pixels, since a module split across pixel edges smears into its neighbours.
public enum QRCodeView {
    /// Modules of light around the code, as the standard asks.
    public static let quietZone = 4
    public static let dark = Color.black
    public static let light = Color.white

    /// Pixels a module gets when the code and its quiet zone fill a square `side` pixels wide: 0 when the
    /// square is too small for one pixel a module.
    public static func modulePixels(for code: QRCode, side: Int) -> Int {
        max(0, side) / (code.size + 2 * quietZone)
    }

    /// Paints `code` into the largest square centred in `square` (points), light from edge to edge, the code
    /// centred in it. What is left of the side after whole modules goes to the margins, so the quiet zone is
    /// never less than 4 modules. A square too small for one pixel a module stays light: such a code would not
    /// scan, and a half-drawn one would only look like it might.
    public static func draw(_ code: QRCode, into canvas: Canvas, square: Rect) {
        guard square.x.isFinite, square.y.isFinite, square.width.isFinite, square.height.isFinite else { return }
        let area = canvas.snapped(square)
        let side = min(area.width, area.height)
        guard side > 0 else { return }
        let box = PixelRect(x: area.x + (area.width - side) / 2, y: area.y + (area.height - side) / 2,
                            width: side, height: side)
        canvas.surface.fill(box.intersection(canvas.clip), with: light)
        let module = modulePixels(for: code, side: side)
        guard module > 0 else { return }
        let origin = (side - module * code.size) / 2
        let left = box.x + origin, top = box.y + origin
        for y in 0..<code.size {
            // One rectangle per run of dark modules: a code of version 10 is 57 × 57 modules.
            var x = 0
            while x < code.size {
                guard code.isDark(x: x, y: y) else { x += 1; continue }
                let start = x
                while x < code.size && code.isDark(x: x, y: y) { x += 1 }
                let run = PixelRect(x: left + start * module, y: top + y * module, width: (x - start) * module, height: module)
                canvas.surface.fill(run.intersection(canvas.clip), with: dark)
            }
        }
    }
}
