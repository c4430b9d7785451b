#if canImport(Glibc)
import Glibc
#endif
import Testing
import Platform

/// Messages in the kernel's layout, as `udevadm monitor --kernel --property` shows them.
enum CapturedUevents {
    static func bytes(_ parts: [String]) -> [UInt8] { parts.flatMap { Array($0.utf8) + [0] } }

    static let cardPath = "/devices/pci0000:00/0000:00:02.0/drm/card0"
    static let drmHotplug = bytes([
        "change@\(cardPath)", "ACTION=change", "DEVPATH=\(cardPath)", "SUBSYSTEM=drm", "HOTPLUG=1",
        "DEVNAME=dri/card0", "DEVTYPE=drm_minor", "SEQNUM=1234", "MAJOR=226", "MINOR=0",
    ])
    static let otherCardHotplug = bytes([
        "change@/devices/platform/gpu/drm/card1", "ACTION=change", "DEVPATH=/devices/platform/gpu/drm/card1",
        "SUBSYSTEM=drm", "HOTPLUG=1", "DEVNAME=dri/card1", "DEVTYPE=drm_minor", "SEQNUM=1235", "MAJOR=226", "MINOR=1",
    ])
    /// The card itself goes (its driver unbound, a USB display pulled) and comes back.
    static let cardRemoved = bytes([
        "remove@\(cardPath)", "ACTION=remove", "DEVPATH=\(cardPath)", "SUBSYSTEM=drm", "DEVNAME=dri/card0",
        "DEVTYPE=drm_minor", "SEQNUM=1400", "MAJOR=226", "MINOR=0",
    ])
    static let cardAdded = bytes([
        "add@\(cardPath)", "ACTION=add", "DEVPATH=\(cardPath)", "SUBSYSTEM=drm", "DEVNAME=dri/card0",
        "DEVTYPE=drm_minor", "SEQNUM=1401", "MAJOR=226", "MINOR=0",
    ])
    static let inputAdded = bytes([
        "add@/devices/virtual/input/input7/event3", "ACTION=add", "DEVPATH=/devices/virtual/input/input7/event3",
        "SUBSYSTEM=input", "DEVNAME=input/event3", "SEQNUM=1300", "MAJOR=13", "MINOR=67",
    ])
    /// A connector's own property change (no HOTPLUG=1): not a reason to re-probe.
    static let drmLease = bytes([
        "change@\(cardPath)", "ACTION=change", "DEVPATH=\(cardPath)", "SUBSYSTEM=drm", "LEASE=1",
        "DEVNAME=dri/card0", "SEQNUM=1236",
    ])
    /// What udevd re-broadcasts: "libudev\0" and a binary header.
    static let fromUdevd: [UInt8] = Array("libudev".utf8) + [0, 0xfe, 0xed, 0xca, 0xfe, 0x28, 0, 0, 0] + drmHotplug
}

@Suite struct UeventTests {
    @Test func aCapturedDRMHotplugParses() throws {
        let event = try #require(Uevent(parsing: CapturedUevents.drmHotplug))
        #expect(event.action == "change")
        #expect(event.devpath == CapturedUevents.cardPath)
        #expect(event["SUBSYSTEM"] == "drm")
        #expect(event["HOTPLUG"] == "1")
        #expect(event["DEVNAME"] == "dri/card0")
        #expect(event["SEQNUM"] == "1234")
        #expect(event.properties.count == 9)
    }

    @Test func malformedOversizedAndUdevdMessagesAreIgnored() {
        #expect(Uevent(parsing: CapturedUevents.fromUdevd) == nil)
        #expect(Uevent(parsing: [UInt8]()) == nil)
        #expect(Uevent(parsing: CapturedUevents.bytes(["no header here", "A=b"])) == nil)
        #expect(Uevent(parsing: CapturedUevents.bytes(["change@/devices/x", "NOEQUALS"])) == nil)
        #expect(Uevent(parsing: CapturedUevents.bytes(["change@/devices/x", "=value"])) == nil)
        #expect(Uevent(parsing: CapturedUevents.bytes(["change@relative", "A=b"])) == nil)
        #expect(Uevent(parsing: CapturedUevents.bytes(["add@/devices/x", "ACTION=remove"])) == nil)
        #expect(Uevent(parsing: CapturedUevents.bytes(["add@/devices/x", "DEVPATH=/devices/y"])) == nil)
        let huge = CapturedUevents.bytes(["add@/devices/x", "A=" + String(repeating: "v", count: Uevent.largestMessage)])
        #expect(Uevent(parsing: huge) == nil)
        // Without a trailing NUL the last property still counts; an empty value is a value.
        let event = Uevent(parsing: Array("add@/devices/x\0EMPTY=\0LAST=1".utf8))
        #expect(event?["EMPTY"] == "" && event?["LAST"] == "1")
    }

    @Test func onlyOurCardsHotplugConcernsTheDisplay() throws {
        let hotplug = DisplayHotplug(cardPath: "/dev/dri/card0")
        #expect(hotplug.card == "card0")
        #expect(hotplug.concerns(try #require(Uevent(parsing: CapturedUevents.drmHotplug))))
        #expect(!hotplug.concerns(try #require(Uevent(parsing: CapturedUevents.otherCardHotplug))))
        #expect(!hotplug.concerns(try #require(Uevent(parsing: CapturedUevents.inputAdded))))
        #expect(!hotplug.concerns(try #require(Uevent(parsing: CapturedUevents.drmLease))))
        // No DEVNAME: the end of DEVPATH names the card (and card1 is not card10's prefix trap in reverse).
        let bare = Uevent(action: "change", devpath: "/devices/platform/gpu/drm/card0",
                          properties: ["SUBSYSTEM": "drm", "HOTPLUG": "1"])
        #expect(hotplug.concerns(bare))
        #expect(!DisplayHotplug(cardPath: "/dev/dri/card1").concerns(
            Uevent(action: "change", devpath: "/devices/x/drm/card10", properties: ["SUBSYSTEM": "drm", "HOTPLUG": "1"])))
    }

    /// A session on the wall: no display at start, one plugged in, a spurious hotplug, unplugged mid-run,
    /// a hotplug while still unplugged, plugged back, and an open that fails once.
    @Test func reconnectDecisionsFollowTheConnector() {
        var hotplug = DisplayHotplug(cardPath: "/dev/dri/card0")
        #expect(hotplug.state == .waiting)
        #expect(hotplug.probed(connected: false) == .keep)
        #expect(hotplug.probed(connected: true) == .openDisplay)
        hotplug.opened(true)
        #expect(hotplug.state == .showing)
        #expect(hotplug.probed(connected: true) == .keep)
        #expect(hotplug.probed(connected: false) == .dropDisplay)
        #expect(hotplug.state == .waiting)
        #expect(hotplug.probed(connected: false) == .keep)
        #expect(hotplug.probed(connected: true) == .openDisplay)
        hotplug.opened(false)
        #expect(hotplug.state == .waiting)
        #expect(hotplug.probed(connected: true) == .openDisplay)
        hotplug.opened(true)
        #expect(hotplug.state == .showing)
    }

    /// The monitor's reading and filtering, fed through a socketpair the way the kernel feeds the netlink socket.
    @Test func theMonitorReadsScriptedMessagesAndSkipsJunk() throws {
        var pair: [Int32] = [0, 0]
        let made = socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
                              | Int32(SOCK_NONBLOCK.rawValue), 0, &pair)
        try #require(made == 0)
        let monitor = UeventMonitor(scriptedSocket: pair[0])
        defer { close(pair[1]) }
        #expect(monitor.read().events.isEmpty)
        for message in [CapturedUevents.inputAdded, CapturedUevents.fromUdevd, [UInt8](repeating: 65, count: 9000),
                        CapturedUevents.drmHotplug] {
            let sent = message.withUnsafeBytes { send(pair[1], $0.baseAddress, $0.count, 0) }
            try #require(sent == message.count)
        }
        let batch = monitor.read()
        #expect(batch.events.map { $0["SUBSYSTEM"] } == ["input", "drm"])
        #expect(!batch.missedSome)
        var hotplug = DisplayHotplug(cardPath: "/dev/dri/card0", state: .showing)
        #expect(batch.events.filter(hotplug.concerns).count == 1)
        #expect(hotplug.probed(connected: false) == .dropDisplay)
        #expect(monitor.read().events.isEmpty)
    }

    /// The real socket: it opens and binds unprivileged, and an idle one has nothing to read (never blocks).
    @Test func theKernelSocketOpensAndDoesNotBlock() throws {
        let monitor = try UeventMonitor()
        #expect(monitor.fd >= 0)
        _ = monitor.read()
        var flags = fcntl(monitor.fd, F_GETFD)
        #expect(flags & FD_CLOEXEC != 0)
        flags = fcntl(monitor.fd, F_GETFL)
        #expect(flags & O_NONBLOCK != 0)
    }

    /// Found in review: a stable link (`/dev/dri/by-path/…-card`) named no card the kernel's uevents name.
    @Test func aLinkToTheCardIsKnownByTheNodeItPointsAt() throws {
        var template = Array("/tmp/lectern-card-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { _ = system("rm -rf '\(folder)'") }
        try AtomicFile.write([], to: folder + "/card3")
        #expect(symlink(folder + "/card3", folder + "/platform-gpu-card") == 0)
        #expect(DisplayHotplug(cardPath: folder + "/platform-gpu-card").card == "card3")
        #expect(DisplayHotplug(cardPath: "/nowhere/card7").card == "card7")
    }
}
