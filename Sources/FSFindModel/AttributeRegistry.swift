/// The attribute table from `docs/spec/attributes.md`, as code. Everything that needs an attribute's type,
/// aliases or meaning reads it from here, so there is one list to keep right.
package enum AttributeRegistry {
    /// Every descriptor, in `Attribute.allCases` order.
    package static let all: [AttributeDescriptor] = Attribute.allCases.map(makeDescriptor)

    /// The attributes free-text queries search, in ranking order, each with what a match in it is
    /// worth (a name match counts most). The one list: the matcher, the query plans and the
    /// interactive ranking read their weights here.
    ///
    /// Every text attribute a person would call what a file is about (`canon` finds the photos a
    /// Canon took, `jazz` the songs of that genre), and not those that say where or what kind of
    /// file it is: the path (every file under `Paris/` would match `paris`), the name as on disk
    /// (the display name stands for it), and the types and kind, which `kind:` asks
    /// (`docs/spec/query-language.md`, "Free text").
    package static let freeTextWeights: [(attribute: Attribute, weight: Double)] = [
        (.displayName, 1.0), (.title, 0.7), (.authorNames, 0.5), (.artist, 0.5), (.userTags, 0.5),
        (.keywords, 0.4), (.album, 0.4), (.composer, 0.4), (.subject, 0.4),
        (.musicalGenre, 0.3), (.creator, 0.3), (.comment, 0.3), (.contentDescription, 0.3),
        (.acquisitionMake, 0.3), (.acquisitionModel, 0.3), (.whereFroms, 0.2), (.codecs, 0.2),
    ]

    /// The attributes free-text queries search, in ranking order.
    package static let freeTextAttributes: [Attribute] = freeTextWeights.map(\.attribute)

    private static let byName: [String: Attribute] = {
        var table: [String: Attribute] = [:]
        for descriptor in all {
            table[descriptor.name.lowercased()] = descriptor.attribute
            for alias in descriptor.aliases { table[alias.lowercased()] = descriptor.attribute }
        }
        return table
    }()

    /// Looks an attribute up by its name or any alias, ignoring case (`kMDItemFSName`, `fsname`).
    package static func attribute(named name: String) -> Attribute? {
        // A name spelt as listed is found without the case-folded table, whose making (every name
        // lowercased and hashed) showed in a small query's start (`benchmarks/RESULTS.md`,
        // "Start-up: the C++ runtime linked in"); the names do not collide when case is ignored,
        // so both ways give the same answer.
        for descriptor in all where descriptor.name == name || descriptor.aliases.contains(name) {
            return descriptor.attribute
        }
        return byName[name.lowercased()]
    }

    /// Every name and alias, for completion and "did you mean".
    package static var allNames: [String] {
        all.flatMap { [$0.name] + $0.aliases }
    }

    static func descriptor(for attribute: Attribute) -> AttributeDescriptor {
        all[attribute.ordinal]
    }

    /// An attribute's row: the switch names every attribute once, so a new attribute without a row
    /// does not compile; the rows themselves are in two functions, the file system's and the
    /// content's, to keep each readable.
    private static func makeDescriptor(_ attribute: Attribute) -> AttributeDescriptor {
        switch attribute {
        case .path, .fsName, .displayName, .contentType, .contentTypeTree, .mimeType, .kind, .fileSize,
            .contentModificationDate, .contentCreationDate, .fsCreationDate, .lastUsedDate, .addedDate,
            .attributeChangeDate, .fsOwnerUserID, .fsOwnerGroupID, .fsInvisible, .userTags, .whereFroms, .comment:
            return fileSystemDescriptor(attribute)
        case .title, .authorNames, .composer, .musicalGenre, .subject, .contentDescription, .creator, .audioBitRate,
            .totalBitRate, .artist, .album, .keywords, .duration, .pixelWidth, .pixelHeight, .codecs,
            .audioSampleRate, .audioChannelCount, .pageCount, .acquisitionMake, .acquisitionModel, .latitude,
            .longitude, .textContent:
            return contentDescriptor(attribute)
        }
    }

    /// The rows of what the file system says about a file (`lstat`, extended attributes, libmagic).
    private static func fileSystemDescriptor(_ attribute: Attribute) -> AttributeDescriptor {
        func d(_ type: AttributeType, _ aliases: [String], _ meaning: String) -> AttributeDescriptor {
            AttributeDescriptor(
                attribute: attribute, type: type, aliases: aliases, meaning: meaning, isFileSystem: true)
        }
        switch attribute {
        case .path: return d(.text, ["kMDItemPath"], "absolute path")
        case .fsName: return d(.text, ["kMDItemFSName"], "last path component, exactly as on disk")
        case .displayName:
            return d(
                .text, ["kMDItemDisplayName"], "file name as a person reads it (invalid UTF-8 shown as U+FFFD)")
        case .contentType:
            return d(
                .text, ["kMDItemContentType"], "most specific type (UTI); == matches any type in the tree")
        case .contentTypeTree:
            return d(.textList, ["kMDItemContentTypeTree"], "the type and every type it conforms to")
        case .mimeType: return d(.text, [], "MIME type libmagic reports (audio/mpeg)")
        case .kind: return d(.text, ["kMDItemKind"], "a person's name for the type (MP3 audio, Folder)")
        case .fileSize: return d(.number, ["kMDItemFSSize"], "size in bytes (lstat); absent for folders")
        case .contentModificationDate:
            return d(
                .date, ["kMDItemContentModificationDate", "kMDItemFSContentChangeDate"],
                "file modification time (mtime)")
        case .contentCreationDate:
            return d(
                .date, ["kMDItemContentCreationDate"],
                "creation date in the content (EXIF, PDF, media); else birth time; else mtime")
        case .fsCreationDate:
            return d(.date, ["kMDItemFSCreationDate"], "file birth time, where the file system keeps one")
        case .lastUsedDate: return d(.date, ["kMDItemLastUsedDate"], "access time (atime)")
        case .addedDate: return d(.date, ["kMDItemDateAdded"], "when fsfind first indexed this path")
        case .attributeChangeDate:
            return d(
                .date, ["kMDItemAttributeChangeDate"], "when the file's data or attributes last changed (ctime)")
        case .fsOwnerUserID: return d(.number, ["kMDItemFSOwnerUserID"], "numeric user id of the owner")
        case .fsOwnerGroupID: return d(.number, ["kMDItemFSOwnerGroupID"], "numeric group id of the owner")
        case .fsInvisible:
            return d(.number, ["kMDItemFSInvisible"], "1 for a hidden entry (name starting with '.'), else 0")
        case .userTags:
            return d(
                .textList, ["kMDItemUserTags"], "tags, from the user.xdg.tags extended attribute (comma-separated)")
        case .whereFroms:
            return d(
                .textList, ["kMDItemWhereFroms"],
                "where a download came from: user.xdg.origin.url and user.xdg.referrer.url")
        case .comment:
            return d(
                .text, ["kMDItemComment", "kMDItemFinderComment"],
                "comment, from the user.xdg.comment extended attribute")
        default: preconditionFailure("\(attribute) is not a file system attribute")
        }
    }

    /// The rows of what the extractors read inside a file.
    private static func contentDescriptor(_ attribute: Attribute) -> AttributeDescriptor {
        func d(_ type: AttributeType, _ aliases: [String], _ meaning: String) -> AttributeDescriptor {
            AttributeDescriptor(
                attribute: attribute, type: type, aliases: aliases, meaning: meaning, isFileSystem: false)
        }
        switch attribute {
        case .title: return d(.text, ["kMDItemTitle"], "title from media tags, document metadata or heading")
        case .authorNames:
            return d(.textList, ["kMDItemAuthors", "kMDItemAuthor"], "document authors; artists for audio and video")
        case .composer: return d(.text, ["kMDItemComposer"], "media composer tag")
        case .musicalGenre: return d(.text, ["kMDItemMusicalGenre", "genre"], "media genre tag")
        case .subject: return d(.text, ["kMDItemSubject"], "document subject (PDF, Office, OpenDocument)")
        case .contentDescription:
            return d(
                .text, ["description", "kMDItemDescription"], "document description (Office, OpenDocument, EPUB)")
        case .creator:
            return d(
                .text, ["kMDItemCreator"],
                "application that made the file (PDF Creator or Producer, Office, OpenDocument, EXIF Software)")
        case .audioBitRate: return d(.number, ["kMDItemAudioBitRate"], "audio bit rate in bits per second")
        case .totalBitRate:
            return d(.number, ["kMDItemTotalBitRate"], "bit rate of the whole file in bits per second, audio and video")
        case .artist: return d(.text, [], "media artist tag")
        case .album: return d(.text, ["kMDItemAlbum"], "media album tag")
        case .keywords: return d(.textList, ["kMDItemKeywords"], "document keywords, media genre")
        case .duration: return d(.number, ["kMDItemDurationSeconds"], "length in seconds, audio and video")
        case .pixelWidth: return d(.number, ["kMDItemPixelWidth"], "width in pixels, images and video")
        case .pixelHeight: return d(.number, ["kMDItemPixelHeight"], "height in pixels, images and video")
        case .codecs: return d(.textList, ["kMDItemCodecs"], "audio and video codec names")
        case .audioSampleRate: return d(.number, ["kMDItemAudioSampleRate"], "audio sample rate in Hz")
        case .audioChannelCount: return d(.number, ["kMDItemAudioChannelCount"], "number of audio channels")
        case .pageCount: return d(.number, ["kMDItemNumberOfPages"], "number of pages (PDF, Office)")
        case .acquisitionMake: return d(.text, ["kMDItemAcquisitionMake"], "camera maker, from EXIF")
        case .acquisitionModel: return d(.text, ["kMDItemAcquisitionModel"], "camera model, from EXIF")
        case .latitude: return d(.number, ["kMDItemLatitude"], "GPS latitude in decimal degrees, from EXIF")
        case .longitude: return d(.number, ["kMDItemLongitude"], "GPS longitude in decimal degrees, from EXIF")
        case .textContent:
            return d(.text, ["kMDItemTextContent"], "the words inside the file (searched in the text store)")
        default: preconditionFailure("\(attribute) is a file system attribute")
        }
    }
}
