import ArgumentParser
import FSFindIndexFormat
import FSFindModel
import FSFindPlatform
import FSFindText
import Foundation

extension FSFindCommand {
    /// `fsfind show PATH ...`: every indexed attribute of each path, like `mdls`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print the indexed attributes of files.",
            discussion: """
                Examples:
                  fsfind show ~/Music/song.mp3
                  fsfind show --json --attr title,duration ~/Music/*.mp3
                """)

        @Argument(help: ArgumentHelp("Files or folders to show.", valueName: "path"), completion: .file())
        var paths: [String]

        @Flag(name: .long, help: "Print one JSON object per path (NDJSON).")
        var json = false

        @Option(
            name: .customLong("attr"),
            help: ArgumentHelp(
                "Only these attributes (comma-separated, repeatable).",
                valueName: "names"),
            completion: .custom { _, _, typed in ShellCompletion.attributeList(typed) })
        var attributes: [String] = []

        /// `mdls` (the link): its output form and its options. Hidden from `show --help`.
        @Flag(name: .customLong("mdls"), help: ArgumentHelp(visibility: .private))
        var mdls = false

        @Option(name: .customLong("name", withSingleDash: true), help: ArgumentHelp(visibility: .hidden))
        var mdlsNames: [String] = []

        @Flag(name: .customLong("raw", withSingleDash: true), help: ArgumentHelp(visibility: .hidden))
        var raw = false

        @Option(name: .customLong("nullMarker", withSingleDash: true), help: ArgumentHelp(visibility: .hidden))
        var nullMarker = "(null)"

        @OptionGroup var indexOption: IndexOption

        func validate() throws {
            if !mdls && (!mdlsNames.isEmpty || raw) {
                throw ValidationError("-name and -raw are mdls's options: use --attr (or the mdls link)")
            }
        }

        func run() throws {
            if mdls { return try runAsMdls() }
            let only = try parseAttributes(attributes)
            let index = try indexOption.open()
            let reader = try index.readerOfEverything()
            // The words are one attribute among many: a store that cannot give them costs only
            // them, and is named once the rest is shown (exit 1).
            var text: TextStore?
            var storeFailure: FSFindError?
            if only.isEmpty || only.contains(.textContent) {
                do throws(FSFindError) {
                    text = try IndexOption.openTextStore(for: index)
                } catch {
                    storeFailure = error
                }
            }
            let formatter = AttributeListFormatter()
            var writer = ResultWriter(format: .lines, attributes: [])
            var missing = false
            for argument in paths {
                let path = Self.resolve(PathBytes.bytes(argument))
                guard let row = reader.rowIndex(ofPath: path) else {
                    writer.flush()
                    StandardError.write(
                        "fsfind: \(TerminalText.shown(PathBytes.bytes(argument))) is not in the index \(index.path); run 'fsfind index' on its folder\n"
                    )
                    missing = true
                    continue
                }
                var set = reader.attributes(at: row)
                // The first lines of the file's words, as the text store has them.
                if let document = reader.textDocument(at: row),
                    let start = try text?.textStart(document: document, characters: Self.textLines * 120)
                {
                    set[.textContent] = .text(Self.firstLines(start))
                }
                let shown = only.isEmpty ? set.attributes : only.filter { set[$0] != nil }
                if json {
                    writer.write(line: writer.jsonLine(path: path, item: set, attributes: shown))
                    continue
                }
                if paths.count > 1 { writer.write(line: "\(PathBytes.display(path)):") }
                for line in formatter.lines(
                    set, attributes: shown, problem: only.isEmpty ? reader.problem(at: row) : nil)
                {
                    writer.write(line: line)
                }
            }
            try writer.finish()
            if let storeFailure { throw storeFailure }
            if missing { throw ExitCode(1) }
        }

        /// `mdls FILE…`: each file's attributes in `mdls`'s form, one file after another; with
        /// `-name`, only those (`(null)` when absent); with `-raw`, the values alone, NUL between them.
        private func runAsMdls() throws {
            var named: [(name: String, attribute: Attribute?)] = []
            for name in mdlsNames {
                // An unknown kMDItem name is absent, as in mdls; another unknown name is an error.
                let attribute = AttributeRegistry.attribute(named: name)
                if attribute == nil && !name.hasPrefix("kMDItem") { _ = try parseAttributes([name]) }
                named.append((name, attribute))
            }
            let index = try indexOption.open()
            let reader = try index.readerOfEverything()
            let formatter = MdlsFormatter()
            var writer = ResultWriter(format: .lines, attributes: [])
            var missing = false
            var rawValues: [String] = []
            for argument in paths {
                let path = Self.resolve(PathBytes.bytes(argument))
                guard let row = reader.rowIndex(ofPath: path) else {
                    writer.flush()
                    StandardError.write(
                        "\(TerminalText.shown(PathBytes.bytes(argument))): could not find \(TerminalText.shown(PathBytes.bytes(argument))) in the index.\n"
                    )
                    missing = true
                    continue
                }
                let set = reader.attributes(at: row)
                if raw {
                    let names =
                        named.isEmpty ? set.attributes.map { (MdlsFormatter.name(of: $0), Optional($0)) } : named
                    rawValues += names.map { formatter.raw($0.attribute.flatMap { set[$0] }, nullMarker: nullMarker) }
                    continue
                }
                let lines =
                    named.isEmpty
                    ? formatter.lines(set) : formatter.lines(named.map { ($0.name, $0.attribute.flatMap { set[$0] }) })
                for line in lines { writer.write(line: line) }
            }
            if raw { writer.write(raw: rawValues.joined(separator: "\0")) }
            try writer.finish()
            if missing { throw ExitCode(1) }
        }

        /// How many lines of a file's text `show` prints.
        static let textLines = 5

        /// The first ``textLines`` non-blank lines, joined with " ⏎ " so the value stays one line,
        /// with "…" when there is more.
        static func firstLines(_ text: String) -> String {
            let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            let shown = lines.prefix(textLines).joined(separator: " ⏎ ")
            return lines.count > textLines || text.count >= textLines * 120 ? shown + " …" : shown
        }

        /// The index key for an argument: its folder resolved, its last component kept as is, so a
        /// symlink is shown as the link it is, not as its target.
        static func resolve(_ argument: [UInt8]) -> [UInt8] {
            let absolute = PathBytes.absolute(argument)
            guard absolute.count > 1, let slash = absolute.lastIndex(of: UInt8(ascii: "/")) else { return absolute }
            let parent = slash == 0 ? [UInt8(ascii: "/")] : Array(absolute[..<slash])
            guard let resolved = PathBytes.realPath(parent) else { return absolute }
            let name = absolute[(slash + 1)...]
            return resolved == [UInt8(ascii: "/")] ? resolved + name : resolved + [UInt8(ascii: "/")] + name
        }
    }
}
