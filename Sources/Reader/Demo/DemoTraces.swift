import Touch
import Widgets

/// A gesture session for each demo, scaled to the scene's size in points: what `lectern render --demo` films,
/// what `lectern-bench widgets` times, and what the tests play.
public enum DemoTraces {
    /// The session for a scene `width`x`height` points.
    public static func trace(for scene: String, width: Double, height: Double) -> TouchTrace? {
        trace(for: scene, size: Size(width: width, height: height))
    }

    public static func trace(for scene: String, size: Size) -> TouchTrace? {
        let w = size.width, h = size.height
        var script = GestureScript(start: 1)
        switch scene {
        case "pull-menu":
            // Pull the page left past the full pull, hold while the dots settle, let go: the menu fades in;
            // then a tap closes it.
            script.drag(from: Point(x: w - 60, y: h / 2), to: Point(x: w - 380, y: h / 2), seconds: 0.6, hold: 0.5)
            script.wait(1.5)
            script.tap(at: Point(x: w / 2, y: h / 2))
        case "article-pager":
            // Pull the short first article up past its footer: the long essay slides in. Then pull it down past
            // its header: back to the first.
            script.drag(from: Point(x: w / 2, y: h - 60), to: Point(x: w / 2, y: h - 360), seconds: 0.5, hold: 0.2)
            script.wait(1)
            script.drag(from: Point(x: w / 2, y: 80), to: Point(x: w / 2, y: 380), seconds: 0.5, hold: 0.2)
        case "pull-to-action":
            // Pull down past the threshold and let go: the arrow spins while the update runs, then retracts.
            script.drag(from: Point(x: w / 2, y: 60), to: Point(x: w / 2, y: 380), seconds: 0.7, hold: 0.2)
        case "circular-refresh":
            // Pull until the pie is full and the logo shows, let go: the spinner runs, then everything goes back.
            script.drag(from: Point(x: w / 2, y: 60), to: Point(x: w / 2, y: 340), seconds: 0.6, hold: 0.3)
        case "swipe-rows":
            let row = SwipeRowsScene.rowHeight
            // Flick row 1 open, tap More, cancel the sheet; swipe row 2 open, tap Delete; tap row 0.
            script.drag(from: Point(x: w - 100, y: row * 1.5), to: Point(x: w - 180, y: row * 1.5), seconds: 0.1)
            script.wait(1)
            script.tap(at: Point(x: w - 111, y: row * 1.5))
            script.wait(1)
            script.tap(at: Point(x: w / 2, y: h - ActionSheet.margin - ActionSheet.rowHeight / 2))
            script.wait(1)
            script.drag(from: Point(x: w - 100, y: row * 2.5), to: Point(x: w - 300, y: row * 2.5), seconds: 0.3,
                        hold: 0.1)
            script.wait(0.8)
            script.tap(at: Point(x: w - 37, y: row * 2.5))
            script.wait(0.8)
            script.tap(at: Point(x: w / 3, y: row / 2))
        default:
            return nil
        }
        return script.trace
    }
}
