import CommandLineSupport
import ArgumentParser
import Feeds
import Glibc
import Platform
import Reader

/// `lectern feed …`: feed tools.
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed", abstract: "Feed tools.", subcommands: [FeedParseCommand.self])
}

/// `lectern feed parse FILE... --json`: the inspection contract of docs/feeds.md, one JSON document a line per file.
/// A file that cannot be read or holds no feed gets one line on stderr; the others are still printed, and the
/// exit status is 1 at the end.
struct FeedParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "parse", abstract: "Parse feed files and print them.")

    @Argument(help: "Feed files (RSS, Atom, JSON Feed).")
    var files: [String]

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        var failed = false
        let output = BufferedOutput()
        for file in files {
            let feed: ParsedFeed
            do {
                feed = try FeedParser.parse(try Self.read(file))
            } catch {
                output.flush()
                FileStream.standardError.write("lectern: \(file): \(error)\n")
                failed = true
                continue
            }
            output.line(json ? Self.contract(feed).text : Self.summary(feed))
        }
        output.flush()
        if failed { Glibc.exit(1) }
    }

    /// Reads a regular file of at most 64 MiB (a directory or a device is refused with a clear reason).
    static func read(_ path: String) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FeedFileError(Errno.current.description) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FeedFileError((info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "not a regular file")
        }
        do {
            return try AtomicFile.read(path, limit: 64 << 20)
        } catch {
            throw FeedFileError(error.errno == EFBIG ? "larger than 64 MiB" : Errno(error.errno).description)
        }
    }

    /// docs/feeds.md's shape, keys in its order.
    static func contract(_ feed: ParsedFeed) -> JSONValue {
        func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        func date(_ value: Timestamp?) -> JSONValue { value.map { .string($0.iso8601) } ?? .null }
        let entries: [JSONValue] = feed.entries.map { entry in
            .object([
                ("title", string(entry.title)), ("link", string(entry.link)), ("id", string(entry.id)),
                ("author", string(entry.author)), ("summary", string(entry.summary)),
                ("content", string(entry.content)), ("published", date(entry.published)),
                ("updated", date(entry.updated)),
                ("enclosures", .array(entry.enclosures.map { enclosure in
                    .object([("url", .string(enclosure.url)), ("type", string(enclosure.type)),
                             ("length", enclosure.length.map { .integer($0) } ?? .null)])
                })),
            ])
        }
        return .object([("feed", .object([("title", string(feed.title)), ("link", string(feed.link))])),
                        ("entries", .array(entries))])
    }

    /// A few lines for a person: the title, how many entries, each entry's date and title.
    static func summary(_ feed: ParsedFeed) -> String {
        var lines = ["\(feed.title ?? "(untitled)") — \(feed.entries.count) entr\(feed.entries.count == 1 ? "y" : "ies")"]
        for entry in feed.entries {
            let date = (entry.published ?? entry.updated).map { String($0.iso8601.prefix(10)) } ?? "----------"
            lines.append("  \(date)  \(entry.title ?? "(untitled)")")
        }
        return lines.joined(separator: "\n")
    }
}

/// Why a feed file could not be read, as the one line after its name.
struct FeedFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
