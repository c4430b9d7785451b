#if canImport(Glibc)
import Glibc
#endif
import Logging
import Platform

/// Keeps the kiosk's display in step with its connector, woken only by the kernel: a DRM hotplug uevent for
/// our card makes it re-probe; a display that appears is opened (`onOpened`), one that goes away is dropped
/// (`onLost`) while the loop, READY and the watchdog carry on. Without a uevent socket (a sandbox without
/// netlink) it falls back to looking every `fallbackSeconds` while no display is open.
final class DisplayHotplugWatch {
    private let path: String
    private let events: EventLoop
    private let log: Logger
    private let open: () throws -> KMSDisplay
    private let monitor: UeventMonitor?
    private var hotplug: DisplayHotplug
    private var retry: EventLoop.Timer?
    /// The display open now, if any.
    private(set) var display: KMSDisplay?

    var onOpened: (KMSDisplay) -> Void = { _ in }
    var onLost: () -> Void = {}

    /// How often to look for a display when no uevents can be had.
    static let fallbackSeconds = 5.0

    init(path: String, events: EventLoop, log: Logger, open: @escaping () throws -> KMSDisplay) {
        self.path = path
        self.events = events
        self.log = log
        self.open = open
        hotplug = DisplayHotplug(cardPath: path)
        do {
            monitor = try UeventMonitor()
        } catch {
            monitor = nil
            log.warning("display hotplug is not watched (\(error)); looking every \(Int(Self.fallbackSeconds)) s while there is no display")
        }
        if let monitor {
            events.watch(monitor.fd) { [unowned self] _ in
                let batch = monitor.read()
                // Missed messages might have been ours: look again rather than trust an old picture.
                if batch.missedSome || batch.events.contains(where: hotplug.concerns) { reprobe() }
            }
        }
    }

    /// The first try: true when a display opened. Nothing connected (ENODEV) is no error: the watch waits for
    /// one; any other failure is thrown, as the card cannot be driven at all.
    func start() throws -> Bool {
        do {
            try openDisplay()
            return true
        } catch let error as SystemCallError where error.errno == ENODEV {
            log.notice("\(error.operation); waiting for a display")
            scheduleFallback()
            return false
        }
    }

    private func reprobe() {
        let connected = display?.isConnected() ?? true  // waiting: only opening tells whether one is there
        switch hotplug.probed(connected: connected) {
        case .keep:
            break
        case .dropDisplay:
            log.warning("the display on \(path) went away; showing nothing until it comes back")
            print("display lost on \(path); waiting for it to come back")
            display = nil
            onLost()
            scheduleFallback()
        case .openDisplay:
            do {
                try openDisplay()
            } catch let error as SystemCallError where error.errno == ENODEV {
                hotplug.opened(false)
            } catch {
                hotplug.opened(false)
                log.error("cannot open the display on \(path): \(error); waiting for the next hotplug")
            }
        }
    }

    private func openDisplay() throws {
        let opened = try open()
        if let retry { events.cancel(retry) }
        retry = nil
        display = opened
        hotplug.opened(true)
        onOpened(opened)
    }

    /// Only without uevents: the loop wakes to look again, since nothing else would tell it.
    private func scheduleFallback() {
        guard monitor == nil, retry == nil else { return }
        retry = events.schedule(after: Self.fallbackSeconds) { [unowned self] in
            retry = nil
            reprobe()
            if display == nil { scheduleFallback() }
        }
    }
}
