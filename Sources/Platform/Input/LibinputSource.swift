#if canImport(Glibc)
import Glibc
#endif
import CLibinput

/// Touchscreens and pointers of a seat through libinput's udev backend, so devices come and go while the kiosk
/// runs. Once started, its fd is in the event loop; when it is readable, `read()` drains what libinput has into
/// `onInput`. Coordinates come out in panel pixels (libinput's `x_transformed`, which applies the udev
/// calibration matrix); the `TouchAssembler` undoes the mounting.
public final class LibinputSource: InputSource {
    /// The panel's size in pixels, which libinput's transformed coordinates span; a display of another size
    /// plugged in later changes it.
    public var panelWidth: Int
    public var panelHeight: Int
    private let udev: OpaquePointer
    private let context: OpaquePointer
    private let interface: UnsafeMutablePointer<libinput_interface>
    /// The newest event time seen, for events that carry none (a device going away).
    private var lastTimeUsec: Int64 = 0
    /// Names of the devices present, by the id `RawInput` uses.
    public private(set) var devices: [Int: String] = [:]
    /// A touch calibration matrix (libinput's six numbers, `a b c d e f`: x' = a x + b y + c, y' = d x + e y + f,
    /// in units of the device's width and height) set on every touchscreen as it appears, for a digitizer whose
    /// axes disagree with its panel; nil keeps the device's own (udev's LIBINPUT_CALIBRATION_MATRIX).
    public var touchCalibration: [Float]?
    public var onInput: (RawInput) -> Void = { _ in }
    public var onEnd: (InputEnd) -> Void = { _ in }
    private let events: EventLoop
    private var watch: EventLoop.Watch?

    public init(panelWidth: Int, panelHeight: Int, seat: String = "seat0", events: EventLoop) throws {
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.events = events
        guard let udev = udev_new() else { throw SystemCallError("udev_new") }
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, _ in
                guard let path else { return -EINVAL }
                let fd = open(path, flags | O_CLOEXEC)
                return fd < 0 ? -errno : fd
            },
            close_restricted: { fd, _ in close(fd) }))
        guard let context = libinput_udev_create_context(interface, nil, udev) else {
            udev_unref(udev)
            interface.deallocate()
            throw SystemCallError("libinput_udev_create_context")
        }
        guard libinput_udev_assign_seat(context, seat) == 0 else {
            libinput_unref(context)
            udev_unref(udev)
            interface.deallocate()
            throw SystemCallError("libinput: assign seat \(seat)")
        }
        self.udev = udev
        self.context = context
    }

    deinit {
        libinput_unref(context)
        udev_unref(udev)
        interface.deallocate()
    }

    public var fd: Int32 { libinput_get_fd(context) }

    public func resize(panelWidth: Int, panelHeight: Int) {
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
    }

    public func start() {
        guard watch == nil else { return }
        watch = events.watch(fd) { [unowned self] revents in
            guard revents & Int16(POLLERR | POLLHUP | POLLNVAL) == 0 else {
                // poll would report this forever: the fd leaves the loop, and the host hears once.
                stop()
                onEnd(.failed("touch input failed (poll revents \(revents))"))
                return
            }
            for raw in read() { onInput(raw) }
        }
    }

    public func stop() {
        if let watch { events.unwatch(watch) }
        watch = nil
    }

    /// Everything libinput has ready, translated; never blocks.
    public func read() -> [RawInput] {
        libinput_dispatch(context)
        var out: [RawInput] = []
        while let event = libinput_get_event(context) {
            if let input = translate(event) { out.append(input) }
            libinput_event_destroy(event)
        }
        return out
    }

    private func translate(_ event: OpaquePointer) -> RawInput? {
        let type = libinput_event_get_type(event)
        let device = Int(bitPattern: UnsafeRawPointer(libinput_event_get_device(event)))
        let w = UInt32(panelWidth), h = UInt32(panelHeight)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let added = libinput_event_get_device(event)
            devices[device] = libinput_device_get_name(added).map { String(cString: $0) } ?? "?"
            if let matrix = touchCalibration, let added, libinput_device_has_capability(added, LIBINPUT_DEVICE_CAP_TOUCH) != 0 {
                // A device that takes no matrix keeps its own coordinates.
                if libinput_device_config_calibration_has_matrix(added) != 0 {
                    _ = matrix.withUnsafeBufferPointer { libinput_device_config_calibration_set_matrix(added, $0.baseAddress) }
                }
            }
            return nil
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            devices.removeValue(forKey: device)
            return .deviceRemoved(device: device, timeUsec: lastTimeUsec)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
             LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            guard let touch = libinput_event_get_touch_event(event) else { return nil }
            let t = Int64(libinput_event_touch_get_time_usec(touch))
            lastTimeUsec = t
            if type == LIBINPUT_EVENT_TOUCH_FRAME { return .touchFrame(timeUsec: t) }
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            switch type {
            case LIBINPUT_EVENT_TOUCH_DOWN:
                return .touchDown(device: device, seatSlot: slot, x: libinput_event_touch_get_x_transformed(touch, w),
                                  y: libinput_event_touch_get_y_transformed(touch, h), timeUsec: t)
            case LIBINPUT_EVENT_TOUCH_MOTION:
                return .touchMotion(device: device, seatSlot: slot, x: libinput_event_touch_get_x_transformed(touch, w),
                                    y: libinput_event_touch_get_y_transformed(touch, h), timeUsec: t)
            case LIBINPUT_EVENT_TOUCH_UP:
                return .touchUp(device: device, seatSlot: slot, timeUsec: t)
            default:
                return .touchCancel(device: device, seatSlot: slot, timeUsec: t)
            }
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
            let t = Int64(libinput_event_pointer_get_time_usec(pointer))
            lastTimeUsec = t
            return .pointerMotion(device: device, x: libinput_event_pointer_get_absolute_x_transformed(pointer, w),
                                  y: libinput_event_pointer_get_absolute_y_transformed(pointer, h), timeUsec: t)
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard let pointer = libinput_event_get_pointer_event(event),
                  libinput_event_pointer_get_button(pointer) == Self.primaryButton else { return nil }
            let t = Int64(libinput_event_pointer_get_time_usec(pointer))
            lastTimeUsec = t
            let pressed = libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED
            return .pointerButton(device: device, pressed: pressed, timeUsec: t)
        default:
            return nil
        }
    }

    /// BTN_LEFT from linux/input-event-codes.h.
    static let primaryButton: UInt32 = 0x110
}
