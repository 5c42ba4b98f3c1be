import ArgumentParser
import FSFindIndexFormat
import FSFindInteractive
import FSFindModel
import FSFindPlatform
import FSFindQuery
import Foundation

extension FSFindCommand {
    /// `fsfind search`: the search field, in the terminal; Enter prints the chosen path.
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search interactively; print the chosen path.",
            discussion: """
                Results refine with each key. Type words, a predicate (duration > 300), or tokens such as
                kind:audio, author:Steve, modified:today, size:>10MB, duration:>5m that become filter chips.

                Keys: ↑/↓ or Ctrl-N move, Tab/Shift-Tab change the scope, Ctrl-F toggles everywhere /
                this folder, → takes the highlighted suggestion (Ctrl-S highlights the next), ← selects a chip,
                Backspace deletes it, Ctrl-P hides or shows the preview and details, Enter prints the
                selected path, Ctrl-O opens it with xdg-open, Esc or Ctrl-C quits printing nothing (exit 130).

                The pane previews the selected file: a photo, a PDF's first page, a video's poster frame or
                a song's cover art drawn with chafa's block symbols (24-bit colour when COLORTERM says
                truecolor, else 256 colours, none under NO_COLOR) or, in kitty and Ghostty, as the image
                itself (FSFIND_PREVIEW_GRAPHICS=kitty|symbols overrides), or a text's first lines. Previews are
                made in a separate worker process with memory and CPU limits, after the list is painted,
                and cached. Below the preview: a summary for the kind of file, every attribute as people
                read it, and, with a text store, the file's words around what was typed.

                The screen is drawn on the terminal (/dev/tty), never on stdout, so this works.

                Examples:
                  fsfind search paris
                  vim "$(fsfind search)"
                  cd "$(dirname "$(fsfind search kind:folder)")"
                """)

        @Argument(help: ArgumentHelp("Text to start with (words, a predicate or tokens).", valueName: "text"))
        var text: [String] = []

        @Option(name: .long, help: ArgumentHelp("The scope to start in.", valueName: "scope"))
        var scope: Scope = .all

        @Option(
            name: .customLong("onlyin"),
            help: ArgumentHelp(
                "Start narrowed to this folder (Ctrl-F widens to everywhere).",
                valueName: "dir"), completion: .directory)
        var onlyIn: String?

        @OptionGroup var indexOption: IndexOption

        func run() throws {
            let context: QueryContext
            do { context = try QueryContext.fromEnvironment() } catch {
                throw FSFindError(.usage, error.message)
            }
            // A dumb terminal cannot move the cursor, which a screen that repaints needs.
            if ProcessInfo.processInfo.environment["TERM"] == "dumb" {
                throw FSFindError(
                    .usage,
                    "search needs a terminal that can move the cursor (TERM=dumb); in scripts use 'fsfind query'")
            }
            guard let terminal = TerminalDevice() else {
                throw FSFindError(
                    .usage, "search needs a terminal (/dev/tty cannot be opened); in scripts use 'fsfind query'")
            }
            let folder: [UInt8]
            if let onlyIn {
                guard let resolved = PathBytes.realPath(PathBytes.bytes(onlyIn)) else {
                    throw FSFindError(.usage, "--onlyin \(onlyIn): no such folder")
                }
                folder = resolved
            } else {
                folder =
                    PathBytes.realPath(PathBytes.bytes(FileManager.default.currentDirectoryPath))
                    ?? PathBytes.absolute(PathBytes.bytes("."))
            }
            let index = try indexOption.open()
            let words = try IndexOption.openTextStore(for: index)
            let initial = text.joined(separator: " ")
            // Everything the screen shows checked before it starts (the detail pane lists every
            // attribute), and each new version before it replaces the old.
            let loop = SearchLoop(
                terminal: terminal, index: try index.readerOfEverything(), text: words, context: context,
                field: initial.isEmpty ? "" : initial + " ", scope: scope, everywhere: onlyIn == nil, folder: folder
            ) { () throws(FSFindError) in
                let index = try indexOption.open()
                return (try index.readerOfEverything(), try IndexOption.openTextStore(for: index))
            }

            try terminal.enterFullScreen()
            let outcome = loop.run()
            terminal.restore()
            switch outcome {
            case .accepted(let path):
                var writer = ResultWriter(format: .lines, attributes: [])
                writer.write(path: path, item: AttributeSet())
                try writer.finish()
            case .cancelled:
                throw ExitCode(130)
            }
        }
    }
}
