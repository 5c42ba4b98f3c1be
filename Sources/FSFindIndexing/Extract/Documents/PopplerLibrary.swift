import FSFindModel
import Foundation

/// The poppler-glib and glib functions the PDF extractor calls, loaded with `dlopen` on first use
/// (see ``SharedLibrary``): linking poppler made every `fsfind` start map some 40 libraries.
///
/// Only opaque pointers and C strings cross this boundary, so no glib header is needed; the one
/// struct read, `GError`, is mirrored by ``GErrorLayout``. Without poppler installed, PDFs are
/// marked unparsable with the reason and everything else works.
struct PopplerLibrary: @unchecked Sendable {
    // @unchecked: C function pointers into a library that is never unloaded; immutable.
    typealias Getter = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?

    let filenameToURI:
        @convention(c) (
            UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> UnsafeMutablePointer<CChar>?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let errorFree: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let objectUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let documentNewFromFile:
        @convention(c) (
            UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> OpaquePointer?
    let title: Getter
    let author: Getter
    let keywords: Getter
    let subject: Getter
    let creator: Getter
    let producer: Getter
    let pageCount: @convention(c) (OpaquePointer?) -> Int32
    let creationDateTime: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let dateTimeUnref: @convention(c) (OpaquePointer?) -> Void
    let dateTimeToUnix: @convention(c) (OpaquePointer?) -> Int64
    let dateTimeMicrosecond: @convention(c) (OpaquePointer?) -> Int32
    /// `poppler_document_get_page` (a new reference, released with `g_object_unref`).
    let page: @convention(c) (OpaquePointer?, Int32) -> OpaquePointer?
    /// `poppler_page_get_text` (freed with `g_free`).
    let pageText: Getter

    /// The library, loaded once per process; or why it could not be.
    static let shared: Result<PopplerLibrary, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libpoppler-glib.so.8", package: "libpoppler-glib8")
        return PopplerLibrary(
            filenameToURI: try library.symbol("g_filename_to_uri"),
            free: try library.symbol("g_free"),
            errorFree: try library.symbol("g_error_free"),
            objectUnref: try library.symbol("g_object_unref"),
            documentNewFromFile: try library.symbol("poppler_document_new_from_file"),
            title: try library.symbol("poppler_document_get_title"),
            author: try library.symbol("poppler_document_get_author"),
            keywords: try library.symbol("poppler_document_get_keywords"),
            subject: try library.symbol("poppler_document_get_subject"),
            creator: try library.symbol("poppler_document_get_creator"),
            producer: try library.symbol("poppler_document_get_producer"),
            pageCount: try library.symbol("poppler_document_get_n_pages"),
            creationDateTime: try library.symbol("poppler_document_get_creation_date_time"),
            dateTimeUnref: try library.symbol("g_date_time_unref"),
            dateTimeToUnix: try library.symbol("g_date_time_to_unix"),
            dateTimeMicrosecond: try library.symbol("g_date_time_get_microsecond"),
            page: try library.symbol("poppler_document_get_page"),
            pageText: try library.symbol("poppler_page_get_text"))
    }

    /// glib's `GError` (`guint32 domain; gint code; gchar *message;`), a layout glib has kept
    /// since 2.0 because it is public API.
    struct GErrorLayout {
        var domain: UInt32
        var code: Int32
        var message: UnsafeMutablePointer<CChar>?
    }

    /// The GError's message as an ``ExtractionError``, freeing the GError.
    func consume(_ error: UnsafeMutableRawPointer?, doing context: String) -> ExtractionError {
        guard let error else { return ExtractionError(context) }
        defer { errorFree(error) }
        guard let message = error.assumingMemoryBound(to: GErrorLayout.self).pointee.message else {
            return ExtractionError(context)
        }
        return ExtractionError("\(context): \(String(cString: message))")
    }
}
