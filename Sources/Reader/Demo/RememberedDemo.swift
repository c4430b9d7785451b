import Logging
import Platform

/// The demos as the panel shows them: the shell starts on the demo asked for, else on the one shown before the
/// restart, and every demo chosen is saved, so a restart comes back to it. A shell made again for a display of
/// another size starts on the demo the last one showed.
public final class RememberedDemo {
    private let state: DemoStateFile?
    private let events: EventLoop
    private let log: Logger
    /// The demo the first shell shows, settled at start so the restore is logged even while no display is there.
    private let first: String
    private var shell: DemoShell?

    /// `state`: where the demo is remembered (nil: nowhere). `requested`: a `--scene`, remembered like a demo
    /// chosen by tap.
    public init(state: DemoStateFile?, requested: String?, events: EventLoop, log: Logger) {
        self.state = state
        self.events = events
        self.log = log
        guard let state else {
            first = requested ?? DemoCatalog.names[0]
            return
        }
        let start = state.start(requested: requested)
        for problem in start.problems { log.warning("\(problem)") }
        if start.restored { print("restored scene \(start.scene) from \(state.path)") }
        first = start.scene
    }

    /// A shell laid out for `setting`, which saves each demo it comes to.
    public func makeShell(_ setting: HostSetting) -> DemoShell {
        let made = DemoShell(setting: setting, first: shell?.current ?? first)
        made.onSceneChange = { [state, log, events] name in
            // Saved once the frame is out: the save fsyncs twice, which on an SD card would hold up the very frame
            // that shows the new demo (found in review).
            events.schedule(after: 0) {
                do { try state?.save(DemoState(scene: name)) } catch { log.error("demo state not saved: \(error)") }
            }
        }
        shell = made
        return made
    }
}
