import CSQLite
import System

#if canImport(Glibc)
import Glibc
#endif

/// A failed SQLite call: what was tried, SQLite's extended result code and its message.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    public let operation: String
    /// The extended result code (`SQLITE_FULL`, `SQLITE_IOERR_FSYNC`, …); `code & 0xff` is the primary one.
    public let code: Int32
    public let message: String
    /// The OS error behind an I/O failure (`ENOSPC`, `EROFS`, …), or 0.
    public let systemErrno: Int32

    public init(_ operation: String, code: Int32, message: String, systemErrno: Int32 = 0) {
        self.operation = operation
        self.code = code
        self.message = message
        self.systemErrno = systemErrno
    }

    /// The error the connection reports for its last failed call, with the OS error behind it when there is one
    /// (SQLite's own message for a missing directory is only "unable to open database file").
    init(_ operation: String, code: Int32, connection: OpaquePointer?) {
        var message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        let systemErrno = connection.map { sqlite3_system_errno($0) } ?? 0
        let primary = code & 0xff
        if systemErrno != 0 && (primary == SQLITE_CANTOPEN || primary == SQLITE_IOERR || primary == SQLITE_FULL
            || primary == SQLITE_READONLY) {
            message += " (\(Errno(systemErrno)))"
        }
        self.init(operation, code: code, message: message, systemErrno: systemErrno)
    }

    public var primaryCode: Int32 { code & 0xff }
    /// The disk (or the file system's quota) is full. SQLite says SQLITE_FULL when a write runs out of room, but
    /// an I/O error when sizing its shared-memory file does: the errno tells.
    public var isDiskFull: Bool { primaryCode == SQLITE_FULL || systemErrno == ENOSPC || systemErrno == EDQUOT }
    /// The file, its directory or the file system is read-only.
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY || systemErrno == EROFS }

    public var description: String { "\(operation): \(message) (SQLite code \(code))" }
}

/// A value SQLite stores: the five storage classes.
public enum DatabaseValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null

    /// Text, or NULL for nil.
    public static func optional(_ text: String?) -> DatabaseValue { text.map(DatabaseValue.text) ?? .null }
    /// An integer, or NULL for nil.
    public static func optional(_ integer: Int64?) -> DatabaseValue { integer.map(DatabaseValue.integer) ?? .null }
}

/// One SQLite connection. Not shared between threads: each thread that needs the store opens its own (SQLite in
/// WAL mode lets readers run beside the one writer).
public final class Database {
    /// `sqlite3_open_v2` flags.
    public struct OpenFlags: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let readOnly = OpenFlags(rawValue: SQLITE_OPEN_READONLY)
        public static let readWrite = OpenFlags(rawValue: SQLITE_OPEN_READWRITE)
        public static let create = OpenFlags(rawValue: SQLITE_OPEN_CREATE)
        /// Each connection is used by one thread at a time; SQLite's own mutexes are not needed.
        public static let noMutex = OpenFlags(rawValue: SQLITE_OPEN_NOMUTEX)
    }

    let connection: OpaquePointer
    public let path: String
    private var statements: [String: Statement] = [:]

    public init(path: String, flags: OpenFlags = [.readWrite, .create, .noMutex]) throws {
        var handle: OpaquePointer?
        let result = sqlite3_open_v2(path, &handle, flags.rawValue | SQLITE_OPEN_EXRESCODE, nil)
        guard result == SQLITE_OK, let handle else {
            let error = DatabaseError("open \(path)", code: result, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        connection = handle
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(connection)
    }

    /// Whether the connection can only read (opened so, or the file or its file system is read-only).
    public var isReadOnly: Bool { sqlite3_db_readonly(connection, "main") == 1 }

    /// How long a statement waits for another connection's lock before failing with SQLITE_BUSY.
    public func setBusyTimeout(milliseconds: Int32) throws {
        try check(sqlite3_busy_timeout(connection, milliseconds), "set busy timeout")
    }

    /// Runs one or more statements that take no parameters and return no rows worth reading.
    public func execute(_ sql: String) throws {
        try check(sqlite3_exec(connection, sql, nil, nil, nil), "execute \(Self.brief(sql))")
    }

    /// A new prepared statement for one SQL statement.
    public func prepare(_ sql: String) throws -> Statement {
        var handle: OpaquePointer?
        let result = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard result == SQLITE_OK, let handle else {
            throw DatabaseError("prepare \(Self.brief(sql))", code: result, connection: connection)
        }
        return Statement(handle: handle, connection: connection, sql: sql)
    }

    /// A prepared statement kept for reuse: the same SQL gets the same statement, reset and with its bindings
    /// cleared. Use it for statements run often; it must not be in use by an outer loop over its rows.
    public func cached(_ sql: String) throws -> Statement {
        if let statement = statements[sql] {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        statements[sql] = statement
        return statement
    }

    /// Runs a statement that returns no rows; returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: DatabaseValue...) throws -> Int {
        let statement = try cached(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
        return Int(sqlite3_changes(connection))
    }

    /// Runs a query and calls `row` for each row it returns.
    public func query(_ sql: String, _ values: DatabaseValue..., row: (Statement) throws -> Void) throws {
        let statement = try cached(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() { try row(statement) }
    }

    /// The first column of the first row a query returns as an integer, or nil if it returns no row or NULL.
    public func integer(_ sql: String, _ values: DatabaseValue...) throws -> Int64? {
        let statement = try cached(sql)
        defer { statement.reset() }
        try statement.bind(values)
        guard try statement.step(), !statement.isNull(at: 0) else { return nil }
        return statement.int64(at: 0)
    }

    /// The first column of the first row a query returns as text.
    public func text(_ sql: String, _ values: DatabaseValue...) throws -> String? {
        let statement = try cached(sql)
        defer { statement.reset() }
        try statement.bind(values)
        guard try statement.step() else { return nil }
        return statement.string(at: 0)
    }

    /// The rowid of the last row inserted on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(connection) }
    /// Rows the last INSERT, UPDATE or DELETE changed (0 for an insert an ON CONFLICT clause skipped).
    public var changes: Int { Int(sqlite3_changes(connection)) }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(connection) == 0 }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws (or when the commit
    /// itself fails, say on a full disk). It takes the write lock at once (`BEGIN IMMEDIATE`) so two writers wait
    /// on each other instead of failing midway. Nested calls become savepoints.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction {
            try execute("SAVEPOINT nested")
            do {
                let value = try body()
                try execute("RELEASE nested")
                return value
            } catch {
                try? execute("ROLLBACK TO nested")
                try? execute("RELEASE nested")
                throw error
            }
        }
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            // A failed COMMIT may leave the transaction open (SQLITE_BUSY, SQLITE_FULL): end it either way.
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    func check(_ result: Int32, _ operation: @autoclosure () -> String) throws {
        guard result == SQLITE_OK else { throw DatabaseError(operation(), code: result, connection: connection) }
    }

    /// The start of a statement, enough to say which one failed without flooding the line.
    static func brief(_ sql: String) -> String {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(6).joined(separator: " ")
        return words.count > 60 ? String(words.prefix(60)) + "…" : words
    }
}

/// A prepared statement: bind parameters (1-based, like SQLite), step through the rows, read columns (0-based).
public final class Statement {
    let handle: OpaquePointer
    private let connection: OpaquePointer
    public let sql: String

    init(handle: OpaquePointer, connection: OpaquePointer, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    private func check(_ result: Int32, _ operation: @autoclosure () -> String) throws {
        guard result == SQLITE_OK else { throw DatabaseError(operation(), code: result, connection: connection) }
    }

    public func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value), "bind parameter \(index) of \(Database.brief(sql))")
    }

    public func bind(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(handle, index, value), "bind parameter \(index) of \(Database.brief(sql))")
    }

    /// Binds text, or NULL for nil. SQLite copies the bytes.
    public func bind(_ value: String?, at index: Int32) throws {
        guard let value else { return try bindNull(at: index) }
        let result = value.withCString {
            sqlite3_bind_text64(handle, index, $0, UInt64(value.utf8.count), lectern_sqlite_transient(),
                                UInt8(SQLITE_UTF8))
        }
        try check(result, "bind parameter \(index) of \(Database.brief(sql))")
    }

    /// Binds bytes; SQLite copies them. An empty array is a zero-length blob, not NULL.
    public func bind(_ value: [UInt8], at index: Int32) throws {
        let result = value.withUnsafeBytes { buffer in
            buffer.baseAddress.map {
                sqlite3_bind_blob64(handle, index, $0, UInt64(buffer.count), lectern_sqlite_transient())
            } ?? sqlite3_bind_zeroblob(handle, index, 0)
        }
        try check(result, "bind parameter \(index) of \(Database.brief(sql))")
    }

    public func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(handle, index), "bind parameter \(index) of \(Database.brief(sql))")
    }

    public func bind(_ value: DatabaseValue, at index: Int32) throws {
        switch value {
        case .integer(let integer): try bind(integer, at: index)
        case .real(let real): try bind(real, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes): try bind(bytes, at: index)
        case .null: try bindNull(at: index)
        }
    }

    /// Binds `values` to parameters 1, 2, …
    public func bind(_ values: [DatabaseValue]) throws {
        for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
    }

    /// Runs the statement to its next row: true when a row is ready to read, false when it is done.
    public func step() throws -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = DatabaseError("run \(Database.brief(sql))", code: result, connection: connection)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Makes the statement ready to run again, with no parameters bound.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    public func isNull(at column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    public func int64(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    public func optionalInt64(at column: Int32) -> Int64? { isNull(at: column) ? nil : int64(at: column) }

    public func double(at column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// The column as text, or nil for NULL.
    public func string(at column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column as bytes (empty for NULL or a zero-length blob).
    public func bytes(at column: Int32) -> [UInt8] {
        guard let blob = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: blob, count: count))
    }
}
