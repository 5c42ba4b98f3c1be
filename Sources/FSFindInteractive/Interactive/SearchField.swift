import FSFindModel
import FSFindQuery
import FSFindSearch

/// The search field's content: token chips, then the text being typed; the cursor is at the end.
///
/// Editing follows a token field: a `key:value` word becomes a chip when a space ends it, a chip is
/// selected and deleted as one unit, and Backspace in an empty text removes the last chip whole.
struct SearchField: Sendable, Equatable {
    private(set) var tokens: [SearchToken] = []
    private(set) var text: String = ""
    /// The chip picked with ← (drawn highlighted); Backspace or Delete removes it.
    private(set) var selectedToken: Int?

    init() {}

    /// A field holding `string` as if typed: its complete tokens become chips, the rest stays text.
    init(_ string: String) {
        var words: [String] = []
        for word in Self.words(string) {
            if let token = SearchToken(typed: word) {
                tokens.append(token)
            } else {
                words.append(word)
            }
        }
        text = words.joined(separator: " ")
    }

    /// True when there are neither chips nor text.
    var isEmpty: Bool { tokens.isEmpty && text.isEmpty }

    /// The whole field as one line: chips as typed, then the text (what recent searches keep).
    var string: String {
        (tokens.map(\.text) + (text.isEmpty ? [] : [text])).joined(separator: " ")
    }

    /// The word being typed (after the last space outside quotes); empty after a space.
    var currentWord: String {
        String(text[Self.lastWordStart(text)...])
    }

    /// True when every item this field matches is also matched by `older` (same location): it
    /// keeps older's chips and only adds to plain free text (`to` → `ton`, `tone` → `tone x`). A
    /// word that extends the last word is a longer prefix and a longer infix, so it can only match
    /// less; one more word must match too. Never a narrowing: a predicate, an operator
    /// (`a | b` widens) or a phrase, and a word reaching ``FieldQuery/shortestInsideWord`` letters
    /// (`pa` → `par`), which from then on also matches inside names and among the files' words,
    /// where the shorter one did not look.
    func narrows(_ older: SearchField) -> Bool {
        guard older.tokens.allSatisfy(tokens.contains) else { return false }
        if older.text.allSatisfy(\.isWhitespace) { return true }
        guard let old = Query.plainWords(older.text), let new = Query.plainWords(text), new.count >= old.count,
            zip(old.dropLast(), new).allSatisfy({ $0 == $1 }),
            let last = old.last, new[old.count - 1].starts(with: last)
        else { return false }
        return FieldQuery.matchesInside(old) || !FieldQuery.matchesInside(new)
    }

    /// Types `string`. A space that ends a `key:value` word turns the word into a chip.
    mutating func insert(_ string: String) {
        selectedToken = nil
        for character in string {
            if character == " " || character == "\t" {
                let start = Self.lastWordStart(text)
                if !Self.insideQuotes(text), let token = SearchToken(typed: String(text[start...])) {
                    text.removeSubrange(start...)  // keeps the blank before the word, if any
                    tokens.append(token)
                    continue
                }
                if text.isEmpty { continue }  // no leading blanks
                text.append(" ")
            } else if character.isNewline
                || character.unicodeScalars.contains(where: \.isTerminalControl)
            {
                continue
            } else {
                text.append(character)
            }
        }
    }

    /// Deletes the selected chip, else the last character, else (empty text) the last chip.
    mutating func backspace() {
        if let selected = selectedToken {
            tokens.remove(at: selected)
            selectedToken = nil
        } else if !text.isEmpty {
            text.removeLast()
        } else if !tokens.isEmpty {
            tokens.removeLast()
        }
    }

    /// Deletes the selected chip (the Delete key); false when none is selected.
    @discardableResult
    mutating func deleteSelectedToken() -> Bool {
        guard let selected = selectedToken else { return false }
        tokens.remove(at: selected)
        selectedToken = nil
        return true
    }

    /// Ctrl-W: deletes the last word of the text, or the last chip when the text is empty.
    mutating func deleteWord() {
        selectedToken = nil
        if text.isEmpty {
            if !tokens.isEmpty { tokens.removeLast() }
            return
        }
        while text.last == " " { text.removeLast() }
        text.removeSubrange(Self.lastWordStart(text)...)
    }

    /// Ctrl-U: clears the text, or the chips when the text is already empty.
    mutating func clear() {
        selectedToken = nil
        if text.isEmpty { tokens.removeAll() } else { text = "" }
    }

    /// ←: selects the chip left of the current one (the last chip when the text is empty and none is).
    /// Returns false when there is nothing to select.
    @discardableResult
    mutating func selectPreviousToken() -> Bool {
        if let selected = selectedToken {
            selectedToken = max(0, selected - 1)
            return true
        }
        guard text.isEmpty, !tokens.isEmpty else { return false }
        selectedToken = tokens.count - 1
        return true
    }

    /// →: moves the chip selection right, leaving the chips after the last one. False when no chip
    /// was selected.
    @discardableResult
    mutating func selectNextToken() -> Bool {
        guard let selected = selectedToken else { return false }
        selectedToken = selected + 1 < tokens.count ? selected + 1 : nil
        return true
    }

    /// Replaces the word being typed by a chip (accepting a token suggestion).
    mutating func replaceCurrentWord(with token: SearchToken) {
        selectedToken = nil
        text.removeSubrange(Self.lastWordStart(text)...)
        tokens.append(token)
    }

    /// Replaces the word being typed by `word` (accepting a key suggestion such as `kind:`).
    mutating func replaceCurrentWord(with word: String) {
        selectedToken = nil
        text.removeSubrange(Self.lastWordStart(text)...)
        text += word
    }

    // MARK: - Words

    /// Where the last word of `text` starts: after the last blank that is not inside quotes.
    static func lastWordStart(_ text: String) -> String.Index {
        var start = text.startIndex
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "\"" { quoted.toggle() }
            if !quoted, character == " " || character == "\t" { start = next }
            index = next
        }
        return start
    }

    /// True when `text` ends inside an open double quote.
    static func insideQuotes(_ text: String) -> Bool {
        text.filter { $0 == "\"" }.count % 2 == 1
    }

    /// `string` split at blanks outside double quotes.
    static func words(_ string: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in string {
            if character == "\"" { quoted.toggle() }
            if !quoted, character == " " || character == "\t" || character.isNewline {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
