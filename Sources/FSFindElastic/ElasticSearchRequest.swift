/// The body of a `_search` request, checked: what Samba sends (`from`, `size`, `_source`,
/// `query.query_string.query`) and what other clients commonly add (`match_all`, `_source`
/// as a string, a list or `{includes, excludes}`, `track_total_hits`, `timeout`). Anything else
/// is refused, as Elasticsearch refuses an unknown key, rather than silently ignored.
struct ElasticSearchRequest: Sendable {
    var from = 0
    var size = 10
    var source = ElasticDocument.SourceFilter.all
    /// The query as a `query_string`; `*:*` for `match_all` or no query.
    var queryString = "*:*"

    /// An error in the body: Elasticsearch's `parsing_exception` or `x_content_parse_exception`.
    struct Failure: Error {
        var type: String
        var reason: String
    }

    init(body: [UInt8]) throws(Failure) {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) { return }
        guard let value = JSONValue.parse(body) else {
            throw Failure(type: "x_content_parse_exception", reason: "the request body is not JSON")
        }
        guard case .object(let object) = value else {
            throw Failure(type: "parsing_exception", reason: "the request body must be a JSON object")
        }
        for key in object.keys.sorted() {
            let value = object[key]!
            switch key {
            case "from": from = try Self.count(value, key)
            case "size": size = try Self.count(value, key)
            case "_source": source = try Self.sourceFilter(value)
            case "query": queryString = try Self.query(value)
            case "track_total_hits", "timeout": break
            default:
                throw Failure(type: "parsing_exception", reason: "Unknown key for a body [\(key)]")
            }
        }
    }

    private static func count(_ value: JSONValue, _ key: String) throws(Failure) -> Int {
        guard case .number(let number) = value, let int = Int(exactly: number), int >= 0 else {
            throw Failure(type: "parsing_exception", reason: "[\(key)] must be a whole number of at least 0")
        }
        return int
    }

    private static func sourceFilter(_ value: JSONValue) throws(Failure) -> ElasticDocument.SourceFilter {
        switch value {
        case .bool(let flag): return flag ? .all : .none
        case .string, .array:
            guard let names = value.names else {
                throw Failure(type: "parsing_exception", reason: "[_source] must list field names")
            }
            return ElasticDocument.SourceFilter(includes: names)
        case .object(let object):
            func names(_ key: String) throws(Failure) -> [String]? {
                guard let item = object[key] else { return nil }
                guard let names = item.names else {
                    throw Failure(type: "parsing_exception", reason: "[_source.\(key)] must list field names")
                }
                return names
            }
            for key in object.keys where key != "includes" && key != "excludes" {
                throw Failure(type: "parsing_exception", reason: "Unknown key for [_source]: [\(key)]")
            }
            return ElasticDocument.SourceFilter(
                includes: try names("includes") ?? ["*"], excludes: try names("excludes") ?? [])
        default:
            throw Failure(type: "parsing_exception", reason: "[_source] must be true, false, a field name or a list")
        }
    }

    private static func query(_ value: JSONValue) throws(Failure) -> String {
        guard case .object(let object) = value, object.count == 1, let (kind, body) = object.first else {
            throw Failure(type: "parsing_exception", reason: "[query] must hold exactly one query")
        }
        switch kind {
        case "match_all":
            return "*:*"
        case "query_string":
            guard case .object(let options) = body, case .string(let text)? = options["query"] else {
                throw Failure(type: "parsing_exception", reason: "[query_string] requires a [query] string")
            }
            for key in options.keys.sorted() where !["query", "default_operator", "analyze_wildcard"].contains(key) {
                throw Failure(type: "parsing_exception", reason: "[query_string] option [\(key)] is not supported")
            }
            if case .string(let op)? = options["default_operator"], op.uppercased() != "OR" {
                throw Failure(
                    type: "parsing_exception",
                    reason: "[query_string] default_operator [\(op)] is not supported (OR is)")
            }
            return text
        default:
            throw Failure(
                type: "parsing_exception",
                reason: "unknown query [\(kind)]; fsfind serve answers query_string and match_all")
        }
    }
}
