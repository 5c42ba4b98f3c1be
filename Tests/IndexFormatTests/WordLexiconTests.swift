import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel

/// The `words` section (format 6) lists each word of the strings once, in byte order, with the
/// strings that hold it; a damaged one is refused before any lookup trusts it.
@Suite struct WordLexiconTests {
    /// The section's bytes for `strings` (string id = position).
    private static func section(_ strings: [String]) throws -> [UInt8] {
        try section(strings.map { Array($0.utf8) })
    }

    private static func section(_ strings: [[UInt8]]) throws -> [UInt8] {
        var builder = WordLexicon.Builder()
        for (id, string) in strings.enumerated() {
            string.withUnsafeBytes { builder.add($0, id: UInt32(id)) }
        }
        let sink = SectionList()
        try builder.write(into: sink)
        return try #require(sink.sections.first).bytes
    }

    private static func words(_ lexicon: WordLexicon, _ prefix: String) -> [String: [UInt32]] {
        var result: [String: [UInt32]] = [:]
        for w in Array(prefix.utf8).withUnsafeBytes({ lexicon.words(startingWith: $0) }) {
            var postings: [UInt32] = []
            lexicon.forEachString(holding: w) { id, first in postings.append(id << 1 | (first ? 1 : 0)) }
            result[String(decoding: lexicon.word(w), as: UTF8.self)] = postings
        }
        return result
    }

    @Test func eachWordOnceWithItsStrings() throws {
        let bytes = try Self.section([
            "Paris in Spring.jpg", "parisTrip 2019", "Pâris", "Çà et là", "東京 paris", "paris paris", "",
        ])
        try bytes.withUnsafeBytes { raw in
            let lexicon = try WordLexicon(raw)
            // Posting = id × 2, plus 1 when the word is the string's first word.
            let paris: [UInt32] = [1, 3, 5, 8, 11]
            #expect(Self.words(lexicon, "par") == ["paris": paris])
            #expect(Self.words(lexicon, "trip") == ["trip": [2]])
            #expect(Self.words(lexicon, "ca") == ["ca": [7]])
            #expect(Self.words(lexicon, "東") == ["東京": [9]])
            #expect(Self.words(lexicon, "x").isEmpty)
            #expect(Self.words(lexicon, "").count == lexicon.wordCount)
            var previous: [UInt8]?
            for w in 0..<lexicon.wordCount {
                let word = Array(lexicon.word(w))
                if let previous { #expect(previous.lexicographicallyPrecedes(word)) }
                previous = word
            }
        }
    }

    /// Postings are differences in LEB128: ids far apart (several bytes) and close (one) read back.
    @Test func postingsNearAndFarReadBack() throws {
        let strings = (0..<70_000).map { n in n % 7_001 == 0 ? "common rare \(n)" : "common \(n)" }
        let bytes = try Self.section(strings)
        try bytes.withUnsafeBytes { raw in
            let lexicon = try WordLexicon(raw)
            let rare = Self.words(lexicon, "rare")["rare"] ?? []
            #expect(rare == stride(from: 0, to: 70_000, by: 7_001).map { UInt32($0) << 1 })
            let common = Self.words(lexicon, "common")["common"] ?? []
            #expect(common == (0..<70_000).map { UInt32($0) << 1 | 1 })
        }
    }

    /// Offsets that leave the section or words out of order are damage, found when the view is made.
    @Test func aDamagedSectionIsRefused() throws {
        let good = try Self.section(["alpha beta", "gamma", "beta delta"])
        for position in 0..<good.count {
            for value: UInt8 in [0x00, 0xFF, 0x41] where good[position] != value {
                var bytes = good
                bytes[position] = value
                // Either refused, or every lookup stays inside the section.
                bytes.withUnsafeBytes { raw in
                    guard let view = try? WordLexicon(raw) else { return }
                    for w in 0..<view.wordCount {
                        #expect(!view.word(w).isEmpty)
                        view.forEachString(holding: w) { _, _ in }
                    }
                }
            }
        }
    }

    /// A file that copies rows from a previous one takes the carried strings' words from that
    /// file's words section (renumbered) and cuts only its new strings: the section is the very
    /// one cutting every string gives, whichever rows are copied, dropped or new.
    @Test func copiedRowsCarryTheirWordsAsCuttingWouldFindThem() throws {
        let contents = Fixtures.contents()
        let first = try IndexFile(
            bytes: try IndexWriter.encode(contents).bytes, name: "first")
        try first.prepareAll()
        for dropEvery in [2, 3, 1_000] {
            var builder = try IndexBuilder(old: first)
            var rows: [RowSource] = []
            for row in 0..<first.itemCount {
                let path = first.path(at: row)
                if row % dropEvery != 1 { rows.append(.old(row)) }
                if row % 2 == 0 {
                    // Sorts right after `path` (a space before any other byte of a name).
                    let extra: [Attribute: AttributeValue] = [
                        .title: .text("Fresh words \(row) and Paris"), .authorNames: .textList(["Zoë \(row)", "ana"]),
                    ]
                    let item = Fixtures.item(path + Array(" new \(row)".utf8), extra, n: UInt64(row))
                    rows.append(.staged(try builder.stage(item)))
                }
            }
            let copy = try IndexFile(
                bytes: try builder.encode(rows: rows, roots: [], createdAt: Date()).bytes, name: "copy")
            try copy.prepareAll()
            let sections = try CheckedSections(copy)
            let strings = (0..<sections.stringCount).map { Array(sections.string(UInt32($0))) }
            let words = try #require(copy.fixed.words)
            // The file pads each section to 8 bytes.
            let got = Array(try copy.bytes(of: words))
            let want = try Self.section(strings)
            #expect(Array(got.prefix(want.count)) == want)
            #expect(got.count - want.count < 8 && got.dropFirst(want.count).allSatisfy { $0 == 0 })
        }
    }
}
