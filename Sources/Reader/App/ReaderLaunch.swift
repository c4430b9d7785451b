import Feeds
import Pairing
import Platform
import Text
import Touch
import Widgets

/// How the reader starts, the same for the panel, `replay reader` and the tests: the settings from their
/// sources, the library over the store (or the samples), the place from the state directory.
public enum ReaderLaunch {
    /// The file the panel's own changes go to, in the state directory.
    public static let panelSettingsName = SharedState.panelSettingsName
    public static let placeName = "reader.place"

    /// Settings from the configuration files in order (the image's, then the card's: later wins), the panel's
    /// saved changes (if any), the environment, then the flags. A file that cannot be read, and a line or a
    /// value in a file that cannot be taken, are left out and returned in `problems`, one line each: the panel
    /// starts whatever an owner wrote. The environment and flags stay strict.
    public static func settings(configFiles: [String], panelFile: String?, environment: [String: String],
                                flags: [(key: String, value: String)]) throws -> (settings: ReaderSettings, problems: [String]) {
        var sources: [ReaderConfiguration.Source] = []
        var problems: [String] = []
        for file in configFiles {
            do {
                let bytes = try AtomicFile.read(file, limit: 1 << 20)
                let (source, lines) = ReaderConfiguration.readFile(String(decoding: bytes, as: UTF8.self), name: file)
                sources.append(source)
                problems += lines
            } catch {
                problems.append("cannot read the configuration \(file): \(error)")
            }
        }
        if let panelFile, let bytes = try? AtomicFile.read(panelFile, limit: 1 << 16),
           var saved = try? ReaderConfiguration.parseFile(String(decoding: bytes, as: UTF8.self), name: panelFile) {
            // A damaged file of the panel's own is skipped, and a value in it the panel cannot take is said, never
            // fatal: the owner's settings still apply.
            saved.forgiving = true
            sources.append(saved)
        }
        sources.append(ReaderConfiguration.environmentSource(environment))
        sources.append(ReaderConfiguration.Source(name: "the command line", values: flags))
        let settings = try ReaderConfiguration.settings(from: sources, problems: &problems)
        return (settings, problems)
    }

    /// The picture cache in `directory` (`images/`), bounded by the settings; nil, said in `problem`, when it
    /// cannot be made (the panel then shows alt boxes).
    public static func imageCache(directory: String?, settings: ReaderSettings) -> (cache: ImageCache?, problem: String?) {
        guard let directory else { return (nil, nil) }
        do {
            return (try ImageCache(directory: directory + "/images", byteLimit: settings.imageCacheMegabytes << 20), nil)
        } catch {
            return (nil, "pictures are not kept: \(error)")
        }
    }

    /// The feeds' icons in `directory` (`icons/`); nil when there is no directory or it cannot be made (the
    /// lists then show initials).
    public static func feedIcons(directory: String?) -> FeedIcons? {
        directory.flatMap { try? FeedIcons(directory: $0 + "/icons") }
    }

    /// The directory a store file is in.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The place saved in `directory`, if a usable one is there.
    public static func loadPlace(directory: String) -> ReaderPlace? {
        guard let bytes = try? AtomicFile.read(directory + "/" + placeName, limit: ReaderPlace.largestFile) else { return nil }
        return ReaderPlace(decoding: bytes)
    }

    public static func savePlace(_ place: ReaderPlace, directory: String) throws {
        try AtomicFile.write(place.encoded, to: directory + "/" + placeName)
    }
}

extension ReaderLaunch {
    /// Where the image keeps the panel's configuration and its OPML file (systemd's ConfigurationDirectory=).
    public static func configurationDirectory(_ environment: [String: String]) -> String {
        environment["CONFIGURATION_DIRECTORY"]?.split(separator: ":").first.map(String.init) ?? "/etc/lectern"
    }

    /// The card's boot partition, the one part of an SD card a laptop shows: `lectern.conf` and `feeds.opml`
    /// there set the panel up after the image's own (`LECTERN_CARD_DIRECTORY` moves it, for tests).
    public static func cardDirectory(_ environment: [String: String]) -> String {
        environment["LECTERN_CARD_DIRECTORY"] ?? "/boot/firmware"
    }

    /// The configuration files a panel reads, in order: the image's, then the card's; each only if it is there.
    public static func configurationFiles(_ environment: [String: String]) -> [String] {
        [configurationDirectory(environment) + "/lectern.conf", cardDirectory(environment) + "/lectern.conf"]
            .filter(AtomicFile.exists)
    }

    /// Merges the OPML file at `path` into the store, if the file is there: a panel is set up by copying one
    /// file onto it. Only http and https feeds are taken (the fetcher speaks nothing else). Returns a line for
    /// the log, nil when there is no file.
    public static func mergeOPML(at path: String, into store: FeedStore, now: Timestamp) -> String? {
        let bytes: [UInt8]
        do { bytes = try AtomicFile.read(path, limit: 16 << 20) } catch { return nil }
        do {
            let subscriptions = try OPML.subscriptions(from: bytes).filter { WebAddress.isWeb($0.url) }
            let (added, present) = try store.merge(subscriptions, at: now)
            return "merged \(path): \(added) feeds added, \(present) already there"
        } catch {
            return "\(path) not merged: \(error)"
        }
    }
}
