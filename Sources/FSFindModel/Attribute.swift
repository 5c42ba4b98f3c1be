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
    case attributeChangeDate
    case fsOwnerUserID
    case fsOwnerGroupID
    case fsInvisible
    // From extended attributes, where the file has them
    case userTags
    case whereFroms
    case comment
    // When the content has it
    case title
    case authorNames
    case artist
    case album
    case composer
    case musicalGenre
    case keywords
    case subject
    case contentDescription
    case creator
    case duration
    case pixelWidth
    case pixelHeight
    case codecs
    case audioSampleRate
    case audioChannelCount
    case audioBitRate
    case totalBitRate
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
    var ordinal: Int {
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
        case .attributeChangeDate: 13
        case .fsOwnerUserID: 14
        case .fsOwnerGroupID: 15
        case .fsInvisible: 16
        case .userTags: 17
        case .whereFroms: 18
        case .comment: 19
        case .title: 20
        case .authorNames: 21
        case .artist: 22
        case .album: 23
        case .composer: 24
        case .musicalGenre: 25
        case .keywords: 26
        case .subject: 27
        case .contentDescription: 28
        case .creator: 29
        case .duration: 30
        case .pixelWidth: 31
        case .pixelHeight: 32
        case .codecs: 33
        case .audioSampleRate: 34
        case .audioChannelCount: 35
        case .audioBitRate: 36
        case .totalBitRate: 37
        case .pageCount: 38
        case .acquisitionMake: 39
        case .acquisitionModel: 40
        case .latitude: 41
        case .longitude: 42
        case .textContent: 43
        }
    }

    package static func < (lhs: Attribute, rhs: Attribute) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Compares cases, not names: without it `==` is `RawRepresentable`'s, which compares the two
    /// raw-value strings, and the index builder compares every attribute of every item.
    package static func == (lhs: Attribute, rhs: Attribute) -> Bool { lhs.ordinal == rhs.ordinal }

    /// Hashes the case's position, not the raw value.
    ///
    /// The default for a `String`-backed enum hashes the whole name, and attribute sets, the
    /// registry and the writer look attributes up millions of times per refresh: hashing names
    /// was a tenth of a refresh's time.
    package func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
}
