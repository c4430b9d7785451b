import Touch

/// `--show-touches`: every finger's change as it reaches the app, one line each, in logical points. Tests read
/// these lines (`touch SLOT PHASE X Y`), on the panel and in the desktop window alike.
enum TouchEcho {
    static func print(_ frame: TouchFrame) {
        for e in frame.events { Swift.print("touch \(e.slot) \(e.phase) \(e.position.x) \(e.position.y)") }
    }
}
