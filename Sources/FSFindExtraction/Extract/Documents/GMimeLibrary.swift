import CLibraryTypes

/// The GMime 3 functions the e-mail extractor calls (the MIME library notmuch and Evolution
/// use), loaded with `dlopen` on first use like every extractor library (see ``SharedLibrary``).
///
/// GMime decodes what makes mail hard to read by hand: RFC 2047 encoded subjects and names,
/// quoted-printable and base64 bodies, and any charset, converted to UTF-8. The function types are
/// `CLibraryTypes'` (checked against GMime's headers by the tests). Without the library, e-mail files are marked unparsable with
/// the reason, and everything else works.
struct GMimeLibrary: Sendable {
    typealias ForeachCallback = fsfind_g_mime_object_foreach_func

    let initialize: fsfind_g_mime_init
    /// `g_mime_stream_fs_new(fd)`: the stream owns (closes) the descriptor.
    let streamFromDescriptor: fsfind_g_mime_stream_fs_new
    let parserWithStream: fsfind_g_mime_parser_new_with_stream
    let constructMessage: fsfind_g_mime_parser_construct_message
    /// Decoded, UTF-8, owned by the message.
    let subject: fsfind_g_mime_message_get_subject
    let from: fsfind_g_mime_message_get_from
    /// `internet_address_list_to_string(list, options, encode)`: a new string (g_free).
    let addressListToString: fsfind_internet_address_list_to_string
    /// `g_mime_message_get_date`: owned by the message.
    let date: fsfind_g_mime_message_get_date
    let dateTimeToUnix: fsfind_g_date_time_to_unix
    let foreach: fsfind_g_mime_message_foreach
    let contentType: fsfind_g_mime_object_get_content_type
    let contentTypeIsType: fsfind_g_mime_content_type_is_type
    /// `g_mime_object_get_disposition`: "attachment", "inline" or NULL.
    let disposition: fsfind_g_mime_object_get_disposition
    /// `g_mime_text_part_get_text`: the part decoded and converted to UTF-8 (g_free).
    let textPartText: fsfind_g_mime_text_part_get_text
    let free: fsfind_g_free
    let objectUnref: fsfind_g_object_unref

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
