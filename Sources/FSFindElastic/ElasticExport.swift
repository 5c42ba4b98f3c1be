import FSFindIndexFormat
import FSFindModel
import FSFindOutput
import FSFindSearch
import FSFindText
import Foundation

/// What `fsfind export` writes: the index mapping, or every item as a `_bulk` action line and its
/// FSCrawler-shaped document. One entry point for the command, so the documents' fields, their
/// `_id` and the mapping stay this target's own.
package enum ElasticExport {
    /// The index mapping for the documents (`--es-mapping`).
    package static var mapping: String { ElasticMapping.indexBody }

    /// Writes, through `write`, an action line naming `indexName` and the document for each item of
    /// `index`, in row order; returns how many items were left out because their path is not UTF-8.
    /// - Parameters:
    ///   - content: whether documents carry the words inside files (`content`), read from the
    ///     index's text store, opened after the index's reader as every reading command does.
    ///   - start: only items whose content or attributes changed at or after this instant
    ///     (seconds since 2001); nil for all.
    package static func bulk(
        index: IndexSnapshot, content: Bool, indexName: String, since start: Double?, write: (String) -> Void
    ) throws(FSFindError) -> Int {
        let reader = try index.readerOfEverything()
        let text = content ? try TextStore.opened(beside: index) : nil
        let roots = try index.roots().map(\.path)
        let action = { (id: String) in
            "{\"index\":{\"_index\":\(JSONWriter.string(indexName)),\"_id\":\(JSONWriter.string(id))}}"
        }
        var skipped = 0
        for row in 0..<index.itemCount {
            let item = reader.row(row)
            if let start {
                let changed = [Attribute.contentModificationDate, .attributeChangeDate].compactMap {
                    if case .date(let date)? = item.value(of: $0) {
                        date.timeIntervalSinceReferenceDate
                    } else {
                        nil
                    }
                }
                guard changed.contains(where: { $0 >= start }) else { continue }
            }
            let path = reader.path(at: row)
            let content = try reader.textDocument(at: row).flatMap { document throws(FSFindError) in
                try text?.textStart(document: document, characters: .max)
            }
            let root = ElasticDocument.root(of: path, among: roots)
            guard
                let document = ElasticDocument.json(
                    path: path, item: item, root: root, content: content, indexedAt: index.createdAt)
            else {
                skipped += 1
                continue
            }
            write(action(ElasticEndpoint.identifier(path)))
            write(document)
        }
        return skipped
    }
}
