#if canImport(Glibc)
import Glibc
#endif
import Testing
import Platform
@testable import Iwd

/// The message writer and reader against each other, through real sd-bus messages: the fake echoes what it
/// decoded, re-encoded, and the client decodes the echo.
@Suite(.serialized) struct BusValueTests {
    @Test func everyShapeIwdUsesSurvivesARoundTrip() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        let values: [BusValue] = [
            .string("Café ☕"), .objectPath("/net/connman/iwd/0/4"), .boolean(true), .boolean(false),
            .int16(-8050), .uint16(65535), .int32(-1), .uint32(4_000_000_000), .byte(255),
            .int64(-5), .uint64(1 << 40), .double(2.5), .signature("a{sv}"),
            .properties([("Name", .string("Home")), ("Hidden", .boolean(true)), ("RSSI", .int16(-52))]),
            .array(element: "(on)", [.structure([.objectPath("/a"), .int16(-4200)]),
                                     .structure([.objectPath("/b"), .int16(-7100)])]),
            .array(element: "a{sv}", [.properties([("Address", .string("x"))]), .properties([])]),
            .array(element: "{oa{sa{sv}}}", [.dictEntry(.objectPath("/net/connman/iwd/0/4"), .array(element: "{sa{sv}}", [
                .dictEntry(.string("net.connman.iwd.Station"), .properties([("State", .string("connected"))])),
            ]))]),
            .strings([]), .variant(.variant(.uint32(7))),
        ]
        let message = try world.client.connection.methodCall(destination: nil, path: "/", interface: "org.lectern.Test",
                                                             member: "Echo")
        for value in values { try message.append(value) }
        var echoed: [BusValue]?
        try world.client.connection.call(message, timeout: 25) { echoed = try? $0?.arguments() }
        try world.run { echoed != nil }
        #expect(echoed == values)
        #expect(echoed?.map(\.signature).joined() == "sobbnqiuyxtdga{sv}a(on)aa{sv}a{oa{sa{sv}}}asv")
        #expect(echoed?[13].dictionary?["RSSI"]?.int == -52)
        #expect(echoed?[16].dictionary?["/net/connman/iwd/0/4"]?.dictionary?["net.connman.iwd.Station"]?
            .dictionary?["State"]?.string == "connected")
    }
}

struct IwdErrorTests {
    @Test func iwdsErrorNamesMapToCases() {
        let cases: [(String, IwdError)] = [
            ("net.connman.iwd.Failed", .failed), ("net.connman.iwd.NotFound", .notFound),
            ("net.connman.iwd.Aborted", .aborted), ("net.connman.iwd.NoAgent", .noAgent),
            ("net.connman.iwd.InProgress", .inProgress), ("net.connman.iwd.NotSupported", .notSupported),
            ("net.connman.iwd.InvalidArguments", .invalidArguments), ("net.connman.iwd.AlreadyExists", .alreadyExists),
            ("net.connman.iwd.Timeout", .timeout), ("net.connman.iwd.NotAvailable", .notAvailable),
            ("org.freedesktop.DBus.Error.ServiceUnknown", .busGone),
            ("org.freedesktop.DBus.Error.UnknownInterface", .notAvailable),
            ("net.connman.iwd.NotConfigured", .other(name: "net.connman.iwd.NotConfigured", message: "m")),
            ("net.connman.iwd.Agent.Error.Canceled", .other(name: "net.connman.iwd.Agent.Error.Canceled", message: "m")),
        ]
        for (name, expected) in cases { #expect(IwdError(name: name, message: "m") == expected, "\(name)") }
        #expect(IwdError.other(name: "org.freedesktop.DBus.Error.AccessDenied", message: "x").description.contains("netdev"))
        #expect(!IwdError.failed.description.contains("\n"))
    }

    @Test func aMissingSystemBusIsAThrownLine() throws {
        // Only meaningful where there is no system bus (a build machine, the amd64 image before dbus).
        guard access("/run/dbus/system_bus_socket", F_OK) != 0, getenv("DBUS_SYSTEM_BUS_ADDRESS") == nil else { return }
        let loop = try EventLoop()
        var message = ""
        do {
            _ = try IwdClient.system(loop: loop)
        } catch {
            message = "\(error)"
        }
        #expect(message.contains("D-Bus system bus"))
        #expect(!message.contains("\n"))
    }
}
