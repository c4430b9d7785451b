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
            abstract: "Move an aggregator password file from the card into the state directory (run as root).")

        @Option(help: "The card's boot partition (default: $LECTERN_CARD_DIRECTORY, else /boot/firmware).")
        var card: String?

        @Option(help: "The state directory the password goes to (default: $STATE_DIRECTORY, else /var/lib/lectern).")
        var state: String?

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
            } catch let error as CardSetupError {
                throw CommandFailure(error.description)
            }
        }
    }
}
