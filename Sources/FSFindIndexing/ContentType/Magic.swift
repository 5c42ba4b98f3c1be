import CMagic
import FSFindIndex
import FSFindModel
import FSFindPlatform
import Glibc
import Synchronization
import SystemPackage

/// One libmagic cookie, answering the MIME type `file -b --mime-type` would print.
///
/// A cookie is not thread-safe, so `Magic` is deliberately not `Sendable`: each worker thread
/// creates its own (``Identifier`` does). Loading the compiled database takes a few milliseconds.
package final class Magic {
    private let cookie: OpaquePointer

    /// Opens a cookie with libmagic's default database and flags plus `MAGIC_MIME_TYPE` and
    /// `MAGIC_ERROR` (without it, an unreadable file "succeeds" as "cannot open …").
    package init() throws(FSFindError) {
        cookie = try Self.loading.withLock { _ throws(FSFindError) in try Self.openCookie() }
    }

    /// Serialises `magic_open`/`magic_load`: libmagic fills some static tables lazily on first
    /// load, and workers start at the same moment. Identification itself needs no lock.
    private static let loading = Mutex(())

    /// Files this cookie has opened to identify them.
    ///
    /// Kept so `fsfind index --verbose` can prove that a refresh with nothing changed opens no
    /// file at all (the point of reusing unchanged entries by identity). Per cookie, like the
    /// cookie itself one thread's; ``Identifier`` adds them up for its caller.
    package private(set) var filesOpened = 0

    private static func openCookie() throws(FSFindError) -> OpaquePointer {
        guard let cookie = magic_open(MAGIC_MIME_TYPE | MAGIC_ERROR) else {
            throw FSFindError(
                .io, "libmagic could not start", remedy: .advice("check that libmagic1 is installed"),
                underlying: Errno(rawValue: errno))
        }
        guard magic_load(cookie, nil) == 0 else {
            let reason = magic_error(cookie).map { String(cString: $0) } ?? "unknown error"
            magic_close(cookie)
            throw FSFindError(
                .io, "libmagic could not load its database: \(reason)",
                remedy: .advice("check that libmagic-mgc (the magic database) is installed"))
        }
        return cookie
    }

    deinit { magic_close(cookie) }

    /// The MIME type of the regular file at `path`, from one `magic_descriptor` call.
    ///
    /// The file is opened through ``CrawledFile``: a link or FIFO swapped in since the crawl is
    /// neither followed nor waited on, and a file that is not the one crawled (`expected`'s device
    /// and inode) is not read. An empty file answers `inode/x-empty` without reading, exactly as
    /// `file` does.
    /// - Throws: ``FSFindError`` with code `.io` when the file cannot be opened or read, or is
    ///   not the crawled file any more.
    package func mimeType(ofFileAt path: [UInt8], expected: FileIdentity?) throws(FSFindError) -> String {
        try mimeType(of: Self.open(path, expected: expected), path: path)
    }

    /// Opens the crawled file at `path` as ``mimeType(of:path:)`` wants it.
    /// - Throws: ``FSFindError`` with code `.io` when the file cannot be opened or is not the
    ///   crawled file any more.
    package static func open(_ path: [UInt8], expected: FileIdentity?) throws(FSFindError) -> CrawledFile {
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
    package func mimeType(of file: CrawledFile, path: [UInt8]) throws(FSFindError) -> String {
        filesOpened += 1
        if file.size == 0 { return "inode/x-empty" }

        guard let answer = magic_descriptor(cookie, file.descriptor) else {
            let code = magic_errno(cookie)
            let reason = magic_error(cookie).map { String(cString: $0) } ?? "libmagic failed"
            throw FSFindError(
                .io, reason, path: PathBytes.display(path),
                underlying: code > 0 ? Errno(rawValue: code) : nil)
        }
        let mimeType = String(cString: answer)
        // libmagic calls UTF-16 without a byte-order mark data; its text is text all the same.
        if mimeType == "application/octet-stream", let start = try? file.prefix(4096),
            PlainText.isUTF16WithoutMark(start)
        {
            return "text/plain"
        }
        return mimeType
    }
}
