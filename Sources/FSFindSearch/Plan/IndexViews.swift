import FSFindIndexFormat
import FSFindModel

/// The section views one ``QueryPlan`` reads, each made on first use.
///
/// Lazy on purpose: making a view verifies its section's checksum if nothing did yet, and a name
/// query must not checksum the 40-byte-per-row identities it never reads.
package final class IndexViews {
    package let index: IndexFile

    package init(index: IndexFile) { self.index = index }

    package lazy var names: NamesView? = index.namesView()
    lazy var flags: DerivedFlagsView? = index.derivedFlagsView()
    lazy var identities: IdentitiesView? = index.identitiesView()
    package lazy var types: TypeColumnView? = index.typeColumnView()
    package lazy var strings: StringsView? = index.stringsView()
    lazy var lists: StringsView? = index.listsView()
    /// The file's words (format 6; nil before, or when damaged: free text then measures values).
    lazy var words: WordLexicon? = try? index.wordLexicon()
    private var columns: [Attribute: ColumnView?] = [:]

    /// `attribute`'s column view (`.missing` when the file has none, nil when damaged).
    func column(_ attribute: Attribute) -> ColumnView? {
        if let view = columns[attribute] { return view }
        let view = index.columnView(attribute)
        columns[attribute] = view
        return view
    }
}
