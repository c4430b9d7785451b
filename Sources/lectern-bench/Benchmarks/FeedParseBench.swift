#if canImport(Glibc)
import Glibc
#endif
import Reader
import Feeds
import Platform

/// Feed parsing throughput over the same files: lectern's, feedparser's (the reference for what a feed reader makes of
/// a feed) and libxml2's bare recovering parse (`xmllint --noout --recover`, the floor: lectern parses with libxml2
/// and then reads the tree). Files are read once, so only parsing is timed.
///
/// Each is timed by the CPU time it used, not the wall clock: the machines this runs on are shared, and a
/// parser that waited for another's build to leave the core would be charged for the wait. All three count
/// the same way (this thread's CPU clock, Python's `process_time`, xmllint's rusage).
public struct FeedParseBench {
    public var paths: [String]
    public var contents: [[UInt8]]
    public var byteCount: Int { contents.reduce(0) { $0 + $1.count } }

    public init(folder: String, suffix: String) throws {
        paths = try DirectoryListing.files(in: folder).filter { $0.hasSuffix(suffix) }.sorted().map { folder + "/" + $0 }
        guard !paths.isEmpty else { throw BenchFailure("\(folder): no \(suffix) feed files") }
        contents = try paths.map { try AtomicFile.read($0) }
    }

    public init(paths: [String]) throws {
        guard !paths.isEmpty else { throw BenchFailure("no feed files") }
        self.paths = paths
        contents = try paths.map { try AtomicFile.read($0) }
    }

    /// Parses every file until at least 0.3 s of CPU time have passed and returns megabytes (10^6 bytes) per
    /// second.
    public func lecternMegabytesPerSecond() -> Double {
        var parsedBytes = 0
        var entries = 0
        let start = ThreadCPUClock.nanoseconds()
        var elapsed: UInt64 = 0
        repeat {
            for (index, bytes) in contents.enumerated() {
                entries &+= (try? FeedParser.parse(bytes, url: "file://" + paths[index]))?.entries.count ?? 0
                parsedBytes += bytes.count
            }
            elapsed = ThreadCPUClock.nanoseconds() - start
        } while elapsed < 300_000_000
        precondition(entries > 0, "the fixtures parsed to no entries")
        return Double(parsedBytes) / Double(elapsed) * 1e3
    }

    /// feedparser times its own loop over bytes already in memory, so Python's start-up is not counted.
    public func feedparserMegabytesPerSecond(python: String) throws -> Double {
        let script = """
            import sys, time, feedparser
            data = [open(p, 'rb').read() for p in sys.argv[1:]]
            total, start = 0, time.process_time()
            while True:
                for d in data: feedparser.parse(d); total += len(d)
                if time.process_time() - start >= 0.3: break
            print(total / (time.process_time() - start) / 1e6)
            """
        let output = try ChildProcess.run([python, "-c", script] + paths)
        guard output.status == 0, let rate = Double(output.standardOutput.split(separator: "\n").last ?? "") else {
            throw BenchFailure("feedparser reference failed (status \(output.status)); "
                + "make it with scripts/test-feed-oracle.sh or pass --python none")
        }
        return rate
    }

    /// xmllint parses every file 100 times in one process (`--repeat`), so its start-up is a fraction of a percent
    /// of the time; its CPU time is taken from outside, as xmllint prints no rate of its own. Its complaints about
    /// the broken fixtures go nowhere.
    public func xmllintMegabytesPerSecond(xmllint: String) throws -> Double {
        let repeats = 100
        let output = try ChildProcess.run([xmllint, "--noout", "--recover", "--nonet", "--repeat"] + paths, quiet: true)
        let elapsed = max(output.cpuNanoseconds, 1)
        // xmllint's status says whether every file was well-formed; with --recover it parsed them all either way.
        guard output.status < 128 else {
            throw BenchFailure("xmllint failed (status \(output.status)); install libxml2-utils or pass --xmllint none")
        }
        return Double(byteCount * repeats) / Double(elapsed) * 1e3
    }
}
