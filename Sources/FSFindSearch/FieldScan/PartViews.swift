import FSFindIndexFormat

/// The section views of each part of a scan, kept for the session: a part's views are filled
/// lazily (a column's view checks its cells when made), and a part that made new ones for each
/// scan redid those checks for every key.
///
/// Unchecked because `IndexViews` fill themselves lazily and are not `Sendable`: ``sets(count:of:)``
/// grows the list on the calling thread before a scan's parts start, and during the scan part `k`
/// alone reads set `k`. Scans of one ``InteractiveScan`` run one at a time (the search loop's
/// thread asks for them), as its session views always did.
final class PartViews: @unchecked Sendable {
    private var made: [[IndexViews]] = []

    /// The first `count` sets, made for `reader`'s files when first asked for.
    func sets(count: Int, of reader: IndexReader) -> [[IndexViews]] {
        while made.count < count {
            made.append(
                reader.fileReaders.map { file in
                    let views = IndexViews(reader: file)
                    views.keepsNamedStrings = true
                    return views
                })
        }
        return Array(made.prefix(count))
    }
}
