import System
#if canImport(Glibc)
import Glibc
#endif

/// The little pictures that stand for feeds in the lists: one file per icon in a directory of the state
/// partition, holding the bytes as fetched (at most `largestIcon`) after a short head that says where they came
/// from, the validators for a conditional re-fetch, and when they were last checked. A check that found no icon
/// is kept too (an empty body), so a site without one is not asked again on every refresh. Files are written
/// beside and renamed into place, not fsynced: it is a cache; a torn file reads as no icon and is fetched again.
public final class FeedIcons: @unchecked Sendable {
    public let directory: String
    /// The largest icon kept; a feed's "icon" can be a full-size logo, and a list row draws it at 20 points.
    public static let largestIcon = 256 << 10
    /// How long a found icon is trusted before a conditional re-fetch.
    public static let recheckSeconds = 7 * 86_400
    /// How long after finding none (or failing) the site is asked again.
    public static let retrySeconds = 86_400

    /// What is known of one icon.
    public struct Record: Equatable, Sendable {
        /// The address the bytes came from; nil when no icon was found.
        public var source: String?
        public var etag: String?
        public var lastModified: String?
        public var checked: Timestamp
        /// The image file as fetched; empty when no icon was found.
        public var bytes: [UInt8]

        public init(source: String?, etag: String? = nil, lastModified: String? = nil, checked: Timestamp,
                    bytes: [UInt8]) {
            self.source = source
            self.etag = etag
            self.lastModified = lastModified
            self.checked = checked
            self.bytes = bytes
        }

        /// Whether it is time to ask the server again at `now`.
        public func isStale(at now: Timestamp) -> Bool {
            let wait = bytes.isEmpty ? FeedIcons.retrySeconds : FeedIcons.recheckSeconds
            return now.secondsSince1970 - checked.secondsSince1970 >= Int64(wait)
                || now.secondsSince1970 < checked.secondsSince1970  // a clock set back: check rather than wait
        }
    }

    public init(directory: String) throws(SystemCallError) {
        self.directory = directory
        if mkdir(directory, 0o755) != 0, errno != EEXIST { throw SystemCallError("create \(directory)") }
    }

    /// Which icon stands for a feed: its own (RSS image, Atom icon or logo, JSON Feed icon), else its site's,
    /// named by the site's origin (the home page link's, else the feed address's). Feeds of one site without
    /// icons of their own share the site's.
    public static func key(icon: String?, siteLink: String?, feedURL: String) -> String? {
        if let icon, WebAddress.isWeb(icon) { return icon }
        return (siteLink.flatMap(origin) ?? origin(feedURL)).map { "site:" + $0 }
    }

    public static func key(for feed: StoredFeed) -> String? {
        key(icon: feed.icon, siteLink: feed.siteLink, feedURL: feed.url)
    }

    /// `scheme://host[:port]` of an http or https address, lowercased; nil for anything else.
    static func origin(_ url: String) -> String? {
        guard WebAddress.isWeb(url), let start = url.firstRange(of: "://")?.upperBound else { return nil }
        let authority = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // Credentials before an "@" are no part of the site.
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        guard !host.isEmpty else { return nil }
        return (url[..<start] + host).lowercased()
    }

    /// Whether `bytes` start like an image the reader decodes (PNG, JPEG, GIF, WebP, ICO): what a server sends
    /// for a missing icon is often an HTML page with status 200.
    public static func looksLikeImage(_ bytes: [UInt8]) -> Bool {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        return starts([0x89, 0x50, 0x4E, 0x47]) || starts([0xFF, 0xD8, 0xFF]) || starts(Array("GIF8".utf8))
            || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8))
            || (starts([0, 0, 1, 0]) && bytes.count > 6 && (bytes[4] != 0 || bytes[5] != 0))
    }

    func path(for key: String) -> String {
        directory + "/" + ContentHash.hex(ContentHash.sha256(Array(key.utf8))) + ".icon"
    }

    /// The icon's bytes for the lists, or nil when none is known (yet).
    public func bytes(forKey key: String) -> [UInt8]? {
        guard let record = record(forKey: key), !record.bytes.isEmpty else { return nil }
        return record.bytes
    }

    public func bytes(for feed: StoredFeed) -> [UInt8]? { Self.key(for: feed).flatMap { bytes(forKey: $0) } }

    private static let magic = Array("lectern-icon 1\n".utf8)
    /// Room for the head: four short lines (addresses are capped below).
    private static let largestHead = 12 << 10

    /// What was recorded for `key`; nil when nothing is, or the file is not one of these (torn, foreign).
    public func record(forKey key: String) -> Record? {
        guard let data = try? AtomicFile.read(path(for: key), limit: Self.largestHead + Self.largestIcon),
              data.starts(with: Self.magic),
              let end = data.firstRange(of: [10, 10]), end.lowerBound <= Self.largestHead else { return nil }
        var fields: [String: String] = [:]
        for line in data[Self.magic.count..<end.lowerBound].split(separator: 10) {
            guard let space = line.firstIndex(of: 32) else { continue }
            fields[String(decoding: line[..<space], as: UTF8.self)] =
                String(decoding: line[(space + 1)...], as: UTF8.self)
        }
        guard let checked = fields["checked"].flatMap({ Int64($0) }) else { return nil }
        return Record(source: fields["source"], etag: fields["etag"], lastModified: fields["last-modified"],
                      checked: Timestamp(secondsSince1970: checked), bytes: Array(data[end.upperBound...]))
    }

    /// Keeps `record` for `key` (a reader sees the old file or the new, never half of one). Bytes over the cap,
    /// and head values that could break the head (line breaks, overlong addresses), are left out.
    public func store(_ record: Record, forKey key: String) throws(SystemCallError) {
        func line(_ name: String, _ value: String?) -> String {
            guard let value, value.utf8.count <= 2_048, !value.utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 0 })
            else { return "" }
            return "\(name) \(value)\n"
        }
        let bytes = record.bytes.count <= Self.largestIcon ? record.bytes : []
        let head = "checked \(record.checked.secondsSince1970)\n" + line("source", record.source)
            + line("etag", record.etag) + line("last-modified", record.lastModified) + "\n"
        try AtomicFile.write(Self.magic + Array(head.utf8) + bytes, to: path(for: key), durable: false)
    }
}
