/// Every attribute fsfind knows, in the order `fsfind attributes` prints them.
///
/// The raw value is the Core Spotlight name (`CSSearchableItemAttributeSet`); `descriptor` holds the
/// type, the macOS `kMDItem…` aliases and the meaning. This enum plus ``AttributeRegistry`` is the
/// single source of truth: the checker, the index columns, `show`, `attributes`, the completions and
/// the man page all read it.
package enum Attribute: String, Sendable, CaseIterable, Hashable, Comparable {
    // Every item
    case path
    case fsName
    case displayName
    case contentType
    case contentTypeTree
    case mimeType
    case kind
    case fileSize
    case contentModificationDate
    case contentCreationDate
    case fsCreationDate
    case lastUsedDate
    case addedDate
    // When the content has it
    case title
    case authorNames
    case artist
    case album
    case keywords
    case duration
    case pixelWidth
    case pixelHeight
    case codecs
    case audioSampleRate
    case audioChannelCount
    case pageCount
    case acquisitionMake
    case acquisitionModel
    case latitude
    case longitude
    /// The words inside the file. Kept in the full-text store beside the index, never in the
    /// index file; a query on it asks the store (`docs/full-text.md`).
    case textContent

    /// The name people type in queries.
    package var name: String { rawValue }

    /// Type, aliases and meaning, from the registry table.
    package var descriptor: AttributeDescriptor { AttributeRegistry.descriptor(for: self) }

    /// The attribute's one type.
    package var type: AttributeType { descriptor.type }

    /// Position in `allCases`; stable within one build, used for dense per-attribute tables.
    ///
    /// A switch, not a lookup: it is read on every hash and every table access, millions of
    /// times per refresh. `RegistryTests` checks it against `allCases`.
    package var ordinal: Int {
        switch self {
        case .path: 0
        case .fsName: 1
        case .displayName: 2
        case .contentType: 3
        case .contentTypeTree: 4
        case .mimeType: 5
        case .kind: 6
        case .fileSize: 7
        case .contentModificationDate: 8
        case .contentCreationDate: 9
        case .fsCreationDate: 10
        case .lastUsedDate: 11
        case .addedDate: 12
        case .title: 13
        case .authorNames: 14
        case .artist: 15
        case .album: 16
        case .keywords: 17
        case .duration: 18
        case .pixelWidth: 19
        case .pixelHeight: 20
        case .codecs: 21
        case .audioSampleRate: 22
        case .audioChannelCount: 23
        case .pageCount: 24
        case .acquisitionMake: 25
        case .acquisitionModel: 26
        case .latitude: 27
        case .longitude: 28
        case .textContent: 29
        }
    }

    package static func < (lhs: Attribute, rhs: Attribute) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Hashes the case's position, not the raw value.
    ///
    /// The default for a `String`-backed enum hashes the whole name, and attribute sets, the
    /// registry and the writer look attributes up millions of times per refresh: hashing names
    /// was a tenth of a refresh's time.
    package func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
}
