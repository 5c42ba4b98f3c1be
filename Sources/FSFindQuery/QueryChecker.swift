import FSFindModel

/// Name resolution and type rules from `docs/spec/query-language.md`, applied to each predicate as the
/// parser reads it, so a bad query fails before any index is opened.
struct QueryChecker {
    let source: SourceText

    private func error(_ message: String, _ range: Range<Int>) -> QueryError { source.error(message, range) }

    /// The attribute a name or `kMDItem…` alias stands for; otherwise an error that lists the
    /// names that come close.
    func resolve(_ name: String, range: Range<Int>) throws(QueryError) -> Attribute {
        if let attribute = AttributeRegistry.attribute(named: name) { return attribute }
        // Edit distance is quadratic; a name longer than any real one gets no suggestions.
        let close = name.count <= 64 ? AttributeRegistry.closestNames(to: name) : []
        let hint: String =
            switch close.count {
            case 0: " (fsfind attributes lists them all)"
            case 1: " (did you mean '\(close[0])'?)"
            default:
                " (did you mean " + close.dropLast().map { "'\($0)'" }.joined(separator: ", ")
                    + " or '\(close.last ?? "")'?)"
            }
        throw error("unknown attribute '\(Self.clipped(name))'" + hint, range)
    }

    /// `text` for quoting in a message, cut to 40 characters so a huge token cannot flood it.
    static func clipped(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }

    /// `target op value modifiers` must make sense for the target's type.
    func check(
        target: AttributeTarget, targetRange: Range<Int>, op: ComparisonOperator, opRange: Range<Int>,
        value: QueryValue, modifiers: TextModifiers, valueRange: Range<Int>
    ) throws(QueryError) {
        let type: AttributeType =
            switch target {
            case .anyText: .text
            case .attribute(let attribute): attribute.type
            }
        let name = target == .anyText ? "'*' (every text attribute)" : "'\(target.name)'"
        switch type {
        case .text, .textList:
            if op.isOrdering {
                throw error("'\(op.rawValue)' works only with numbers and dates; \(name) is text", opRange)
            }
            guard case .text = value else {
                throw error("\(name) is text; compare it with a quoted string", valueRange)
            }
        case .number, .date:
            if case .text(let pattern) = value, pattern.isPresenceTest, !op.isOrdering {
                try noModifiers(modifiers, name: name, type: type, valueRange)
                return
            }
            try checkScalar(type: type, name: name, value: value, modifiers: modifiers, valueRange: valueRange)
        }
    }

    /// An `InRange` bound: a number, a quoted number, or (for dates) `$time`.
    func checkBound(
        target: AttributeTarget, targetRange: Range<Int>, keywordRange: Range<Int>, value: QueryValue,
        modifiers: TextModifiers, valueRange: Range<Int>
    ) throws(QueryError) {
        guard case .attribute(let attribute) = target, attribute.type == .number || attribute.type == .date else {
            throw error("InRange works only with numbers and dates; '\(target.name)' is text", targetRange)
        }
        try checkScalar(
            type: attribute.type, name: "'\(attribute.name)'", value: value, modifiers: modifiers,
            valueRange: valueRange)
    }

    private func checkScalar(
        type: AttributeType, name: String, value: QueryValue, modifiers: TextModifiers,
        valueRange: Range<Int>
    ) throws(QueryError) {
        switch value {
        case .number:
            return
        case .text(let pattern):
            try noModifiers(modifiers, name: name, type: type, valueRange)
            if !pattern.hasWildcards, Lexer.number(in: pattern.literalText) != nil { return }
            if type == .number {
                throw error("\(name) is a number; \(Self.clipped(source.text(valueRange))) is not a number", valueRange)
            }
            throw error(
                "\(name) is a date; compare it with $time… (e.g. $time.iso(2025-06-01)) or a number of seconds since 2001-01-01",
                valueRange)
        case .time:
            if type == .number {
                throw error("\(name) is a number; $time values are for dates", valueRange)
            }
        }
    }

    private func noModifiers(
        _ modifiers: TextModifiers, name: String, type: AttributeType,
        _ valueRange: Range<Int>
    ) throws(QueryError) {
        if !modifiers.isEmpty {
            throw error("modifiers (c, d, w, t) apply only to text; \(name) is a \(type.rawValue)", valueRange)
        }
    }
}
