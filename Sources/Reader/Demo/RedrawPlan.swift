import Raster
import Widgets

/// Repaints the damaged parts of a scene: for each rectangle of `damage`, `paint` runs with the canvas clipped
/// to it, so every layer (background, content, overlays) is painted there in order and nowhere else.
func repaint(_ damage: DamageRegion, on canvas: Canvas, _ paint: (Canvas) -> Void) {
    for rect in damage.rects { paint(canvas.clipped(to: rect)) }
}
