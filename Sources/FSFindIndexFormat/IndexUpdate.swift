import FSFindModel
import Foundation

/// The next index file made from the previous one: what became of each of its rows and the items
/// read since, written in path order.
///
/// An updater (a refresh, `fsfind forget`) says of each old row that the crawl saw it unchanged
/// (``keep(_:accessTime:)``), that a read item replaces it (``stage(_:textDocument:replacing:)``)
/// or that it went (``remove(unseenIn:unless:)``); rows it says nothing of are carried over, and
/// items that replace none are merged in by path. How the rows are ordered, which strings are
/// carried and when the previous file can be copied as it is are the format's
/// (``write(roots:createdAt:textGeneration:delta:replacing:)``), so the updater never handles a row's
/// source or a staged path.
package struct IndexUpdate {
    private let previous: IndexFile?
    private var builder: IndexBuilder
    private var plan: RowPlan

    /// An update of `previous` (nil: a first index), whose every section is read as it is copied.
    package init(previous: IndexFile?) throws(FSFindError) {
        self.previous = previous
        builder = try IndexBuilder(old: previous)
        plan = RowPlan(oldCount: previous?.itemCount ?? 0)
    }

    /// Old row `row` is unchanged: copied, with the access time the crawl just read.
    package mutating func keep(_ row: Int, accessTime: Date) { plan.keep(row, accessTime: accessTime) }

    /// Stages `item`, read in this run, with the text store's number for its words
    /// (`textDocument`, nil when it has none), in place of old row `oldRow` (nil: a path the
    /// previous file may not have).
    package mutating func stage(_ item: IndexedItem, textDocument: UInt32?, replacing oldRow: Int?)
        throws(FSFindError)
    {
        plan.staged(try builder.stage(item, textDocument: textDocument), replacing: oldRow)
    }

    /// Removes the old rows of `range` that were neither kept nor replaced, but for those at or
    /// below a folder of `kept` (a root that still covers them); returns how many went.
    package mutating func remove(unseenIn range: Range<Int>, unless kept: [[UInt8]] = []) -> Int {
        guard let previous, !kept.isEmpty else { return plan.remove(unseenIn: range) { _ in false } }
        return plan.remove(unseenIn: range) { row in
            let path = previous.path(at: row)
            return kept.contains { PathBytes.isWithin(path, folder: $0) }
        }
    }

    /// The text-store documents of the old rows replaced or removed: the only ones that may have
    /// gone stale.
    package func changedDocuments() throws(FSFindError) -> [UInt32] { try plan.changedDocuments(previous) }

    /// Writes the new file beside `path` (its ``WrittenIndex/file`` renames it over `path` when
    /// committed), section by section, never whole in memory. When nothing but the roots' refresh
    /// times and the rows' access times changed, the previous file is copied instead
    /// (``IndexFile/copy(refreshed:lastUsed:createdAt:replacing:)``, ``WrittenIndex/copied``).
    /// With a `delta` (a watcher's batch) the file is the new delta: these rows with the old
    /// delta's others, and where each goes among the base's
    /// (``DeltaOutput/write(rows:builder:lastUsed:roots:createdAt:textGeneration:replacing:)``).
    ///
    /// `textGeneration` names the text store whose document numbers the rows carry
    /// (``TextDocuments``); nil keeps the previous file's.
    package mutating func write(
        roots: [IndexRoot], createdAt: Date, textGeneration: UInt64? = nil, delta: DeltaOutput? = nil,
        replacing path: String
    ) throws(FSFindError) -> WrittenIndex {
        let rows = plan.rows(builder: builder, previous: previous)
        if let delta {
            return try delta.write(
                rows: rows, builder: &builder, lastUsed: plan.lastUsed, roots: roots, createdAt: createdAt,
                textGeneration: textGeneration, replacing: path)
        }
        if let previous,
            let accessed = try unchanged(previous, rows: rows, roots: roots, textGeneration: textGeneration)
        {
            return try previous.copy(
                refreshed: roots.map(\.lastRefresh), lastUsed: accessed ? plan.lastUsed : nil, createdAt: createdAt,
                replacing: path)
        }
        return try builder.write(
            rows: rows, oldLastUsed: plan.lastUsed, roots: roots, createdAt: createdAt, textGeneration: textGeneration,
            replacing: path)
    }

    /// When the new file would differ from `previous` only in its roots' refresh times and its
    /// rows' access times, whether an access time is new; nil when anything else would differ: a
    /// row new, changed, gone or not copied in place, other roots or options, another text store,
    /// or a file in an older format (which an update upgrades). The file is then copied instead of
    /// written again, only the `lastUsedDate` column encoded anew when an access time changed:
    /// re-encoding every row was a good part of such a refresh of a large tree
    /// (`benchmarks/RESULTS.md`, "A refresh that finds nothing changed copies the file").
    private func unchanged(_ previous: IndexFile, rows: [RowSource], roots: [IndexRoot], textGeneration: UInt64?)
        throws(FSFindError) -> Bool?
    {
        guard previous.isCurrentFormat, rows.count == previous.itemCount else { return nil }
        for (position, row) in rows.enumerated() where row != .old(position) { return nil }
        let old = try previous.roots()
        guard old.count == roots.count,
            zip(old, roots).allSatisfy({ $0.path == $1.path && $0.options == $1.options })
        else { return nil }
        // The numbers of the rows' words belong to one store: the same one.
        if let documents = try previous.textDocuments() {
            guard let textGeneration, textGeneration == documents.generation else { return nil }
        }
        // A kept row's access time replaces its stored one (``RowPlan/keep(_:accessTime:)``).
        guard let lastUsed = previous.cells(of: .lastUsedDate) else { return nil }
        for (row, cell) in plan.lastUsed.enumerated() where cell != IndexFormat.absent64 && lastUsed.cell(row) != cell {
            return true
        }
        return false
    }
}
