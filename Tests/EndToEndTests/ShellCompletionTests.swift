import Foundation
import Testing

@testable import FSFindManual

/// Tab completion in real shells, through the committed scripts in `completions/`: subcommands,
/// `--scope` values, and the query language inside a query argument.
@Suite(.ownThreads) struct ShellCompletionTests {
    static let scopes = ["all", "audio", "video", "image", "document", "text", "code", "archive", "folder", "app"]

    /// Candidates bash (with bash-completion loaded) offers for `line`, the cursor at its end.
    func bashCandidates(_ line: String) throws -> [String] {
        let script = FSFind.repositoryRoot.appendingPathComponent("completions/fsfind.bash").path
        // COMP_WORDS as readline splits the line: a trailing space starts an empty word.
        let result = try ShellLine.run(
            "/bin/bash",
            [
                "-c",
                """
                source /usr/share/bash-completion/bash_completion
                source "$1"
                COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}
                read -r -a COMP_WORDS <<< "$COMP_LINE"
                [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                _fsfind fsfind "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """, "bash", script, line,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        return result.lines
    }

    @Test(.enabled(if: Requirement.tool("bash"), "needs bash"))
    func bashCompletesSubcommandsScopesAndQueries() throws {
        #expect(try bashCandidates("fsfind qu") == ["query"])
        #expect(try bashCandidates("fsfind query --scope ") == Self.scopes)
        #expect(try bashCandidates("fsfind query 'dura") == ["duration"])
        #expect(try bashCandidates("fsfind query --sort si") == ["size"])
        #expect(try bashCandidates("fsfind query --attr title,dur") == ["title,duration"])
        #expect(try bashCandidates("fsfind query 'kMDItemDur") == ["kMDItemDurationSeconds"])
    }

    @Test(
        .enabled(
            if: Requirement.tool("tmux") && Requirement.tool("zsh") && Requirement.tool("fish"),
            "needs tmux, zsh and fish"),
        arguments: ["zsh", "fish"])
    func interactiveShellCompletesSubcommandsScopesAndQueries(shell: String) throws {
        let screens = try TerminalSession.complete(
            shell: shell,
            [
                ("fsfind qu", "fsfind query "), ("fsfind query --scope ", "document"),
                ("fsfind query 'dura", "'duration"),
                ("fsfind query 'title ", "title !="),
            ])
        try #require(screens.count == 4, "\(screens)")
        #expect(screens[0].contains("> fsfind query"), "\(screens[0])")
        for scope in Self.scopes { #expect(screens[1].contains(scope), "\(screens[1])") }
        #expect(screens[2].contains("> fsfind query 'duration"), "\(screens[2])")
        // Inside a quoted query with spaces: the operators a text attribute allows.
        #expect(screens[3].contains("title ==") && screens[3].contains("title !="), "\(screens[3])")
    }
}
