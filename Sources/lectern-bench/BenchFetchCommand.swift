#if canImport(Glibc)
import Glibc
#endif
import CommandLineSupport
import ArgumentParser
import Feeds
import Reader

/// `lectern-bench fetch`: refreshing many feeds from one server with a connection per request (the reference)
/// and with shared, kept-alive connections, in alternating rounds. `scripts/bench-fetch.sh` serves the feeds.
struct BenchFetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch", abstract: "Refreshing many feeds: a connection per request against shared connections.")

    @Option(help: "The feed server's address, ending in '/': it serves feed0, feed1... and /connections.")
    var base: String

    @Option(help: "How many feeds to refresh.")
    var feeds = 50

    @Option(help: "Rounds of each mode, alternating.")
    var rounds = 5

    func validate() throws {
        guard base.hasSuffix("/") else { throw ValidationError("--base must end in '/'") }
        guard (1...1_000).contains(feeds) else { throw ValidationError("--feeds must be 1...1000") }
        guard (1...50).contains(rounds) else { throw ValidationError("--rounds must be 1...50") }
    }

    func run() throws {
        let bench = FetchBench(base: base, feedCount: feeds,
                               userAgent: FeedFetcher.userAgent(version: LecternVersion.current))
        let directory = try TemporaryFolder.make(prefix: "lectern-bench-fetch")
        defer { rmdir(directory) }
        print("fetch: \(feeds) feeds from \(base), \(rounds) rounds, modes alternating")
        print("round,part,mode,ms,client_connections,server_connections,feeds_ok")
        var best: [String: Double] = [:]
        for round in 1...rounds {
            // Each round swaps which mode goes first, so a warming server or cache favours neither.
            let modes = round % 2 == 1 ? FetchBench.Mode.allCases : FetchBench.Mode.allCases.reversed()
            for part in ["fetch", "refresh"] {
                for mode in modes {
                    let figure = part == "fetch" ? try bench.fetchAll(mode) : try bench.refreshAll(mode, directory: directory)
                    print("\(round),\(part),\(mode.rawValue),\(String(format1: figure.milliseconds)),"
                        + "\(figure.clientConnections.map(String.init) ?? "-"),\(figure.serverConnections),\(figure.feedsOK)")
                    let key = part + " " + mode.rawValue
                    best[key] = min(best[key] ?? .infinity, figure.milliseconds)
                }
            }
        }
        for part in ["fetch", "refresh"] {
            guard let reference = best[part + " per-request"], let shared = best[part + " shared"] else { continue }
            print("\(part) best: per-request \(String(format1: reference)) ms, shared \(String(format1: shared)) ms, "
                + "\(String(format1: reference / shared))x")
        }
    }
}
