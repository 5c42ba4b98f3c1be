import CMagic
import FSFindCrawl
import FSFindModel
import FSFindText
import Glibc
import Synchronization
import SystemPackage

/// One libmagic cookie, answering the MIME type `file -b --mime-type` would print.
///
/// A cookie is not thread-safe, so `Magic` is deliberately not `Sendable`: each worker thread
/// creates its own (``Identifier`` does). Loading the compiled database takes a few milliseconds.
final class Magic {
    private let library: MagicLibrary
    private let cookie: OpaquePointer
    /// libmagic's own read limit (7 MiB in 5.44), asked again for the few answers that need it.
    private let fullRead: Int
    /// The run's answers for small files, shared by its threads; nil: every file asks libmagic.
    private let answers: MagicAnswers?
    /// Where a small file is read whole to find its answer in `answers` (``firstRead`` bytes,
    /// allocated on first use).
    private var wholeFile: UnsafeMutableRawBufferPointer?

    /// How much of a file the first look reads. libmagic reads up to 7 MiB of every file into a
    /// buffer it allocates per call; but its tests look at the first few kilobytes, except those
    /// that must see a whole text (JSON's): a text answer for a larger file is asked again with
    /// libmagic's own limit (`mimeType(of:path:)`), so every answer is the one `file` gives.
    /// On /usr the only answers that change are JSON's, read as text (`benchmarks/RESULTS.md`,
    /// "libmagic reads 256 KiB of a file, not 7 MiB").
    static let firstRead = 256 * 1024

    /// Opens a cookie with libmagic's default database (``MagicDatabase``'s shared copy where it
    /// can) and flags plus `MAGIC_MIME_TYPE` and `MAGIC_ERROR` (without it, an unreadable file
    /// "succeeds" as "cannot open …").
    /// - Parameter answers: the run's answers for small files, which this cookie reads and adds
    ///   to; nil asks libmagic for every file.
    init(answers: MagicAnswers? = nil) throws(FSFindError) {
        let library = try MagicLibrary.shared.get()
        self.library = library
        self.answers = answers
        cookie = try Self.loading.withLock { _ throws(FSFindError) in try Self.openCookie(library) }
        var limit = 0
        if library.getparam(cookie, MAGIC_PARAM_BYTES_MAX, &limit) != 0 || limit <= Self.firstRead {
            limit = 0
        }
        fullRead = limit
        if fullRead > 0 { setReadLimit(Self.firstRead) }
    }

    private func setReadLimit(_ bytes: Int) {
        var value = bytes
        _ = library.setparam(cookie, MAGIC_PARAM_BYTES_MAX, &value)
    }

    /// Serialises `magic_open`/`magic_load`: libmagic fills some static tables lazily on first
    /// load, and workers start at the same moment. Identification itself needs no lock.
    private static let loading = Mutex(())

    /// Files this cookie has opened to identify them.
    ///
    /// Kept so `fsfind index --verbose` can prove that a refresh with nothing changed opens no
    /// file at all (the point of reusing unchanged entries by identity). Per cookie, like the
    /// cookie itself one thread's; ``Identifier`` adds them up for its caller.
    private(set) var filesOpened = 0

    private static func openCookie(_ library: MagicLibrary) throws(FSFindError) -> OpaquePointer {
        guard let cookie = library.open(MAGIC_MIME_TYPE | MAGIC_ERROR) else {
            throw FSFindError(
                .io, "libmagic could not start", remedy: .advice("check that libmagic1 is installed"),
                underlying: Errno(rawValue: errno))
        }
        // The process's one shared copy of the database, or (where that is not the database
        // libmagic would load) the cookie's own.
        if let database = MagicDatabase.shared, database.load(into: cookie, library: library) { return cookie }
        guard library.load(cookie, nil) == 0 else {
            let reason = library.error(cookie).map { String(cString: $0) } ?? "unknown error"
            library.close(cookie)
            throw FSFindError(
                .io, "libmagic could not load its database: \(reason)",
                remedy: .advice("check that libmagic-mgc (the magic database) is installed"))
        }
        return cookie
    }

    deinit {
        library.close(cookie)
        wholeFile?.deallocate()
    }

    /// The MIME type of the regular file at `path`, from one `magic_descriptor` call.
    ///
    /// The file is opened through ``CrawledFile``: a link or FIFO swapped in since the crawl is
    /// neither followed nor waited on, and a file that is not the one crawled (`expected`'s device
    /// and inode) is not read. An empty file answers `inode/x-empty` without reading, exactly as
    /// `file` does.
    /// - Throws: ``FSFindError`` with code `.io` when the file cannot be opened or read, or is
    ///   not the crawled file any more.
    func mimeType(ofFileAt path: [UInt8], expected: FileIdentity?) throws(FSFindError) -> String {
        try mimeType(of: Self.open(path, expected: expected), path: path)
    }

    /// Opens the crawled file at `path` as ``mimeType(of:path:)`` wants it.
    /// - Throws: ``FSFindError`` with code `.io` when the file cannot be opened or is not the
    ///   crawled file any more.
    static func open(_ path: [UInt8], expected: FileIdentity?) throws(FSFindError) -> CrawledFile {
        do throws(CrawledFile.Refusal) {
            return try CrawledFile(opening: path, expected: expected)
        } catch .cannotOpen(let code) {
            throw FSFindError(.io, "cannot open", path: PathBytes.display(path), underlying: code)
        } catch {
            throw FSFindError(.io, error.description, path: PathBytes.display(path))
        }
    }

    /// The MIME type of `file`, already open (the identifier keeps it open to read its extended
    /// attributes through the same descriptor); `path` names it in errors.
    /// - Throws: ``FSFindError`` with code `.io` when libmagic cannot read the file.
    func mimeType(of file: CrawledFile, path: [UInt8]) throws(FSFindError) -> String {
        filesOpened += 1
        if file.size == 0 { return "inode/x-empty" }
        guard let answers, file.size <= Self.firstRead, let key = key(of: file, digestKey: answers.digestKey) else {
            return try identify(file, path: path)
        }
        if let known = answers.answer(for: key) { return known }
        let mimeType = try identify(file, path: path)
        // Written to between the digest and libmagic's read: the answer may not be the digest's.
        if file.unchangedSinceOpen() { answers.remember(mimeType, for: key) }
        return mimeType
    }

    /// The ``MagicAnswers/Key`` of `file`, read whole (it is at most ``firstRead`` bytes long); nil
    /// when it cannot be read or is shorter than it was when opened.
    func key(of file: CrawledFile, digestKey: KeyedDigest.Key) -> MagicAnswers.Key? {
        let buffer = wholeFile ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Self.firstRead, alignment: 16)
        wholeFile = buffer
        let whole = UnsafeMutableRawBufferPointer(rebasing: buffer[..<file.size])
        // At an absolute offset: libmagic reads from the descriptor's offset, which stays at 0.
        guard let count = try? file.descriptor.read(fromAbsoluteOffset: 0, into: whole), count == file.size else {
            return nil
        }
        let digest = KeyedDigest(key: digestKey) { add in add(UnsafeRawBufferPointer(whole)) }
        return MagicAnswers.Key(digest: digest, size: UInt32(file.size), isExecutable: file.isExecutable)
    }

    /// The MIME type of `file` from libmagic: read ``firstRead`` bytes, then all libmagic reads for
    /// a text answer of a longer file; UTF-16 text without a byte-order mark is `text/plain`.
    private func identify(_ file: CrawledFile, path: [UInt8]) throws(FSFindError) -> String {
        var mimeType = try describe(file, path: path)
        if fullRead > 0, file.size > Self.firstRead, mimeType.hasPrefix("text/") {
            // A whole-text test (JSON) saw only the start: ask again as `file` would.
            setReadLimit(fullRead)
            defer { setReadLimit(Self.firstRead) }
            mimeType = try describe(file, path: path)
        }
        // libmagic calls UTF-16 without a byte-order mark data; its text is text all the same.
        if mimeType == "application/octet-stream", let start = try? file.prefix(4096),
            PlainText.isUTF16WithoutMark(start)
        {
            return "text/plain"
        }
        return mimeType
    }

    /// One `magic_descriptor` call. libmagic reads from the descriptor's offset (the start: the
    /// file was just opened) and puts the offset back, so a second call reads the same bytes.
    private func describe(_ file: CrawledFile, path: [UInt8]) throws(FSFindError) -> String {
        guard let answer = library.descriptor(cookie, file.descriptor.rawValue) else {
            let code = library.errno(cookie)
            let reason = library.error(cookie).map { String(cString: $0) } ?? "libmagic failed"
            throw FSFindError(
                .io, reason, path: PathBytes.display(path),
                underlying: code > 0 ? Errno(rawValue: code) : nil)
        }
        return String(cString: answer)
    }
}
