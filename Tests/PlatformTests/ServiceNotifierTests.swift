#if canImport(Glibc)
import Glibc
#endif
import Testing
import Platform

@Suite struct ServiceNotifierTests {
    /// A datagram socket standing in for systemd's notify socket.
    private final class FakeSystemd {
        let path: String
        let fd: Int32
        init() throws {
            path = "/tmp/lectern-notify-\(getpid())-\(Int.random(in: 0..<1_000_000))"
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, b) in path.utf8.enumerated() { raw[i] = b }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0)
        }
        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
        }
        deinit { close(fd); unlink(path) }
    }

    @Test func statesArriveAsDatagrams() throws {
        let systemd = try FakeSystemd()
        let notifier = ServiceNotifier(environment: ["NOTIFY_SOCKET": systemd.path, "WATCHDOG_USEC": "10000000"])
        #expect(notifier.isActive)
        #expect(notifier.watchdogInterval == 5)
        notifier.ready()
        notifier.watchdog()
        #expect(systemd.receive() == "READY=1")
        #expect(systemd.receive() == "WATCHDOG=1")
        #expect(systemd.receive() == nil)
    }

    /// WATCHDOG=1 comes from the loop's timer: while the loop turns it arrives every half interval; once the
    /// loop stops turning (as a hung one would), it stops.
    @Test func theWatchdogIsFedOnlyWhileTheLoopTurns() throws {
        let systemd = try FakeSystemd()
        let notifier = ServiceNotifier(environment: ["NOTIFY_SOCKET": systemd.path, "WATCHDOG_USEC": "40000"])
        #expect(notifier.watchdogInterval == 0.02)
        let loop = try EventLoop()
        notifier.feedWatchdog(from: loop)
        #expect(systemd.receive() == "WATCHDOG=1")          // at once, before the first interval
        let end = MonotonicClock.seconds() + 0.1
        while MonotonicClock.seconds() < end { try loop.runOnce(maxWait: 0.1) }
        var fed = 0
        while let message = systemd.receive() {
            #expect(message == "WATCHDOG=1")
            fed += 1
        }
        #expect(fed >= 2 && fed <= 6)                        // 0.1 s at one every 0.02 s (fewer on a busy machine)
        // The loop is not run: however long we wait, nothing more comes.
        usleep(80_000)
        #expect(systemd.receive() == nil)
        // Without a watchdog, no timer is set and the loop has nothing to wake for.
        ServiceNotifier(environment: ["NOTIFY_SOCKET": systemd.path]).feedWatchdog(from: loop)
        #expect(systemd.receive() == nil)
    }

    @Test func outsideSystemdNothingIsSentAndNothingBreaks() {
        let notifier = ServiceNotifier(environment: ["WATCHDOG_USEC": "10000000"])
        #expect(!notifier.isActive)
        #expect(notifier.watchdogInterval == nil)
        notifier.ready()
        ServiceNotifier(environment: ["NOTIFY_SOCKET": "/nonexistent/socket"]).ready()
    }
}
