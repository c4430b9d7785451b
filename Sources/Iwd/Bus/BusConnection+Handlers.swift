#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import System

/// What this connection listens for: signal matches and exported objects. Each returns a `BusSlot` that keeps it
/// registered for as long as it is held.
extension BusConnection {
    /// Calls `handler` for each signal that fits (nil fields match anything). On a bus the match is installed
    /// asynchronously: the blocking `sd_bus_match_signal` would wait for the daemon's AddMatch reply.
    func matchSignal(sender: String?, path: String?, interface: String?, member: String?,
                     handler: @escaping (BusMessage) -> Void) throws -> BusSlot {
        try register("match \(interface ?? "*").\(member ?? "*")", handler: { handler($0); return 0 }) { userdata, slot in
            sd_bus_match_signal_async(bus, &slot, sender, path, interface, member, dispatchToBusHandlerBox, nil, userdata)
        }
    }

    /// A match given as a full rule, for what `matchSignal` cannot say (an `arg0=` filter).
    func match(rule: String, handler: @escaping (BusMessage) -> Void) throws -> BusSlot {
        try register("match \(rule)", handler: { handler($0); return 0 }) { userdata, slot in
            sd_bus_add_match_async(bus, &slot, rule, dispatchToBusHandlerBox, nil, userdata)
        }
    }

    /// Serves method calls to `path` (and, with `subtree`, to every path under it). `handler` returns whether it
    /// took the call (it then replies, now or later); calls it leaves get sd-bus's UnknownMethod error.
    func exportObject(path: String, subtree: Bool = false, handler: @escaping (BusMessage) -> Bool) throws -> BusSlot {
        try register("export \(path)", handler: { handler($0) ? 1 : 0 }) { userdata, slot in
            subtree ? sd_bus_add_fallback(bus, &slot, path, dispatchToBusHandlerBox, userdata)
                    : sd_bus_add_object(bus, &slot, path, dispatchToBusHandlerBox, userdata)
        }
    }

    private func register(_ what: String, handler: @escaping BusHandler,
                          _ add: (UnsafeMutableRawPointer, inout OpaquePointer?) -> Int32) throws -> BusSlot {
        let userdata = BusHandlerBox(handler).retainedPointer()
        var slot: OpaquePointer?
        let result = add(userdata, &slot)
        guard result >= 0, let slot else {
            Unmanaged<BusHandlerBox>.fromOpaque(userdata).release()
            throw SystemCallError(what, errno: result < 0 ? -result : EINVAL)
        }
        sd_bus_slot_set_destroy_callback(slot, releaseBusHandlerBox)
        rearm()
        return BusSlot(slot)
    }
}
