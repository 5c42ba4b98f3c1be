import CWordStream
import FSFindModel
import Synchronization

/// Cuts a file's text into the words the text store indexes, with FTS5's own tokenizers, where
/// the text is read (the extraction workers) rather than on the store's writing thread.
///
/// On a first index with words that thread was the run's longest serial step, and a third of its
/// work was cutting (the rest is FTS5 building its index): moved here, it runs on every core the
/// workers use. The store's writer then replays the words (``TextStore/Writer/add(path:identity:words:packed:document:)``);
/// the words are the same as cutting the text there gives, because they come from the same
/// tokenizer of the same SQLite (`docs/full-text.md`, "Words cut where they are read").
///
/// One in-memory SQLite connection per process holds the tokenizers (with `snowball` registered,
/// for the store's other languages); cutters are kept per tokenizer spec and used by one thread
/// at a time.
final class WordCutter: Sendable {
    /// The process's cutter, or why there is none (SQLite cannot open a memory database).
    static let shared: Result<WordCutter, FSFindError> = Result { () throws(FSFindError) in try WordCutter() }

    private struct State: ~Copyable {
        let database: SQLiteDatabase
        /// Idle cutters by spec; a thread takes one, cuts, and gives it back.
        var idle: [String: [Cutter]] = [:]
    }

    /// A C cutter, freed when the last reference goes.
    ///
    /// Unchecked because its C pointer is not `Sendable`, and safe to send: it is used by one
    /// thread at a time, taken from and given back to `State.idle` under the lock.
    private final class Cutter: @unchecked Sendable {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
        deinit { fsfind_word_cutter_free(pointer) }
    }

    private let state: Mutex<State>

    private init() throws(FSFindError) {
        let database = try SQLiteDatabase(path: ":memory:", create: true)
        try database.registerSnowball()
        state = Mutex(State(database: database))
    }

    /// The words of `text` as the tokenizer `spec` (a store's ``TextStore/wordCutterSpec``) cuts
    /// them, as a stream the store's writer replays.
    func cut(_ text: String, spec: String) throws(FSFindError) -> [UInt8] {
        let bytes = text.utf8.count
        return try cut(text, spec: spec, room: bytes >= Self.inPlaceText ? bytes + 64 : 0)
    }

    /// A text of at least this many bytes has its words written where they are kept: its stream
    /// is then about as large, and copying it out of the cutter's memory held it twice at a large
    /// text's peak (`benchmarks/RESULTS.md`, "A large text held once in its worker"). Smaller
    /// ones are copied, so their arrays are no larger than their words.
    static let inPlaceText = 1 << 20

    /// ``cut(_:spec:)``, the words written straight into the array returned when they fit in `room`
    /// bytes (0: copied). A large text's room is as many bytes as the text (and a little), which
    /// a stream hardly ever passes: a word's entry is its stem, no longer than the word but for a
    /// rare stemmer or folding, and a length byte in place of the separator after it. Room not
    /// written is never touched, so a large array's unused pages are never given memory. A stream
    /// that outgrows it is copied as the smaller texts' are.
    func cut(_ text: String, spec: String, room: Int) throws(FSFindError) -> [UInt8] {
        var text = text
        // withUTF8 makes a bridged string contiguous first; a native one (the workers') already is.
        let words = text.withUTF8 { utf8 in Result { () throws(FSFindError) in try cut(utf8, spec: spec, room: room) } }
        return try words.get()
    }

    /// The words of the text `pieces` holds, cut a piece at a time (its text need not be held
    /// whole): the same stream as cutting the whole text, because each piece ends where no word
    /// goes on, and a word's position in the stream is its place in order.
    func cut(_ pieces: PackedPieces, spec: String) throws(FSFindError) -> [UInt8] {
        var words: [UInt8] = []
        // As much room as the text has, as for a large text cut whole: pages are given as written.
        words.reserveCapacity(pieces.frames.reduce(64) { $0 + $1.length })
        try pieces.forEachPiece { (piece) throws(FSFindError) in
            words += try cut(piece, spec: spec, room: 0)
        }
        return words
    }

    /// ``cut(_:spec:room:)`` of UTF-8 bytes.
    private func cut(_ utf8: UnsafeBufferPointer<UInt8>, spec: String, room: Int) throws(FSFindError) -> [UInt8] {
        let cutter = try take(spec)
        defer { state.withLock { $0.idle[spec, default: []].append(cutter) } }
        var status = SQLITE_OK
        var spilled: (words: UnsafeMutablePointer<UInt8>, length: Int)?
        let inPlace = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            var words: UnsafeMutablePointer<UInt8>?
            var length = 0
            status = utf8.withMemoryRebound(to: CChar.self) { characters in
                fsfind_word_cutter_cut_into(
                    cutter.pointer, characters.baseAddress, Int32(characters.count),
                    room > 0 ? buffer.baseAddress : nil, room, &words, &length)
            }
            count = 0
            guard status == SQLITE_OK, let words else { return }
            if room > 0, words == buffer.baseAddress { count = length } else { spilled = (words, length) }
        }
        guard status == SQLITE_OK else {
            throw FSFindError(.io, "FTS5 could not cut a text into words (status \(status))")
        }
        guard let spilled else { return inPlace }
        defer { sqlite3_free(spilled.words) }
        return Array(UnsafeBufferPointer(start: spilled.words, count: spilled.length))
    }

    private func take(_ spec: String) throws(FSFindError) -> Cutter {
        let taken: Result<Cutter, FSFindError> = state.withLock { state in
            if let cutter = state.idle[spec]?.popLast() { return .success(cutter) }
            guard let pointer = state.database.wordCutter(spec: spec) else {
                return .failure(FSFindError(.io, "the text store has no tokenizer '\(spec)'"))
            }
            return .success(Cutter(pointer))
        }
        return try taken.get()
    }
}
