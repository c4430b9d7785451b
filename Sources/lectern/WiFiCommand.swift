#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import CommandLineSupport
import Reader
import Wireless

/// `lectern wifi`: the panel's Wi-Fi from a shell (for the owner over ssh, and for the tests). The kiosk alone
/// talks to iwd: these leave it a request in the state directory, as the phone's page does, and read back what
/// it says in `wifi.state`.
struct WiFiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wifi", abstract: "Show or change the panel's Wi-Fi through the running kiosk.",
        subcommands: [Status.self, Hotspot.self, Join.self, Cancel.self, Forget.self], defaultSubcommand: Status.self)

    struct Place: ParsableArguments {
        @Option(help: ArgumentHelp("The kiosk's state directory (default: lectern's state directory).", valueName: "dir"))
        var state: String?
        @Option(help: "Seconds to wait for the kiosk to say how the request ended (0: do not wait).")
        var wait: Double = 0

        func directory() throws -> String {
            let directory = try state ?? StateDirectory.path(environment: ProcessEnvironment.current(), for: "the Wi-Fi", orGive: "--state")
            try StateDirectory.becomeOwner(of: directory)
            return directory
        }

        /// Leaves `request` for the kiosk, then prints `wifi.state` each time it changes until `done` says so (given
        /// the status and the outcome there was before the request) or the wait is over.
        func ask(_ request: WiFiRequest, until done: (_ status: WiFiStatus, _ outcomeBefore: WiFiStatus.Outcome?) -> Bool) throws {
            let directory = try directory()
            let before = WiFiCommand.status(directory)?.outcome
            do { try request.leave(directory: directory) } catch { throw CommandFailure("cannot leave the request in \(directory): \(error)") }
            print("asked the kiosk (\(directory)/\(WiFiRequest.fileName))")
            guard wait > 0 else { return }
            var shown = ""
            let deadline = MonotonicClock.seconds() + wait
            while MonotonicClock.seconds() < deadline {
                if let status = WiFiCommand.status(directory) {
                    let line = WiFiCommand.describe(status)
                    if line != shown { print(line); shown = line }
                    if done(status, before) { return }
                }
                usleep(250_000)
            }
            throw CommandFailure("the kiosk did not finish within \(Int(wait)) s (is lectern running?)")
        }
    }

    static func status(_ directory: String) -> WiFiStatus? {
        (try? AtomicFile.read(directory + "/" + WiFiStatus.fileName, limit: 1 << 20)).flatMap(WiFiStatus.init(reading:))
    }

    /// One line a person reads: the step, the network, the address, the last outcome.
    static func describe(_ status: WiFiStatus) -> String {
        guard status.radio else { return "no Wi-Fi: no radio, or iwd is not running" }
        var words = [status.step.rawValue]
        if let network = status.network { words.append(network) }
        if let hotspot = status.hotspot { words.append("hotspot \(hotspot) (its password is on the panel)") }
        if let address = status.address { words.append("address \(address)") }
        if let signal = status.signal { words.append("signal \(signal) dBm") }
        if let outcome = status.outcome {
            words.append("last: \(outcome.network) \(outcome.result.rawValue)" + (outcome.address.map { " \($0)" } ?? ""))
        }
        return words.joined(separator: ", ")
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print where the panel's Wi-Fi stands and the networks it sees.")
        @OptionGroup var place: Place
        @Flag(help: "Print wifi.state as the kiosk wrote it (JSON).") var json = false

        func run() throws {
            let directory = try place.directory()
            guard let status = WiFiCommand.status(directory) else {
                throw CommandFailure("no \(WiFiStatus.fileName) in \(directory): the kiosk has not started, or has no Wi-Fi")
            }
            if json { print(status.json(updated: 0).text); return }
            print(WiFiCommand.describe(status))
            for network in status.networks {
                print("  \(network.name)  \(network.signal) dBm  \(network.security)\(network.known ? "  known" : "")")
            }
        }
    }

    struct Hotspot: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Open the hotspot a phone sets the panel up through, as \"Set up from phone\" does.")
        @OptionGroup var place: Place
        func run() throws { try place.ask(.hotspot) { status, _ in status.hotspot != nil } }
    }

    struct Join: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Join a network; the password is read from standard input (one line; none for an open network).")
        @OptionGroup var place: Place
        @Argument(help: "The network's name (SSID).") var network: String
        @Flag(help: "The network does not announce its name.") var hidden = false

        func run() throws {
            let password = readLine(strippingNewline: true) ?? ""
            if let problem = WiFiRequest.problem(network: network, password: password) { throw CommandFailure(problem) }
            try place.ask(.join(network: network, password: password, hidden: hidden)) { status, before in
                status.outcome != before && status.outcome?.network == network && status.step != .joining
            }
        }
    }

    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Close the hotspot.")
        @OptionGroup var place: Place
        func run() throws { try place.ask(.cancel) { status, _ in status.hotspot == nil && status.step != .hotspot } }
    }

    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a network's password; the panel leaves it if it is on it.")
        @OptionGroup var place: Place
        @Argument(help: "The network's name (SSID).") var network: String
        func run() throws { try place.ask(.forget(network: network)) { status, _ in !status.known.contains(network) } }
    }
}
