import Admin
import ArgumentParser
import CommandLineSupport
import Feeds
import Pairing
import Reader
#if canImport(Glibc)
import Glibc
#endif

/// `lectern admin`: the HTTP API and page a paired phone manages the panel from, as the admin design's contract says. A
/// process of its own, apart from the kiosk, sharing the store and the state directory with it.
struct AdminCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin", abstract: "Serve the page and API a paired phone manages the panel through.")

    @Option(help: ArgumentHelp("Where to listen when systemd passes no socket.", valueName: "addr:port"))
    var listen: String?
    @OptionGroup var storeOptions: StoreOptions
    @Option(help: ArgumentHelp("The kiosk's state directory (default: the store's directory).", valueName: "dir"))
    var state: String?
    @Option(help: ArgumentHelp("The configuration file (default: the image's and the card's lectern.conf).", valueName: "file"))
    var config: String?

    func run() throws {
        let environment = ProcessEnvironment.current()
        let storePath = try storeOptions.resolvedPath()
        let stateDirectory = state ?? ReaderLaunch.directory(of: storePath)
        let store = try storeOptions.withStore { $0 }
        // A smaller page cache than the kiosk's: the page asks for a feed list now and then, never scrolls a river.
        try? store.database.execute("PRAGMA cache_size = -512")
        let settings = PanelSettings(book: SettingsBook(stateDirectory: stateDirectory,
                                                       configFiles: config.map { [$0] } ?? ReaderLaunch.configurationFiles(environment),
                                                       cardDirectory: ReaderLaunch.cardDirectory(environment)))
        let context = AdminContext(stateDirectory: stateDirectory, store: store, settings: settings,
                                   clock: { LocalTime.now().secondsSince1970 },
                                   verifyAccount: AdminFetching.verify, fetch: AdminFetching.fetch,
                                   hostNames: [PanelAddress.localName()].compactMap { $0 })

        // Blocked before the server's thread starts, so it inherits the mask and the signals come to sigwait here.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let socket: Int32
        let place: String
        do {
            if let given = try AdminListener.systemdSocket(environment: environment) {
                (socket, place) = (given, "the socket systemd passed")
            } else {
                let address = listen ?? "0.0.0.0:80"
                (socket, place) = (try AdminListener.bind(address), address)
            }
        } catch {
            throw CommandFailure(error.description)
        }
        let server = AdminServer(router: AdminRouter(context: context)) { FileStream.standardError.write("lectern admin: \($0)\n") }
        do { try server.start(socket: socket) } catch { throw CommandFailure(error.description) }
        FileStream.standardError.write("lectern admin: listening on \(place) (state \(stateDirectory), store \(storePath))\n")
        var received: Int32 = 0
        sigwait(&signals, &received)
        server.stop()
        withExtendedLifetime(store) {}
    }
}

/// What `lectern admin` reaches the network for: a feed or a page a phone named, an aggregator's sign-in. Each
/// bounded to ten seconds and a few megabytes: a phone waits on it.
enum AdminFetching {
    static let fetcher: FeedFetcher = {
        var configuration = FeedFetcher.Configuration()
        configuration.connectTimeout = 5
        configuration.totalTimeout = 10
        configuration.lowSpeedSeconds = 10
        configuration.maxBodyBytes = 4 << 20
        return FeedFetcher(userAgent: FeedFetcher.userAgent(version: LecternVersion.current), configuration: configuration)
    }()

    static func fetch(_ url: String) -> AdminFetched {
        do {
            let response = try fetcher.fetch(FetchRequest(url: url))
            guard (200..<300).contains(response.status) else {
                return AdminFetched(finalURL: response.finalURL, failure: "the server answered \(response.status)")
            }
            return AdminFetched(finalURL: response.finalURL, contentType: response.contentType, body: response.body)
        } catch {
            return AdminFetched(finalURL: url, failure: error.reason)
        }
    }

    static func verify(_ account: SyncAccount) -> String? {
        do {
            try SyncEngine(account: account, fetcher: fetcher).signIn()
            return nil
        } catch {
            return error.message
        }
    }
}
