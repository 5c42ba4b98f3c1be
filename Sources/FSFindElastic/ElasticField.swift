import FSFindModel

/// A field of the FSCrawler document shape that Samba's Elasticsearch backend queries
/// (`/usr/share/samba/mdssvc/elasticsearch_mappings.json`) and `fsfind export --es-bulk` writes,
/// with the fsfind attribute that holds its value.
///
/// One table serves the three directions: reading a `query_string` (``ElasticTranslation``),
/// writing a document (``ElasticDocument``) and the index mapping in `contrib/`. Fields that
/// Samba's mappings name but fsfind has no attribute for (`meta.raw.X Resolution`, …) are
/// ``unheld``: known, so a query on them is no error, but no item has a value for them.
struct ElasticField: Sendable, Equatable {
    /// The dotted name, exactly as in the document (`meta.raw.xmpDM:duration`).
    let name: String
    let kind: Kind
    /// The attribute that holds the value; nil for a field fsfind does not hold.
    let attribute: Attribute?

    /// How a query compares with the field, after Elasticsearch's own mapping of it.
    enum Kind: Sendable, Equatable {
        /// A `keyword`: the whole value matches the term (wildcards allowed), as a file name does.
        case keyword
        /// Analysed `text`: the term matches words of the value (a phrase, words in a row).
        case text
        case number
        case date
        /// `path.real.fulltext`: true for the item at or below the path the value names, which is
        /// how Samba limits a search to a share (`AND path.real.fulltext:"/srv/share"`).
        case pathScope
        /// `content`: the words inside the file, asked of the text store.
        case content
        /// `file.extension`: the name's part after its last dot.
        case fileExtension
    }

    init(_ name: String, _ kind: Kind, _ attribute: Attribute?) {
        self.name = name
        self.kind = kind
        self.attribute = attribute
    }

    /// Every field fsfind reads in a query or writes in a document, in document order.
    static let all: [ElasticField] = [
        ElasticField("file.filename", .keyword, .fsName),
        ElasticField("file.extension", .fileExtension, .fsName),
        ElasticField("file.content_type", .keyword, .mimeType),
        ElasticField("file.filesize", .number, .fileSize),
        ElasticField("file.last_modified", .date, .contentModificationDate),
        ElasticField("file.created", .date, .fsCreationDate),
        ElasticField("file.indexing_date", .date, nil),
        ElasticField("path.real", .keyword, .path),
        ElasticField("path.real.fulltext", .pathScope, .path),
        ElasticField("attributes.owner", .number, .fsOwnerUserID),
        ElasticField("attributes.group", .number, .fsOwnerGroupID),
        ElasticField("meta.title", .text, .title),
        ElasticField("meta.author", .text, .authorNames),
        ElasticField("meta.keywords", .text, .keywords),
        ElasticField("meta.raw.creator", .text, .creator),
        ElasticField("meta.raw.description", .text, .contentDescription),
        ElasticField("meta.raw.xmpDM:duration", .number, .duration),
        ElasticField("meta.raw.xmpDM:album", .text, .album),
        ElasticField("meta.raw.xmpDM:artist", .text, .artist),
        ElasticField("meta.raw.xmpDM:genre", .text, .musicalGenre),
        ElasticField("meta.raw.xmpTPg:NPages", .number, .pageCount),
        ElasticField("meta.raw.tiff:BitsPerSample", .number, nil),
        ElasticField("meta.raw.Image Height", .number, .pixelHeight),
        ElasticField("meta.raw.Image Width", .number, .pixelWidth),
        ElasticField("meta.raw.X Resolution", .number, nil),
        ElasticField("meta.raw.Y Resolution", .number, nil),
        ElasticField("meta.raw.tiff:Make", .text, .acquisitionMake),
        ElasticField("meta.raw.tiff:Model", .text, .acquisitionModel),
        ElasticField("content", .content, .textContent),
    ]

    private static let byName: [String: ElasticField] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The field of that name; nil for one this table does not know.
    static func named(_ name: String) -> ElasticField? { byName[name] }

    /// True for a field Samba's mappings name that no fsfind attribute holds.
    var unheld: Bool { attribute == nil }
}
