import FSFindModel
import FSFindOutput
import Foundation

/// One indexed item as an FSCrawler-shaped Elasticsearch document: what `fsfind export --es-bulk`
/// writes and what `fsfind serve` returns as a hit's `_source`.
///
/// Fields come from ``ElasticField/all`` (one table for queries, documents and the mapping in
/// `contrib/`), nested at their dots (`file.filename` → `{"file": {"filename": …}}`; the part
/// after `meta.raw.` is one key, as Tika writes it: `"xmpDM:duration"`). Numbers are JSON numbers
/// and dates ISO 8601 in UTC with milliseconds, the form Elasticsearch's default date format reads.
/// `path.virtual` is the path below the root it was indexed under, as FSCrawler writes it.
struct ElasticDocument {
    /// Which fields a document carries: Elasticsearch's `_source` filtering.
    struct SourceFilter: Sendable, Equatable {
        /// Glob patterns (`*` only) of dotted field names; an object's name takes its fields.
        var includes: [String]
        var excludes: [String]

        init(includes: [String] = ["*"], excludes: [String] = []) {
            self.includes = includes
            self.excludes = excludes
        }

        /// `"_source": false`.
        static let none = SourceFilter(includes: [])
        static let all = SourceFilter()

        func keeps(_ field: String) -> Bool {
            includes.contains { Self.matches($0, field) } && !excludes.contains { Self.matches($0, field) }
        }

        /// `pattern` names `field`, or an object `field` is inside (`meta` keeps `meta.title`).
        static func matches(_ pattern: String, _ field: String) -> Bool {
            glob(Array(pattern.utf8)[...], Array(field.utf8)[...])
                || (field.hasPrefix(pattern + ".") && !pattern.contains("*"))
        }

        private static func glob(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
            guard let first = pattern.first else { return text.isEmpty }
            if first == UInt8(ascii: "*") {
                let rest = pattern.dropFirst()
                var k = text.startIndex
                while true {
                    if glob(rest, text[k...]) { return true }
                    if k == text.endIndex { return false }
                    k += 1
                }
            }
            guard let c = text.first, c == first else { return false }
            return glob(pattern.dropFirst(), text.dropFirst())
        }
    }

    /// The document as one line of JSON; nil for a path that is not UTF-8 (a document's path is
    /// text, and a lossy one would name another file).
    ///
    /// - Parameters:
    ///   - root: the indexed root the item is under, for `path.virtual`.
    ///   - content: the words inside the file, when the filter keeps `content`.
    ///   - indexedAt: when the index was written (`file.indexing_date`).
    static func json(
        path: [UInt8], item: some AttributeSource, root: [UInt8]?, content: String?, indexedAt: Date?,
        filter: SourceFilter = .all
    ) -> String? {
        guard let text = String(validating: path, as: UTF8.self) else { return nil }
        var fields: [(name: String, json: String)] = []
        for field in ElasticField.all where filter.keeps(field.name) {
            if let value = value(of: field, path: text, item: item, content: content, indexedAt: indexedAt) {
                fields.append((field.name, value))
            }
        }
        if filter.keeps("path.virtual"), let root, let virtual = virtualPath(path, root: root) {
            fields.append(("path.virtual", JSONWriter.string(virtual)))
        }
        if filter.keeps("path.root"), let root, let rootText = String(validating: root, as: UTF8.self) {
            fields.append(("path.root", JSONWriter.string(rootText)))
        }
        return nested(fields)
    }

    private static func value(
        of field: ElasticField, path: String, item: some AttributeSource, content: String?, indexedAt: Date?
    ) -> String? {
        switch field.kind {
        case .pathScope: return nil  // a sub-field of `path.real` in the mapping, not a value of its own
        case .content: return content.map(JSONWriter.string)
        case .fileExtension:
            guard case .text(let name)? = item.value(of: .fsName), let dot = name.lastIndex(of: "."),
                dot != name.startIndex, name.index(after: dot) != name.endIndex
            else { return nil }
            return JSONWriter.string(String(name[name.index(after: dot)...]).lowercased())
        default: break
        }
        if field.name == "path.real" { return JSONWriter.string(path) }
        if field.name == "file.indexing_date" { return indexedAt.map { JSONWriter.string(date($0)) } }
        guard let attribute = field.attribute, let value = item.value(of: attribute) else { return nil }
        switch value {
        case .text(let text): return JSONWriter.string(text)
        case .textList(let list):
            // FSCrawler writes one author as text; keywords stay a list.
            if field.name == "meta.keywords" { return "[" + list.map(JSONWriter.string).joined(separator: ",") + "]" }
            return JSONWriter.string(list.joined(separator: ", "))
        case .number(let number):
            guard number.isFinite else { return nil }
            return ValueFormatter(timeZone: utc).number(number)
        case .date(let date): return JSONWriter.string(Self.date(date))
        }
    }

    /// The deepest of `roots` that `path` is at or below (`/a/b` is not below `/a/bc`).
    static func root(of path: [UInt8], among roots: [[UInt8]]) -> [UInt8]? {
        roots.filter { PathBytes.isWithin(path, folder: $0) }.max { $0.count < $1.count }
    }

    /// The path below `root`, starting with `/` (`/` for the root itself).
    private static func virtualPath(_ path: [UInt8], root: [UInt8]) -> String? {
        guard path.starts(with: root) else { return nil }
        var rest = Array(path[root.count...])
        if rest.first != UInt8(ascii: "/") { rest.insert(UInt8(ascii: "/"), at: 0) }
        return String(validating: rest, as: UTF8.self)
    }

    /// `2024-05-01T10:00:00.000Z`.
    static func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let millis = Int((date.timeIntervalSinceReferenceDate * 1000).rounded(.down)) % 1000
        func pad(_ value: Int?, _ width: Int = 2) -> String {
            let digits = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(c.year, 4))-\(pad(c.month))-\(pad(c.day))T\(pad(c.hour)):\(pad(c.minute)):\(pad(c.second))."
            + "\(pad((millis + 1000) % 1000, 3))Z"
    }

    private static let utc = TimeZone(identifier: "UTC")!

    /// Dotted names grouped into objects, in the order given (first appearance of each object).
    final class Tree {
        var keys: [String] = []
        var children: [String: Tree] = [:]
        var values: [String: String] = [:]
    }

    /// `fields` as a tree: `file.filename` under `file`; `meta.raw.<key>` keeps its key whole,
    /// as Tika writes it.
    static func nestedTree(_ fields: [(name: String, json: String)]) -> Tree {
        let root = Tree()
        for (name, json) in fields {
            var parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if parts.count > 3, parts[0] == "meta", parts[1] == "raw" {
                parts = ["meta", "raw", parts[2...].joined(separator: ".")]
            }
            var node = root
            for part in parts.dropLast() {
                if let child = node.children[part] {
                    node = child
                } else {
                    let child = Tree()
                    node.children[part] = child
                    node.keys.append(part)
                    node = child
                }
            }
            let last = parts[parts.count - 1]
            if node.values[last] == nil && node.children[last] == nil { node.keys.append(last) }
            node.values[last] = json
        }
        return root
    }

    /// The dotted fields as nested JSON objects.
    static func nested(_ fields: [(name: String, json: String)]) -> String {
        func write(_ node: Tree) -> String {
            "{"
                + node.keys.map { key in
                    JSONWriter.string(key) + ":" + (node.values[key] ?? node.children[key].map(write) ?? "null")
                }.joined(separator: ",") + "}"
        }
        return write(nestedTree(fields))
    }
}
