#if canImport(Glibc)
import Glibc
#endif
import Testing
import Platform
@testable import Iwd

/// The connection's life on the event loop: output larger than the socket takes, deadlines, and the closures
/// handed to sd-bus given back.
@Suite(.serialized) struct BusConnectionTests {
    final class Token {}

    @Test func aMessageLargerThanTheSocketBufferIsWrittenAsTheSocketDrains() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        // 20 MB: past the 8 MB send buffer sd-bus asks for, so both ends must wait for POLLOUT to finish writing.
        let text = String(repeating: "0123456789abcdef", count: 20 << 16)
        let message = try world.client.connection.methodCall(destination: nil, path: "/", interface: "org.lectern.Test",
                                                             member: "Echo")
        try message.append(.string(text), .uint32(7))
        var echoed: [BusValue]?
        try world.client.connection.call(message, timeout: 25) { echoed = try? $0?.arguments() }
        try world.run { echoed != nil }
        // Compared apart from #expect, whose failure message would print all 20 MB.
        let intact = echoed == [.string(text), .uint32(7)]
        #expect(intact, "the echo came back as \(echoed?.first?.string?.utf8.count ?? -1) bytes")
    }

    @Test func aCallThatIsNeverAnsweredTimesOutThroughTheLoopsTimer() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        var result: Result<[BusValue], IwdError>?
        world.client.call("/", "org.lectern.Test", "Hold", timeout: 0.05) { result = $0 }
        try world.run { result != nil }
        var error: IwdError?
        if case .failure(let failure) = result { error = failure }
        #expect(error == .timeout)
        #expect(world.fake.calls("Hold").count == 1)
    }

    @Test func aMatchsClosureIsFreedWithItsSlot() throws {
        let world = try IwdTestWorld()
        try world.discovered()
        weak var weakToken: Token?
        var pings = 0
        var slot: BusSlot?
        defer { withExtendedLifetime(slot) {} }
        do {
            let token = Token()
            weakToken = token
            slot = try world.client.connection.matchSignal(sender: nil, path: "/org/lectern/test", interface: "org.lectern.Test",
                                                           member: "Ping") { _ in withExtendedLifetime(token) { pings += 1 } }
        }
        world.fake.emit("/org/lectern/test", "org.lectern.Test", "Ping")
        try world.run { pings == 1 }
        #expect(weakToken != nil)
        slot = nil
        #expect(weakToken == nil)
        // Removed from the bus too: a second signal reaches nobody.
        world.fake.emit("/org/lectern/test", "org.lectern.Test", "Ping")
        world.fake.emit("/org/lectern/test", "org.lectern.Test", "Pong")
        var pongs = 0
        let pong = try world.client.connection.matchSignal(sender: nil, path: nil, interface: "org.lectern.Test",
                                                           member: "Pong") { _ in pongs += 1 }
        try world.run { pongs == 1 }
        #expect(pings == 1)
        _ = pong
    }

    @Test func aPendingCallIsFreedWithItsConnection() throws {
        let loop = try EventLoop()
        let fds = try IwdTestWorld.socketPair()
        let fake = try FakeIwd(socket: fds[1], loop: loop)
        var connection: BusConnection? = try BusConnection.peer(socket: fds[0], server: false, loop: loop)
        weak var weakToken: Token?
        var completed = false
        do {
            let token = Token()
            weakToken = token
            let call = try connection!.methodCall(destination: nil, path: "/", interface: "org.lectern.Test", member: "Hold")
            try connection!.call(call, timeout: 25) { _ in withExtendedLifetime(token) { completed = true } }
        }
        let limit = MonotonicClock.seconds() + 10
        while fake.calls("Hold").isEmpty, MonotonicClock.seconds() < limit { try loop.runOnce(maxWait: 1) }
        #expect(fake.calls("Hold").count == 1)
        #expect(weakToken != nil)
        connection = nil
        #expect(weakToken == nil)
        #expect(!completed)
    }

    @Test func thePeerHangingUpAnswersPendingCallsAndEndsTheConnection() throws {
        let loop = try EventLoop()
        let fds = try IwdTestWorld.socketPair()
        let fake = try FakeIwd(socket: fds[1], loop: loop)
        let connection = try BusConnection.peer(socket: fds[0], server: false, loop: loop)
        var closed = false
        connection.onClose = { closed = true }
        var reply: BusMessage??
        let call = try connection.methodCall(destination: nil, path: "/", interface: "org.lectern.Test", member: "Hold")
        try connection.call(call, timeout: 25) { reply = .some($0) }
        let limit = MonotonicClock.seconds() + 10
        while fake.calls("Hold").isEmpty, MonotonicClock.seconds() < limit { try loop.runOnce(maxWait: 1) }
        fake.connection = nil
        while !closed, MonotonicClock.seconds() < limit { try loop.runOnce(maxWait: 1) }
        #expect(closed)
        #expect(!connection.isOpen)
        #expect(reply??.error?.name == "org.freedesktop.DBus.Error.NoReply")
        #expect(throws: SystemCallError.self) { try connection.send(try connection.signal(path: "/", interface: "a.b", member: "C")) }
    }
}
