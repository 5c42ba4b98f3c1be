import FSFindModel
import Foundation

/// The GMime 3 functions the e-mail extractor calls (the MIME library notmuch and Evolution
/// use), loaded with `dlopen` on first use like every extractor library (see ``SharedLibrary``).
///
/// GMime decodes what makes mail hard to read by hand: RFC 2047 encoded subjects and names,
/// quoted-printable and base64 bodies, and any charset, converted to UTF-8. Only opaque pointers
/// and C strings cross the boundary. Without the library, e-mail files are marked unparsable with
/// the reason, and everything else works.
struct GMimeLibrary: @unchecked Sendable {
    // @unchecked: C function pointers into a library that is never unloaded; immutable.
    typealias ForeachCallback = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void

    let initialize: @convention(c) () -> Void
    /// `g_mime_stream_fs_new(fd)`: the stream owns (closes) the descriptor.
    let streamFromDescriptor: @convention(c) (Int32) -> OpaquePointer?
    let parserWithStream: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let constructMessage: @convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    /// Decoded, UTF-8, owned by the message.
    let subject: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let from: @convention(c) (OpaquePointer?) -> OpaquePointer?
    /// `internet_address_list_to_string(list, options, encode)`: a new string (g_free).
    let addressListToString: @convention(c) (OpaquePointer?, OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    /// `g_mime_message_get_date`: owned by the message.
    let date: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let dateTimeToUnix: @convention(c) (OpaquePointer?) -> Int64
    let foreach: @convention(c) (OpaquePointer?, ForeachCallback?, UnsafeMutableRawPointer?) -> Void
    let contentType: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let contentTypeIsType: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    /// `g_mime_object_get_disposition`: "attachment", "inline" or NULL.
    let disposition: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    /// `g_mime_text_part_get_text`: the part decoded and converted to UTF-8 (g_free).
    let textPartText: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let objectUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The library, loaded and initialised once per process; or why it could not be.
    static let shared: Result<GMimeLibrary, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libgmime-3.0.so.0", package: "libgmime-3.0-0")
        let gmime = GMimeLibrary(
            initialize: try library.symbol("g_mime_init"),
            streamFromDescriptor: try library.symbol("g_mime_stream_fs_new"),
            parserWithStream: try library.symbol("g_mime_parser_new_with_stream"),
            constructMessage: try library.symbol("g_mime_parser_construct_message"),
            subject: try library.symbol("g_mime_message_get_subject"),
            from: try library.symbol("g_mime_message_get_from"),
            addressListToString: try library.symbol("internet_address_list_to_string"),
            date: try library.symbol("g_mime_message_get_date"),
            dateTimeToUnix: try library.symbol("g_date_time_to_unix"),
            foreach: try library.symbol("g_mime_message_foreach"),
            contentType: try library.symbol("g_mime_object_get_content_type"),
            contentTypeIsType: try library.symbol("g_mime_content_type_is_type"),
            disposition: try library.symbol("g_mime_object_get_disposition"),
            textPartText: try library.symbol("g_mime_text_part_get_text"),
            free: try library.symbol("g_free"),
            objectUnref: try library.symbol("g_object_unref"))
        gmime.initialize()
        return gmime
    }
}
