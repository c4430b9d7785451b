import Iwd
import Logging
import Platform
import Wireless

/// The kiosk's Wi-Fi: the set-up over iwd on the system bus, its status written to the state directory as
/// `wifi.state` (for the phone's page and a shell) and shown on the panel, its deadlines kept on the event
/// loop. Only the kiosk on a panel drives the radio: a desktop window must never turn a laptop's Wi-Fi into a
/// hotspot.
public final class PanelWiFi {
    public let setup: WiFiSetup
    /// After each change of the status: the app redraws the card, the settings.
    public var changed: () -> Void = {}
    private let events: EventLoop
    private let directory: String
    private let log: Logger
    private var timer: EventLoop.Timer?
    private let started = MonotonicClock.seconds()
    private var offered = false
    private let client: IwdClient

    /// How long a panel waits at start before it offers Wi-Fi set-up by itself: a cable's DHCP comes first.
    static let offerAfterSeconds = 15.0

    /// The Wi-Fi over iwd; nil (said once) without a system bus, as in a container or a desktop test.
    public static func start(events: EventLoop, stateDirectory: String, log: Logger) -> PanelWiFi? {
        do {
            let client = try IwdClient.system(loop: events)
            let hotspot = Hotspot(random: try RandomBytes.make(14))
            return PanelWiFi(client: client, hotspot: hotspot, events: events, directory: stateDirectory, log: log)
        } catch {
            log.info("no Wi-Fi: \(error)")
            write(WiFiStatus(), directory: stateDirectory)
            return nil
        }
    }

    private init(client: IwdClient, hotspot: Hotspot, events: EventLoop, directory: String, log: Logger) {
        self.client = client
        self.events = events
        self.directory = directory
        self.log = log
        setup = WiFiSetup(radio: IwdRadio(client: client, events: events), hotspot: hotspot, address: NetworkAddresses.ipv4(of:),
                          clock: MonotonicClock.seconds, wallClock: WallClock.secondsSince1970)
        setup.onChange = { [unowned self] in statusChanged() }
        statusChanged()
        // The offer is looked at once more when the wait is over, whatever the radio says meanwhile.
        events.schedule(after: Self.offerAfterSeconds) { [weak self] in self?.changed() }
    }

    private var lastStatus: WiFiStatus?

    private func statusChanged() {
        let status = setup.status
        if status != lastStatus {
            if let outcome = status.outcome, outcome != lastStatus?.outcome {
                log.notice("Wi-Fi: \(outcome.network) \(outcome.result.rawValue)\(outcome.address.map { " (\($0))" } ?? "")")
            }
            if status.step != lastStatus?.step { log.info("Wi-Fi: \(status.step.rawValue)\(status.network.map { " \($0)" } ?? "")") }
            lastStatus = status
            Self.write(status, directory: directory)
        }
        reschedule()
        changed()
    }

    /// Whether the panel should offer the set-up now: once per run, past the start's wait, with no network at
    /// all on any link and no Wi-Fi set up.
    public func takeOffer() -> Bool {
        guard !offered, MonotonicClock.seconds() - started >= Self.offerAfterSeconds, setup.needsSetUp else { return false }
        guard NetworkAddresses.ipv4().isEmpty else { return false }
        offered = true
        return true
    }

    public func handle(_ request: WiFiRequest) {
        setup.handle(request)
        reschedule()
    }

    private func reschedule() {
        if let timer { events.cancel(timer) }
        timer = nil
        guard let deadline = setup.nextDeadline else { return }
        let wait = max(0, deadline - MonotonicClock.seconds())
        timer = events.schedule(after: wait) { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.setup.tick()
            self.reschedule()
        }
    }

    /// Not flushed: it is what the kiosk sees now, written again at the next change and at each start.
    static func write(_ status: WiFiStatus, directory: String) {
        let text = status.json(updated: WallClock.secondsSince1970()).text + "\n"
        try? AtomicFile.write(Array(text.utf8), to: directory + "/" + WiFiStatus.fileName, durable: false)
    }
}
