/// Input as a device reports it, in panel pixels before the panel's mounting is undone. libinput's events map
/// onto these one to one; tests write them directly.
public enum RawInput: Sendable, Equatable {
    /// `seatSlot` is libinput's seat-wide slot: unique across all touch devices of the seat.
    case touchDown(device: Int, seatSlot: Int, x: Double, y: Double, timeUsec: Int64)
    case touchMotion(device: Int, seatSlot: Int, x: Double, y: Double, timeUsec: Int64)
    case touchUp(device: Int, seatSlot: Int, timeUsec: Int64)
    case touchCancel(device: Int, seatSlot: Int, timeUsec: Int64)
    case touchFrame(timeUsec: Int64)
    /// An absolute pointer (a QEMU tablet, a USB mouse on a tablet driver) moved.
    case pointerMotion(device: Int, x: Double, y: Double, timeUsec: Int64)
    /// The primary button: a pressed pointer is a finger down.
    case pointerButton(device: Int, pressed: Bool, timeUsec: Int64)
    /// The device went away (unplugged, driver unbound).
    case deviceRemoved(device: Int, timeUsec: Int64)
}
