#if canImport(Glibc)
import Glibc
#endif
import Platform

/// What a person must check on real hardware, which QEMU cannot show: the panel's connectors and modes, the
/// touchscreen and its calibration, the backlight, the clock, the data partition. Each finding is one line: `ok`
/// when it is as Lectern expects, else `fix` with what is wrong and what to change on the card.
public struct PanelDoctor {
    public struct Finding: Sendable {
        public var ok: Bool
        public var topic: String
        public var text: String
        public var line: String { "\(ok ? "ok " : "fix") \(topic): \(text)" }
    }

    public var settings: ReaderSettings
    /// Where each fact is read from (a test points them at a folder of its own).
    public var cards: [String] = (0..<8).map { "/dev/dri/card\($0)" }
    public var backlights = "/sys/class/backlight"
    public var timeSynchronized = "/run/systemd/timesync/synchronized"
    public var stateDirectory: String
    public var cardFile: String

    public init(settings: ReaderSettings, stateDirectory: String, cardFile: String) {
        self.settings = settings
        self.stateDirectory = stateDirectory
        self.cardFile = cardFile
    }

    /// Waits, in quarter-second naps, until a DRM device exists or `seconds` have passed.
    public static func waitForDisplay(seconds: Double, cards: [String] = (0..<8).map { "/dev/dri/card\($0)" }) {
        var waited = 0.0
        while !cards.contains(where: AtomicFile.exists), waited < seconds {
            usleep(250_000)
            waited += 0.25
        }
    }

    public func findings(inputs: [InputDeviceReport] = InputDeviceReport.all()) -> [Finding] {
        display() + touch(inputs) + [backlight(), clock(), space()]
    }

    func display() -> [Finding] {
        let present = cards.filter(AtomicFile.exists)
        guard !present.isEmpty else {
            return [Finding(ok: false, topic: "display", text: "no /dev/dri/card*: the kernel drives no display (HDMI needs Debian's vc4 driver on a Pi 3, 4 or 400; a DSI panel or a Pi 5 needs Raspberry Pi's kernel)")]
        }
        var findings: [Finding] = []
        var drivable = false
        for card in present {
            guard let connectors = try? DRMConnectorReport.read(card: card) else { continue }
            for c in connectors {
                let modes = c.modes.prefix(4).map { $0.text + ($0.preferred ? "*" : "") }.joined(separator: " ")
                findings.append(Finding(ok: true, topic: "display", text: "\(card) \(c.name) \(c.connected ? "connected" : "not connected")"
                    + (c.connected ? ", \(c.widthMillimetres)x\(c.heightMillimetres) mm, modes \(modes)\(c.modes.count > 4 ? " …" : "")" : "")))
                if c.connected, settings.connector == nil || settings.connector == c.name { drivable = true }
                if c.connected, let mode = settings.mode, settings.connector == nil || settings.connector == c.name,
                   let wanted = ModeChoice.parseMode(mode),
                   !c.modes.contains(where: { $0.width == wanted.width && $0.height == wanted.height && (wanted.refresh == nil || $0.refresh == wanted.refresh) }) {
                    findings.append(Finding(ok: false, topic: "display", text: "\(c.name) has no mode \(mode): set mode = auto (or one listed above) in \(cardFile)"))
                }
            }
        }
        if !drivable {
            let wanted = settings.connector.map { "connector \($0) is not connected" } ?? "no display is connected"
            findings.append(Finding(ok: false, topic: "display", text: "\(wanted): check the cable, or set connector = auto in \(cardFile)"))
        }
        return findings
    }

    func touch(_ inputs: [InputDeviceReport]) -> [Finding] {
        let screens = inputs.filter(\.touchscreen)
        guard !screens.isEmpty else {
            return [Finding(ok: false, topic: "touch", text: "no touchscreen (\(inputs.count) input devices): check its cable or USB; a DSI panel's needs Raspberry Pi's kernel")]
        }
        return screens.map { screen in
            let calibration = settings.touchCalibration.map { "touch-calibration \($0.map { ReaderSettings.plain(Double($0)) }.joined(separator: " ")) from the settings" }
                ?? screen.calibration.map { "udev calibration \($0)" } ?? "no calibration (taps land where the panel shows them unless the axes disagree: then set touch-calibration in \(cardFile))"
            return Finding(ok: true, topic: "touch", text: "\(screen.node) \(screen.name), \(calibration); the picture is turned \(settings.rotate)°")
        }
    }

    func backlight() -> Finding {
        guard let light = Backlight.first(under: backlights) else {
            return Finding(ok: true, topic: "backlight", text: "none (an HDMI monitor has none: at night the panel is blanked through DPMS instead)")
        }
        let writable = access(light.path + "/brightness", W_OK) == 0
        return Finding(ok: writable, topic: "backlight", text: "\(light.path), brightness \(light.brightness.map(String.init) ?? "?") of \(light.maxBrightness)"
            + (writable ? "" : "; not writable by this user: the night cannot dim it (the image's udev rule gives it to the video group)"))
    }

    func clock() -> Finding {
        AtomicFile.exists(timeSynchronized)
            ? Finding(ok: true, topic: "clock", text: "synchronized over the network")
            : Finding(ok: false, topic: "clock", text: "not synchronized yet (a Pi has no battery clock: dates and the night schedule are wrong until the network answers; check the network)")
    }

    func space() -> Finding {
        var info = statvfs()
        guard statvfs(stateDirectory, &info) == 0 else {
            return Finding(ok: false, topic: "data", text: "cannot read \(stateDirectory): \(SystemCallError("statvfs")) (the data partition did not mount: nothing is saved)")
        }
        let free = (Int(info.f_bavail) * Int(info.f_frsize)) >> 20
        let total = (Int(info.f_blocks) * Int(info.f_frsize)) >> 20
        return Finding(ok: free >= 32, topic: "data", text: "\(stateDirectory): \(free) MiB free of \(total) MiB"
            + (free >= 32 ? "" : "; lower image-cache-mb in \(cardFile)"))
    }
}
