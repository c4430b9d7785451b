#if canImport(Glibc)
import Glibc
#endif
import Pairing
import Platform
import Wireless

/// Follows what `lectern admin` (and `lectern pair`) write in the state directory, so a change made on a phone
/// shows on the panel within a second: an inotify watch on the directory in the kiosk's loop, and a look every
/// minute whatever was heard (each file's modification time and size, and the store's `PRAGMA data_version`),
/// so a lost notification never leaves the panel stale for longer. Between the two the loop sleeps.
public final class SharedStateWatch {
    /// The files the kiosk reacts to.
    public static let names: Set<String> = [PairingBook.windowName, PairingBook.phonesName, SharedState.panelSettingsName,
                                            SharedState.storeChangedName, CardSetup.storedPasswordName,
                                            WiFiRequest.fileName]
    /// What the minute's look reports when the store's data version moved: another connection wrote it (the admin
    /// process, or the panel's own refresh or sync workers, which cannot be told apart).
    public static let storeVersionName = "data_version"
    /// How long a missed notification may go unnoticed, seconds.
    static let lookEvery = 60.0

    /// A file as the minute's look compares it.
    struct Stamp: Equatable {
        var modified: Int64
        var modifiedNanoseconds: Int
        var size: Int64
        /// Every atomic write is a rename onto the name: a new inode, even within one tick of a coarse clock.
        var inode: UInt64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            modified = Int64(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
            size = Int64(info.st_size)
            inode = UInt64(info.st_ino)
        }
    }

    public let directory: String
    private let events: EventLoop
    /// The store's data version, which another connection's commit moves; nil without a store.
    private let storeVersion: () -> Int64?
    private var inotify: DirectoryWatch?
    private var loopWatch: EventLoop.Watch?
    private let alarm: LoopAlarm
    private var stamps: [String: Stamp] = [:]
    private var version: Int64?

    /// The names that changed, once per wake-up.
    public var onChange: (Set<String>) -> Void = { _ in }
    /// Why the directory cannot be watched (it is then looked at every minute only).
    public private(set) var problem: String?

    public init(directory: String, events: EventLoop, storeVersion: @escaping () -> Int64?) {
        self.directory = directory
        self.events = events
        self.storeVersion = storeVersion
        alarm = LoopAlarm(events: events)
    }

    /// Notes how things are now (nothing is news at start) and starts following.
    public func start() {
        _ = look()
        do {
            let inotify = try DirectoryWatch(directory: directory, names: Self.names)
            self.inotify = inotify
            loopWatch = events.watch(inotify.fd) { [unowned self] _ in heard() }
        } catch {
            problem = "\(error)"
        }
        armLook()
    }

    public func stop() {
        if let loopWatch { events.unwatch(loopWatch) }
        loopWatch = nil
        inotify = nil
        alarm.clear()
    }

    private func heard() {
        guard let inotify else { return }
        let batch = inotify.read()
        // What the look finds moved as well is news once, now; an overflow means anything may have.
        var changed = look()
        changed.formUnion(batch.missedSome ? Self.names : batch.changed)
        if !changed.isEmpty { onChange(changed) }
    }

    private func armLook() {
        alarm.set(after: Self.lookEvery) { [unowned self] in
            let changed = look()
            if !changed.isEmpty { onChange(changed) }
            armLook()
        }
    }

    /// The names whose file moved since the last look (and `storeVersionName` when the store's data version
    /// moved), the new stamps kept.
    func look() -> Set<String> {
        var changed: Set<String> = []
        for name in Self.names {
            let stamp = Stamp(path: directory + "/" + name)
            if stamp != stamps[name] { changed.insert(name) }
            stamps[name] = stamp
        }
        let now = storeVersion()
        if now != version { changed.insert(Self.storeVersionName) }
        version = now
        return changed
    }
}
