import Raster
import Widgets
import Touch

/// Every demo's gestures one after another through the shell: a tap on the demo's name in the bar, then its
/// `DemoTraces` session. What `lectern soak` plays over and over, each tour starting where the last one ended
/// so the shell's clock only moves forward.
public enum DemoTour {
    /// Seconds between one demo's gestures and the next tap on the bar, long enough for everything to settle.
    public static let pause = 2.0

    /// The tour for a shell of `size` points (bar included), its first touch at `start` seconds.
    public static func trace(size: Size, start: Double) -> TouchTrace {
        let sceneSize = Size(width: size.width, height: max(1, size.height - DemoShell.barHeight))
        let tabWidth = size.width / Double(DemoCatalog.names.count)
        var events: [TouchEvent] = []
        var now = start
        for (i, name) in DemoCatalog.names.enumerated() {
            var tap = GestureScript(start: now)
            tap.tap(at: Point(x: tabWidth * (Double(i) + 0.5), y: size.height - DemoShell.barHeight / 2))
            events += tap.events
            now = tap.time + pause
            guard let session = DemoTraces.trace(for: name, size: sceneSize), let first = session.frames.first else {
                continue
            }
            // The demo's own session, moved to start now.
            let shift = now - first.time
            for event in session.events {
                events.append(TouchEvent(slot: event.slot, phase: event.phase, position: event.position,
                                         time: event.time + shift))
            }
            now = (session.events.last?.time ?? first.time) + shift + pause
        }
        return TouchTrace(events: events)
    }
}
