import FSFindModel
import Foundation

/// Constants of the on-disk index format; `docs/index-format.md` describes the same layout.
@usableFromInline package enum IndexFormat {
    /// "FSFIND", NUL, 0x1A (Ctrl-Z, stops `type`/`cat`-style dumps of the binary part).
    static let magic: [UInt8] = [0x46, 0x53, 0x46, 0x49, 0x4E, 0x44, 0x00, 0x1A]
    /// Bumped on any layout change; the version files are written in.
    static let version: UInt32 = 6
    /// The versions read whole: a format-3 file is a format-4 file without packed number columns
    /// (``CellLayout``), and a format-4 one a format-5 file without tabled identities
    /// (``IdentityLayout``) or dictionary columns, and a format-5 one a format-6 file without the
    /// words section (``WordLexicon``: free text then measures every value), so each is read as it
    /// is and needs no rebuild.
    static let readableVersions: ClosedRange<UInt32> = 3...6
    /// Older versions whose header, directory and roots section are laid out as this one's: a
    /// refresh reads their roots, so an upgrade rebuilds the index without forgetting its folders.
    static let versionsWithReadableRoots: ClosedRange<UInt32> = 1...6
    /// Bytes before the section directory.
    static let fixedHeaderSize = 48
    /// Offset of the header checksum inside the fixed header (zero while it is computed).
    static let headerChecksumOffset = 44
    static let directoryEntrySize = 32
    /// The reader tracks verified sections in one 64-bit mask.
    static let maxSections = 64
    /// "No value" for 32-bit ids (string, list, row).
    @usableFromInline static let absent32: UInt32 = 0xFFFF_FFFF
    /// "No value" for 64-bit number and date cells: a signalling-NaN pattern no value is stored as.
    @usableFromInline static let absent64: UInt64 = 0x7FF4_F5F1_4E44_0001
    /// Every NaN number is stored as this quiet NaN, so it cannot collide with ``absent64``.
    static let canonicalNaN: UInt64 = 0x7FF8_0000_0000_0000

    /// The attributes held in the shared type table, one small id per item.
    package static let typeAttributes: [Attribute] = [.contentType, .contentTypeTree, .mimeType, .kind]
    /// The attributes that cost one flag bit when equal to the value derived from the stored path
    /// or identity (``derivedValue(of:path:name:identity:)``), or, for `contentCreationDate`, to
    /// the item's `fsCreationDate` (a file whose content records no date of its own); other
    /// values are stored in a column.
    static let derivedAttributes: [Attribute] = [
        .path, .fsName, .displayName, .fileSize, .contentModificationDate, .contentCreationDate, .attributeChangeDate,
    ]

    /// The value `attribute` has when it follows from the path bytes, the name bytes and the identity.
    static func derivedValue(
        of attribute: Attribute, path: [UInt8], name: some Collection<UInt8>, identity: FileIdentity
    ) -> AttributeValue? {
        switch attribute {
        case .path: .text(String(decoding: path, as: UTF8.self))
        case .fsName, .displayName: .text(String(decoding: name, as: UTF8.self))
        case .fileSize: .number(Double(identity.size))
        case .contentModificationDate: .date(modificationDate(nanos: identity.mtimeNanos))
        // The identity keeps the ctime for change detection: the attribute costs one bit.
        case .attributeChangeDate: .date(modificationDate(nanos: identity.ctimeNanos))
        default: nil
        }
    }

    /// mtime as a `Date`, computed as a crawler does from `st_mtim` (seconds + nanoseconds / 1e9).
    @inlinable static func modificationDate(nanos: Int64) -> Date {
        let (seconds, fraction) = nanos.quotientAndRemainder(dividingBy: 1_000_000_000)
        let (wholeSeconds, nanoseconds) = fraction < 0 ? (seconds - 1, fraction + 1_000_000_000) : (seconds, fraction)
        return Date(timeIntervalSince1970: TimeInterval(wholeSeconds) + TimeInterval(nanoseconds) / 1e9)
    }

    /// True when `value` is exactly `derived`: byte-equal text (not just canonically equal, so NFD
    /// stays NFD), bit-equal numbers and dates.
    static func isExactly(_ value: AttributeValue, _ derived: AttributeValue?) -> Bool {
        switch (value, derived) {
        case (.text(let a), .text(let b)?): a.utf8.elementsEqual(b.utf8)
        case (.number(let a), .number(let b)?): a.bitPattern == b.bitPattern
        case (.date(let a), .date(let b)?):
            a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
        default: false
        }
    }

    /// Encodes a number or a date cell.
    static func bits(of value: Double) -> UInt64 {
        value.isNaN ? canonicalNaN : value.bitPattern
    }

    /// The bytes after the last `/` (the whole path when it has none).
    static func lastComponent(_ path: [UInt8]) -> ArraySlice<UInt8> {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
        return path[(slash + 1)...]
    }

    /// Unsigned byte-wise order of two paths (negative, zero, positive), the index's row order.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let common = min(a.count, b.count)
        let order = a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                guard common > 0, let left = pa.baseAddress, let right = pb.baseAddress else { return 0 }
                return Int(memcmp(left, right, common))
            }
        }
        return order != 0 ? order : a.count - b.count
    }

}

/// What a section holds; the directory's `kind` field.
enum SectionKind: UInt32, Sendable, CaseIterable {
    case strings = 1
    case lists = 2
    case roots = 3
    case names = 4
    case derivedFlags = 5
    case identities = 6
    case typeTable = 7
    case typeColumn = 8
    case problems = 9
    /// Only in a delta (`INDEX.delta`): the base it applies to, the base rows it hides, and where
    /// each of its rows goes among the base's (``IndexOverlay``).
    case overlay = 10
    /// Which rows have words in the text store, by document number (``TextDocuments``); absent
    /// when none has.
    case textDocuments = 11
    /// Zeros that fill the room a streamed file keeps for its directory (``IndexFileWriter``);
    /// readers skip it.
    case padding = 12
    /// Each distinct identity once, when the identities section's rows number them
    /// (``IdentityLayout/tabled``; format 5): a u32 count, a reserved u32, then the entries.
    case identityTable = 13
    /// Every distinct word of the strings, with the strings that hold it (``WordLexicon``;
    /// format 6).
    case words = 14
    /// One attribute's values; the directory's `param` is the attribute's ``Attribute/indexCode``.
    case column = 16

    /// Every kind but `column` appears exactly once.
    static let required: [SectionKind] = [
        .strings, .lists, .roots, .names, .derivedFlags, .identities, .typeTable, .typeColumn, .problems,
    ]
}

/// How a column section lays out its cells; the low byte of the directory's `format` field.
enum ColumnEncoding: UInt32, Sendable {
    /// One cell per item, ``IndexFormat/absent32``/``IndexFormat/absent64`` where absent.
    case dense = 1
    /// Sorted rows of the items that have a value, then their cells.
    case sparse = 2
    /// Runs of equal cells: the first row of each run, ascending, then each run's cell (which
    /// may be the "absent" value). A column most rows share one value of (`addedDate` after a
    /// first index) takes a few bytes instead of 8 per row.
    case runs = 3
    /// A bit per row saying which rows have a cell, the count of cells before every 512th row,
    /// then the cells in row order (format 4, ``BitmapColumn``).
    case bitmap = 4
    /// Each distinct cell once, then per row its number among them (format 5, ``DictionaryColumn``).
    case dictionary = 5
}

/// Bits of the per-item derived-flags byte: set when the attribute is present and exactly equal
/// to the value derived from the stored path or identity, so it costs no column cell.
package enum DerivedFlag {
    package static func bit(for attribute: Attribute) -> UInt8 {
        switch attribute {
        case .path: 1
        case .fsName: 2
        case .displayName: 4
        case .fileSize: 8
        case .contentModificationDate: 16
        case .contentCreationDate: 32
        case .attributeChangeDate: 64
        default: 0
        }
    }
}

extension Attribute {
    /// The attribute's number in index files. Fixed forever, unlike ``ordinal``: a new attribute
    /// takes the next free number, a removed one leaves a hole.
    var indexCode: UInt32 {
        switch self {
        case .path: 1
        case .fsName: 2
        case .displayName: 3
        case .contentType: 4
        case .contentTypeTree: 5
        case .mimeType: 6
        case .kind: 7
        case .fileSize: 8
        case .contentModificationDate: 9
        case .contentCreationDate: 10
        case .fsCreationDate: 11
        case .lastUsedDate: 12
        case .addedDate: 13
        case .title: 14
        case .authorNames: 15
        case .artist: 16
        case .album: 17
        case .keywords: 18
        case .duration: 19
        case .pixelWidth: 20
        case .pixelHeight: 21
        case .codecs: 22
        case .audioSampleRate: 23
        case .audioChannelCount: 24
        case .pageCount: 25
        case .acquisitionMake: 26
        case .acquisitionModel: 27
        case .latitude: 28
        case .longitude: 29
        case .textContent: 30
        case .attributeChangeDate: 31
        case .fsOwnerUserID: 32
        case .fsOwnerGroupID: 33
        case .fsInvisible: 34
        case .userTags: 35
        case .whereFroms: 36
        case .comment: 37
        case .composer: 38
        case .musicalGenre: 39
        case .subject: 40
        case .contentDescription: 41
        case .creator: 42
        case .audioBitRate: 43
        case .totalBitRate: 44
        }
    }

    /// Position `code` holds the attribute of that index code (codes are small and dense): an
    /// array, not a dictionary, whose hashing was 1% of a small query's start.
    private static let byIndexCode: [Attribute?] = {
        var table = [Attribute?](repeating: nil, count: Int(Attribute.allCases.map(\.indexCode).max() ?? 0) + 1)
        for attribute in Attribute.allCases { table[Int(attribute.indexCode)] = attribute }
        return table
    }()

    /// The attribute an index file's column number stands for; nil for numbers this build lacks.
    init?(indexCode: UInt32) {
        guard indexCode < Attribute.byIndexCode.count, let attribute = Attribute.byIndexCode[Int(indexCode)] else {
            return nil
        }
        self = attribute
    }

    /// Bytes per cell in this attribute's column: string and list ids are 4, numbers and dates 8.
    var indexCellWidth: Int {
        switch type {
        case .text, .textList: 4
        case .number, .date: 8
        }
    }
}

extension FSFindError {
    /// The one shape of "this index file is damaged" error.
    static func indexCorrupt(_ path: String, _ what: String) -> FSFindError {
        FSFindError(.indexCorrupt, "the index file \(path) \(what)", path: path, remedy: .rebuildIndex)
    }
}
