#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import Testing
import Platform
@testable import Iwd

/// The client through a real dbus-daemon (a private one, with the session bus's open policy), where the socketpair
/// cannot reach: the Hello, matches installed with AddMatch, signals whose sender is iwd's unique name matched by
/// its well-known one, NameOwnerChanged when iwd takes and drops its name, and the agent reached by unique name.
/// Skipped where dbus-daemon is not installed.
@Suite(.serialized) struct SystemBusTests {
    /// A dbus-daemon of the test's own, a child of the test process ended (by its pid) when the test is done.
    final class PrivateBus {
        let address: String
        private let folder: String
        private var pid: pid_t = 0

        init?() throws {
            guard access("/usr/bin/dbus-daemon", X_OK) == 0 else { return nil }
            folder = try TemporaryFolder.make(prefix: "lectern-bus")
            // The daemon writes its address to fd 3 once it listens. The pipe is close-on-exec (only the dup
            // survives), and the child gets an empty signal mask: the EventLoops here block SIGTERM, which a
            // spawned child would otherwise inherit and then ignore.
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw SystemCallError("pipe") }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, ends[1], 3)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
            let arguments = ["dbus-daemon", "--session", "--address=unix:path=\(folder)/bus", "--nofork", "--print-address=3"]
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            let spawned = posix_spawn(&pid, "/usr/bin/dbus-daemon", &actions, &attributes, &argv, environ)
            close(ends[1])
            defer { close(ends[0]) }
            guard spawned == 0 else { throw SystemCallError("start dbus-daemon", errno: spawned) }
            var printed: [UInt8] = []
            var byte: UInt8 = 0
            while !printed.contains(UInt8(ascii: "\n")), read(ends[0], &byte, 1) == 1 { printed.append(byte) }
            address = String(decoding: printed, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            guard address.hasPrefix("unix:") else { throw SystemCallError("dbus-daemon printed no address", errno: ECHILD) }
        }

        deinit {
            if pid > 0 {
                kill(pid, SIGTERM)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
            unlink("\(folder)/bus")
            rmdir(folder)
        }
    }

    @Test func iwdAppearingOnTheBusIsFoundAndItsAgentCalled() throws {
        guard let privateBus = try PrivateBus() else { return }
        let loop = try EventLoop()
        let client = try IwdClient(connection: BusConnection.bus(address: privateBus.address, loop: loop))
        var changes = 0
        client.onChange = { changes += 1 }
        func run(until condition: () -> Bool) throws {
            let limit = MonotonicClock.seconds() + 10
            while !condition(), MonotonicClock.seconds() < limit { try loop.runOnce(maxWait: 1) }
            #expect(condition())
        }

        // No iwd yet: discovery fails (ServiceUnknown) and there is no device.
        try run { changes >= 1 }
        #expect(client.device == nil)

        var fakeConnection: BusConnection? = try BusConnection.bus(address: privateBus.address, loop: loop)
        let fake = try FakeIwd(connection: fakeConnection!, peerToPeer: false)
        fakeConnection = nil
        try busCheck(sd_bus_request_name_async(fake.connection!.bus, nil, "net.connman.iwd", 0, nil, nil), "request name")
        fake.connection!.rearm()
        try run { client.agentRegistered && client.networks.count == 3 }
        #expect(client.device?.name == "wlan0")
        #expect(fake.agentOwner?.hasPrefix(":") == true)

        fake.handlers["net.connman.iwd.Network.Connect"] = { call, _ in
            fake.requestPassphrase(for: FakeIwd.home) { answer in
                if case .success("correct horse") = answer {
                    fake.propertiesChanged(FakeIwd.device, "net.connman.iwd.Station", [
                        ("State", .string("connected")), ("ConnectedNetwork", .objectPath(FakeIwd.home)),
                    ])
                    fake.reply(to: call)
                } else {
                    fake.fail(call, "net.connman.iwd.Failed", "Operation failed")
                }
            }
        }
        var outcome: IwdError??
        client.connect(network: "Home", passphrase: "correct horse") { outcome = .some($0) }
        try run { outcome != nil }
        #expect(outcome == .some(nil))
        try run { client.station?.state == "connected" }
        #expect(client.station?.connectedNetwork == "Home")

        // iwd stops: the daemon says so with NameOwnerChanged.
        fake.connection = nil
        try run { client.device == nil }
        #expect(client.networks.isEmpty)
    }
}
