/// One content type fsfind knows: its UTI, the types it directly conforms to, a person's name for
/// it and the file-name extensions that may *refine* a generic libmagic answer into it.
struct TypeDeclaration: Sendable {
    let uti: String
    let parents: [String]
    let kind: String
    /// Lowercase, without the dot; may be compound (`tar.gz`).
    let extensions: [String]

    init(_ uti: String, _ parents: [String], _ kind: String, ext extensions: [String] = []) {
        self.uti = uti
        self.parents = parents
        self.kind = kind
        self.extensions = extensions
    }
}
