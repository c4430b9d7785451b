import Raster
import Text
@testable import Touch
@testable import Widgets

/// Plays `events` at their own times with frames every 1/`fps` s, from the first event until `after` seconds
/// past the last: `event` hears each touch, then `frame` is called with each frame's time, as the frame loop
/// would advance the component.
func play(_ events: [TouchEvent], after: Double = 1.5, fps: Double = 60, event: (TouchEvent) -> Void,
          frame: (Double) -> Void) {
    guard let first = events.first?.time, let last = events.last?.time else { return }
    var pending = events[...]
    var k = 0
    while true {
        let t = first + Double(k) / fps
        if t > last + after { return }
        while let next = pending.first, next.time <= t + 1e-9 {
            event(next)
            pending = pending.dropFirst()
        }
        frame(t)
        k += 1
    }
}

/// Plays `script` through a pan along `axis`, as a scene's arena would hand it to a component: `follow` hears the
/// pan after each event with the event's time, `frame` each frame's time.
func playPan(_ script: GestureScript, axis: PanAxis, after: Double = 1.5, follow: (PanRecognizer, Double) -> Void,
             frame: (Double) -> Void) {
    var pan = PanRecognizer(axis: axis, dominance: axis == .vertical ? 0 : AxisLock.viewPagerDominance)
    play(script.events, after: after) { event in
        pan.handle(event)
        follow(pan, event.time)
    } frame: { frame($0) }
}

/// Text set with the system's fonts, as on the panel.
func makeTypography(scale: Double = 1) throws -> Typography {
    Typography(typesetter: Typesetter(library: try FontLibrary()), scale: Scale(scale))
}

/// A canvas over a fresh surface `width`x`height` pixels filled with `background`.
func makeCanvas(width: Int, height: Int, scale: Double = 1, background: Color = Palette.paper) -> Canvas {
    Canvas(surface: Surface(width: width, height: height, fill: background), scale: Scale(scale), glyphs: GlyphCache())
}

/// How far apart two numbers may be and still count as equal: rounding, not behaviour.
let epsilon = 1e-9
