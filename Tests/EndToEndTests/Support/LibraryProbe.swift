@testable import FSFindManual
@testable import FSFindModel
@testable import FSFindQuery

/// The few library calls the end-to-end tests make, in one place: the rest of the target only runs
/// the binary.
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
