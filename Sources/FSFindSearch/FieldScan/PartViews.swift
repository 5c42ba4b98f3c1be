import FSFindIndexFormat

/// The section views of each part of a scan, kept for the session: a part's views are filled
/// lazily (a column's view checks its cells when made), and a part that made new ones for each
/// scan redid those checks for every key.
///
/// Unchecked because `IndexViews` fill themselves lazily and are not `Sendable`: ``sets(count:of:named:)``
/// grows the list on the calling thread before a scan's parts start, and during the scan part `k`
/// alone reads set `k`. Scans of one ``InteractiveScan`` run one at a time (the search loop's
/// thread asks for them), as its session views always did.
final class PartViews: @unchecked Sendable {
    private var made: [[IndexViews]] = []

    /// The first `count` sets, made for `reader`'s files when first asked for; `named`, the
    /// session's tables of the strings each file's columns name (``NamedStrings``) once they are
    /// made, which every set then reads instead of its own.
    func sets(count: Int, of reader: IndexReader, named: [NamedStrings?] = []) -> [[IndexViews]] {
        while made.count < count {
            made.append(
                reader.fileReaders.map { file in
                    let views = IndexViews(reader: file)
                    views.keepsNamedStrings = true
                    return views
                })
        }
        if !named.isEmpty {
            for set in made {
                for (file, views) in set.enumerated() where views.givenNamedStrings == nil && file < named.count {
                    views.givenNamedStrings = named[file]
                }
            }
        }
        return Array(made.prefix(count))
    }
}
