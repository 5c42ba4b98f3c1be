import ArgumentParser
import FSFindModel

/// The custom completions the generated shell scripts ask the binary for at Tab time.
///
/// The shells hand over the word as typed, shell quotes included (`'dura`), while they match the
/// candidates against the word with its quoting removed; so the opening quote is dropped here, and
/// the shell puts its own quoting back. bash additionally runs every candidate through `compgen -W`,
/// which expands `$…` and removes quotes, so for bash the candidates are backslash-escaped.
enum ShellCompletion {
    /// Candidates inside a query argument: attribute names, operators, `$time` forms, modifiers.
    static func query(words: [String], index: Int, typed: String) -> [String] {
        var typed = typed
        // zsh's generated script measures the cursor with `${(z)LBUFFER}`, which splits a quoted
        // word that holds spaces: the prefix it asks for is cut short. Take the raw word whole
        // (the cursor is at its end unless the person moved it back, which completion rarely is).
        if CompletionShell.requesting == .zsh, words.indices.contains(index), let first = words[index].first,
            first == "'" || first == "\""
        {
            typed = words[index]
        }
        return escapedForShell(QueryCompletion.candidates(for: unquoted(typed)))
    }

    /// Candidates for `--attr`: the last comma-separated name completed from the registry.
    static func attributeList(_ typed: String) -> [String] {
        let text = unquoted(typed)
        let head = text.lastIndex(of: ",").map { String(text[...$0]) } ?? ""
        let piece = String(text.dropFirst(head.count))
        let names = AttributeRegistry.allNames.filter { $0.hasPrefix(piece) }
        return escapedForShell(names.map { head + $0 })
    }

    /// `typed` without the shell quote that opens it, if any.
    private static func unquoted(_ typed: String) -> String {
        guard let first = typed.first, first == "'" || first == "\"" else { return typed }
        return String(typed.dropFirst())
    }

    private static func escapedForShell(_ candidates: [String]) -> [String] {
        guard CompletionShell.requesting == .bash else { return candidates }
        return candidates.map { candidate in
            var escaped = ""
            for character in candidate {
                if "\\$`\"'".contains(character) { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }
    }
}
