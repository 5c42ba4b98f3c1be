import FSFindModel
import FSFindQuery
import Foundation

/// A `query_string` turned into fsfind's own query, so that `fsfind serve` answers it with the
/// same engine as `fsfind query` (one plan, one text store), not with a second evaluator.
///
/// Text is compared as a Mac user's Spotlight compares it: case- and diacritic-insensitively
/// (Samba drops the `cdw` a Finder query carries). A `keyword` field's term matches the whole
/// value, wildcards included (`file.filename:samba*`); a `text` field's term matches words of the
/// value (`meta.title:paris`); a bare term is free text, as `fsfind query paris` reads it (names,
/// titles and the words inside files). Dates without a zone are UTC, as in Elasticsearch.
/// `docs/spotlight-over-smb.md` lists every field.
struct ElasticTranslation: Sendable {
    /// The query, with the top-level path scopes taken out.
    var query: Query
    /// Folders the items must be at or below (`path.real.fulltext:"/srv/share"` AND-ed at the top,
    /// which is how Samba scopes every search to its share): answered by the index's path order,
    /// not by comparing every path.
    var onlyIn: [[UInt8]]

    init(_ lucene: LuceneQuery) throws(ElasticQueryError) {
        var operands: [LuceneQuery]
        if case .and(let list) = lucene { operands = list } else { operands = [lucene] }
        var scopes: [[UInt8]] = []
        // One scope goes to the request; several AND-ed stay in the tree (their intersection).
        if let k = operands.firstIndex(where: { Self.scopePath($0) != nil }) {
            scopes.append(Self.scopePath(operands[k])!)
            operands.remove(at: k)
        }
        let expression: QueryExpression
        if operands.isEmpty {
            expression = .and([])
        } else if operands.count == 1 {
            expression = try Self.translate(operands[0])
        } else {
            var translated: [QueryExpression] = []
            for operand in operands { translated.append(try Self.translate(operand)) }
            expression = .and(translated)
        }
        // Repeated clauses folded, what is left capped (`Query.folded`), before anything runs.
        let written = expression.clauseCount
        guard written <= QueryExpression.maximumWrittenClauses else { throw .tooManyClauses(written) }
        let folded = expression.folded
        let clauses = folded.clauseCount
        guard clauses <= QueryExpression.maximumClauses else { throw .tooManyClauses(clauses) }
        query = Query(expression: folded)
        onlyIn = scopes
    }

    /// Reads and translates a `query_string`.
    static func parse(_ text: String) throws(ElasticQueryError) -> ElasticTranslation {
        let lucene: LuceneQuery
        do { lucene = try LuceneQueryParser.parse(text) } catch {
            if let clauses = error.clauses { throw ElasticQueryError.tooManyClauses(clauses) }
            throw ElasticQueryError.syntax(error)
        }
        return try ElasticTranslation(lucene)
    }

    // MARK: - The tree

    private static func translate(_ query: LuceneQuery) throws(ElasticQueryError) -> QueryExpression {
        switch query {
        case .and(let operands):
            var result: [QueryExpression] = []
            for operand in operands { result.append(try translate(operand)) }
            return .and(result)
        case .or(let operands):
            var result: [QueryExpression] = []
            for operand in operands { result.append(try translate(operand)) }
            return .or(result)
        case .not(let operand):
            return .not(try translate(operand))
        case .all:
            return .and([])
        case .term(nil, let term):
            return freeText(term)
        case .term(let name?, let term):
            return try compare(try field(name), term)
        case .range(let name, let lower, let upper):
            return try range(try field(name), lower: lower, upper: upper)
        }
    }

    private static func field(_ name: String) throws(ElasticQueryError) -> ElasticField {
        guard let field = ElasticField.named(name) else { throw .unknownField(name) }
        return field
    }

    /// A bare term: free text, as a search field reads it (a phrase, or words with their `*`s
    /// dropped: free text already matches the start of words); inside-word wildcards compare every
    /// text attribute instead.
    private static func freeText(_ term: LuceneTerm) -> QueryExpression {
        let words = term.literalText
        if term.isPhrase || !term.hasWildcards || isPrefix(term) {
            guard words.contains(where: { $0.isLetter || $0.isNumber }) else { return .and([]) }
            return .freeText([words])
        }
        return .comparison(
            Comparison(
                target: .anyText, op: .equal, value: .text(pattern(term)),
                modifiers: TextModifiers(caseInsensitive: true, diacriticInsensitive: true)))
    }

    /// True for `word*`: one literal, then wildcards only.
    private static func isPrefix(_ term: LuceneTerm) -> Bool {
        guard case .literal = term.segments.first else { return false }
        return term.segments.dropFirst().allSatisfy { $0 == .wildcard }
    }

    private static func pattern(_ term: LuceneTerm) -> TextPattern {
        TextPattern(
            term.segments.map {
                switch $0 {
                case .literal(let text): .literal(text)
                case .wildcard: .wildcard
                }
            })
    }

    /// `field:term`.
    private static func compare(_ field: ElasticField, _ term: LuceneTerm) throws(ElasticQueryError)
        -> QueryExpression
    {
        guard let attribute = field.attribute else { return .or([]) }
        let insensitive = TextModifiers(caseInsensitive: true, diacriticInsensitive: true)
        let words = TextModifiers(caseInsensitive: true, diacriticInsensitive: true, wordBased: true)
        switch field.kind {
        case .keyword:
            if term.segments == [.wildcard] { return present(attribute) }
            return .comparison(
                Comparison(
                    target: .attribute(attribute), op: .equal, value: .text(pattern(term)), modifiers: insensitive))
        case .content:
            // The words inside files are found by word or by the start of a word (`pari*`); any
            // other wildcard (`*aris`, `p*s`, `*`) the text store cannot answer exactly.
            guard !term.hasWildcards || (isPrefix(term) && !term.literalText.isEmpty) else {
                let written = term.segments.map {
                    switch $0 {
                    case .literal(let text): text
                    case .wildcard: "*"
                    }
                }.joined()
                throw .unsupported(
                    "content:\(written): the words inside files are matched by word or by the start of a word (content:pari*); a * anywhere else cannot be answered exactly"
                )
            }
            return .comparison(
                Comparison(target: .attribute(attribute), op: .equal, value: .text(pattern(term)), modifiers: words))
        case .text:
            if term.segments == [.wildcard] { return present(attribute) }
            return .comparison(
                Comparison(target: .attribute(attribute), op: .equal, value: .text(pattern(term)), modifiers: words))
        case .fileExtension:
            let ext = term.literalText
            return .comparison(
                Comparison(
                    target: .attribute(.fsName), op: .equal,
                    value: .text(TextPattern([.wildcard, .literal("." + ext)])),
                    modifiers: insensitive))
        case .pathScope:
            return under(term.literalText)
        case .number:
            if term.segments == [.wildcard] { return present(attribute) }
            let value = try number(term.literalText, field: field, wildcards: term.hasWildcards)
            return .comparison(Comparison(target: .attribute(attribute), op: .equal, value: .number(value)))
        case .date:
            if term.segments == [.wildcard] { return present(attribute) }
            guard !term.hasWildcards else { throw .badValue(field.name, term.literalText, "a date") }
            let span = try date(term.literalText, field: field)
            return .and([
                compare(attribute, .greaterOrEqual, span.start), compare(attribute, .less, span.end),
            ])
        }
    }

    /// `field:[a TO b]` and its kin, on numbers and dates.
    private static func range(_ field: ElasticField, lower: LuceneBound?, upper: LuceneBound?)
        throws(ElasticQueryError) -> QueryExpression
    {
        guard field.kind == .number || field.kind == .date else {
            throw .unsupported("a range on \(field.name), which is text (ranges work on numbers and dates)")
        }
        guard let attribute = field.attribute else { return .or([]) }
        var tests: [QueryExpression] = []
        if let lower {
            if field.kind == .date {
                let span = try date(lower.text, field: field)
                // After a day is from its end; after an instant is past it.
                tests.append(
                    lower.inclusive
                        ? compare(attribute, .greaterOrEqual, span.start)
                        : span.isDay
                            ? compare(attribute, .greaterOrEqual, span.end) : compare(attribute, .greater, span.start))
            } else {
                let value = try number(lower.text, field: field, wildcards: false)
                tests.append(compare(attribute, lower.inclusive ? .greaterOrEqual : .greater, value))
            }
        }
        if let upper {
            if field.kind == .date {
                let span = try date(upper.text, field: field)
                // Up to a day takes all of it; up to an instant takes the instant.
                tests.append(
                    upper.inclusive
                        ? span.isDay
                            ? compare(attribute, .less, span.end) : compare(attribute, .lessOrEqual, span.start)
                        : compare(attribute, .less, span.start))
            } else {
                let value = try number(upper.text, field: field, wildcards: false)
                tests.append(compare(attribute, upper.inclusive ? .lessOrEqual : .less, value))
            }
        }
        if tests.isEmpty { return present(attribute) }
        return tests.count == 1 ? tests[0] : .and(tests)
    }

    // MARK: - Values

    private static func compare(_ attribute: Attribute, _ op: ComparisonOperator, _ value: Double) -> QueryExpression {
        .comparison(Comparison(target: .attribute(attribute), op: op, value: .number(value)))
    }

    /// `field:*`: the item has a value.
    private static func present(_ attribute: Attribute) -> QueryExpression {
        .comparison(Comparison(target: .attribute(attribute), op: .equal, value: .text(TextPattern([.wildcard]))))
    }

    /// The item at `folder` and everything below it.
    private static func under(_ folder: String) -> QueryExpression {
        var path = folder
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        let below = TextPattern(path == "/" ? [.literal("/"), .wildcard] : [.literal(path + "/"), .wildcard])
        return .or([
            .comparison(Comparison(target: .attribute(.path), op: .equal, value: .text(.literal(path)))),
            .comparison(Comparison(target: .attribute(.path), op: .equal, value: .text(below))),
        ])
    }

    private static func number(_ text: String, field: ElasticField, wildcards: Bool) throws(ElasticQueryError)
        -> Double
    {
        guard !wildcards, let value = Double(text), value.isFinite else {
            throw .badValue(field.name, text, "a number")
        }
        return value
    }

    /// A date as Elasticsearch reads one: ISO 8601 (a bare date is that whole UTC day; an instant
    /// to the second is that second), or milliseconds since 1970. In seconds since 2001.
    /// `start..<end` is what equality covers: the day, the second, or the millisecond written.
    private static func date(_ text: String, field: ElasticField) throws(ElasticQueryError) -> (
        start: Double, end: Double, isDay: Bool
    ) {
        if let millis = Int64(text) {
            let start = Double(millis) / 1000 - Date.timeIntervalBetween1970AndReferenceDate
            return (start, start + 0.001, false)
        }
        guard let iso = ISO8601Text(text), let span = iso.interval(in: utc) else {
            throw .badValue(field.name, text, "a date (2024-05-01 or 2024-05-01T10:00:00Z)")
        }
        if iso.time == nil { return (span.start, span.end, true) }
        let whole = span.start.rounded(.down) == span.start
        return (span.start, span.start + (whole ? 1 : 0.001), false)
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The folder of a `path.real.fulltext:"…"` clause, nil for any other clause.
    private static func scopePath(_ query: LuceneQuery) -> [UInt8]? {
        guard case .term(let field?, let term) = query, ElasticField.named(field)?.kind == .pathScope else {
            return nil
        }
        var path = Array(term.literalText.utf8)
        // Only an absolute path is a folder to search in; anything else stays in the query,
        // where it names no indexed path and so matches nothing (never everything).
        guard path.first == UInt8(ascii: "/") else { return nil }
        while path.count > 1 && path.last == UInt8(ascii: "/") { path.removeLast() }
        return path
    }
}

/// Why a `_search` request's query cannot be answered: each a 400 with Elasticsearch's error shape.
enum ElasticQueryError: Error, Sendable, Equatable {
    case syntax(LuceneSyntaxError)
    case unknownField(String)
    case badValue(String, String, String)
    case unsupported(String)
    /// More clauses than ``QueryExpression/maximumClauses`` once repeated ones are folded.
    case tooManyClauses(Int)

    /// Elasticsearch's error `type`.
    var type: String {
        switch self {
        case .syntax: "query_shard_exception"
        case .unknownField: "query_shard_exception"
        case .badValue: "query_shard_exception"
        case .unsupported: "query_shard_exception"
        case .tooManyClauses: "too_many_clauses"
        }
    }

    var reason: String {
        switch self {
        case .syntax(let error): "Failed to parse query: \(error.message) (at character \(error.offset))"
        case .unknownField(let name):
            "unknown field [\(name)]; fsfind serve answers the fields of Samba's mappings (see `fsfind serve --help`)"
        case .badValue(let field, let value, let expected): "field [\(field)] expects \(expected), not [\(value)]"
        case .unsupported(let what): "not supported: \(what)"
        case .tooManyClauses(let count):
            "maxClauseCount is set to \(QueryExpression.maximumClauses) once repeated clauses are folded (\(QueryExpression.maximumWrittenClauses) as written); the query has \(count)"
        }
    }
}
