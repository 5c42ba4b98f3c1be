/// Every attribute fsfind knows, in the order `fsfind attributes` prints them.
///
/// The raw value is the Core Spotlight name (`CSSearchableItemAttributeSet`); `descriptor` holds the
/// type, the macOS `kMDItem…` aliases and the meaning. This enum plus ``AttributeRegistry`` is the
/// single source of truth: the checker, the index columns, `show`, `attributes`, the completions and
/// the man page all read it.
public enum Attribute: String, Sendable, CaseIterable, Hashable, Comparable {
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

    /// The name people type in queries.
    public var name: String { rawValue }

    /// Type, aliases and meaning, from the registry table.
    public var descriptor: AttributeDescriptor { AttributeRegistry.descriptor(for: self) }

    /// The attribute's one type.
    public var type: AttributeType { descriptor.type }

    /// Position in `allCases`; stable within one build, used for dense per-attribute tables.
    public var ordinal: Int { AttributeRegistry.ordinal(of: self) }

    public static func < (lhs: Attribute, rhs: Attribute) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Hashes the case's fixed number, not the raw value.
    ///
    /// The default for a `String`-backed enum hashes the whole name, and attribute sets, the
    /// registry and the writer look attributes up millions of times per refresh: hashing names
    /// was a tenth of a refresh's time.
    public func hash(into hasher: inout Hasher) { hasher.combine(indexCode) }
}
