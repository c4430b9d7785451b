import Raster
import Text
import Touch

/// Where a scene draws: a surface in pixels, the scale that maps points onto it, and the pixels being redrawn
/// (`clip`). Components lay out and think in points; everything they paint goes through here, so the
/// conversion to pixels happens in one place, at draw time.
public struct Canvas {
    public let surface: Surface
    public let scale: Scale
    /// Pixels outside this rectangle must not change.
    public var clip: PixelRect
    /// Glyphs drawn by every component of a scene, kept between frames.
    public let glyphs: GlyphCache

    public init(surface: Surface, scale: Scale, glyphs: GlyphCache, clip: PixelRect? = nil) {
        self.surface = surface
        self.scale = scale
        self.glyphs = glyphs
        self.clip = clip.map { $0.intersection(surface.bounds) } ?? surface.bounds
    }

    /// The same canvas redrawing only `rect` (pixels) of what it redraws now.
    public func clipped(to rect: PixelRect) -> Canvas {
        var copy = self
        copy.clip = clip.intersection(rect)
        return copy
    }

    /// Whether any pixel of `rect` (points) is being redrawn.
    public func needsDrawing(_ rect: Rect) -> Bool {
        !pixels(covering: rect).intersection(clip).isEmpty
    }

    /// The whole pixels that `rect` (points) touches, one pixel of anti-aliasing to spare on every side.
    public func pixels(covering rect: Rect) -> PixelRect {
        Self.pixels(covering: rect, scale: scale)
    }

    public static func pixels(covering rect: Rect, scale: Scale) -> PixelRect {
        guard !rect.isEmpty, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        let limit = Double(1 << 30)
        func clamp(_ v: Double) -> Double { min(max(v, -limit), limit) }
        let x0 = Int(clamp(scale.pixels(rect.minX)).rounded(.down)) - 1
        let y0 = Int(clamp(scale.pixels(rect.minY)).rounded(.down)) - 1
        let x1 = Int(clamp(scale.pixels(rect.maxX)).rounded(.up)) + 1
        let y1 = Int(clamp(scale.pixels(rect.maxY)).rounded(.up)) + 1
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The whole pixels whose centres lie in `rect` (points): edges snapped to the pixel grid, so a background
    /// or a bar is crisp at any scale and two rectangles that share an edge in points share it in pixels.
    public func snapped(_ rect: Rect) -> PixelRect {
        let x0 = Int(scale.pixels(rect.minX).rounded()), y0 = Int(scale.pixels(rect.minY).rounded())
        let x1 = Int(scale.pixels(rect.maxX).rounded()), y1 = Int(scale.pixels(rect.maxY).rounded())
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: Painting

    /// Replaces the pixels of `rect` (snapped to the grid) with `color`: backgrounds and bars.
    public func fill(_ rect: Rect, with color: Color) {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        surface.fill(snapped(rect).intersection(clip), with: color)
    }

    /// Paints `color` over `rect` (snapped to the grid), blending: dimming and overlays.
    public func blend(_ rect: Rect, with color: Color) {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        surface.blend(snapped(rect).intersection(clip), with: color)
    }

    /// Paints `shape`, given in points and placed by `transform` (also in points), anti-aliased.
    public func fill(_ shape: some Shape, color: Color, transform: AffineTransform = .identity) {
        surface.fill(shape, color: color, transform: transform.concatenating(scale.transform), clip: clip)
    }

    /// Draws a laid-out text with its top-left corner at `origin` (points), seen through `opacity`. Layouts
    /// are set in pixels (their styles' sizes already multiplied by the scale, see `Typography`).
    public func draw(_ layout: TextLayout, at origin: Point, opacity: Double = 1) {
        guard origin.x.isFinite, origin.y.isFinite else { return }
        glyphs.draw(layout, into: surface, x: Float(scale.pixels(origin.x)), y: Int(scale.pixels(origin.y).rounded()),
                    clip: clip, opacity: opacity)
    }

    /// Paints `image` (pixels) with its top-left corner at `origin` (points, snapped to a pixel), faded by
    /// `opacity`: pre-rendered pages sliding in.
    public func composite(_ image: Surface, at origin: Point, opacity: Double = 1) {
        guard origin.x.isFinite, origin.y.isFinite else { return }
        surface.composite(image, atX: Int(scale.pixels(origin.x).rounded()), y: Int(scale.pixels(origin.y).rounded()),
                          opacity: opacity, clip: clip)
    }
}
