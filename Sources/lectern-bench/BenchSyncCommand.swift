import CommandLineSupport
import ArgumentParser
import Feeds
import Reader

/// `lectern-bench sync`: one sync with an account, timed, with the list scrolled meanwhile (see `SyncBench`).
/// `scripts/bench-sync.sh` runs it against the loopback Google Reader server: 10,000 entries, then 100 changes.
struct BenchSyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "One sync, timed, with the worst frame drawn meanwhile (CSV).")

    @Option(help: "fever or greader.") var kind: String
    @Option(help: "The API's address.") var url: String
    @Option(help: "The login.") var user: String?
    @Option(help: "A file only you can read, holding the password.") var passwordFile: String
    @Option(help: "The store to sync (kept, so a second run measures a later sync).") var store: String
    @Option(help: "Entries to mark read on the panel before the sync.") var localChanges = 0
    @Option(help: "Panel size in pixels, WIDTHxHEIGHT.") var size = PanelSize(width: 1920, height: 1080)
    @Option(help: "Pixels per point.") var scale = 2.0

    func validate() throws {
        guard SyncAccount.Kind(rawValue: kind) != nil else { throw ValidationError("--kind must be fever or greader") }
    }

    func run() throws {
        let password: String
        do {
            password = try PasswordFile.read(passwordFile)
        } catch {
            throw CommandFailure(error.message)
        }
        let account = SyncAccount(kind: SyncAccount.Kind(rawValue: kind)!, url: url, user: user, password: password)
        try SyncBench(account: account, storePath: store, localChanges: localChanges, width: size.width,
                      height: size.height, pixelsPerPoint: scale)
            .run(emit: { print($0) }, note: { FileStream.standardError.write($0 + "\n") })
    }
}
