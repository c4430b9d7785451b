#if canImport(Glibc)
import Glibc
#endif
import Logging
import Platform
import Widgets

/// Hotplug storms over the real platform objects (`lectern soak --platform CARD`): the KMS display opened and
/// dropped again and again as uevents say, libinput running, frames drawn and flipped between, the kiosk's own
/// `KioskPanel` and `DisplayHotplugWatch` doing it. The uevents come from a script (a socketpair in the
/// kernel's message layout), and what they say of the connector is what the script says: a real connector
/// cannot be unplugged from inside the machine. What the process holds is measured after a warm-up and at
/// the end: a leak of one scanout buffer per hotplug shows as megabytes.
public final class PlatformSoak {
    /// A real display whose connector reads as the script says.
    final class ScriptedConnector: ConnectorProbe {
        let display: KMSDisplay
        let plugged: () -> Bool
        init(_ display: KMSDisplay, plugged: @escaping () -> Bool) {
            self.display = display
            self.plugged = plugged
        }
        func isConnected() -> Bool { plugged() }
    }

    private let path: String
    private let log: Logger
    private let loop: EventLoop
    private let sender: Int32
    private let panel: KioskPanel
    private let watch: DisplayHotplugWatch<ScriptedConnector>
    private var plugged = true
    private var shown = 0
    private let card: String
    public private(set) var hotplugs = 0

    /// `makeScene`: what the panel shows while the storms go on (the demos: no store is needed).
    public init(path: String, log: Logger, makeScene: @escaping (HostSetting) -> Scene) throws {
        self.path = path
        self.log = log
        loop = try EventLoop()
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw SystemCallError("make a socket pair for the scripted uevents")
        }
        sender = pair[1]
        card = DisplayHotplug(cardPath: path).card
        let panel = KioskPanel(path: path, options: KioskOptions(), events: loop,
                               systemd: ServiceNotifier(environment: [:]), log: log, makeScene: makeScene)
        self.panel = panel
        var isPlugged: () -> Bool = { true }
        watch = DisplayHotplugWatch(path: path, events: loop, monitor: UeventMonitor(scriptedSocket: pair[0])) {
            ScriptedConnector(try panel.openDisplay(choice: ModeChoice()), plugged: isPlugged)
        }
        isPlugged = { [unowned self] in plugged }
        watch.onOpened = { [unowned self] connector in
            shown += 1
            panel.show(on: connector.display)
        }
        watch.onLost = { panel.lose() }
    }

    deinit { close(sender) }

    /// Plays `cycles` unplug-and-plug cycles after `warmUp` of them, and returns what the process held after
    /// the warm-up and at the end.
    public func run(cycles: Int, warmUp: Int = 3) throws -> (afterWarmUp: ProcessFootprint, atEnd: ProcessFootprint) {
        guard try watch.start() else { throw SystemCallError("no display on \(path) to soak", errno: ENODEV) }
        try settle()
        for _ in 0..<warmUp { try cycle() }
        let before = try ProcessFootprint.current()
        for _ in 0..<cycles { try cycle() }
        let after = try ProcessFootprint.current()
        panel.lose()
        return (before, after)
    }

    /// The connector goes (a uevent, the display dropped) and comes back (a uevent, a new modeset and buffers).
    private func cycle() throws {
        let opened = shown
        plugged = false
        try kernelSays()
        guard watch.display == nil else { throw SystemCallError("the display was not dropped on \(path)", errno: EIO) }
        plugged = true
        try kernelSays()
        guard shown == opened + 1 else { throw SystemCallError("the display did not open again on \(path)", errno: EIO) }
        try settle()
    }

    /// A hotplug uevent for our card, as the kernel sends it, taken by the loop.
    private func kernelSays() throws {
        hotplugs += 1
        let devpath = "/devices/soak/drm/\(card)"
        let message: [UInt8] = ["change@\(devpath)", "ACTION=change", "DEVPATH=\(devpath)", "SUBSYSTEM=drm", "HOTPLUG=1",
                       "DEVNAME=dri/\(card)", "SEQNUM=\(hotplugs)"].flatMap { Array($0.utf8) + [0] }
        let sent = message.withUnsafeBytes { send(sender, $0.baseAddress, $0.count, 0) }
        guard sent == message.count else { throw SystemCallError("send a scripted uevent") }
        try loop.runOnce(maxWait: 1)
    }

    /// Lets the first frame on the new display be drawn and flipped (and libinput be read) for a moment.
    private func settle() throws {
        let until = MonotonicClock.seconds() + 0.3
        while MonotonicClock.seconds() < until { try loop.runOnce(maxWait: 0.05) }
    }
}
