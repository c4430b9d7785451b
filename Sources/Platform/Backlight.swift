#if canImport(Glibc)
import Glibc
#endif

/// A panel's backlight (`/sys/class/backlight/NAME`): the light behind an LCD, which a black frame leaves on.
/// The service user may write it without root (the udev rule shipped with the appliance gives the video group
/// write access). The brightness found at start is the owner's choice, given back when the panel comes on.
public final class Backlight {
    public let path: String
    public let maxBrightness: Int
    /// What "on" means: the brightness the panel had when Lectern found it (the maximum if it was off).
    public let onBrightness: Int

    /// The first backlight under `root`, or nil when the panel has none (HDMI monitors, QEMU).
    public static func first(under root: String = "/sys/class/backlight") -> Backlight? {
        guard let names = try? DirectoryListing.entries(in: root) else { return nil }
        for name in names.sorted() {
            if let found = try? Backlight(path: "\(root)/\(name)") { return found }
        }
        return nil
    }

    public init(path: String) throws {
        self.path = path
        guard let max = Self.number(at: "\(path)/max_brightness"), max > 0 else {
            throw SystemCallError("read \(path)/max_brightness", errno: ENOENT)
        }
        maxBrightness = max
        let now = Self.number(at: "\(path)/brightness") ?? max
        onBrightness = now > 0 ? now : max
    }

    /// The brightness the kernel has now.
    public var brightness: Int? { Self.number(at: "\(path)/brightness") }

    /// The brightness for a power level: off is 0, dim a fifth of "on" (at least 1), on as found.
    public func brightness(for level: PanelPowerLevel) -> Int {
        switch level {
        case .on: onBrightness
        case .dim: max(1, onBrightness / 5)
        case .off: 0
        }
    }

    public func set(_ level: PanelPowerLevel) throws {
        let text = Array("\(brightness(for: level))\n".utf8)
        let fd = open("\(path)/brightness", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError("open \(path)/brightness") }
        defer { close(fd) }
        let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == text.count else { throw SystemCallError("write \(path)/brightness") }
    }

    private static func number(at path: String) -> Int? {
        guard let bytes = try? AtomicFile.read(path, limit: 64) else { return nil }
        return Int(String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace })
    }
}
