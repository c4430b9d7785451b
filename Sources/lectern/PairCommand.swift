import ArgumentParser
import CommandLineSupport
import Pairing
import Reader

/// `lectern pair`: opens the pairing window from a shell, as the panel's `phone` item does (for the owner over
/// ssh, and for the tests). The code alone is the last line, for a script to take.
struct PairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair", abstract: "Open a pairing window for a phone and print its URL and code.")

    @Option(help: ArgumentHelp("The kiosk's state directory (default: lectern's state directory).", valueName: "dir"))
    var state: String?
    @Option(help: "How long the window stays open.") var minutes: Double = PairingWindow.standardMinutes

    func validate() throws {
        guard minutes.isFinite, minutes > 0, minutes <= 60 else { throw ValidationError("--minutes takes 0 to 60") }
    }

    func run() throws {
        let environment = ProcessEnvironment.current()
        let directory = try state ?? StateDirectory.path(environment: environment, for: "the pairing window", orGive: "--state")
        try StateDirectory.becomeOwner(of: directory)
        let window: PairingWindow
        do { window = try PairingBook(directory: directory).open(minutes: minutes, now: LocalTime.now().secondsSince1970) } catch {
            throw CommandFailure("cannot open a pairing window in \(directory): \(error)")
        }
        let address = PanelAddress.current(environment: environment)
        print("open on the phone: \(PanelAddress.pairingURL(address: address, code: window.code))")
        print("or type the code: \(PairingCode.grouped(window.code))")
        print("the window closes in \(window.expires - window.opened) s, after one phone or ten wrong codes")
        print(window.code)
    }
}
