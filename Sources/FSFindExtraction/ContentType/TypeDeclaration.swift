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
