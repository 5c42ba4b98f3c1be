import FSFindModel
import Foundation

/// Reads `key:value` words typed into the search field into ``SearchToken``s.
///
/// The grammar is in `docs/interactive-search.md`. Every token becomes a predicate in the query
/// language and is parsed and type-checked by ``Query/parse(_:)`` before it becomes a chip, so a
/// chip can never hold a query the index would refuse.
package enum SearchTokenParser {
    /// What one typed word is.
    enum Outcome: Sendable, Equatable {
        /// A complete token, ready to become a chip.
        case token(SearchToken)
        /// A known key whose value is missing or not yet valid; the message says what is expected.
        case incomplete(String)
        /// Not a token at all (no known `key:`); it stays search text.
        case notAToken
    }

    /// How a key's value is read.
    enum ValueKind: Sendable {
        case category
        case text([Attribute])
        case name
        case fileExtension
        case bytes(Attribute)
        case seconds(Attribute)
        case number(Attribute)
        case date(Attribute)
    }

    /// Keys people type, beside every attribute name (`pixelWidth:>1000` works too).
    static let keys: [(key: String, kind: ValueKind)] = [
        ("kind", .category), ("type", .category),
        ("author", .text([.authorNames])), ("by", .text([.authorNames])),
        ("artist", .text([.artist, .authorNames])), ("album", .text([.album])),
        ("title", .text([.title])), ("camera", .text([.acquisitionMake, .acquisitionModel])),
        ("make", .text([.acquisitionMake])),
        ("keyword", .text([.keywords])), ("tag", .text([.userTags, .keywords])),
        ("genre", .text([.musicalGenre, .keywords])), ("composer", .text([.composer])),
        ("comment", .text([.comment])), ("from", .text([.whereFroms])),
        ("codec", .text([.codecs])), ("name", .name), ("ext", .fileExtension),
        ("modified", .date(.contentModificationDate)), ("date", .date(.contentModificationDate)),
        ("created", .date(.contentCreationDate)), ("taken", .date(.contentCreationDate)),
        ("added", .date(.addedDate)), ("opened", .date(.lastUsedDate)), ("used", .date(.lastUsedDate)),
        ("size", .bytes(.fileSize)), ("duration", .seconds(.duration)), ("length", .seconds(.duration)),
        ("pages", .number(.pageCount)), ("width", .number(.pixelWidth)), ("height", .number(.pixelHeight)),
    ]

    /// The key names suggestions offer, in the table's order.
    package static var keyNames: [String] { keys.map(\.key) }

    /// What `kind:` accepts for each scope besides the scope's own name.
    static let categoryNames: [(String, Scope)] = [
        ("audio", .audio), ("music", .audio), ("song", .audio), ("songs", .audio),
        ("video", .video), ("videos", .video), ("movie", .video), ("movies", .video),
        ("image", .image), ("images", .image), ("photo", .image), ("photos", .image), ("picture", .image),
        ("pictures", .image), ("document", .document), ("documents", .document), ("doc", .document),
        ("docs", .document), ("text", .text), ("code", .code), ("source", .code), ("archive", .archive),
        ("archives", .archive), ("folder", .folder), ("folders", .folder), ("directory", .folder),
        ("app", .app), ("apps", .app), ("application", .app), ("applications", .app),
    ]

    /// The value kind for a typed key, or nil when the key is not one fsfind knows.
    static func kind(forKey key: String) -> ValueKind? {
        let lower = key.lowercased()
        if let entry = keys.first(where: { $0.key == lower }) { return entry.kind }
        guard let attribute = AttributeRegistry.attribute(named: key) else { return nil }
        switch attribute.type {
        case .text, .textList: return attribute == .contentType ? .category : .text([attribute])
        case .number:
            return attribute == .fileSize
                ? .bytes(attribute) : attribute == .duration ? .seconds(attribute) : .number(attribute)
        case .date: return .date(attribute)
        }
    }

    /// Reads one word (`kind:audio`, `author:"Steve Jobs"`).
    static func parse(_ word: String) -> Outcome {
        guard let colon = word.firstIndex(of: ":") else { return .notAToken }
        let key = String(word[..<colon])
        guard !key.isEmpty, key.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }),
            let kind = kind(forKey: key)
        else { return .notAToken }
        var value = String(word[word.index(after: colon)...])
        if value.hasPrefix("\"") {
            guard value.count >= 2, value.hasSuffix("\"") else { return .incomplete("close the quote after \(key):") }
            value = String(value.dropFirst().dropLast())
        }
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
            return .incomplete("\(key): needs a value, e.g. \(example(for: kind, key: key.lowercased()))")
        }
        let predicate: String
        switch predicateText(kind, value: value) {
        case .success(let text): predicate = text
        case .failure(let message): return .incomplete("\(key):\(value): \(message.text)")
        }
        do {
            _ = try Query.parse(predicate)
        } catch {
            return .incomplete("\(key):\(value): \(error.message)")
        }
        return .token(SearchToken(key: key.lowercased(), value: value, predicate: predicate))
    }

    /// A token's value written back into a word: quoted when it holds a space.
    package static func quoteIfNeeded(_ value: String) -> String {
        value.contains(where: { $0 == " " || $0 == "\t" }) ? "\"\(value)\"" : value
    }

    /// A sample value for a key, for messages and suggestions.
    static func example(for kind: ValueKind, key: String) -> String {
        switch kind {
        case .category: "\(key):audio"
        case .text: "\(key):Steve"
        case .name: "\(key):report"
        case .fileExtension: "\(key):pdf"
        case .bytes: "\(key):>10MB"
        case .seconds: "\(key):>5m"
        case .number: "\(key):>100"
        case .date: "\(key):today"
        }
    }

    struct Message: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    static func predicateText(_ kind: ValueKind, value: String) -> Result<String, Message> {
        switch kind {
        case .category:
            let lower = value.lowercased()
            if let scope = categoryNames.first(where: { $0.0 == lower })?.1, let type = scope.contentType {
                return .success("contentType == \"\(type)\"")
            }
            if case .some(.some(let type)) = TypeCatalog.spotlightKinds[lower] {
                return .success("contentType == \"\(type)\"")
            }
            // A dotted type (`kind:public.jpeg`) is any type, as contentType takes it; anything
            // else must name a kind fsfind knows, or it is a typo.
            guard value.contains(".") || TypeCatalog.spotlightKinds[lower] != nil || TypeCatalog.isKindName(value)
            else {
                return .failure(
                    Message(
                        "no such kind; try audio, video, image, document, text, code, archive, folder, app, pdf, presentation, a format (jpeg, mp3) or a type (public.jpeg)"
                    ))
            }
            let pattern = escaped(value)
            return .success("(kind == \"\(pattern)\"cdt || contentType == \"\(pattern)\"c)")
        case .text(let attributes):
            guard value.unicodeScalars.contains(where: { TextFolding.isWordScalar($0) }) else {
                return .failure(Message("needs a letter or digit"))
            }
            let tests = attributes.map { "\($0.name) == \"\(escaped(value))\"cdt" }
            return .success(tests.count == 1 ? tests[0] : "(" + tests.joined(separator: " || ") + ")")
        case .name:
            return .success("fsName == \"*\(escaped(value))*\"cd")
        case .fileExtension:
            let bare = value.hasPrefix(".") ? String(value.dropFirst()) : value
            return .success("fsName == \"*.\(escaped(bare))\"c")
        case .bytes(let attribute):
            return TokenNumber.predicate(attribute, value, unit: .bytes)
        case .seconds(let attribute):
            return TokenNumber.predicate(attribute, value, unit: .seconds)
        case .number(let attribute):
            return TokenNumber.predicate(attribute, value, unit: .plain)
        case .date(let attribute):
            return TokenDate.predicate(attribute, value)
        }
    }

    /// `value` as the inside of a query string that matches it literally.
    static func escaped(_ value: String) -> String {
        var result = ""
        for character in value {
            if character == "\\" || character == "\"" || character == "*" || character == "'" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
