import CPoppler
import Foundation

/// An open poppler-glib PDF document, released with `g_object_unref` when this value goes.
///
/// Poppler keeps process-wide state (its global parameters and font caches) that is not promised
/// to be safe when several threads open documents at once, so every use goes through one lock;
/// extraction reads only the document catalogue, so the lock is held briefly.
final class PDFDocumentHandle {
    private static let lock = NSLock()

    private let handle: OpaquePointer

    /// Opens the PDF at `path` (raw bytes). The path travels as a `file://` URI made by
    /// `g_filename_to_uri`, which percent-escapes any byte, so non-UTF-8 names open too.
    init(path: [UInt8]) throws(ExtractionError) {
        var error: UnsafeMutablePointer<GError>?
        let uri = PathBytes.withCString(path) { g_filename_to_uri($0, nil, &error) }
        guard let uri else { throw Self.consume(error, doing: "cannot name the file as a URI") }
        defer { g_free(uri) }
        let document = Self.lock.withLock { poppler_document_new_from_file(uri, nil, &error) }
        guard let document else { throw Self.consume(error, doing: "not a readable PDF") }
        handle = document
    }

    deinit {
        Self.lock.withLock { g_object_unref(UnsafeMutableRawPointer(handle)) }
    }

    private var document: OpaquePointer { handle }

    var title: String? { text(poppler_document_get_title) }
    var author: String? { text(poppler_document_get_author) }
    var keywords: String? { text(poppler_document_get_keywords) }

    /// The page count from the page tree; poppler guards the tree against loops.
    var pageCount: Int {
        Self.lock.withLock { Int(poppler_document_get_n_pages(document)) }
    }

    /// The Info dictionary's CreationDate. Poppler reads a date without a zone as UTC.
    var creationDate: Date? {
        Self.lock.withLock { () -> Date? in
            guard let dateTime = poppler_document_get_creation_date_time(document) else { return nil }
            defer { g_date_time_unref(dateTime) }
            let seconds = Double(g_date_time_to_unix(dateTime)) + Double(g_date_time_get_microsecond(dateTime)) / 1e6
            return Date(timeIntervalSince1970: seconds)
        }
    }

    /// Calls a poppler getter that returns a newly allocated UTF-8 string, and frees it.
    private func text(_ getter: (OpaquePointer?) -> UnsafeMutablePointer<gchar>?) -> String? {
        Self.lock.withLock { () -> String? in
            guard let value = getter(document) else { return nil }
            defer { g_free(value) }
            return String(cString: value)  // poppler converts PDF text strings to UTF-8
        }
    }

    /// The GError's message as an ``ExtractionError``, freeing the GError.
    private static func consume(_ error: UnsafeMutablePointer<GError>?, doing context: String) -> ExtractionError {
        guard let error else { return ExtractionError(context) }
        defer { g_error_free(error) }
        return ExtractionError("\(context): \(String(cString: error.pointee.message))")
    }
}
