#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import System

/// What sd-bus calls back with: a message it lends for the length of the call. The return value is sd-bus's:
/// 1 handled, 0 not (an object callback returning 0 lets sd-bus answer UnknownMethod).
typealias BusHandler = (BusMessage) -> Int32

/// A Swift closure given to sd-bus as the `void *userdata` of a slot. The box is retained once when handed over
/// and released by the slot's destroy callback, which sd-bus runs when the slot goes (unreferenced, or the bus
/// freed): one release per box whether or not the callback ever ran, so nothing leaks and nothing is freed early.
final class BusHandlerBox {
    let handler: BusHandler

    init(_ handler: @escaping BusHandler) { self.handler = handler }

    /// The retained pointer to pass as userdata; balanced by `releaseBusHandlerBox`.
    func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
}

/// The C trampoline every slot uses: finds the box in userdata and runs its closure.
func dispatchToBusHandlerBox(
    _ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
    guard let message, let userdata else { return 0 }
    let box = Unmanaged<BusHandlerBox>.fromOpaque(userdata).takeUnretainedValue()
    return box.handler(BusMessage(retaining: message))
}

/// The slot destroy callback: gives back the reference `retainedPointer()` took.
func releaseBusHandlerBox(_ userdata: UnsafeMutableRawPointer?) {
    guard let userdata else { return }
    Unmanaged<BusHandlerBox>.fromOpaque(userdata).release()
}

/// A match or an exported object, held by whoever wants it to last: dropping the slot removes the match or the
/// object from the bus (and, through the destroy callback, frees its closure).
final class BusSlot {
    private let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { sd_bus_slot_unref(pointer) }
}
