import Feeds
import Platform

/// Feed parsing throughput, lectern's and feedparser's, over the same files: read once, so only parsing is timed.
public struct FeedParseBench {
    public var paths: [String]
    public var contents: [[UInt8]]
    public var byteCount: Int { contents.reduce(0) { $0 + $1.count } }

    public init(folder: String, suffix: String) throws {
        paths = try DirectoryListing.files(in: folder).filter { $0.hasSuffix(suffix) }.sorted().map { folder + "/" + $0 }
        guard !paths.isEmpty else { throw BenchFailure("\(folder): no \(suffix) feed files") }
        contents = try paths.map { try AtomicFile.read($0) }
    }

    /// Parses every file until at least 0.3 s have passed and returns megabytes (10^6 bytes) per second.
    public func lecternMegabytesPerSecond() -> Double {
        var parsedBytes = 0
        var entries = 0
        let start = MonotonicClock.nanoseconds()
        var elapsed: UInt64 = 0
        repeat {
            for (index, bytes) in contents.enumerated() {
                entries &+= (try? FeedParser.parse(bytes, url: "file://" + paths[index]))?.entries.count ?? 0
                parsedBytes += bytes.count
            }
            elapsed = MonotonicClock.nanoseconds() - start
        } while elapsed < 300_000_000
        precondition(entries > 0, "the fixtures parsed to no entries")
        return Double(parsedBytes) / Double(elapsed) * 1e3
    }

    /// feedparser times its own loop over bytes already in memory, so Python's start-up is not counted.
    public func feedparserMegabytesPerSecond(python: String) throws -> Double {
        let script = """
            import sys, time, feedparser
            data = [open(p, 'rb').read() for p in sys.argv[1:]]
            total, start = 0, time.perf_counter()
            while True:
                for d in data: feedparser.parse(d); total += len(d)
                if time.perf_counter() - start >= 0.3: break
            print(total / (time.perf_counter() - start) / 1e6)
            """
        let output = try ChildProcess.run([python, "-c", script] + paths)
        guard output.status == 0, let rate = Double(output.standardOutput.split(separator: "\n").last ?? "") else {
            throw BenchFailure("feedparser reference failed (status \(output.status)); "
                + "make it with scripts/test-feed-oracle.sh or pass --python none")
        }
        return rate
    }
}
