/// A category a query can be narrowed to, like a search field's scope control (`docs/spec/attributes.md`).
///
/// A scope is ANDed with the query: an item is in it when its `contentTypeTree` holds the scope's
/// type. Every document type (PDF, word processing, spreadsheet, presentation, e-book) conforms to
/// `public.composite-content` in fsfind's tree, so `document` is one type like the others.
package enum Scope: String, Sendable, CaseIterable {
    case all
    case audio
    case video
    case image
    case document
    case text
    case code
    case archive
    case folder
    case app

    /// The type whose presence in `contentTypeTree` puts an item in this scope; nil for `all`.
    package var contentType: String? {
        switch self {
        case .all: nil
        case .audio: "public.audio"
        case .video: "public.movie"
        case .image: "public.image"
        case .document: "public.composite-content"
        case .text: "public.text"
        case .code: "public.source-code"
        case .archive: "public.archive"
        case .folder: "public.folder"
        case .app: "public.executable"
        }
    }

    /// A person's name for the scope, as a scope control shows it.
    package var title: String {
        switch self {
        case .all: "All"
        case .audio: "Audio"
        case .video: "Video"
        case .image: "Images"
        case .document: "Documents"
        case .text: "Text"
        case .code: "Code"
        case .archive: "Archives"
        case .folder: "Folders"
        case .app: "Apps"
        }
    }

    /// True when an item with this content-type tree belongs to the scope.
    package func contains(tree: [String]) -> Bool {
        guard let type = contentType else { return true }
        return tree.contains(type)
    }
}
