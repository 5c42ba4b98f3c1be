import FSFindModel

/// The search field's `kind:` words that are Spotlight's own rather than fsfind's type names: a
/// fact of the query language, read only by ``SearchTokenParser``.
extension TypeCatalog {
    /// Spotlight's own `kind:` words, with the type each stands for here; nil where Linux files
    /// have no such type (Safari bookmarks, Calendar events …): known, so not an error, but they
    /// find only items whose kind says so.
    static let spotlightKinds: [String: String?] = [
        "email": "public.email-message", "emails": "public.email-message", "mail": "public.email-message",
        "message": "public.email-message", "messages": "public.email-message",
        "contact": "public.vcard", "contacts": "public.vcard",
        "font": "public.font", "fonts": "public.font",
        "bookmark": nil, "bookmarks": nil, "event": nil, "events": nil, "reminder": nil, "reminders": nil,
        "preference": nil, "preferences": nil, "presentation": nil, "presentations": nil, "spreadsheet": nil,
        "spreadsheets": nil, "pdf": nil, "pdfs": nil,
    ]
}
