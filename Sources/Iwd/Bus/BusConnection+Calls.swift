#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import System

/// Method calls, replies and signals: everything this connection sends.
extension BusConnection {
    func methodCall(destination: String?, path: String, interface: String, member: String) throws -> BusMessage {
        var message: OpaquePointer?
        try busCheck(sd_bus_message_new_method_call(bus, &message, destination, path, interface, member),
                     "call \(interface).\(member) on \(path)")
        return BusMessage(owning: message!)
    }

    func signal(path: String, interface: String, member: String) throws -> BusMessage {
        var message: OpaquePointer?
        try busCheck(sd_bus_message_new_signal(bus, &message, path, interface, member), "signal \(interface).\(member)")
        return BusMessage(owning: message!)
    }

    /// Sends `message` and calls `completion` once with the reply, which may be an error reply: the peer's, or
    /// one sd-bus makes up (`org.freedesktop.DBus.Error.NoReply` after `timeout` seconds or when the peer hangs
    /// up first); nil if this side ended the connection first. The slot floats (the bus owns it and drops it
    /// after the reply), so a pending call needs no bookkeeping from the caller.
    func call(_ message: BusMessage, timeout seconds: Double, completion: @escaping (BusMessage?) -> Void) throws {
        nextCallNumber += 1
        let number = nextCallNumber
        let box = BusHandlerBox { [weak self] reply in
            // Taken out first: a completion may make the next call, or end the connection.
            if let completion = self?.pendingCalls.removeValue(forKey: number) { completion(reply) }
            return 1
        }
        let userdata = box.retainedPointer()
        var slot: OpaquePointer?
        let result = sd_bus_call_async(bus, &slot, message.pointer, dispatchToBusHandlerBox, userdata,
                                       UInt64(max(0.001, seconds) * 1_000_000))
        guard result >= 0, let slot else {
            Unmanaged<BusHandlerBox>.fromOpaque(userdata).release()
            throw SystemCallError("send \(message.interface ?? "").\(message.member ?? "")", errno: result < 0 ? -result : EINVAL)
        }
        sd_bus_slot_set_destroy_callback(slot, releaseBusHandlerBox)
        pendingCalls[number] = completion
        // Hand the slot to the bus: it is dropped after the reply is delivered, which releases the box.
        sd_bus_slot_set_floating(slot, 1)
        sd_bus_slot_unref(slot)
        rearm()
    }

    /// Sends without waiting for anything back (replies, signals).
    func send(_ message: BusMessage) throws {
        try busCheck(sd_bus_send(bus, message.pointer, nil), "send \(message.member ?? "reply")")
        rearm()
    }

    /// Answers `call` with `values`.
    func reply(to call: BusMessage, _ values: BusValue...) throws {
        var reply: OpaquePointer?
        try busCheck(sd_bus_message_new_method_return(call.pointer, &reply), "reply to \(call.member ?? "")")
        let message = BusMessage(owning: reply!)
        for value in values { try message.append(value) }
        try send(message)
    }

    /// Answers `call` with the D-Bus error `name`.
    func replyError(to call: BusMessage, name: String, message: String) throws {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        sd_bus_error_set(&error, name, message)
        try busCheck(sd_bus_reply_method_error(call.pointer, &error), "reply \(name)")
        rearm()
    }
}
