import System
#if canImport(Glibc)
import Glibc
#endif

/// Where the panel's subscriptions and reading state live: on the panel itself (it fetches the feeds), or on an
/// aggregator the reader already runs, reached through one of the two APIs almost every aggregator speaks.
public struct SyncAccount: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, CaseIterable, Sendable {
        /// Fever (FreshRSS, Miniflux, Coldsweat): `…/fever/?api`.
        case fever
        /// Google Reader (FreshRSS's `…/api/greader.php`, Miniflux, Inoreader, The Old Reader, BazQux).
        case greader
    }

    public var kind: Kind
    /// The API's address: Fever's endpoint, or the Google Reader API's base (before `/accounts/ClientLogin`).
    public var url: String
    /// The login (Fever: the email). Fever without a user takes the password file's text as the API key itself.
    public var user: String?
    /// The password (for Google Reader, the API password, which some servers keep apart from the login's). Never
    /// printed: `description` leaves it out.
    public var password: String

    public init(kind: Kind, url: String, user: String?, password: String) {
        self.kind = kind
        self.url = url
        self.user = user
        self.password = password
    }

    /// Who this account is, without the password: `fever https://example.org/fever/ as ana@example.org`.
    public var description: String { "\(kind.rawValue) \(url)" + (user.map { " as \($0)" } ?? "") }

    /// The store remembers which account it mirrors: a store synced with another account (or none) is
    /// re-mirrored from scratch rather than mixing two servers' ids.
    public var identity: String { "\(kind.rawValue) \(url) \(user ?? "")" }
}

/// Reads the password an account signs in with, from a file only its owner may read: a password in a flag
/// would show in the process list, and one in the configuration file would be readable by whoever reads that.
public enum PasswordFile {
    static let limit = 4096

    /// The file's text without its final line break. Refuses a file that its group or others may read, as ssh
    /// does with a private key.
    public static func read(_ path: String) throws(SyncError) -> String {
        func failure(_ reason: String) -> SyncError { SyncError(.configuration, "password file \(path): \(reason)") }
        let file: FileDescriptor
        do { file = try .open(path, O_RDONLY) } catch { throw failure(error.description) }
        defer { file.close() }
        var status = stat()
        guard fstat(file.rawValue, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw failure("not a regular file")
        }
        guard status.st_mode & 0o077 == 0 else { throw failure("readable by others (chmod 600 it)") }
        var text: ArraySlice<UInt8>
        do { text = try file.readAll(limit: limit)[...] } catch {
            throw failure(error.rawValue == EFBIG ? "longer than \(limit) bytes" : error.description)
        }
        while let last = text.last, last == 10 || last == 13 { text = text.dropLast() }
        guard !text.isEmpty else { throw failure("empty") }
        return String(decoding: text, as: UTF8.self)
    }
}
