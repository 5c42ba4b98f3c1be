import CLibraryTypes
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
        _ = Self.residentDocumentOpen
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

    /// A one-page document kept open for the life of the process, never released.
    ///
    /// Poppler's global parameters (its Unicode maps, encodings and data directories) live as
    /// long as some document is open: each document holds a count, and the last one to close
    /// deletes them. Opening one PDF at a time therefore built them anew for every file, twice
    /// when the text was read too: in an extraction worker that was more than half of a small
    /// PDF's cost (`benchmarks/RESULTS.md`, "A PDF parsed once"). This document holds the count
    /// from the first PDF on.
    /// False when poppler would not open it; then every file pays as before.
    static let residentDocumentOpen: Bool = {
        guard let library = try? PopplerLibrary.shared.get() else { return false }
        let pdf = minimalPDF
        // Never freed: glib's static bytes point at it for as long as the document lives.
        let storage = UnsafeMutableRawPointer.allocate(byteCount: pdf.count, alignment: 1)
        storage.copyMemory(from: pdf, byteCount: pdf.count)
        return lock.withLock { () -> Bool in
            guard let bytes = library.bytesNewStatic(storage, UInt(pdf.count)) else { return false }
            var error: OpaquePointer?
            let document = library.documentNewFromBytes(bytes, nil, &error)
            if document == nil, let error { library.errorFree(error) }
            return document != nil
        }
    }()

    /// The smallest well-formed PDF: a catalogue, a page tree and one empty page, with a
    /// cross-reference table (objects at bytes 9, 58 and 115, the table at 182), so poppler reads
    /// it without repairs.
    static let minimalPDF = Array(
        """
        %PDF-1.4
        1 0 obj
        << /Type /Catalog /Pages 2 0 R >>
        endobj
        2 0 obj
        << /Type /Pages /Kids [3 0 R] /Count 1 >>
        endobj
        3 0 obj
        << /Type /Page /Parent 2 0 R /MediaBox [0 0 1 1] >>
        endobj
        xref
        0 4
        0000000000 65535 f\u{20}
        0000000009 00000 n\u{20}
        0000000058 00000 n\u{20}
        0000000115 00000 n\u{20}
        trailer
        << /Size 4 /Root 1 0 R >>
        startxref
        182
        %%EOF

        """.utf8)

    /// Calls `body` with page `number` (a `PopplerPage *`) under the lock, and releases the page
    /// after: what a caller that draws the page (the preview worker) needs of the document,
    /// without holding poppler's functions or the lock itself.
    func withPage<Result>(
        _ number: Int, _ body: (OpaquePointer) throws(ExtractionError) -> Result
    ) throws(ExtractionError) -> Result {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard let page = library.page(document, Int32(number)) else {
            throw ExtractionError("the PDF has no page \(number + 1)")
        }
        defer { library.objectUnref(UnsafeMutableRawPointer(page)) }
        return try body(page)
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
