import Foundation
import Testing

/// A comment says why in a sentence and names the `benchmarks/RESULTS.md` section that settled
/// it; the measurement lives in that section, where it has one place to be replaced (issue 42
/// item 9). This reads every comment in `Sources/` and fails on a sentence that states a measured
/// number (milliseconds, seconds, megabytes, percent) as history: beside "took", "peaked", "was",
/// "measured", "faster", "against", "→", "on a million" and the like. A constant's own
/// documentation ("at most 16 MiB", "Samba gives up after 60 s") states no history and passes, and
/// neither code spans nor quoted section names are read.
@Suite struct CommentNumbersTests {
    static let root = DocumentedNumbersTests.root

    /// Files other work was changing when the rest moved (2026-11-28); RESULTS.md's "Numbers that
    /// were in code comments" names what they still hold. Take a file off once its comments moved.
    static let notYetMoved: Set<String> = [
        "Sources/FSFindIndexFormat/IndexBuilder.swift",
        "Sources/FSFindIndexFormat/IndexFormat.swift",
        "Sources/FSFindIndexFormat/RowEmitter.swift",
        "Sources/FSFindIndexFormat/RowEmitter+CopiedRows.swift",
    ]

    // Patterns written by hand and compiled once; a typo fails every test at once.
    static let measurement = try! NSRegularExpression(
        pattern: #"(?<![\w.])\d[\d,]*(\.\d+)?\s?(ms|µs|s|MB|MiB|GB|GiB|%)(?!\w)"#)
    static let history = try! NSRegularExpression(
        pattern:
            #"\b(took|peaked|was|were|measured|faster|slower|instead of|against|grew|fell|falls)\b|→|->|\bon 1M\b|\bon a million\b|million-entry|/usr"#
    )
    static let unread = try! NSRegularExpression(pattern: #"`[^`]*`|"[^"]*""#)

    static func matches(_ pattern: NSRegularExpression, _ text: String) -> Bool {
        pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The sentences of one comment that read as benchmark history.
    static func historySentences(_ comment: String) -> [String] {
        let read = unread.stringByReplacingMatches(
            in: comment, range: NSRange(comment.startIndex..., in: comment), withTemplate: "")
        // A sentence ends at a full stop or semicolon before a space (not inside `4.90`).
        var sentences: [String] = []
        var current = ""
        for (character, next) in zip(read, read.dropFirst().map(Optional.some) + [nil]) {
            current.append(character)
            if character == "." || character == ";", next?.isWhitespace ?? true {
                sentences.append(current)
                current = ""
            }
        }
        sentences.append(current)
        return sentences.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { matches(measurement, $0) && matches(history, $0) }
    }

    /// Each run of whole-line comments of a Swift file: its first line (from 1) and its text, the
    /// lines joined by spaces without their slashes.
    static func comments(_ source: String) -> [(line: Int, text: String)] {
        var found: [(line: Int, text: String)] = []
        var start = 0
        var text: [String] = []
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.hasPrefix("//") {
                if text.isEmpty { start = number + 1 }
                text.append(String(trimmed.drop(while: { $0 == "/" })).trimmingCharacters(in: .whitespaces))
            } else if !text.isEmpty {
                found.append((start, text.joined(separator: " ")))
                text = []
            }
        }
        if !text.isEmpty { found.append((start, text.joined(separator: " "))) }
        return found
    }

    /// Every Swift file under `Sources/`, by its path from the package root.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var files: [(path: String, text: String)] = []
        while let url = walk?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = "Sources/" + url.path.dropFirst(sources.path.count + 1)
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func theDetectorTellsHistoryFromAConstantsDocumentation() {
        let history = [
            "At nice 10 a first index of /usr/share/doc took 4.90 s instead of 5.37.",
            "With the tables, checksums were 9% of a name query's CPU on a million items.",
            "Kept, they were a watcher's whole start-up peak: 93 MiB on 1M.",
            "Free text 480 -> 400 ms, words 290 -> 280.",
        ]
        let documentation = [
            "16 MiB: an ordinary log or book (5 MB) is searchable to its last line.",
            "Samba itself gives up after 60 s.",
            "Most items a delta holds: 5% of the base (a query then reads at most 5% more rows).",
            "Staged per item, that slack was a fifth of a first index's peak"
                + " (`benchmarks/RESULTS.md`, \"A million-entry first index under 256 MiB\").",
            "Number values of tokens: `>10MB`, `<=1.5GiB`, `5m..10m`.",
        ]
        for comment in history { #expect(Self.historySentences(comment).count == 1, "\(comment)") }
        for comment in documentation { #expect(Self.historySentences(comment).isEmpty, "\(comment)") }
    }

    @Test func sourceCommentsCarryNoBenchmarkHistory() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 200, "read \(files.count) files under Sources/")
        var stillHolding: Set<String> = []
        for file in files {
            for comment in Self.comments(file.text) {
                for sentence in Self.historySentences(comment.text) {
                    if Self.notYetMoved.contains(file.path) {
                        stillHolding.insert(file.path)
                        continue
                    }
                    Issue.record(
                        """
                        \(file.path):\(comment.line): a measurement in a comment: "\(sentence)". Keep \
                        the reason in a sentence and name the benchmarks/RESULTS.md section that \
                        holds the number (add it there if none does).
                        """)
                }
            }
        }
        // An exception no longer needed is taken off the list, so the list only shrinks.
        #expect(stillHolding == Self.notYetMoved, "no history left in \(Self.notYetMoved.subtracting(stillHolding))")
    }

    /// A section a comment or a page names after `benchmarks/RESULTS.md` (`"Start-up: …"`) begins
    /// one of its headings, so the pointer that replaced a number still leads to it.
    @Test func everyNamedResultsSectionExists() throws {
        let results = try String(
            contentsOf: Self.root.appendingPathComponent("benchmarks/RESULTS.md"), encoding: .utf8)
        let headings = results.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        let lineBreak = try NSRegularExpression(pattern: #"[ \t]*\n[ \t]*(//+[ \t]*)?"#)
        let pointer = try NSRegularExpression(pattern: #"RESULTS\.md`?,((?:\s*(?:and\s+)?"[^"]+",?)+)"#)
        let quoted = try NSRegularExpression(pattern: #""([^"]+)""#)
        var files = try Self.sourceFiles()
        for page in try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
        where page.hasSuffix(".md") {
            files.append(
                (
                    "docs/\(page)",
                    try String(contentsOf: Self.root.appendingPathComponent("docs/\(page)"), encoding: .utf8)
                ))
        }
        var named = 0
        for file in files {
            let text = lineBreak.stringByReplacingMatches(
                in: file.text, range: NSRange(file.text.startIndex..., in: file.text), withTemplate: " ")
            for chain in pointer.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let names = String(text[Range(chain.range(at: 1), in: text)!])
                for match in quoted.matches(in: names, range: NSRange(names.startIndex..., in: names)) {
                    let name = String(names[Range(match.range(at: 1), in: names)!])
                        .trimmingCharacters(in: CharacterSet(charactersIn: " …."))
                    named += 1
                    #expect(
                        headings.contains { $0.hasPrefix(name) },
                        "\(file.path) names the RESULTS.md section \"\(name)\", which no heading begins with")
                }
            }
        }
        #expect(named >= 50, "read \(named) section names")
    }
}
