#if canImport(Glibc)
import Glibc
#endif
import Pairing
import Platform

/// What a person leaves on the card's boot partition for the panel to take in at its next start. A password
/// must not stay there: the FAT partition is readable by anyone who holds the card, so it is moved into the state
/// directory (the data partition), readable by the service user alone, and removed from the card. This runs as
/// root before the kiosk starts (`lectern card import`, `ExecStartPre=+` in the unit): the kiosk itself can
/// neither write the card nor give a file away.
public enum CardSetup {
    /// The names a person may give the password file on the card (a laptop may add the extension).
    public static let passwordNames = ["sync-password", "sync-password.txt"]
    /// Where the password goes in the state directory; the kiosk takes it when no other file is named.
    public static let storedPasswordName = SharedState.passwordName
    /// One line for the panel's list to show once, left by the move for the kiosk.
    public static let noticeName = "card.notice"
    /// A file a person puts on the card (empty will do) to ask for `lectern doctor`'s report: at the next start
    /// it is written into that file, to be read on a laptop. The panel has no shell to run the command from.
    public static let doctorName = "lectern-doctor.txt"

    /// The owner of a moved password: the service user's ids.
    public struct Owner: Sendable {
        public var uid: uid_t
        public var gid: gid_t
        public init(uid: uid_t, gid: gid_t) { self.uid = uid; self.gid = gid }

        /// The ids of the user `name`; nil when there is no such user.
        public static func user(_ name: String) -> Owner? {
            guard let entry = getpwnam(name) else { return nil }
            return Owner(uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
        }
    }

    /// Moves a password file from `card` into `state`, owned by `owner` with mode 0600, then removes it from the
    /// card (remounting the card writable for that moment if it is mounted read-only) and leaves the notice.
    /// Returns a line saying what was done, nil when the card holds no password. The copy is on the data
    /// partition, flushed, before the card's file is removed: a power cut between the two leaves it in both
    /// places, and the next start moves it again.
    public static func movePassword(card: String, state: String, owner: Owner?) throws -> String? {
        guard let name = passwordNames.first(where: { AtomicFile.exists(card + "/" + $0) }) else { return nil }
        let source = card + "/" + name
        let bytes: [UInt8]
        do { bytes = try AtomicFile.read(source, limit: 4096) } catch {
            throw CardSetupError("cannot read \(source): \(error) (a password file holds one line)")
        }
        let target = state + "/" + storedPasswordName
        try SharedState.keepPassword(bytes, directory: state)
        if let owner, chown(target, owner.uid, owner.gid) != 0 {
            throw CardSetupError("cannot give \(target) to the service: \(SystemCallError("chown"))")
        }
        try removeFromCard(source, card: card)
        try AtomicFile.write(Array("The aggregator password was moved from the card into the panel and removed from the card.".utf8),
                             to: state + "/" + noticeName)
        if let owner { _ = chown(state + "/" + noticeName, owner.uid, owner.gid) }
        return "moved \(source) to \(target) and removed it from the card"
    }

    /// The notice the move left, taken (read and removed) so the list says it once.
    public static func takeNotice(state: String, name: String = noticeName) -> String? {
        let path = state + "/" + name
        guard let bytes = try? AtomicFile.read(path, limit: 1024) else { return nil }
        unlink(path)
        let line = String(decoding: bytes, as: UTF8.self)
        return line.isEmpty ? nil : line
    }

    /// Writes the doctor's report into the card's `lectern-doctor.txt` if a person put one there; returns a
    /// line saying so, nil when they did not ask.
    public static func writeDoctorReport(_ lines: [String], card: String) throws -> String? {
        let path = card + "/" + doctorName
        guard AtomicFile.exists(path) else { return nil }
        let text = lines.joined(separator: "\n") + "\n"
        try onWritableCard(card, doing: "write \(path)") { try AtomicFile.write(Array(text.utf8), to: path) }
        return "wrote the doctor's report to \(path)"
    }

    private static func removeFromCard(_ path: String, card: String) throws {
        try onWritableCard(card, doing: "remove \(path) from the card") {
            if unlink(path) != 0 { throw SystemCallError("unlink") }
            try AtomicFile.flushDirectory(of: path)
        }
    }

    /// Runs `change` (which flushes what it wrote) on the card, remounting it writable for that moment if it is
    /// mounted read-only (so a power cut never catches its FAT half-written), then read-only again.
    static func onWritableCard(_ card: String, doing what: String, _ change: () throws -> Void) throws {
        do {
            try change()
        } catch let error as SystemCallError where error.errno == EROFS {
            guard mount(nil, card, nil, UInt(MS_REMOUNT) | UInt(MS_NOATIME), nil) == 0 else {
                throw CardSetupError("cannot make the card writable to \(what): \(SystemCallError("mount"))")
            }
            defer { _ = mount(nil, card, nil, UInt(MS_REMOUNT) | UInt(MS_RDONLY) | UInt(MS_NOATIME), nil) }
            do { try change() } catch { throw CardSetupError("cannot \(what): \(error)") }
        } catch {
            throw CardSetupError("cannot \(what): \(error)")
        }
    }
}

public struct CardSetupError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
