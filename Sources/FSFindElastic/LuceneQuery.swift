/// A query in the subset of Lucene's `query_string` syntax that Samba's Spotlight service sends
/// (and that people type into Kibana), as read by ``LuceneQueryParser``: still in Elasticsearch's
/// terms (field names, term text), before ``ElasticTranslation`` turns it into fsfind's query.
indirect enum LuceneQuery: Sendable, Equatable {
    /// Every operand is true (`AND`, `&&`, `+`).
    case and([LuceneQuery])
    /// At least one operand is true (`OR`, `||`, or two clauses side by side: the default
    /// operator of `query_string` is OR).
    case or([LuceneQuery])
    /// `NOT`, `!`, `-`.
    case not(LuceneQuery)
    /// `field:term` or a bare `term` (field nil: every field).
    case term(field: String?, LuceneTerm)
    /// `field:[a TO b]`, `{a TO *}`, `>=a` and the like; a nil bound is open (`*`).
    case range(field: String, lower: LuceneBound?, upper: LuceneBound?)
    /// `*:*` or `*`: every document.
    case all
}

/// A term's text: literal runs and `*` wildcards, or a quoted phrase (where `*` is literal).
struct LuceneTerm: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case wildcard
    }

    var segments: [Segment]
    /// Written in double quotes: the words together and in order, no wildcards.
    var isPhrase: Bool

    init(_ segments: [Segment], isPhrase: Bool = false) {
        self.segments = segments
        self.isPhrase = isPhrase
    }

    /// The text with wildcards dropped.
    var literalText: String {
        segments.map { if case .literal(let text) = $0 { text } else { "" } }.joined()
    }

    var hasWildcards: Bool { segments.contains(.wildcard) }
}

/// One end of a range: its text (escapes removed) and whether it is included.
struct LuceneBound: Sendable, Equatable {
    var text: String
    var inclusive: Bool

    init(_ text: String, inclusive: Bool) {
        self.text = text
        self.inclusive = inclusive
    }
}

/// A `query_string` that cannot be read, with the character offset where reading stopped:
/// Elasticsearch answers these with a 400 `query_shard_exception`, and so does `fsfind serve`.
struct LuceneSyntaxError: Error, Sendable, Equatable {
    var message: String
    var offset: Int
    /// Set when the query was refused for holding more clauses than it may be written with
    /// (``FSFindQuery/QueryExpression/maximumWrittenClauses``): how many were read by then.
    var clauses: Int?

    init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }
}
