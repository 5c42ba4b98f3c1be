import FSFindModel
import FSFindOutput

/// The index mapping for a cluster that `fsfind export --es-bulk` loads: every field of
/// ``ElasticField/all`` with the type Samba's queries need (`path.real` a `keyword` with a
/// `fulltext` sub-field, as FSCrawler maps it, so Samba's share scope works; numbers and dates
/// typed, so its ranges compare values, not text). `contrib/elasticsearch-mapping.json` is this,
/// printed by `fsfind export --es-mapping`; a test keeps the two the same.
enum ElasticMapping {
    /// The `mappings` object.
    static var mappings: String {
        var fields: [(name: String, json: String)] = []
        for field in ElasticField.all where field.kind != .pathScope {
            fields.append((field.name, type(of: field)))
        }
        fields.append(("path.virtual", "{\"type\":\"keyword\"}"))
        fields.append(("path.root", "{\"type\":\"keyword\"}"))
        return "{\"properties\":" + properties(ElasticDocument.nestedTree(fields)) + "}"
    }

    /// The body of `PUT /INDEX`: the mappings and one shard's settings.
    static var indexBody: String {
        "{\"settings\":{\"number_of_shards\":1},\"mappings\":" + mappings + "}"
    }

    private static func type(of field: ElasticField) -> String {
        switch field.kind {
        case .keyword where field.name == "path.real":
            return "{\"type\":\"keyword\",\"fields\":{\"fulltext\":{\"type\":\"text\"}}}"
        case .keyword, .fileExtension: return "{\"type\":\"keyword\"}"
        case .text, .content: return "{\"type\":\"text\"}"
        case .number:
            return field.attribute == .duration ? "{\"type\":\"double\"}" : "{\"type\":\"long\"}"
        case .date: return "{\"type\":\"date\"}"
        case .pathScope: return "{\"type\":\"text\"}"
        }
    }

    /// A nested tree's objects as `properties` blocks.
    private static func properties(_ node: ElasticDocument.Tree) -> String {
        "{"
            + node.keys.map { key in
                let inner =
                    node.values[key] ?? node.children[key].map { "{\"properties\":" + properties($0) + "}" } ?? "null"
                return JSONWriter.string(key) + ":" + inner
            }.joined(separator: ",") + "}"
    }
}
