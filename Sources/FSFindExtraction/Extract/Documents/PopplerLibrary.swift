import CLibraryTypes

/// The poppler-glib and glib functions the PDF extractor calls, loaded with `dlopen` on first use
/// (see ``SharedLibrary``): linking poppler made every `fsfind` start map some 40 libraries.
///
/// The function types are `CLibraryTypes`' (checked against poppler's and glib's headers by the
/// tests); the one struct read, `GError`, is CLibraryTypes' `fsfind_gerror`. Without poppler
/// installed, PDFs are marked unparsable with the reason and everything else works.
struct PopplerLibrary: Sendable {
    let filenameToURI: fsfind_g_filename_to_uri
    let free: fsfind_g_free
    let errorFree: fsfind_g_error_free
    let objectUnref: fsfind_g_object_unref
    let documentNewFromFile: fsfind_poppler_document_new_from_file
    /// `poppler_document_new_from_bytes` with glib's `g_bytes_new_static`: the resident document
    /// (``PDFDocumentHandle``) made from bytes in memory.
    let documentNewFromBytes: fsfind_poppler_document_new_from_bytes
    let bytesNewStatic: fsfind_g_bytes_new_static
    let title: fsfind_poppler_document_string
    let author: fsfind_poppler_document_string
    let keywords: fsfind_poppler_document_string
    let subject: fsfind_poppler_document_string
    let creator: fsfind_poppler_document_string
    let producer: fsfind_poppler_document_string
    let pageCount: fsfind_poppler_document_get_n_pages
    let creationDateTime: fsfind_poppler_document_get_creation_date_time
    let dateTimeUnref: fsfind_g_date_time_unref
    let dateTimeToUnix: fsfind_g_date_time_to_unix
    let dateTimeMicrosecond: fsfind_g_date_time_get_microsecond
    /// `poppler_document_get_page` (a new reference, released with `g_object_unref`).
    let page: fsfind_poppler_document_get_page
    /// `poppler_page_get_text` (freed with `g_free`).
    let pageText: fsfind_poppler_page_get_text

    /// The library, loaded once per process; or why it could not be.
    static let shared: Result<PopplerLibrary, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libpoppler-glib.so.8", package: "libpoppler-glib8")
        return PopplerLibrary(
            filenameToURI: try library.symbol("g_filename_to_uri"),
            free: try library.symbol("g_free"),
            errorFree: try library.symbol("g_error_free"),
            objectUnref: try library.symbol("g_object_unref"),
            documentNewFromFile: try library.symbol("poppler_document_new_from_file"),
            documentNewFromBytes: try library.symbol("poppler_document_new_from_bytes"),
            bytesNewStatic: try library.symbol("g_bytes_new_static"),
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

    /// The GError's message as an ``ExtractionError``, freeing the GError.
    func consume(_ error: OpaquePointer?, doing context: String) -> ExtractionError {
        guard let error else { return ExtractionError(context) }
        defer { errorFree(error) }
        guard let message = UnsafeRawPointer(error).assumingMemoryBound(to: fsfind_gerror.self).pointee.message else {
            return ExtractionError(context)
        }
        return ExtractionError("\(context): \(String(cString: message))")
    }
}
