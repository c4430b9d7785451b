import Raster

/// A piece of a screen that speaks the scene seam (docs/architecture.md): input one way (`handle`, touch frames in
/// points), events out one way (`takeEvents`), and its own damage. A screen composes components: it asks each
/// for its damage, adds its own, paints every layer in order clipped to the union, and tells each component it
/// was drawn. No screen keeps a copy of a component's state to diff.
public protocol Component: Scene {
    associatedtype Event

    /// What happened since the last call, oldest first; each event is taken once.
    func takeEvents() -> [Event]

    /// Where the component's pixels will differ from what it last drew, within `canvas.clip`; empty when
    /// nothing changed. Asking changes nothing.
    func pendingDamage(on canvas: Canvas) -> DamageRegion

    /// Paints everything the component covers inside `canvas.clip`, whatever changed.
    func paint(_ canvas: Canvas)

    /// What is on the glass is now what `paint` paints: later damage is measured from here.
    func didDraw()
}

extension Component {
    /// Drawn on its own (the root of a scene, or a layer nobody else covers): its damage, painted.
    public func draw(into canvas: Canvas) -> DamageRegion {
        let damage = pendingDamage(on: canvas)
        canvas.repaint(damage, paint)
        didDraw()
        return damage
    }
}

extension Canvas {
    /// Repaints the damaged parts of a picture: for each rectangle of `damage`, `paint` runs with the canvas
    /// clipped to it, so every layer (background, content, overlays) is painted there in order and nowhere else.
    public func repaint(_ damage: DamageRegion, _ paint: (Canvas) -> Void) {
        for rect in damage.rects { paint(clipped(to: rect)) }
    }
}

/// What a component has to report, queued until its owner takes it (each event once, oldest first).
public struct EventQueue<Event> {
    private var queued: [Event] = []

    public init() {}

    public mutating func append(_ event: Event) { queued.append(event) }

    /// Everything queued, leaving the queue empty.
    public mutating func take() -> [Event] {
        defer { queued.removeAll() }
        return queued
    }
}
