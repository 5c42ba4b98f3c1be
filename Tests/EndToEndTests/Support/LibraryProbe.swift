import FSFind

/// Library calls for tests in this target, kept apart because the target's `FSFind` helper enum
/// shadows the module's name.
enum LibraryProbe {
    /// The query completer, called directly (no shell, no quoting).
    static func completions(_ typed: String) -> [String] { QueryCompletion.candidates(for: typed) }

    /// The man page sections rendered from the registry.
    static var manualSections: String { ManualSections.mdoc }
}

extension LibraryProbe {
    /// What `fsfind --version` must print.
    static var version: String { FSFindVersion.string }
}
