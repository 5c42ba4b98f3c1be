import FSFindModel

/// A parsed, type-checked query: the tree the printer prints and `CompiledQuery` evaluates.
///
/// `and` and `or` hold flat lists (two or more operands) rather than binary pairs so that a long
/// chain such as `a && b && … && z` stays one level deep: evaluation, printing and deallocation
/// recurse only as deep as the parentheses and `!`s, which the parser caps at 256.
/// Attributes are already resolved (aliases replaced by the ``Attribute``), so two queries that
/// differ only in spelling compare equal.
package indirect enum QueryExpression: Sendable, Equatable {
    /// Every operand is true. Operands that are themselves `and` came from parentheses.
    case and([QueryExpression])
    /// At least one operand is true.
    case or([QueryExpression])
    /// The operand is false (`!`, an extension Spotlight users ask for).
    case not(QueryExpression)
    /// `attribute op value modifiers`.
    case comparison(Comparison)
    /// `InRange(attribute, lower, upper)`.
    case inRange(RangeTest)
    /// What a person types into a search field: the words as written, split at whitespace, a
    /// quoted phrase one element; every one must be found. The whole query, or a leaf of a tree
    /// that mdfind's operators (`a|b`, `-word`), keywords or `**` built (see ``FreeTextParser``).
    case freeText([String])

    /// True when some leaf is free text.
    var hasFreeText: Bool {
        switch self {
        case .and(let operands), .or(let operands): operands.contains(where: \.hasFreeText)
        case .not(let operand): operand.hasFreeText
        case .freeText: true
        case .comparison, .inRange: false
        }
    }
}

/// What a predicate reads: one attribute, or `*`, every text attribute.
package enum AttributeTarget: Sendable, Hashable {
    case attribute(Attribute)
    /// `*`: true when any text or text-list attribute matches.
    case anyText

    /// The name the printer writes.
    var name: String {
        switch self {
        case .attribute(let attribute): attribute.name
        case .anyText: "*"
        }
    }

    /// True for a date attribute (where a quoted `"$time…"` is read as `$time`).
    var isDate: Bool {
        if case .attribute(let attribute) = self { return attribute.type == .date }
        return false
    }
}

/// A comparison operator. `=` is read as `==`, so it has no case of its own.
package enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case greater = ">"
    case lessOrEqual = "<="
    case greaterOrEqual = ">="

    /// True for the operators that order values, which text attributes do not support.
    var isOrdering: Bool { self != .equal && self != .notEqual }

    /// `value op operand` on numbers (IEEE comparisons: NaN compares unequal to everything).
    @inlinable @inline(__always) package func holds(_ value: Double, _ operand: Double) -> Bool {
        switch self {
        case .equal: value == operand
        case .notEqual: value != operand
        case .less: value < operand
        case .lessOrEqual: value <= operand
        case .greater: value > operand
        case .greaterOrEqual: value >= operand
        }
    }
}

/// The text-matching modifiers written straight after a closing quote (`"Paris"wc`).
///
/// `t` already compares word by word, so with `t` the `w` flag changes nothing. In a `t` pattern a
/// `*` separates words like any other non-letter (every word is a prefix match anyway).
package struct TextModifiers: Sendable, Hashable {
    /// `c`: case-insensitive (Unicode case folding).
    var caseInsensitive = false
    /// `d`: diacritic-insensitive.
    var diacriticInsensitive = false
    /// `w`: match a part of the value that starts and ends on word boundaries.
    var wordBased = false
    /// `t`: every word of the pattern is a prefix of some word of the value.
    var tokenized = false

    package init(
        caseInsensitive: Bool = false, diacriticInsensitive: Bool = false, wordBased: Bool = false,
        tokenized: Bool = false
    ) {
        self.caseInsensitive = caseInsensitive
        self.diacriticInsensitive = diacriticInsensitive
        self.wordBased = wordBased
        self.tokenized = tokenized
    }

    /// Both sets of modifiers (`==[c] "x"d` is `c` and `d`).
    mutating func formUnion(_ other: TextModifiers) {
        caseInsensitive = caseInsensitive || other.caseInsensitive
        diacriticInsensitive = diacriticInsensitive || other.diacriticInsensitive
        wordBased = wordBased || other.wordBased
        tokenized = tokenized || other.tokenized
    }

    /// No modifier set.
    var isEmpty: Bool { !(caseInsensitive || diacriticInsensitive || wordBased || tokenized) }

    /// The canonical spelling, always in the order `cdwt`.
    var letters: String {
        (caseInsensitive ? "c" : "") + (diacriticInsensitive ? "d" : "") + (wordBased ? "w" : "")
            + (tokenized ? "t" : "")
    }
}

/// A quoted string, split into literal runs and `*` wildcards.
///
/// The split is made by the lexer, where the escapes are still visible: `"a\*b"` is one literal
/// `a*b`, while `"a*b"` is literal `a`, wildcard, literal `b`. Literals are never empty, two
/// literals are never adjacent and two wildcards are never adjacent, so every pattern has one form.
package struct TextPattern: Sendable, Equatable {
    package enum Segment: Sendable, Equatable {
        case literal(String)
        case wildcard
    }

    var segments: [Segment]

    package init(_ segments: [Segment]) {
        self.segments = segments
    }

    /// A pattern that matches `text` literally (no wildcards).
    package static func literal(_ text: String) -> TextPattern {
        TextPattern(text.isEmpty ? [] : [.literal(text)])
    }

    /// True for `"*"`, which tests presence rather than content.
    var isPresenceTest: Bool { segments == [.wildcard] }

    /// True when the pattern has at least one wildcard.
    var hasWildcards: Bool { segments.contains(.wildcard) }

    /// The literal text with wildcards dropped; what a numeric string is read from.
    var literalText: String {
        segments.map { if case .literal(let text) = $0 { text } else { "" } }.joined()
    }
}

/// A value on the right of an operator or an `InRange` bound.
package enum QueryValue: Sendable, Equatable {
    /// A quoted string (for text attributes, or a number written in quotes).
    case text(TextPattern)
    /// A number; for date attributes, seconds since 2001-01-01T00:00:00Z.
    case number(Double)
    /// A `$time…` value, resolved to an interval when the query is compiled.
    case time(TimeValue)
}

/// `attribute op value modifiers`.
package struct Comparison: Sendable, Equatable {
    var target: AttributeTarget
    var op: ComparisonOperator
    var value: QueryValue
    var modifiers: TextModifiers

    package init(
        target: AttributeTarget, op: ComparisonOperator, value: QueryValue,
        modifiers: TextModifiers = TextModifiers()
    ) {
        self.target = target
        self.op = op
        self.value = value
        self.modifiers = modifiers
    }
}

/// `InRange(attribute, lower, upper)`: inclusive for numbers; for dates, from the start of the
/// lower interval to the end of the upper one.
package struct RangeTest: Sendable, Equatable {
    var attribute: Attribute
    var lower: QueryValue
    var upper: QueryValue
}
