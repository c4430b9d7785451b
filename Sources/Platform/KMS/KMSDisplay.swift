#if canImport(Glibc)
import Glibc
#endif
import CDRM
import Raster

/// The panel, driven through KMS with dumb buffers: the app draws into a cached shadow surface in logical
/// orientation, and each `present` copies only the damaged rectangles (turned to the panel's mounting) into a
/// buffer that is not on screen, then page-flips to it. Three buffers let the next frame be copied while a flip
/// is still pending. The previous CRTC configuration comes back when the display is closed.
public final class KMSDisplay: Display {
    public let shadow: Surface
    public let name: String
    public let turn: QuarterTurn
    /// The DRM file descriptor: readable when a flip has completed (call `handleEvents()`).
    public var fd: Int32 { card.fd }
    /// When the last flip reached the glass, in nanoseconds on the flip's clock (CLOCK_MONOTONIC).
    public private(set) var lastFlipTime: UInt64 = 0
    public var isFlipPending: Bool { pending != nil }

    private let card: DRMCard
    private let crtcID: UInt32
    private var connectorID: UInt32
    private var mode: drmModeModeInfo
    private let savedCRTC: UnsafeMutablePointer<drmModeCrtc>?
    private var buffers: [ScanoutBuffer] = []
    private var front = 0
    private var pending: Int?

    public init(path: String, choice: ModeChoice = ModeChoice(), turn: QuarterTurn = .none) throws {
        let card = try DRMCard(path: path)
        self.card = card
        self.turn = turn
        guard let resources = drmModeGetResources(card.fd) else { throw SystemCallError("read modes of \(path)") }
        defer { drmModeFreeResources(resources) }
        let output = try Self.findOutput(card: card, resources: resources, choice: choice)
        connectorID = output.connector
        crtcID = output.crtc
        mode = output.mode
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
        if pending != nil { waitForFlip(timeoutMilliseconds: 100) }
        if let saved = savedCRTC {
            var savedMode = saved.pointee.mode
            drmModeSetCrtc(card.fd, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y,
                           &connectorID, 1, &savedMode)
            drmModeFreeCrtc(saved)
        }
    }

    public func present(_ damage: DamageRegion) throws {
        let visible = damage.clipped(to: shadow.bounds)
        if visible.isEmpty { return }
        for buffer in buffers { buffer.staleDamage.add(visible) }
        // A buffer that is neither on screen nor waiting to be: free to write while a flip is in flight.
        guard let back = buffers.indices.first(where: { $0 != front && $0 != pending }) else { return }
        let buffer = buffers[back]
        for rect in buffer.staleDamage.rects {
            buffer.surface.copyTurned(from: shadow, rect: rect, turn: turn)
        }
        buffer.staleDamage.removeAll()
        waitForFlip(timeoutMilliseconds: 200)
        // A flip that never completed (a display switched off mid-flip) must not wedge the kiosk.
        pending = nil
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard drmModePageFlip(card.fd, crtcID, buffer.framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), me) == 0 else {
            throw SystemCallError("page flip on \(card.path)")
        }
        pending = back
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
        if let pending { front = pending }
        pending = nil
        lastFlipTime = time
    }
}
