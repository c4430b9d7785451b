import System
#if canImport(Glibc)
import Glibc
#endif

/// Article images and thumbnails as fetched, one file per address in a directory of the state partition, held
/// under a byte bound by evicting the oldest files first. Files are named by a SHA-256 of the address, so a
/// feed cannot make two addresses share a file. A cache, not a store: files are renamed into place but not
/// fsynced (sparing an SD card); a file a power cut truncated decodes as a broken image, which costs an alt box.
public final class ImageCache: @unchecked Sendable {
    public let directory: String
    public let byteLimit: Int
    /// The largest image kept: the fetcher's cap for images.
    public static let largestImage = 8 << 20

    public init(directory: String, byteLimit: Int) throws(SystemCallError) {
        self.directory = directory
        self.byteLimit = max(0, byteLimit)
        if mkdir(directory, 0o755) != 0, errno != EEXIST { throw SystemCallError("create \(directory)") }
    }

    func path(for url: String) -> String {
        directory + "/" + ContentHash.hex(ContentHash.sha256(Array(url.utf8))) + ".img"
    }

    public func contains(_ url: String) -> Bool { access(path(for: url), F_OK) == 0 }

    /// The bytes fetched for `url`, or nil when they are not here (or cannot be read).
    public func bytes(for url: String) -> [UInt8]? { try? AtomicFile.read(path(for: url), limit: Self.largestImage) }

    /// Keeps `bytes` for `url` (written beside, then renamed into place: a reader sees all of it or none).
    public func store(_ bytes: [UInt8], for url: String) throws(SystemCallError) {
        guard bytes.count <= Self.largestImage else { return }
        try AtomicFile.write(bytes, to: path(for: url), durable: false)
    }

    /// The files and their sizes and ages.
    private func entries() -> [(path: String, size: Int, modified: Int)] {
        let names = (try? DirectoryListing.files(in: directory)) ?? []
        return names.filter { $0.hasSuffix(".img") }.compactMap { name in
            var status = stat()
            let path = directory + "/" + name
            return stat(path, &status) == 0 ? (path, Int(status.st_size), Int(status.st_mtim.tv_sec)) : nil
        }
    }

    /// Bytes the cache holds now.
    public var size: Int { entries().reduce(0) { $0 + $1.size } }

    /// Deletes the oldest files until the cache is within its bound; returns how many went.
    @discardableResult
    public func evict() -> Int {
        var files = entries()
        var total = files.reduce(0) { $0 + $1.size }
        guard total > byteLimit else { return 0 }
        files.sort { ($0.modified, $0.path) < ($1.modified, $1.path) }
        var removed = 0
        for file in files where total > byteLimit {
            if unlink(file.path) == 0 {
                total -= file.size
                removed += 1
            }
        }
        return removed
    }
}
