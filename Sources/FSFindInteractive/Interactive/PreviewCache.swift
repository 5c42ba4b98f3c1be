/// The previews the search screen has drawn, so moving back to a file shows it at once: at most
/// ``limit`` bytes of them (``FilePreview/cost``), the least recently shown dropped first, so
/// browsing thousands of files never grows the screen's memory past it.
///
/// Keyed by what the preview was drawn for (the file's path and indexed identity, the box, the
/// colours): a changed file or a resized window asks again.
struct PreviewCache<Key: Hashable & Sendable>: Sendable {
    let limit: Int
    private var entries: [Key: (preview: FilePreview, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private(set) var cost = 0

    /// 8 MiB by default: about 60 previews of a full-height pane on a 200-column terminal.
    init(limit: Int = 8 << 20) {
        self.limit = limit
    }

    var count: Int { entries.count }

    /// The preview for `key`, marked as just used.
    mutating func preview(for key: Key) -> FilePreview? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.preview, clock)
        return entry.preview
    }

    mutating func insert(_ preview: FilePreview, for key: Key) {
        if let old = entries[key] { cost -= old.preview.cost }
        clock += 1
        entries[key] = (preview, clock)
        cost += preview.cost
        while cost > limit, entries.count > 1 {
            // A linear scan: the cache holds tens of entries, and this runs once per drawn preview.
            guard let oldest = entries.min(by: { $0.value.used < $1.value.used }), oldest.key != key else { break }
            cost -= oldest.value.preview.cost
            entries[oldest.key] = nil
        }
    }
}
