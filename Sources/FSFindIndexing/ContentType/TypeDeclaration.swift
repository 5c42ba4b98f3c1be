import FSFindModel

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

/// How one MIME type libmagic reports maps onto a declared type.
struct MIMEMapping: Sendable {
    let uti: String
    /// A kind that differs from the UTI's own (`application/x-sharedlib` → "Shared library").
    let kind: String?
    /// Types an extension may refine this answer into: a candidate must conform to one of them.
    /// nil means "subtypes of `uti`"; an empty list forbids refinement.
    let refinable: [String]?

    init(_ uti: String, kind: String? = nil, refinable: [String]? = nil) {
        self.uti = uti
        self.kind = kind
        self.refinable = refinable
    }
}
