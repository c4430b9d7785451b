#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Touch

/// A multitouch screen made with uinput: the kernel sees a real device (ABS_MT slots, BTN_TOUCH,
/// INPUT_PROP_DIRECT), so libinput and everything above it run as they would on a panel. For end-to-end tests
/// and demos on machines without touch hardware.
public final class VirtualTouchscreen {
    public let width: Int
    public let height: Int
    private let fd: Int32
    /// Which tracking id each slot holds while its finger is down.
    private var tracking: [Int: Int32] = [:]
    private var nextTrackingID: Int32 = 1

    /// Creates the device; coordinates run 0..<width and 0..<height, in panel pixels.
    public init(width: Int, height: Int, name: String = "Lectern virtual touchscreen") throws {
        self.width = width
        self.height = height
        let fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError("open /dev/uinput") }
        self.fd = fd
        let ok = lectern_uinput_enable(fd, EV_KEY, BTN_TOUCH) == 0
            && [ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X, ABS_MT_POSITION_Y]
                .allSatisfy { lectern_uinput_enable(fd, EV_ABS, $0) == 0 }
            && lectern_uinput_direct(fd) == 0
            && lectern_uinput_axis(fd, ABS_X, 0, Int32(width - 1), 10) == 0
            && lectern_uinput_axis(fd, ABS_Y, 0, Int32(height - 1), 10) == 0
            && lectern_uinput_axis(fd, ABS_MT_POSITION_X, 0, Int32(width - 1), 10) == 0
            && lectern_uinput_axis(fd, ABS_MT_POSITION_Y, 0, Int32(height - 1), 10) == 0
            && lectern_uinput_axis(fd, ABS_MT_SLOT, 0, 9, 0) == 0
            && lectern_uinput_axis(fd, ABS_MT_TRACKING_ID, 0, 65535, 0) == 0
            && lectern_uinput_create(fd, name) == 0
        guard ok else {
            let error = SystemCallError("set up uinput touchscreen")
            close(fd)
            throw error
        }
    }

    deinit {
        _ = lectern_uinput_destroy(fd)
        close(fd)
    }

    /// Sends one libinput-style frame: each event becomes slot/tracking/position updates, then SYN_REPORT.
    public func send(_ frame: TouchFrame) throws {
        for event in frame.events {
            let slot = Int32(max(0, min(9, event.slot)))
            try emit(EV_ABS, ABS_MT_SLOT, slot)
            switch event.phase {
            case .down, .move:
                if event.phase == .down || tracking[event.slot] == nil {
                    tracking[event.slot] = nextTrackingID
                    try emit(EV_ABS, ABS_MT_TRACKING_ID, nextTrackingID)
                    nextTrackingID += 1
                }
                let x = Int32(max(0, min(Double(width - 1), event.position.x.rounded())))
                let y = Int32(max(0, min(Double(height - 1), event.position.y.rounded())))
                try emit(EV_ABS, ABS_MT_POSITION_X, x)
                try emit(EV_ABS, ABS_MT_POSITION_Y, y)
                if tracking.count == 1 {
                    try emit(EV_ABS, ABS_X, x)
                    try emit(EV_ABS, ABS_Y, y)
                }
            case .up, .cancel:
                tracking.removeValue(forKey: event.slot)
                try emit(EV_ABS, ABS_MT_TRACKING_ID, -1)
            }
        }
        try emit(EV_KEY, BTN_TOUCH, tracking.isEmpty ? 0 : 1)
        try emit(EV_SYN, SYN_REPORT, 0)
    }

    private func emit(_ type: Int32, _ code: Int32, _ value: Int32) throws {
        guard lectern_uinput_emit(fd, type, code, value) == 0 else { throw SystemCallError("write uinput event") }
    }
}
