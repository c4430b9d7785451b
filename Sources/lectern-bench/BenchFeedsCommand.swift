#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Feeds
import Platform
import Reader

/// `lectern-bench feeds`: parse throughput against Python's feedparser and against libxml2's bare recovering parse
/// (`xmllint --noout --recover`) on the same files in the same run, in alternating rounds (the machine is shared
/// and noisy): the test fixtures, and generated feeds the size and shape of real ones. Then the store's figures.
struct BenchFeedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds", abstract: "Feed parsing throughput against feedparser and xmllint, and the store's speed.")

    @Option(help: "A folder of feed files to parse.")
    var fixtures = "Tests/FeedsTests/Fixtures"

    @Option(help: "A Python with feedparser installed (the reference); 'none' to skip it.")
    var python = ".build/oracle-venv/bin/python"

    @Option(help: "xmllint (libxml2-utils), the floor; 'none' to skip it.")
    var xmllint = "xmllint"

    @Option(help: "Write the generated large feeds to this folder and keep them (a temporary one by default).")
    var largeFixtures: String?

    @Option(help: "Rounds of each parser, alternating.")
    var rounds = 5

    @Option(help: "A folder for the store benchmark's database (a temporary one by default).")
    var storeDirectory: String?

    enum Part: String, ExpressibleByArgument, CaseIterable { case parse, store }

    @Option(help: "Only this part (parse or store), e.g. to profile it.")
    var only: Part?

    func validate() throws {
        guard (1...50).contains(rounds) else { throw ValidationError("--rounds must be 1...50") }
    }

    func run() throws {
        if only != .store { try benchParsing() }
        if only != .parse { try benchStore() }
    }

    private func benchParsing() throws {
        // feedparser 6 reads no JSON Feed: it turns those files away at once, so timing it on them would
        // measure nothing. The comparison is over the XML feeds; JSON Feed throughput is printed on its own.
        let small = try FeedParseBench(folder: fixtures, suffix: ".xml")
        let folder = try largeFixtures ?? TemporaryFolder.make(prefix: "lectern-bench-feeds")
        if let largeFixtures { try? AtomicFile.makeDirectory(largeFixtures) }
        let largePaths = try LargeFeedFixtures.write(to: folder)
        defer {
            if largeFixtures == nil {
                for path in largePaths { unlink(path) }
                rmdir(folder)
            }
        }
        let large = try FeedParseBench(paths: largePaths)
        let sets = [("small", small), ("large", large)]
        for (name, files) in sets {
            let sizes = files.contents.map { Double($0.count) / 1000 }
            print("parse \(name): \(files.paths.count) XML feeds, \(files.byteCount) bytes "
                + "(\(String(format1: sizes.min()!))–\(String(format1: sizes.max()!)) KB each)")
        }
        print("parse: MB per second of CPU time (the machine is shared: waiting for a core is not parsing)")
        print("round,set,lectern_mb_s,feedparser_mb_s,xmllint_mb_s,lectern_vs_feedparser,lectern_time_vs_xmllint")
        var best: [String: (lectern: Double, feedparser: Double, xmllint: Double)] = [:]
        for round in 1...rounds {
            for (name, files) in sets {
                let ours = files.lecternMegabytesPerSecond()
                let reference = python == "none" ? nil : try files.feedparserMegabytesPerSecond(python: python)
                let floor = xmllint == "none" ? nil : try files.xmllintMegabytesPerSecond(xmllint: xmllint)
                var kept = best[name] ?? (0, 0, 0)
                kept = (max(kept.lectern, ours), max(kept.feedparser, reference ?? 0), max(kept.xmllint, floor ?? 0))
                best[name] = kept
                print("\(round),\(name),\(String(format1: ours)),\(format(reference)),\(format(floor)),"
                    + "\(format(reference.map { ours / $0 })),\(format(floor.map { $0 / ours }, digits: 3))")
            }
        }
        for (name, _) in sets {
            guard let figures = best[name] else { continue }
            var line = "parse best \(name): lectern \(String(format1: figures.lectern)) MB/s"
            if figures.feedparser > 0 {
                line += "; feedparser \(String(format1: figures.feedparser)) MB/s, lectern "
                    + "\(String(format1: figures.lectern / figures.feedparser))x as fast (at least 20x)"
            }
            if figures.xmllint > 0 {
                line += "; xmllint --recover \(String(format1: figures.xmllint)) MB/s, lectern takes "
                    + "\(format(figures.xmllint / figures.lectern, digits: 3))x its time (at most 2x)"
            }
            print(line)
        }
        if let json = try? FeedParseBench(folder: fixtures, suffix: ".json") {
            print("parse: \(json.paths.count) JSON feeds, \(json.byteCount) bytes: lectern "
                + "\(String(format1: json.lecternMegabytesPerSecond())) MB/s (feedparser reads none)")
        }
    }

    /// One decimal for rates, three for the time ratio (whose bar, 2, is near).
    private func format(_ value: Double?, digits: Int = 1) -> String {
        guard let value else { return "-" }
        return digits == 1 ? String(format1: value) : String(format3: value)
    }

    private func benchStore() throws {
        let directory = try storeDirectory ?? TemporaryFolder.make(prefix: "lectern-bench-store")
        defer { if storeDirectory == nil { rmdir(directory) } }
        for figure in try StoreBench.figures(directory: directory) {
            print("store: \(figure.name): \(String(format3: figure.milliseconds)) ms")
        }
    }
}
