#if canImport(Glibc)
import Glibc
#endif
import CDRM
import Raster

/// The panel, driven through KMS with dumb buffers: the app draws into a cached shadow surface in logical
/// orientation, and each `present` copies only the damaged rectangles (turned to the panel's mounting) into a
/// buffer that is not on screen, then page-flips to it. `present` never waits for a flip: the event loop reads
/// flip completions from `fd` (`handleEvents()`) and the frame loop draws its next frame then. Of the three
/// buffers, one is on the glass and one is drawn into; the third is for a flip given up as lost whose buffer
/// may still reach the glass late, so that nothing is ever drawn into a buffer being shown. The previous CRTC
/// configuration comes back when the display is closed.
public final class KMSDisplay: FlippingDisplay {
    public let shadow: Surface
    public let name: String
    public let turn: QuarterTurn
    public let refreshPeriod: Double
    /// The panel's width in millimetres as the connector reports it (0 when it does not say).
    public let widthMillimetres: Int
    /// The DRM file descriptor: readable when a flip has completed (call `handleEvents()`).
    public var fd: Int32 { card.fd }
    /// When the last flip reached the glass, in nanoseconds on the flip's clock (CLOCK_MONOTONIC).
    public private(set) var lastFlipTime: UInt64 = 0
    public var isFlipPending: Bool { pending != nil }
    /// Called from `handleEvents()` with the time (seconds on CLOCK_MONOTONIC) a flip reached the glass.
    public var onFlip: ((Double) -> Void)?
    /// When the pending flip was asked for (nanoseconds, CLOCK_MONOTONIC).
    private var flipRequested: UInt64 = 0

    let card: DRMCard
    private let crtcID: UInt32
    var connectorID: UInt32
    /// What was asked for: the connector's preferred mode unless a mode was named.
    let choice: ModeChoice
    private var mode: drmModeModeInfo
    private let savedCRTC: UnsafeMutablePointer<drmModeCrtc>?
    private var buffers: [ScanoutBuffer] = []
    private var front = 0
    private var pending: Int?
    /// A flip given up as lost (`forgetLostFlip`): its buffer is kept out of use until its event turns up.
    private var lost: Int?

    public init(path: String, choice: ModeChoice = ModeChoice(), turn: QuarterTurn = .none) throws {
        let card = try DRMCard(path: path)
        self.card = card
        self.turn = turn
        guard let resources = drmModeGetResources(card.fd) else { throw SystemCallError("read modes of \(path)") }
        defer { drmModeFreeResources(resources) }
        let output = try Self.findOutput(card: card, resources: resources, choice: choice)
        self.choice = choice
        connectorID = output.connector
        crtcID = output.crtc
        mode = output.mode
        widthMillimetres = output.widthMillimetres
        refreshPeriod = mode.vrefresh > 0 ? 1 / Double(mode.vrefresh) : 1.0 / 60
        let width = Int(mode.hdisplay), height = Int(mode.vdisplay)
        name = "\(output.name) \(width)x\(height)@\(mode.vrefresh)"
        shadow = turn.swapsAxes ? Surface(width: height, height: width, format: .xrgb8888, fill: .black)
                                : Surface(width: width, height: height, format: .xrgb8888, fill: .black)
        savedCRTC = drmModeGetCrtc(card.fd, crtcID)
        // A new buffer has never been filled: all of it is stale. Dumb buffers start zeroed (black), so showing
        // the first one before anything is drawn is clean.
        for _ in 0..<3 {
            let buffer = try ScanoutBuffer(card: card, width: width, height: height)
            buffer.staleDamage.add(shadow.bounds)
            buffers.append(buffer)
        }
        guard drmModeSetCrtc(card.fd, crtcID, buffers[0].framebuffer, 0, 0, &connectorID, 1, &mode) == 0 else {
            throw SystemCallError("set mode \(name) on \(path)")
        }
    }

    deinit {
        onFlip = nil
        if pending != nil { waitForFlip(timeoutMilliseconds: 100) }
        if let saved = savedCRTC {
            var savedMode = saved.pointee.mode
            drmModeSetCrtc(card.fd, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y,
                           &connectorID, 1, &savedMode)
            drmModeFreeCrtc(saved)
        }
    }

    @discardableResult
    public func present(_ damage: DamageRegion) throws -> Bool {
        let visible = damage.clipped(to: shadow.bounds)
        for buffer in buffers { buffer.staleDamage.add(visible) }
        // The flip in flight must land first; this damage goes out with the next present.
        if pending != nil { return false }
        // A buffer neither on the glass nor possibly about to be: its stale damage is what changed since it
        // was last shown.
        guard let back = buffers.indices.first(where: { $0 != front && $0 != lost }) else { return false }
        let buffer = buffers[back]
        if buffer.staleDamage.isEmpty { return true }
        let flipping = buffer.staleDamage
        for rect in flipping.rects {
            buffer.surface.copyTurned(from: shadow, rect: rect, turn: turn)
        }
        buffer.staleDamage.removeAll()
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard drmModePageFlip(card.fd, crtcID, buffer.framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), me) == 0 else {
            let error = SystemCallError("page flip on \(card.path)")
            // Not shown: the buffer must be flipped next time, and an empty stale damage would skip it.
            buffer.staleDamage.add(flipping)
            // The flip given up as lost is still in the kernel's hands: it is pending after all.
            if error.errno == EBUSY, let late = lost {
                pending = late
                lost = nil
                return false
            }
            throw error
        }
        pending = back
        flipRequested = MonotonicClock.nanoseconds()
        return true
    }

    /// How long a flip may stay pending before it counts as lost (a display switched off mid-flip).
    public static let lostFlipSeconds = 0.5
    public var lostFlipSeconds: Double { Self.lostFlipSeconds }

    /// Forgets a flip that has not completed in `lostFlipSeconds`, so a lost flip event cannot wedge the kiosk;
    /// the event loop calls this from a timer while a flip is pending. True when one was forgotten.
    @discardableResult
    public func forgetLostFlip() -> Bool {
        guard let given = pending,
              MonotonicClock.nanoseconds() &- flipRequested >= UInt64(Self.lostFlipSeconds * 1e9) else { return false }
        lost = given
        pending = nil
        return true
    }

    /// Reads completed flips from the DRM fd; call when it is readable.
    public func handleEvents() {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, seconds, microseconds, userData in
            guard let userData else { return }
            let display = Unmanaged<KMSDisplay>.fromOpaque(userData).takeUnretainedValue()
            display.flipCompleted(at: UInt64(seconds) * 1_000_000_000 + UInt64(microseconds) * 1000)
        }
        drmHandleEvent(card.fd, &context)
    }

    /// Blocks in poll (never spins) until the pending flip completes or the time runs out.
    public func waitForFlip(timeoutMilliseconds: Int32) {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeoutMilliseconds) * 1_000_000
        while pending != nil {
            let now = MonotonicClock.nanoseconds()
            if now >= deadline { return }
            var entry = pollfd(fd: card.fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32((deadline - now) / 1_000_000) + 1)
            if ready > 0 { handleEvents() } else if ready < 0 && errno != EINTR { return }
        }
    }

    private func flipCompleted(at time: UInt64) {
        // A flip given up as lost may still land: its buffer is then what the glass shows.
        if let shown = pending ?? lost { front = shown }
        pending = nil
        lost = nil
        lastFlipTime = time
        onFlip?(Double(time) / 1e9)
    }
}

extension KMSDisplay {
    /// Asks the kernel afresh (a full probe, on a hotplug uevent only) whether the display on our connector
    /// would now be set up in another mode: another monitor with another preferred mode, size or refresh.
    public func wantsAnotherMode() -> Bool {
        guard let connector = drmModeGetConnector(card.fd, connectorID) else { return false }
        defer { drmModeFreeConnector(connector) }
        let c = connector.pointee
        guard c.connection == DRM_MODE_CONNECTED, c.count_modes > 0 else { return false }
        let modes = (0..<Int(c.count_modes)).map { c.modes[$0] }
        let listed = modes.map {
            (width: Int($0.hdisplay), height: Int($0.vdisplay), refresh: Int($0.vrefresh),
             preferred: $0.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
        }
        guard let index = choice.pick(from: listed) else { return true }
        let wanted = modes[index]
        return wanted.hdisplay != mode.hdisplay || wanted.vdisplay != mode.vdisplay || wanted.vrefresh != mode.vrefresh
            || Int(c.mmWidth) != widthMillimetres
    }

    /// Asks the kernel afresh whether our connector still has a display (a full probe: call it when a hotplug
    /// uevent says something changed, not on a timer).
    public func isConnected() -> Bool {
        guard let connector = drmModeGetConnector(card.fd, connectorID) else { return false }
        defer { drmModeFreeConnector(connector) }
        return connector.pointee.connection == DRM_MODE_CONNECTED
    }
}
