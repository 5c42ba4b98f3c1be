import CLibraryTypes

/// The libarchive functions ``ArchiveTextExtractor`` calls, loaded with `dlopen` the first time a
/// worker reads an archive. The function types are `archive.h`'s (`CLibraryTypes`).
struct LibArchive: Sendable {
    typealias Handle = OpaquePointer
    let new: fsfind_archive_read_new
    let supportAllFilters: fsfind_archive_read_support_filter_all
    let supportAllFormats: fsfind_archive_read_support_format_all
    let supportRawFormat: fsfind_archive_read_support_format_raw
    let openDescriptor: fsfind_archive_read_open_fd
    let nextHeader: fsfind_archive_read_next_header
    let readData: fsfind_archive_read_data
    let free: fsfind_archive_read_free
    let format: fsfind_archive_format
    /// Bytes read so far through filter `n` (-1: the file itself).
    let filterBytes: fsfind_archive_filter_bytes
    let entryPath: fsfind_archive_entry_pathname
    let entryFileType: fsfind_archive_entry_filetype

    static let ok: Int32 = 0
    static let warn: Int32 = -20
    /// `ARCHIVE_FORMAT_RAW`: a single compressed file (`.gz`, `.bz2`, `.xz`), not an archive.
    static let rawFormat: Int32 = 0x90000
    /// `AE_IFREG`.
    static let regularFile: UInt32 = 0o100000

    static let shared: Result<LibArchive, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libarchive.so.13", package: "libarchive13")
        return LibArchive(
            new: try library.symbol("archive_read_new"),
            supportAllFilters: try library.symbol("archive_read_support_filter_all"),
            supportAllFormats: try library.symbol("archive_read_support_format_all"),
            supportRawFormat: try library.symbol("archive_read_support_format_raw"),
            openDescriptor: try library.symbol("archive_read_open_fd"),
            nextHeader: try library.symbol("archive_read_next_header"),
            readData: try library.symbol("archive_read_data"),
            free: try library.symbol("archive_read_free"),
            format: try library.symbol("archive_format"),
            filterBytes: try library.symbol("archive_filter_bytes"),
            entryPath: try library.symbol("archive_entry_pathname"),
            entryFileType: try library.symbol("archive_entry_filetype"))
    }
}
