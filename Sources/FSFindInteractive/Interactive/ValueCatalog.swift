import FSFindIndexFormat
import FSFindModel

/// Values that exist in the index for the keys suggestions complete: kinds, authors, albums,
/// artists, cameras. Read once per session (the first time a suggestion needs them).
struct ValueCatalog: Sendable, Equatable {
    /// Key (`kind`, `author`, …) → distinct values, the most frequent first.
    private(set) var values: [String: [String]]

    init(values: [String: [String]] = [:]) {
        self.values = values
    }

    /// The attributes read, and the token key each value becomes.
    static let sources: [(key: String, attribute: Attribute)] = [
        ("kind", .kind), ("author", .authorNames), ("album", .album), ("artist", .artist),
        ("camera", .acquisitionModel), ("camera", .acquisitionMake), ("genre", .keywords),
    ]

    /// The most values kept per key.
    static let perKey = 200

    /// Reads the catalog through `reader`, made for every attribute of ``sources`` (the search
    /// screen's reader of everything); attributes the index lacks (older extractors) give no values.
    static func read(from reader: IndexReader) -> ValueCatalog {
        var counts: [String: [String: Int]] = [:]
        let files = reader.fileReaders
        // kind comes from the type table: once per type id (of each file) is enough.
        var seenTypes = files.map { _ in Set<Int>() }
        for piece in reader.snapshot.pieces {
            let file = files[piece.file]
            for row in piece.rows {
                let newType = file.typeID(at: row).map { seenTypes[piece.file].insert($0).inserted } ?? true
                for source in sources {
                    if source.attribute == .kind && !newType { continue }
                    switch file.value(of: source.attribute, at: row) {
                    case .text(let text)?: counts[source.key, default: [:]][text, default: 0] += 1
                    case .textList(let list)?:
                        for text in list { counts[source.key, default: [:]][text, default: 0] += 1 }
                    default: break
                    }
                }
            }
        }
        var values: [String: [String]] = [:]
        for (key, table) in counts {
            let ordered = table.filter { !$0.key.isEmpty }.sorted {
                $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
            }
            values[key] = Array(ordered.prefix(perKey).map(\.key))
        }
        return ValueCatalog(values: values)
    }
}
