import FSFindModel

/// What Tab offers inside a query argument, so a person can discover the language by pressing it.
///
/// The shell hands over the word typed so far (possibly starting with the shell quote that opens
/// it); the candidates are that whole word with its last, unfinished piece completed, because
/// shells replace the whole word with the candidate. What is offered depends on the position:
/// attribute names and aliases (from the registry) and `InRange(` where an attribute may start,
/// operators after an attribute, `$time.` forms where a value may start, the modifiers `c d w t`
/// straight after a closing quote, and `&&` / `||` after a finished comparison.
enum QueryCompletion {
    /// The comparison operators, in the order they are offered.
    static let operators = ["==", "!=", "<", ">", "<=", ">="]

    /// Every `$time` form, with an example argument where one is taken, for discovery.
    static let timeForms = [
        "$time.now", "$time.now(-3600)", "$time.today", "$time.today(-7)", "$time.yesterday",
        "$time.this_week", "$time.this_week(-1)", "$time.last_week", "$time.this_month",
        "$time.this_month(-1)", "$time.this_year", "$time.this_year(-1)", "$time.iso(2025-06-01)",
    ]

    /// The string modifiers written after a closing quote, single and in the common pairs.
    static let modifiers = ["c", "d", "w", "t", "cd", "wc", "wcd", "tc", "tcd"]

    /// The logical operators offered after a finished comparison.
    static let connectives = ["&&", "||"]

    /// Candidates for the query text `typed` (without the shell's quoting), each the whole text as
    /// it should read after Tab.
    static func candidates(for typed: String) -> [String] {
        let (head, piece) = splitLastPiece(Substring(typed))
        return offers(before: head, piece: piece).filter { $0.hasPrefix(piece) }.map { head + $0 }
    }

    /// Splits `text` into what is settled and the piece the cursor is in (`dura`, `$time.to`, `w`).
    private static func splitLastPiece(_ text: Substring) -> (String, String) {
        var start = text.endIndex
        while start > text.startIndex {
            let previous = text.index(before: start)
            let character = text[previous]
            guard character.isLetter || character.isNumber || character == "_" || character == "$" || character == "."
            else { break }
            start = previous
        }
        var piece = text[start...]
        if let dollar = piece.firstIndex(of: "$") { piece = piece[dollar...] }
        return (String(text[..<piece.startIndex]), String(piece))
    }

    /// What may stand at the position after `head`, before filtering by the typed `piece`.
    private static func offers(before head: String, piece: String) -> [String] {
        if piece.hasPrefix("$") { return timeForms }
        let trimmed = String(head.reversed().drop { $0 == " " }.reversed())
        let endsWithSpace = head.last == " "
        // Straight after a closing quote: the modifiers (the piece is those typed so far).
        if !endsWithSpace, let last = trimmed.last, "\"'”’".contains(last), isClosingQuote(trimmed) {
            return modifiers
        }
        if trimmed.isEmpty || trimmed.hasSuffix("&&") || trimmed.hasSuffix("||") || trimmed.hasSuffix("(")
            || trimmed.hasSuffix("!")
        {
            return attributeStarts
        }
        guard piece.isEmpty else { return [] }
        if endsWithSpace, let type = attributeType(endingAt: trimmed) {
            // After an attribute name: the operators its type allows.
            return (type == .text || type == .textList ? ["==", "!="] : operators).map { $0 + " " }
        }
        if let last = trimmed.last, "=<>".contains(last) {
            // A value: `$time` forms are the part worth discovering, for dates.
            let before = String(trimmed.reversed().drop { "=<>!".contains($0) }.reversed())
            let attribute = String(before.reversed().drop { $0 == " " }.reversed())
            return attributeType(endingAt: attribute) == .date ? timeForms : []
        }
        if isInsideInRangeBounds(trimmed) { return trimmed.hasSuffix(",") || endsWithSpace ? timeForms : [] }
        return endsWithSpace ? connectives.map { $0 + " " } : []
    }

    /// The type of the attribute whose name ends `text`, if it ends in one.
    private static func attributeType(endingAt text: String) -> AttributeType? {
        let word = String(text.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
        guard !word.isEmpty, let attribute = AttributeRegistry.attribute(named: word) else { return nil }
        return attribute.type
    }

    /// Attribute names, then aliases, then `InRange(`: what may start a comparison.
    private static var attributeStarts: [String] {
        AttributeRegistry.all.map(\.name) + AttributeRegistry.all.flatMap(\.aliases) + ["InRange("]
    }

    /// True when the quote ending `text` closes a string rather than opening one.
    private static func isClosingQuote(_ text: String) -> Bool {
        var open: Character?
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
                continue
            }
            if let quote = open {
                if character == "\\" { escaped = true } else if character == closing(of: quote) { open = nil }
                continue
            }
            if "\"'“‘".contains(character) { open = character }
        }
        return open == nil
    }

    private static func closing(of quote: Character) -> Character {
        switch quote {
        case "“": "”"
        case "‘": "’"
        default: quote
        }
    }

    /// True after the first comma of an unfinished `InRange(attr,`, where a bound comes next.
    private static func isInsideInRangeBounds(_ text: String) -> Bool {
        let characters = Array(text)
        let keyword = Array("inrange(")
        var index = characters.count - keyword.count
        while index >= 0 {
            let window = characters[index..<(index + keyword.count)].map { Character($0.lowercased()) }
            if window == keyword {
                let rest = characters[(index + keyword.count)...]
                return rest.contains(",") && !rest.contains(")")
            }
            index -= 1
        }
        return false
    }
}
