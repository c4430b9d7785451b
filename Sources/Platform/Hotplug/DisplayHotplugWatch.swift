#if canImport(Glibc)
import Glibc
#endif

/// A display the hotplug watch can ask whether its connector still has something plugged in.
public protocol ConnectorProbe: AnyObject {
    func isConnected() -> Bool
    /// Whether what is plugged in now would be set up in another mode than the one shown: another monitor
    /// on the same connector, with its own preferred mode or size.
    func wantsAnotherMode() -> Bool
}

extension ConnectorProbe {
    public func wantsAnotherMode() -> Bool { false }
}

extension KMSDisplay: ConnectorProbe {}

/// Keeps the kiosk's display in step with its connector, woken only by the kernel: a DRM hotplug uevent for
/// our card makes it re-probe; a display that appears is opened (`onOpened`), one that goes away is dropped
/// (`onLost`) while the loop, READY and the watchdog carry on. Without a uevent socket (a sandbox without
/// netlink) it falls back to looking every `fallbackSeconds` while no display is open.
public final class DisplayHotplugWatch<Output: ConnectorProbe> {
    private let path: String
    private let events: EventLoop
    private let open: () throws -> Output
    private let monitor: UeventMonitor?
    private var hotplug: DisplayHotplug
    private var retry: EventLoop.Timer?
    /// The display open now, if any.
    public private(set) var display: Output?

    public var onOpened: (Output) -> Void = { _ in }
    public var onLost: () -> Void = {}
    /// One line for the log about what happened and why (the caller's logger; Platform has none).
    public var report: (String) -> Void = { _ in }

    /// How often to look for a display when no uevents can be had.
    public static var fallbackSeconds: Double { 5 }

    /// `monitor`: the kernel's uevents (a scripted socket in tests); nil to open the kernel's, and if that
    /// fails, to fall back to looking on a timer. `open` throws ENODEV when nothing is connected.
    public init(path: String, events: EventLoop, monitor: UeventMonitor? = nil, open: @escaping () throws -> Output) {
        self.path = path
        self.events = events
        self.open = open
        hotplug = DisplayHotplug(cardPath: path)
        if let monitor {
            self.monitor = monitor
        } else {
            do { self.monitor = try UeventMonitor() } catch { self.monitor = nil; monitorFailure = "\(error)" }
        }
        if let monitor = self.monitor {
            events.watch(monitor.fd) { [unowned self] _ in
                let batch = monitor.read()
                // Missed messages might have been ours: look again rather than trust an old picture.
                if batch.missedSome || batch.events.contains(where: hotplug.concerns) { reprobe() }
            }
        }
    }

    /// Why the kernel's uevent socket could not be opened, when the watch falls back to a timer.
    public private(set) var monitorFailure: String?

    /// The first try: true when a display opened. Nothing connected (ENODEV) is no error: the watch waits for
    /// one; any other failure is thrown, as the card cannot be driven at all.
    public func start() throws -> Bool {
        do {
            try openDisplay()
            return true
        } catch let error as SystemCallError where error.errno == ENODEV {
            report("\(error.operation); waiting for a display")
            scheduleFallback()
            return false
        }
    }

    private func reprobe() {
        let connected = display?.isConnected() ?? true  // waiting: only opening tells whether one is there
        if connected, let shown = display, shown.wantsAnotherMode() {
            // A monitor swapped for another on the same connector: dropped, and the new one set up afresh.
            report("another display on \(path) wants another mode; setting it up again")
            display = nil
            _ = hotplug.probed(connected: false)
            onLost()
        }
        switch hotplug.probed(connected: connected) {
        case .keep:
            break
        case .dropDisplay:
            report("the display on \(path) went away; showing nothing until it comes back")
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
                report("cannot open the display on \(path): \(error); waiting for the next hotplug")
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
