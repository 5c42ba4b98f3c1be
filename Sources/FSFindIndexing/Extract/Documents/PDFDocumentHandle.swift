import CLibraryTypes
import FSFindIndex
import FSFindModel
import FSFindPlatform
import Foundation

/// An open poppler-glib PDF document, released with `g_object_unref` when this value goes.
///
/// Poppler keeps process-wide state (its global parameters and font caches) that is not promised
/// to be safe when several threads open documents at once, so every use goes through one lock;
/// extraction reads only the document catalogue, so the lock is held briefly. Poppler is loaded
/// at run time (``PopplerLibrary``).
final class PDFDocumentHandle {
    static let lock = NSLock()

    let library: PopplerLibrary
    let document: OpaquePointer

    /// Opens the PDF at `path` (raw bytes). The path travels as a `file://` URI made by
    /// `g_filename_to_uri`, which percent-escapes any byte, so non-UTF-8 names open too.
    init(path: [UInt8]) throws(ExtractionError) {
        let library = try PopplerLibrary.shared.get()
        var error: OpaquePointer?
        let uri = PathBytes.withCString(path) { library.filenameToURI($0, nil, &error) }
        guard let uri else { throw library.consume(error, doing: "cannot name the file as a URI") }
        defer { library.free(uri) }
        let document = Self.lock.withLock { library.documentNewFromFile(uri, nil, &error) }
        guard let document else { throw library.consume(error, doing: "not a readable PDF") }
        self.library = library
        self.document = document
    }

    deinit {
        Self.lock.withLock { library.objectUnref(UnsafeMutableRawPointer(document)) }
    }

    /// The text of the pages in order, a form feed between two pages (so snippets can name the
    /// page: `docs/full-text.md`), until `limit` bytes of UTF-8 are reached (the page that passes
    /// it is cut between characters). Poppler lays the text out in reading order; a page without
    /// a text layer (a scan) gives nothing but its separator. Empty when no page has text.
    func pagesText(limit: Int) -> String {
        var result = ""
        var bytes = 0
        var anyText = false
        for number in 0..<pageCount where bytes < limit {
            let text = Self.lock.withLock { () -> String? in
                guard let page = library.page(document, Int32(number)) else { return nil }
                defer { library.objectUnref(UnsafeMutableRawPointer(page)) }
                guard let raw = library.pageText(page) else { return nil }
                defer { library.free(raw) }
                return String(cString: raw)
            }
            if number > 0 {
                result += "\n\u{0C}"
                bytes += 2
            }
            guard let text, !text.isEmpty, bytes < limit else { continue }
            anyText = true
            let room = limit - bytes
            if text.utf8.count <= room {
                result += text
                bytes += text.utf8.count
            } else {
                result += String(text.utf8.prefix(room)) ?? String(decoding: text.utf8.prefix(room), as: UTF8.self)
                bytes = limit
            }
        }
        return anyText ? result : ""
    }

    var title: String? { text(library.title) }
    var author: String? { text(library.author) }
    var keywords: String? { text(library.keywords) }
    var subject: String? { text(library.subject) }
    var creator: String? { text(library.creator) }
    var producer: String? { text(library.producer) }

    /// The page count from the page tree; poppler guards the tree against loops.
    var pageCount: Int {
        Self.lock.withLock { Int(library.pageCount(document)) }
    }

    /// The Info dictionary's CreationDate. Poppler reads a date without a zone as UTC.
    var creationDate: Date? {
        Self.lock.withLock { () -> Date? in
            guard let dateTime = library.creationDateTime(document) else { return nil }
            defer { library.dateTimeUnref(dateTime) }
            let seconds =
                Double(library.dateTimeToUnix(dateTime)) + Double(library.dateTimeMicrosecond(dateTime)) / 1e6
            return Date(timeIntervalSince1970: seconds)
        }
    }

    /// Calls a poppler getter that returns a newly allocated UTF-8 string, and frees it.
    private func text(_ getter: fsfind_poppler_document_string) -> String? {
        Self.lock.withLock { () -> String? in
            guard let value = getter(document) else { return nil }
            defer { library.free(value) }
            return String(cString: value)  // poppler converts PDF text strings to UTF-8
        }
    }
}
