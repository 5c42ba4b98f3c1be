/// What fsfind calls a file's type: its UTI, everything that UTI conforms to, a person's name for
/// it and the MIME type libmagic reported.
struct ContentTypeInfo: Sendable, Hashable {
    /// The most specific UTI (`public.mp3`).
    let uti: String
    /// `uti` and every type it conforms to, most specific first, ending in `public.item`.
    let tree: [String]
    /// A person's name for the type (`MP3 audio`, `Folder`).
    let kind: String
    /// What libmagic said (`audio/mpeg`), or the `inode/…` type `file --mime-type` prints for
    /// folders, links and special files; empty when nothing read the content.
    let mimeType: String
}
