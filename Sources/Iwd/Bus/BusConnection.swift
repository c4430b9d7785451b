#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import Platform

/// A D-Bus connection (an `sd_bus`) driven by the panel's `EventLoop`: the kiosk's single thread must never wait
/// for iwd (a `Network.Connect` takes tens of seconds and the watchdog is 30 s), so nothing here blocks. The bus's
/// fd is watched for the events sd-bus asks for (POLLOUT only while it has output queued), its next deadline
/// (authentication, call timeouts) is a loop timer, and each wake-up runs `sd_bus_process` until it has no more
/// work, then re-reads both.
final class BusConnection {
    let bus: OpaquePointer
    private let loop: EventLoop
    private var watch: EventLoop.Watch?
    private var watchedEvents: Int16 = 0
    private var timer: EventLoop.Timer?
    private var timerDeadline: UInt64?
    private var processing = false
    private var closed = false
    /// Completions of calls not answered yet, by call number. sd-bus answers them itself when the peer hangs up
    /// (NoReply), but not when the connection is ended here; then they are called with nil.
    var pendingCalls: [Int: (BusMessage?) -> Void] = [:]
    var nextCallNumber = 0

    /// Called once when the connection ends (the bus daemon went, or the peer closed the socket).
    var onClose: (() -> Void)?

    /// Takes over `bus`, already started, and attaches it to `loop`.
    init(started bus: OpaquePointer, loop: EventLoop) {
        self.bus = bus
        self.loop = loop
        // Work may already be due (the authentication's first bytes, a Hello to send).
        process()
    }

    /// The system bus, where iwd is. A missing bus daemon is a thrown error (the amd64 image has had none), never
    /// a crash: the panel then runs without Wi-Fi.
    static func system(loop: EventLoop) throws -> BusConnection {
        var bus: OpaquePointer?
        let result = sd_bus_open_system(&bus)
        guard result >= 0, let bus else {
            throw SystemCallError("connect to the D-Bus system bus (/run/dbus/system_bus_socket)", errno: -result)
        }
        return BusConnection(started: bus, loop: loop)
    }

    /// A bus daemon at a D-Bus address (`unix:path=...`): the system bus under another name, such as a private
    /// dbus-daemon a test starts.
    static func bus(address: String, loop: EventLoop) throws -> BusConnection {
        var created: OpaquePointer?
        try busCheck(sd_bus_new(&created), "sd_bus_new")
        guard let bus = created else { throw SystemCallError("sd_bus_new", errno: ENOMEM) }
        do {
            try busCheck(sd_bus_set_address(bus, address), "D-Bus address \(address)")
            try busCheck(sd_bus_set_bus_client(bus, 1), "sd_bus_set_bus_client")
            try busCheck(sd_bus_start(bus), "connect to the D-Bus bus at \(address)")
        } catch {
            sd_bus_unref(bus)
            throw error
        }
        return BusConnection(started: bus, loop: loop)
    }

    /// A peer-to-peer connection over a connected stream socket, which sd-bus takes over (and closes). With
    /// `server`, this end answers the authentication (anonymously, as a test's stand-in for a service does).
    static func peer(socket fd: Int32, server: Bool, loop: EventLoop) throws -> BusConnection {
        var created: OpaquePointer?
        try busCheck(sd_bus_new(&created), "sd_bus_new")
        guard let bus = created else { throw SystemCallError("sd_bus_new", errno: ENOMEM) }
        do {
            try busCheck(sd_bus_set_fd(bus, fd, fd), "sd_bus_set_fd")
            if server {
                var id = sd_id128_t()
                try busCheck(sd_id128_randomize(&id), "sd_id128_randomize")
                try busCheck(sd_bus_set_server(bus, 1, id), "sd_bus_set_server")
                try busCheck(sd_bus_set_anonymous(bus, 1), "sd_bus_set_anonymous")
            }
            try busCheck(sd_bus_start(bus), "sd_bus_start")
        } catch {
            sd_bus_unref(bus)
            throw error
        }
        return BusConnection(started: bus, loop: loop)
    }

    /// Calls still pending when the connection is dropped never complete: their owner is the one dropping it.
    deinit {
        detach()
        // Not sd_bus_flush_close_unref: flushing would block on a peer that stopped reading.
        sd_bus_close_unref(bus)
    }

    var isOpen: Bool { !closed && sd_bus_is_open(bus) > 0 }

    /// Runs sd-bus until it has nothing more to do, then waits in the loop for what it needs next. Re-entrant
    /// calls (a handler that sends something) return at once: the outer round is still draining and re-arms last.
    func process() {
        guard !processing, !closed else { return }
        processing = true
        while true {
            let result = sd_bus_process(bus, nil)
            if result == 0 { break }
            if result < 0 {
                // A disconnect is not an error here (sd-bus turns it into its closing state and answers the pending
                // calls first). Any other failure leaves the connection in an unknown state: like sd-event's own
                // bus integration, end it rather than call sd_bus_process again on the same readable fd forever.
                if sd_bus_is_open(bus) > 0 { sd_bus_close(bus) }
                break
            }
        }
        processing = false
        rearm()
    }

    /// Watches what sd-bus waits for now: after every send (output may be queued) and every processing round.
    func rearm() {
        guard !closed, !processing else { return }
        guard sd_bus_is_open(bus) > 0 else {
            closed = true
            detach()
            abandonPendingCalls()
            onClose?()
            return
        }
        let wanted = sd_bus_get_events(bus)
        let events = Int16(truncatingIfNeeded: wanted > 0 ? wanted : Int32(POLLIN))
        if watch == nil || events != watchedEvents {
            if let watch { loop.unwatch(watch) }
            watchedEvents = events
            watch = loop.watch(sd_bus_get_fd(bus), events: events) { [unowned self] _ in self.process() }
        }
        var usec: UInt64 = .max
        let deadline: UInt64? = sd_bus_get_timeout(bus, &usec) >= 0 && usec < UInt64.max / 1000 ? usec * 1000 : nil
        if deadline != timerDeadline {
            if let timer { loop.cancel(timer) }
            timer = nil
            timerDeadline = deadline
            if let deadline {
                timer = loop.schedule(at: deadline) { [unowned self] in
                    self.timer = nil
                    self.timerDeadline = nil
                    self.process()
                }
            }
        }
    }

    private func abandonPendingCalls() {
        let abandoned = pendingCalls.sorted { $0.key < $1.key }
        pendingCalls = [:]
        for (_, completion) in abandoned { completion(nil) }
    }

    private func detach() {
        if let watch { loop.unwatch(watch) }
        if let timer { loop.cancel(timer) }
        watch = nil
        timer = nil
        timerDeadline = nil
    }
}
