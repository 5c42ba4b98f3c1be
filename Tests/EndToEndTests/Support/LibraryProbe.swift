@testable import FSFindManual
@testable import FSFindModel

/// The few library calls the end-to-end tests make, in one place: the rest of the target only runs
/// the binary.
enum LibraryProbe {
    /// The man page sections rendered from the registry.
    static var manualSections: String { ManualSections.mdoc }
}

extension LibraryProbe {
    /// What `fsfind --version` must print.
    static var version: String { FSFindVersion.string }
}
