#if canImport(Glibc)
import Glibc
#endif
/// What the kiosk does about its display when the kernel says a DRM device's connectors may have changed:
/// the decisions only; the caller probes the connector and opens or drops the display. Nothing here polls:
/// a hotplug uevent (or a missed-uevents overrun) is the only reason to look again.
public struct DisplayHotplug: Sendable {
    public enum State: Equatable, Sendable {
        /// No display is open: nothing connected yet, or it went away.
        case waiting
        case showing
    }

    /// What to do after a re-probe.
    public enum Decision: Equatable, Sendable {
        /// Nothing changed.
        case keep
        /// Our connector went away: drop the display, keep running, show nothing.
        case dropDisplay
        /// A display is there again (or for the first time): open it (a modeset) and draw everything.
        case openDisplay
    }

    /// The card's kernel name, `card0` for `/dev/dri/card0`.
    public let card: String
    public private(set) var state: State

    public init(cardPath: String, state: State = .waiting) {
        // A stable name (`/dev/dri/by-path/platform-gpu-card`) is a link: the kernel's uevents name the node
        // it points at. Found in review: hotplug was ignored for such a path.
        let resolved = realpath(cardPath, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? cardPath
        card = resolved.split(separator: "/").last.map(String.init) ?? resolved
        self.state = state
    }

    /// Whether `event` says our card's connectors may have changed: SUBSYSTEM=drm, and HOTPLUG=1 or the card
    /// itself added or removed (a USB display plugged or pulled, a driver unbound and bound again), for the
    /// card named by DEVNAME (`dri/card0`) or, without one, by the end of DEVPATH (`…/drm/card0`).
    public func concerns(_ event: Uevent) -> Bool {
        guard event["SUBSYSTEM"] == "drm",
              event["HOTPLUG"] == "1" || event.action == "add" || event.action == "remove" else { return false }
        if let name = event["DEVNAME"] { return name == "dri/" + card }
        return event.devpath.hasSuffix("/drm/" + card)
    }

    /// Takes the re-probe's answer: is a display connected on our connector now?
    public mutating func probed(connected: Bool) -> Decision {
        switch (state, connected) {
        case (.showing, false):
            state = .waiting
            return .dropDisplay
        case (.waiting, true):
            return .openDisplay
        default:
            return .keep
        }
    }

    /// The display was opened (after `.openDisplay`); false when opening failed and we go on waiting.
    public mutating func opened(_ succeeded: Bool) {
        state = succeeded ? .showing : .waiting
    }
}
