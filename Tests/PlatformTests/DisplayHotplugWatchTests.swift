#if canImport(Glibc)
import Glibc
#endif
import Testing
import Platform

/// The hotplug watch in a real event loop, the kernel played by a socketpair carrying captured-format uevents
/// and the display by a stand-in whose connector the test plugs and unplugs.
@Suite struct DisplayHotplugWatchTests {
    final class FakeDisplay: ConnectorProbe {
        let serial: Int
        var connected = true
        /// Another monitor is on the connector now, wanting its own mode.
        var swapped = false
        init(serial: Int) { self.serial = serial }
        func isConnected() -> Bool { connected }
        func wantsAnotherMode() -> Bool { swapped }
    }

    final class Bench {
        var plugged = false
        var opened: [FakeDisplay] = []
        var log: [String] = []
        var lost = 0
        let sender: Int32
        let loop: EventLoop
        let watch: DisplayHotplugWatch<FakeDisplay>

        init() throws {
            var pair: [Int32] = [0, 0]
            let made = socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
                                  | Int32(SOCK_NONBLOCK.rawValue), 0, &pair)
            try #require(made == 0)
            sender = pair[1]
            loop = try EventLoop()
            var open: () throws -> FakeDisplay = { throw SystemCallError("unset", errno: EINVAL) }
            watch = DisplayHotplugWatch(path: "/dev/dri/card0", events: loop,
                                        monitor: UeventMonitor(scriptedSocket: pair[0])) { try open() }
            open = { [unowned self] in
                guard plugged else { throw SystemCallError("no connected display on /dev/dri/card0", errno: ENODEV) }
                let display = FakeDisplay(serial: opened.count + 1)
                return display
            }
            watch.onOpened = { [unowned self] in opened.append($0) }
            watch.onLost = { [unowned self] in lost += 1 }
            watch.report = { [unowned self] in log.append($0) }
        }
        deinit { close(sender) }

        /// Sends a message as the kernel would and lets the loop take it (no timers are involved: it must wake
        /// on the fd alone).
        func kernelSays(_ message: [UInt8]) throws {
            let sent = message.withUnsafeBytes { send(sender, $0.baseAddress, $0.count, 0) }
            try #require(sent == message.count)
            try loop.runOnce(maxWait: 1)
        }
    }

    @Test func waitsForAHotplugThenFollowsTheConnectorOutAndBack() throws {
        let bench = try Bench()
        #expect(try bench.watch.start() == false)                    // nothing plugged: waiting, no error
        #expect(bench.log.last?.hasSuffix("waiting for a display") == true)
        #expect(bench.watch.monitorFailure == nil)
        // Another card's hotplug and an input device: not ours, nothing opened even though a display is there.
        bench.plugged = true
        try bench.kernelSays(CapturedUevents.otherCardHotplug)
        try bench.kernelSays(CapturedUevents.inputAdded)
        #expect(bench.opened.isEmpty)
        // Our card's hotplug: opened.
        try bench.kernelSays(CapturedUevents.drmHotplug)
        #expect(bench.opened.map(\.serial) == [1])
        // A hotplug with the display still there changes nothing.
        try bench.kernelSays(CapturedUevents.drmHotplug)
        #expect(bench.opened.count == 1 && bench.lost == 0)
        // Unplugged mid-run: dropped, the loop keeps going.
        bench.plugged = false
        bench.opened[0].connected = false
        try bench.kernelSays(CapturedUevents.drmHotplug)
        #expect(bench.lost == 1 && bench.watch.display == nil)
        #expect(bench.log.last?.contains("went away") == true)
        try bench.kernelSays(CapturedUevents.drmHotplug)            // still unplugged: nothing to do
        #expect(bench.opened.count == 1 && bench.lost == 1)
        // Back: a new display (a fresh modeset), not the old object.
        bench.plugged = true
        try bench.kernelSays(CapturedUevents.drmHotplug)
        #expect(bench.opened.map(\.serial) == [1, 2])
        #expect(bench.watch.display === bench.opened[1])
        #expect(!bench.loop.isStopped)
    }

    @Test func aMonitorSwappedOnTheSameConnectorIsSetUpAgain() throws {
        let bench = try Bench()
        bench.plugged = true
        #expect(try bench.watch.start() == true)
        // Unplugged and another plugged in between two uevents: still connected, but wanting another mode.
        bench.opened[0].swapped = true
        try bench.kernelSays(CapturedUevents.drmHotplug)
        #expect(bench.lost == 1 && bench.opened.map(\.serial) == [1, 2])
        #expect(bench.watch.display === bench.opened[1])
        #expect(bench.log.last?.contains("another mode") == true)
        // The new one in its mode: a later hotplug keeps it.
        try bench.kernelSays(CapturedUevents.drmHotplug)
        #expect(bench.lost == 1 && bench.opened.count == 2)
    }

    @Test func aCardRemovedAndAddedAgainIsFollowed() throws {
        let bench = try Bench()
        bench.plugged = true
        #expect(try bench.watch.start() == true)
        // The driver unbound: the card goes with its connectors, and no HOTPLUG=1 comes.
        bench.plugged = false
        bench.opened[0].connected = false
        try bench.kernelSays(CapturedUevents.cardRemoved)
        #expect(bench.lost == 1 && bench.watch.display == nil)
        // Bound again: the card is back, its display opened anew.
        bench.plugged = true
        try bench.kernelSays(CapturedUevents.cardAdded)
        #expect(bench.opened.map(\.serial) == [1, 2] && bench.watch.display === bench.opened[1])
    }

    @Test func aDisplayThereAtStartOpensAtOnce() throws {
        let bench = try Bench()
        bench.plugged = true
        #expect(try bench.watch.start() == true)
        #expect(bench.opened.count == 1)
    }
}
