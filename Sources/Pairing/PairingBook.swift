#if canImport(Glibc)
import Glibc
#endif
import System

/// The pairing window and the paired phones, kept in the state directory the kiosk and the admin process share.
/// Both processes change these files, so every change is a read, a change and an atomic write under one lock
/// (`pairing.lock`, flock(2)); readers need no lock, as a rename never shows half a file.
public struct PairingBook: Sendable {
    public static let windowName = "pairing.window"
    public static let phonesName = "phones"
    static let lockName = "pairing.lock"
    /// How stale a phone's `lastSeen` may get before a request writes it again: a write per request would
    /// wear the card for nothing.
    static let lastSeenStep: Int64 = 60

    public let directory: String
    /// How long a change waits for the other process's lock, seconds: short on the kiosk's frame loop.
    public let lockWait: Double

    public init(directory: String, lockWait: Double = 2) {
        self.directory = directory
        self.lockWait = lockWait
    }

    public var windowPath: String { directory + "/" + Self.windowName }
    public var phonesPath: String { directory + "/" + Self.phonesName }

    // MARK: The window

    /// The window last opened, whatever its state; nil when none was ever opened (or its file is damaged).
    public func window() -> PairingWindow? {
        (try? AtomicFile.read(windowPath, limit: 4096)).flatMap(PairingWindow.init(decoding:))
    }

    /// Opens a new window with a new code for `minutes`, replacing any other.
    @discardableResult
    public func open(minutes: Double = PairingWindow.standardMinutes, now: Int64) throws -> PairingWindow {
        let window = PairingWindow(code: try PairingCode.make(), opened: now, expires: now + Int64((minutes * 60).rounded()))
        try locked { try writeWindow(window) }
        return window
    }

    /// Closes an open window before a phone came (the panel's Cancel, its card tapped away).
    public func cancel() throws {
        try locked {
            guard var window = window(), window.state == .open else { return }
            window.state = .cancelled
            try writeWindow(window)
        }
    }

    public enum Attempt: Equatable, Sendable {
        /// The code was right: this phone is in, with its session.
        case paired(PairedPhone)
        /// No window is open (never opened, used, expired, cancelled or closed by wrong codes).
        case noWindow
        /// A wrong code; `closed` when it was the one that closed the window.
        case wrong(closed: Bool)
    }

    /// A phone named `name` brings `code` at `now`.
    public func pair(code typed: String, name: String, now: Int64) throws -> Attempt {
        try locked {
            guard var window = window(), window.isOpen(at: now) else { return .noWindow }
            guard PairingCode.same(PairingCode.normalized(typed), window.code) else {
                window.wrongCodes += 1
                if window.wrongCodes >= PairingWindow.wrongCodeLimit { window.state = .refused }
                try writeWindow(window)
                return .wrong(closed: window.state == .refused)
            }
            let phone = try Self.newPhone(name: name, now: now)
            // The phone first, then the window: a power cut between the two leaves a phone in and the window
            // still open for a few minutes, never a used code with no phone.
            try writePhones(readPhones() + [phone])
            window.state = .paired
            window.phone = phone.name
            try writeWindow(window)
            return .paired(phone)
        }
    }

    /// A phone named `name` let in at `now` without a code: one on the panel's own hotspot, which only someone who
    /// read its passphrase on the panel can join, so being there is the touch a window stands for. The window,
    /// if one is open, is left as it is: its code is still for whoever the panel showed it to.
    public func admit(name: String, now: Int64) throws -> PairedPhone {
        try locked {
            let phone = try Self.newPhone(name: name, now: now)
            try writePhones(readPhones() + [phone])
            return phone
        }
    }

    private static func newPhone(name: String, now: Int64) throws -> PairedPhone {
        PairedPhone(id: try RandomBytes.hex(4), name: PairedPhone.oneLine(name), session: try RandomBytes.hex(32),
                    csrf: try RandomBytes.hex(16), paired: now, lastSeen: now)
    }

    // MARK: The phones

    public func phones() -> [PairedPhone] { readPhones() }

    /// The phone whose session cookie is `session`; nil for any other value, a forgotten phone's included.
    public func phone(session: String) -> PairedPhone? {
        guard session.count >= 32 else { return nil }
        return readPhones().first { PairingCode.same($0.session, session) }
    }

    /// Forgets phone `id`: its session ends with this write. False when there is no such phone.
    @discardableResult
    public func forget(id: String) throws -> Bool {
        try locked {
            let phones = readPhones()
            guard phones.contains(where: { $0.id == id }) else { return false }
            try writePhones(phones.filter { $0.id != id })
            return true
        }
    }

    /// Notes that phone `id` was seen at `now`, at most once a minute.
    public func seen(id: String, now: Int64) throws {
        guard let phone = readPhones().first(where: { $0.id == id }), now - phone.lastSeen >= Self.lastSeenStep else { return }
        try locked {
            var phones = readPhones()
            guard let index = phones.firstIndex(where: { $0.id == id }) else { return }
            phones[index].lastSeen = now
            try writePhones(phones)
        }
    }

    private func readPhones() -> [PairedPhone] {
        guard let bytes = try? AtomicFile.read(phonesPath, limit: 1 << 20) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap(PairedPhone.init(line:))
    }

    /// The phones and their sessions: secrets, the service's alone; flushed, so a phone forgotten stays forgotten
    /// after a power cut.
    private func writePhones(_ phones: [PairedPhone]) throws {
        try AtomicFile.write(Array(phones.map { $0.line + "\n" }.joined().utf8), to: phonesPath, permissions: 0o600)
    }

    /// The window holds a live code: the service's alone. Not flushed: it lives for minutes, and a power cut that
    /// loses it only closes pairing, which is where a new boot starts anyway (on the frame loop, no fsync).
    private func writeWindow(_ window: PairingWindow) throws {
        try AtomicFile.write(window.encoded, to: windowPath, durable: false, permissions: 0o600)
    }

    /// Runs `body` holding the book's lock, which the other process waits for (at most `lockWait`).
    private func locked<T>(_ body: () throws -> T) throws -> T {
        try FileLock.holding(directory + "/" + Self.lockName, waitingAtMost: lockWait, body)
    }
}
