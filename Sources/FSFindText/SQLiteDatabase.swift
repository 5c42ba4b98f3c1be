import CSnowball
import CWordStream
import FSFindModel
import Glibc

/// One SQLite connection: statements prepared, bound, stepped; every failure an ``FSFindError``.
///
/// Only what the text store needs: no ORM, no generic row decoding. A connection is used from one
/// thread at a time (SQLite's default "serialized" mode would allow more; the store does not need
/// it). Closed in `deinit`.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    let path: String
    private var isClosed = false

    /// Opens (with `create`, creating) the database at `path`.
    ///
    /// - Throws: ``FSFindError`` `.io` when `path` (or its `-wal` or `-shm` file) is there but is
    ///   not a regular file: SQLite opens them with a blocking `open`, which waits forever on a
    ///   FIFO (``checkRegularFiles(_:)``).
    init(path: String, create: Bool) throws(FSFindError) {
        try Self.checkRegularFiles(path)
        var handle: OpaquePointer?
        let flags = (create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            if status == SQLITE_CANTOPEN && !create {
                throw FSFindError(.indexMissing, "there is no text store at \(path)", path: path, remedy: .rebuildIndex)
            }
            throw FSFindError(.io, "cannot open the text store \(path): \(message)", path: path)
        }
        self.handle = handle
        self.path = path
        // A writer holding the lock briefly (a batch commit) makes a reader wait, not fail.
        sqlite3_busy_timeout(handle, Self.busyMilliseconds)
    }

    /// How long a statement waits for another connection's lock before it fails.
    static let busyMilliseconds: Int32 = 10_000

    /// Runs `body` with SQLite's busy handler off: a statement that would wait for another
    /// connection fails (`SQLITE_BUSY`, or a checkpoint's busy flag) at once instead.
    func withoutWaiting<T>(_ body: () throws(FSFindError) -> T) throws(FSFindError) -> T {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, Self.busyMilliseconds) }
        return try body()
    }

    deinit { close() }

    /// Throws when `path`, `path-wal` or `path-shm` exists and is not a regular file (after
    /// symbolic links, as SQLite opens them). `stat` never blocks, where the `open` SQLite calls
    /// first would wait forever for a FIFO's writer (a query, `status` and the whole server hung
    /// on one), and a folder or a device is no database either.
    static func checkRegularFiles(_ path: String) throws(FSFindError) {
        for file in [path, path + "-wal", path + "-shm"] {
            var status = stat()
            guard stat(file, &status) == 0 else { continue }  // missing: SQLite says what it says
            let type = status.st_mode & S_IFMT
            guard type != S_IFREG else { continue }
            let what =
                switch type {
                case S_IFIFO: "a named pipe"
                case S_IFDIR: "a folder"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFSOCK: "a socket"
                default: "not a regular file"
                }
            throw FSFindError(
                .io, "the text store \(file) is \(what), not a database", path: file,
                remedy: .advice("remove it, then run 'fsfind index' to read the words again"))
        }
    }

    /// SQLite's `PRAGMA quick_check`: every page of every table and index read and its structure
    /// checked (zeroed or overwritten pages, broken overflow chains), but not index against table.
    /// Nil when it finds nothing, else its first complaint. It reads the whole store, which
    /// `fsfind index` and `fsfind status` can afford and a query cannot (`benchmarks/RESULTS.md`,
    /// "Numbers that were in code comments").
    func quickCheck() throws(FSFindError) -> String? {
        let statement = try prepare("PRAGMA quick_check(1)")
        guard try statement.step() else { return nil }
        let answer = statement.text(0)
        statement.reset()
        guard answer != "ok" else { return nil }
        // "*** in database main ***\nPage 7: btreeInitPage() returns error code 11": one line,
        // without the heading, for a message.
        let lines = answer.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("***") }
        let line = lines.joined(separator: "; ")
        return String(String.UnicodeScalarView(line.unicodeScalars.map { $0.isTerminalControl ? " " : $0 }))
    }

    /// Makes the `snowball` tokenizer (Snowball's stemmers) known to this connection's FTS5.
    func registerSnowball() throws(FSFindError) {
        guard fsfind_snowball_register(handle) == SQLITE_OK else {
            throw FSFindError(
                .io, "the text store's Snowball stemmers cannot be loaded: install the libstemmer0d package", path: path
            )
        }
    }

    /// Lets this connection's FTS5 index words cut elsewhere (``WordCutter``): its `porter`,
    /// `unicode61` and `snowball` tokenizers replay a stream armed with ``replaying(_:_:)``, and
    /// cut as before otherwise. Call after ``registerSnowball()``.
    func registerWordReplay() throws(FSFindError) {
        let status = fsfind_word_replay_register(handle)
        guard status == SQLITE_OK else { throw failure("cannot wrap the text store's tokenizers", status) }
    }

    /// Runs `body` (which inserts one document into an FTS5 table) with `words` armed, so FTS5
    /// indexes them instead of cutting the text it is given. Throws when FTS5 did not take them
    /// (the insert never cut a document, or the stream was damaged).
    func replaying(_ words: ArraySlice<UInt8>, _ body: () throws(FSFindError) -> Void) throws(FSFindError) {
        let replayed: Int32 = try words.withUnsafeBufferPointer { buffer throws(FSFindError) in
            fsfind_word_arm(buffer.baseAddress, buffer.count)
            do throws(FSFindError) {
                try body()
            } catch {
                _ = fsfind_word_disarm()
                throw error
            }
            return fsfind_word_disarm()
        }
        guard replayed == 1 else {
            throw FSFindError.broken(
                replayed < 0 ? "a document's cut words were damaged" : "FTS5 did not take a document's cut words")
        }
    }

    /// A cutter of this connection's FTS5 for the tokenizer `spec`, or nil when it has none such.
    func wordCutter(spec: String) -> OpaquePointer? {
        fsfind_word_cutter_new(handle, spec)
    }

    /// Closes the connection now (statements still alive keep it until they go).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        sqlite3_close_v2(handle)
    }

    /// Runs `body` with `shouldStop` asked every thousand steps of SQLite's virtual machine; when
    /// it says yes, the statement running stops (`SQLITE_INTERRUPT`). Returns nil when stopped.
    /// `fsfind search` asks the terminal: a key typed makes a running word lookup stale.
    func interruptible<T>(_ shouldStop: @escaping () -> Bool, _ body: () throws(FSFindError) -> T) throws(FSFindError)
        -> T?
    {
        let box = StopBox(shouldStop)
        let context = Unmanaged.passUnretained(box).toOpaque()
        sqlite3_progress_handler(handle, 1000, stopCallback, context)
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            withExtendedLifetime(box) {}
        }
        do {
            return try body()
        } catch {
            if box.stopped { return nil }
            throw error
        }
    }

    /// `PRAGMA user_version`.
    func userVersion() throws(FSFindError) -> Int64 {
        let statement = try prepare("PRAGMA user_version")
        _ = try statement.step()
        return statement.integer(0)
    }

    /// Runs SQL that returns no rows (schema, pragmas, transactions).
    func execute(_ sql: String) throws(FSFindError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(message)
            throw failure(text, status)
        }
    }

    func prepare(_ sql: String) throws(FSFindError) -> Statement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(errorMessage, status) }
        return Statement(statement, database: self)
    }

    /// Adds the SQL function `inflate(blob)`: the text of a ``Deflate``-packed blob (the view the
    /// full-text table reads its documents through calls it, for snippets and deletes).
    func addInflateFunction() throws(FSFindError) {
        let status = sqlite3_create_function_v2(
            handle, "inflate", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, inflateFunction, nil, nil, nil)
        guard status == SQLITE_OK else { throw failure(errorMessage, status) }
    }

    /// The rowid the last INSERT gave.
    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func failure(_ message: String, _ status: Int32) -> FSFindError {
        let code: FSFindError.Code =
            switch status & 0xFF {
            case SQLITE_CORRUPT, SQLITE_NOTADB: .indexCorrupt
            case SQLITE_CANTOPEN: .indexMissing
            default: .io
            }
        return FSFindError(
            code, "the text store \(path): \(message)", path: path,
            remedy: code == .indexCorrupt ? .rebuildWords : nil)
    }

    /// A prepared statement; reset before each use, finalized in `deinit`.
    final class Statement {
        private let statement: OpaquePointer
        private unowned let database: SQLiteDatabase

        init(_ statement: OpaquePointer, database: SQLiteDatabase) {
            self.statement = statement
            self.database = database
        }

        deinit { sqlite3_finalize(statement) }

        /// Resets the statement and binds `values` to its parameters, in order.
        @discardableResult
        func bind(_ values: [Value]) throws(FSFindError) -> Statement {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            for (offset, value) in values.enumerated() {
                let position = Int32(offset + 1)
                let status: Int32
                switch value {
                case .integer(let number): status = sqlite3_bind_int64(statement, position, number)
                case .null: status = sqlite3_bind_null(statement, position)
                case .text(let text): status = sqlite3_bind_text(statement, position, text, -1, Self.transient)
                case .blob(let bytes):
                    status = bytes.withUnsafeBytes { buffer in
                        // A zero-length blob still needs a non-null pointer to be a blob, not NULL.
                        sqlite3_bind_blob(
                            statement, position, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                            Int32(buffer.count),
                            Self.transient)
                    }
                }
                guard status == SQLITE_OK else { throw database.failure(database.errorMessage, status) }
            }
            return self
        }

        /// Steps once: true while a row is ready.
        func step() throws(FSFindError) -> Bool {
            let status = sqlite3_step(statement)
            switch status {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw database.failure(database.errorMessage, status)
            }
        }

        /// Ends a read before its last row: a statement left part way holds its read transaction
        /// (and a commit then cannot change the journal mode).
        func reset() { sqlite3_reset(statement) }

        /// Steps to the end (an insert, an update, a delete).
        func run() throws(FSFindError) {
            while try step() {}
        }

        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

        func blob(_ column: Int32) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let base = sqlite3_column_blob(statement, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: base, count: count))
        }

        func text(_ column: Int32) -> String {
            guard let base = sqlite3_column_text(statement, column) else { return "" }
            return String(cString: base)
        }

        /// SQLite's SQLITE_TRANSIENT: copy the bound bytes now (a C macro Swift cannot import).
        private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }

    /// A value bound to a statement parameter.
    enum Value {
        case null
        case integer(Int64)
        case text(String)
        case blob([UInt8])
    }
}

/// `inflate(blob)` for SQLite: a C function, so it captures nothing.
/// The closure a progress handler asks, and whether it said stop.
private final class StopBox {
    let shouldStop: () -> Bool
    var stopped = false
    init(_ shouldStop: @escaping () -> Bool) { self.shouldStop = shouldStop }
}

private let stopCallback: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
    guard let context else { return 0 }
    let box = Unmanaged<StopBox>.fromOpaque(context).takeUnretainedValue()
    if box.shouldStop() { box.stopped = true }
    return box.stopped ? 1 : 0
}

private let inflateFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, count, values in
    guard count == 1, let value = values?[0] else {
        sqlite3_result_error(context, "inflate: one argument", -1)
        return
    }
    let size = Int(sqlite3_value_bytes(value))
    guard let base = sqlite3_value_blob(value),
        let text = StoredText.unpack(UnsafeRawBufferPointer(start: base, count: size))
    else {
        sqlite3_result_error(context, "inflate: damaged text (or its library cannot be loaded)", -1)
        return
    }
    if text.isEmpty {
        sqlite3_result_text(context, "", 0, nil)
        return
    }
    text.withUnsafeBytes { bytes in
        sqlite3_result_text(
            context, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
            unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    }
}
