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

    public init(directory: String, byteLimit: Int) throws(ImageCacheError) {
        self.directory = directory
        self.byteLimit = max(0, byteLimit)
        if mkdir(directory, 0o755) != 0, errno != EEXIST { throw ImageCacheError("create \(directory)") }
    }

    func path(for url: String) -> String {
        directory + "/" + ContentHash.hex(ContentHash.sha256(Array(url.utf8))) + ".img"
    }

    public func contains(_ url: String) -> Bool { access(path(for: url), F_OK) == 0 }

    /// The bytes fetched for `url`, or nil when they are not here (or cannot be read).
    public func bytes(for url: String) -> [UInt8]? { CacheFile.read(path(for: url), limit: Self.largestImage) }

    /// Keeps `bytes` for `url` (written beside, then renamed into place: a reader sees all of it or none).
    public func store(_ bytes: [UInt8], for url: String) throws(ImageCacheError) {
        guard bytes.count <= Self.largestImage else { return }
        try CacheFile.write(bytes, to: path(for: url))
    }

    /// The files and their sizes and ages.
    private func entries() -> [(path: String, size: Int, modified: Int)] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var found: [(String, Int, Int)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(".img") else { continue }
            var status = stat()
            let path = directory + "/" + name
            if stat(path, &status) == 0 { found.append((path, Int(status.st_size), Int(status.st_mtim.tv_sec))) }
        }
        return found
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

public struct ImageCacheError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ operation: String) { description = "\(operation): \(String(cString: strerror(errno)))" }
}
