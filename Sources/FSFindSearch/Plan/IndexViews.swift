import FSFindIndexFormat
import FSFindModel

/// The section views one ``QueryPlan`` reads, each made on first use.
///
/// Made from a reader of one file (``IndexReader/fileReaders``), which has checked the sections
/// the plan's attributes touch; a row a view cannot answer is read through that reader. Lazy on
/// purpose: a name query must not make the 40-byte-per-row identities' view it never reads.
final class IndexViews {
    /// The file's rows, for what the views do not answer.
    let index: IndexReader
    /// The one file `index` reads, whose sections the views are.
    let file: IndexFile

    init(reader: IndexReader) {
        precondition(reader.snapshot.delta == nil, "section views are one file's: a reader of fileReaders")
        index = reader
        file = reader.snapshot.base
    }

    lazy var names: NamesView? = file.namesView()
    lazy var flags: DerivedFlagsView? = file.derivedFlagsView()
    lazy var identities: IdentitiesView? = file.identitiesView()
    lazy var types: TypeColumnView? = file.typeColumnView()
    lazy var strings: StringsView? = file.stringsView()
    lazy var lists: StringsView? = file.listsView()
    /// The file's words (format 6; nil before, or when damaged: free text then measures values).
    lazy var words: WordLexicon? = try? file.wordLexicon()
    private var columns: [Attribute: CellReader?] = [:]
    /// Whether the views keep, per free-text column, the strings its cells name
    /// (``namedStrings(_:)``): a search session's, whose every key asks each column again.
    var keepsNamedStrings = false
    /// The session's tables of those strings, made on the summaries' thread once for every
    /// thread's views (``PartViews``); until they are there, the views work out their own.
    var givenNamedStrings: NamedStrings?
    private var named: [Attribute: FlatTable<UInt64>] = [:]

    /// One bit per string id, set for the strings `source`'s stored cells name, themselves or
    /// among their lists' elements (``NamedStrings``); worked out once, nil unless the views keep
    /// them (``keepsNamedStrings``) or without strings and lists.
    func namedStrings(_ source: TextSource) -> FlatTable<UInt64>? {
        guard keepsNamedStrings, let strings, let lists else { return nil }
        if let given = givenNamedStrings?.strings(namedBy: source.attribute) { return given }
        if let known = named[source.attribute] { return known }
        let bits = NamedStrings.table(namedBy: source, stringCount: strings.count, lists: lists)
        named[source.attribute] = bits
        return bits
    }

    /// `attribute`'s cells, checked once (no cells when the file has none, nil when damaged); a
    /// source reads them through a cursor of its own (``CellReader/withOwnCursor()``).
    func column(_ attribute: Attribute) -> CellReader? {
        if let view = columns[attribute] { return view }
        let view = file.cells(of: attribute)
        columns[attribute] = view
        return view
    }
}
