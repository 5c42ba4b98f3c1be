import FSFindModel
import FSFindQuery
import Foundation

/// A search field turned into what the scan runs: the chips as one compiled filter, the text as
/// free text or a predicate, or the error that keeps the text from running yet.
///
/// The chips and the text are compiled apart because the query language cannot mix free text
/// with predicates; the scan requires both to match.
package struct FieldQuery: Sendable {
    /// Every chip's predicate, ANDed; nil without chips.
    let filter: CompiledQuery?
    /// The typed text; nil when it is empty or has an error.
    package let text: CompiledQuery?
    /// True when the text is free text, which ranks by relevance.
    let isFreeText: Bool
    /// Query words of plain free text, folded, for matching inside words (see ``ResultRanker``);
    /// empty for free text in a tree (`a|b`, `paris -draft`), which only its leaves rank.
    package let words: [[UInt8]]
    /// Whether the plain free text also matches inside the words of names (`aris` in `paris`);
    /// false while a word is shorter than ``shortestInsideWord``.
    let matchesInsideWords: Bool
    /// Why the text cannot run yet; its range counts Characters of the typed text.
    package let error: QueryError?

    /// Words shorter than this match only where a word starts: not inside the words of names
    /// and not among the files' words. One or two letters occur inside most names and most files
    /// (`benchmarks/RESULTS.md`, "The search field: short words at word starts" counts them), so
    /// such a list and its counts would say nothing, and
    /// marking most rows is what made a field's first letters slow; Spotlight matches word
    /// starts only.
    static let shortestInsideWord = 3

    /// Whether free text of these (folded, cut) words matches inside words: every one of them is
    /// at least ``shortestInsideWord`` long.
    package static func matchesInside(_ words: [[Unicode.Scalar]]) -> Bool {
        !words.isEmpty && words.allSatisfy { $0.count >= shortestInsideWord }
    }

    /// The field's `chips` and its typed `text`, compiled in `context` (the search screen's
    /// `SearchField` holds both as they were typed).
    package init(chips: [SearchToken], text typedText: String, context: QueryContext) {
        var filter: CompiledQuery?
        var error: QueryError?
        if !chips.isEmpty {
            do {
                filter = try CompiledQuery(chips: chips, context: context)
            } catch let failure {
                error = failure
            }
        }
        var text: CompiledQuery?
        var isFreeText = false
        var words: [[UInt8]] = []
        var matchesInsideWords = false
        let typed = typedText.trimmingCharacters(in: .whitespaces)
        if !typed.isEmpty, error == nil {
            do {
                let query = try Query.parse(typedText)
                text = try CompiledQuery(query, context: context)
                isFreeText = query.isFreeText
                if case .freeText(let typedWords) = query.expression {
                    words = typedWords.map { Array($0.lowercased().utf8) }
                    matchesInsideWords = Self.matchesInside(FreeTextMatcher(words: typedWords).words)
                }
            } catch let failure {
                error = failure
            }
        }
        self.filter = filter
        self.text = text
        self.isFreeText = isFreeText
        self.words = words
        self.matchesInsideWords = matchesInsideWords
        self.error = error
    }

    /// Nothing to filter or search for: the scan lists everything, most recent first.
    var isEmpty: Bool { filter == nil && text == nil }

    /// Attributes the scan reads, so the index can verify their sections first.
    var referencedAttributes: Set<Attribute> {
        var needed = (filter?.referencedAttributes ?? []).union(text?.referencedAttributes ?? [])
        // The rows show kind, size and modified date; the pane everything (read row by row).
        needed.formUnion([.contentTypeTree, .contentModificationDate, .displayName, .kind, .fileSize])
        if isFreeText { needed.formUnion(AttributeRegistry.freeTextAttributes) }
        return needed
    }
}
