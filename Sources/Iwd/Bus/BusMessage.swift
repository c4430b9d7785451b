#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import System

/// One sd-bus message (a method call, a reply, an error or a signal), holding one reference to it. Messages
/// handed to a callback are borrowed from sd-bus, so they are referenced again here: a handler may keep one
/// (a method call it answers later) after the callback returns.
final class BusMessage {
    let pointer: OpaquePointer

    /// Takes over the reference a `sd_bus_message_new_*` call returned.
    init(owning pointer: OpaquePointer) { self.pointer = pointer }

    /// Adds a reference to a message sd-bus lent to a callback.
    init(retaining pointer: OpaquePointer) {
        self.pointer = sd_bus_message_ref(pointer)
    }

    deinit { sd_bus_message_unref(pointer) }

    var path: String? { sd_bus_message_get_path(pointer).map { String(cString: $0) } }
    var interface: String? { sd_bus_message_get_interface(pointer).map { String(cString: $0) } }
    var member: String? { sd_bus_message_get_member(pointer).map { String(cString: $0) } }
    var sender: String? { sd_bus_message_get_sender(pointer).map { String(cString: $0) } }

    /// Whether this is a call of `member` on `interface`.
    func isMethodCall(_ interface: String, _ member: String) -> Bool {
        sd_bus_message_is_method_call(pointer, interface, member) > 0
    }

    /// Whether the caller waits for an answer: `Agent.Cancel` and `Release` are sent without expecting one, and
    /// a reply to those would be an unexpected message the bus daemon drops with a complaint.
    var expectsReply: Bool { sd_bus_message_get_expect_reply(pointer) > 0 }

    /// The error a failed call came back with (its D-Bus name and human text), nil for a normal reply.
    var error: (name: String, message: String)? {
        guard sd_bus_message_is_method_error(pointer, nil) > 0, let error = sd_bus_message_get_error(pointer) else {
            return nil
        }
        let name = error.pointee.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
        return (name, error.pointee.message.map { String(cString: $0) } ?? "")
    }

    /// Sets the sender field. Only a peer-to-peer connection (no bus daemon to fill it in) needs this: the tests'
    /// stand-in for iwd names itself so that the client's sender-filtered matches see its signals.
    func setSender(_ sender: String) throws {
        try busCheck(sd_bus_message_set_sender(pointer, sender), "sd_bus_message_set_sender")
    }
}

/// An sd-bus call's negative errno as a thrown error; the non-negative result passes through.
@discardableResult
func busCheck(_ result: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
    guard result >= 0 else { throw SystemCallError(operation(), errno: -result) }
    return result
}

/// A type code as sd-bus takes it: one ASCII letter as a C char.
func typeCode(_ letter: Unicode.Scalar) -> CChar { CChar(bitPattern: UInt8(ascii: letter)) }
