import CommandLineSupport
import ArgumentParser
import Feeds
import Platform
import Reader

/// `lectern sync --once`: one full sync with the aggregator account, from the flags or else the configuration
/// (docs/sync.md's contract). Progress goes to stderr, the summary is the last line on stdout; exit 0 when the panel
/// and the server agree, 1 with one line naming what failed, 2 for bad flags.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Sync the store with an aggregator (Fever or Google Reader API).")

    @Flag(help: "Run one sync and exit (the panel syncs on its own schedule).") var once = false
    @OptionGroup var storeOptions: StoreOptions
    @Option(help: ArgumentHelp("The configuration file, for the account when no --kind is given.", valueName: "file"))
    var config: String?
    @Option(help: "fever or greader.") var kind: String?
    @Option(help: "The API's address: Fever's endpoint, or the Google Reader API's base.") var url: String?
    @Option(help: "The login (Fever: the email; none: the password file holds Fever's API key).") var user: String?
    @Option(help: "A file only you can read, holding the password.") var passwordFile: String?

    func validate() throws {
        guard once else { throw ValidationError("give --once: the panel syncs on its own schedule") }
        if let kind {
            guard SyncAccount.Kind(rawValue: kind) != nil else { throw ValidationError("--kind must be fever or greader") }
            guard url != nil, passwordFile != nil else { throw ValidationError("--kind needs --url and --password-file") }
            if kind == "greader", user == nil { throw ValidationError("--kind greader needs --user") }
        } else if url != nil || user != nil || passwordFile != nil {
            throw ValidationError("--url, --user and --password-file go with --kind")
        }
    }

    func run() throws {
        let account = try self.account()
        let path = try storeOptions.resolvedPath()
        let fetcher = FeedFetcher(userAgent: FeedFetcher.userAgent(version: LecternVersion.current))
        let outcome = SyncWorker.sync(storePath: path, account: account, fetcher: fetcher, at: LocalTime.now(),
                                      progress: { FileStream.standardError.write("\($0)\n") })
        switch outcome {
        case .success(let report): print(report.summary)
        case .failure(let error): throw CommandFailure(error.message)
        }
    }

    private func account() throws -> SyncAccount {
        do {
            if let kind, let kindValue = SyncAccount.Kind(rawValue: kind), let url, let passwordFile {
                return SyncAccount(kind: kindValue, url: url, user: user, password: try PasswordFile.read(passwordFile))
            }
            let settings = try ReaderOptions.parse(config.map { ["--config", $0] } ?? []).settings(panelDirectory: nil)
            guard let account = try settings.syncAccount() else {
                throw CommandFailure("no account: give --kind, --url and --password-file, or set sync in the configuration")
            }
            return account
        } catch let error as SyncError {
            throw CommandFailure(error.message)
        }
    }
}
