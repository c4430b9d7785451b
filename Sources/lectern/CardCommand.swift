import CommandLineSupport
import ArgumentParser
import Platform
import Reader

/// `lectern card import`: what a person left on the card's boot partition for the panel, taken in before the
/// kiosk starts (the unit runs it as root): a password file is moved into the state directory, readable by the
/// service user alone, and removed from the card.
struct CardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card", abstract: "Take in what a person left on the card's boot partition.",
        subcommands: [Import.self])

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move an aggregator password file from the card into the state directory, the card's Wi-Fi network into iwd's, and write the doctor's report where the card asks for it (run as root).")

        @Option(help: "The card's boot partition (default: $LECTERN_CARD_DIRECTORY, else /boot/firmware).")
        var card: String?

        @Option(help: "The state directory the password goes to (default: $STATE_DIRECTORY, else /var/lib/lectern).")
        var state: String?

        @Option(help: "iwd's state directory, where the card's Wi-Fi network goes (default: the state directory's iwd folder, which iwd sees as /var/lib/iwd).")
        var iwd: String?

        @Option(help: "The service user who will own it.")
        var user = "lectern"

        func run() throws {
            let environment = ProcessEnvironment.current()
            let card = self.card ?? ReaderLaunch.cardDirectory(environment)
            let state = self.state ?? environment["STATE_DIRECTORY"] ?? "/var/lib/lectern"
            guard AtomicFile.exists(card) else {
                print("no card at \(card): nothing to take in")
                return
            }
            guard let owner = CardSetup.Owner.user(user) else { throw CommandFailure("no user \(user) to own the password") }
            do {
                print(try CardSetup.movePassword(card: card, state: state, owner: owner) ?? "no password on the card at \(card)")
                for line in try CardSetup.takeWiFi(card: card, iwd: iwd ?? state + "/" + CardSetup.iwdFolderName, state: state, owner: owner) {
                    print(line)
                }
                if AtomicFile.exists(card + "/" + CardSetup.doctorName),
                   let line = try CardSetup.writeDoctorReport(doctorReport(environment: environment, state: state), card: card) {
                    print(line)
                }
            } catch let error as CardSetupError {
                throw CommandFailure(error.description)
            }
        }

        /// `lectern doctor`'s lines, as the panel's settings stand, dated. This runs early in the boot, when the
        /// display's driver may still be loading: it waits for a DRM device up to 30 s first (only when a report
        /// was asked for), so that the report does not say "no display" of a panel about to appear.
        private func doctorReport(environment: [String: String], state: String) -> [String] {
            PanelDoctor.waitForDisplay(seconds: 30)
            let (settings, problems) = (try? ReaderLaunch.settings(configFiles: ReaderLaunch.configurationFiles(environment),
                                                                   panelFile: nil, environment: environment, flags: []))
                ?? (ReaderSettings(), [])
            let doctor = PanelDoctor(settings: settings, stateDirectory: state,
                                     cardFile: ReaderLaunch.cardDirectory(environment) + "/lectern.conf")
            return ["lectern doctor, \(LocalTime.now().iso8601) (the panel's clock), before the kiosk started:"]
                + problems.map { "fix settings: \($0)" } + doctor.findings().map(\.line)
        }
    }
}
