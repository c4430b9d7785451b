import CommandLineSupport
import ArgumentParser
import Platform

/// `lectern uevents`: the kernel's device events as lectern's own socket receives them, like
/// `udevadm monitor --kernel --property` on a machine without udev. For tests (the QEMU test proves the socket
/// works under a real kernel) and for finding out what a panel's hotplug looks like.
struct UeventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uevents",
        abstract: "Print the kernel's uevents as lectern receives them.",
        shouldDisplay: false)

    @Option(help: "Only uevents of this SUBSYSTEM (drm, input, ...).")
    var subsystem: String?

    @Option(help: "Stop after this many uevents.")
    var count: Int?

    @Option(help: "Stop after this many seconds; with --count, fail (exit 1) if fewer came.")
    var timeout: Double?

    func validate() throws {
        if let count, count < 1 { throw ValidationError("count must be at least 1") }
        if let timeout, !(timeout.isFinite && timeout > 0) { throw ValidationError("timeout must be a number of seconds") }
    }

    func run() throws {
        let loop = try EventLoop()
        let monitor = try UeventMonitor()
        var seen = 0
        var timedOut = false
        if let timeout { loop.schedule(after: timeout) { timedOut = true; loop.stop() } }
        loop.watch(monitor.fd) { _ in
            let batch = monitor.read()
            if batch.missedSome { FileStream.standardOutput.write("uevents: some were dropped (the socket overflowed)\n") }
            for event in batch.events where subsystem == nil || event["SUBSYSTEM"] == subsystem {
                let properties = event.properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                FileStream.standardOutput.write("uevent \(event.action) \(event.devpath) \(properties.joined(separator: " "))\n")
                seen += 1
                if let count, seen >= count { loop.stop() }
            }
        }
        // Unbuffered even into a file or pipe: whoever waits for "listening" may then make the device.
        FileStream.standardOutput.write("uevents: listening\n")
        try loop.run()
        if timedOut, count != nil { throw CommandFailure("\(seen) uevents in \(timeout ?? 0) s, fewer than \(count ?? 1)") }
    }
}
