import Raster
import Widgets
import Touch

/// Every demo's gestures one after another through the shell: a tap on the demo's name in the bar, then its
/// `DemoTraces` session. What `lectern soak` plays over and over, each tour starting where the last one ended
/// so the shell's clock only moves forward.
public enum DemoTour {
    /// Seconds between one demo's gestures and the next tap on the bar, long enough for everything to settle.
    public static let pause = 2.0

    /// The tour for a shell of `size` points (bar included), its first touch at `startUsec`.
    public static func trace(size: Size, startUsec: Int64) -> TouchTrace {
        let sceneSize = Size(width: size.width, height: max(1, size.height - DemoShell.barHeight))
        let tabWidth = size.width / Double(DemoCatalog.names.count)
        var events: [TouchEvent] = []
        var now = startUsec
        for (i, name) in DemoCatalog.names.enumerated() {
            var tap = GestureScript(startUsec: now)
            tap.tap(at: Point(x: tabWidth * (Double(i) + 0.5), y: size.height - DemoShell.barHeight / 2))
            events += tap.events
            now = tap.timeUsec + usec(pause)
            guard let session = DemoTraces.trace(for: name, size: sceneSize), let first = session.frames.first else {
                continue
            }
            // The demo's own session, moved to start now.
            let shift = now - first.timeUsec
            for event in session.events {
                events.append(TouchEvent(slot: event.slot, phase: event.phase, position: event.position,
                                         timeUsec: event.timeUsec + shift))
            }
            now = (session.events.last?.timeUsec ?? first.timeUsec) + shift + usec(pause)
        }
        return TouchTrace(events: events)
    }

    private static func usec(_ seconds: Double) -> Int64 { Int64(seconds * 1_000_000) }
}
