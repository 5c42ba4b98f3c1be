import Foundation
import Testing

@testable import FSFindIndexFormat

/// Document and image metadata through the real binary: the queries issue 4 names, over the
/// committed sample tree, each with the exact set of files it must find.
@Suite(.ownThreads, .serialized) struct DocumentEndToEndTests {
    let tree: FixtureTree

    init() throws {
        tree = try FixtureTree(withOddEntries: false)
        let indexed = try tree.buildIndex()
        #expect(indexed.status == 0, "\(indexed.stderr)")
    }

    private func query(_ text: String) throws -> Set<String> {
        let result = try FSFind.run(["query", "--index", tree.index, text])
        #expect(result.status == 0, "\(text): \(result.stderr)")
        return Set(result.lines.map { String($0.dropFirst(tree.root.count + 1)) })
    }

    @Test func imagesByDimensionsAndCamera() throws {
        #expect(try query("pixelWidth == 640") == ["Pictures/wide.png"])
        #expect(try query(#"acquisitionMake == "Canon""#) == ["Pictures/eiffel.jpg"])
        #expect(try query(#"acquisitionModel == "*5D*""#) == ["Pictures/eiffel.jpg"])
        #expect(try query("InRange(latitude, 48.8, 48.9) && InRange(longitude, 2.2, 2.3)") == ["Pictures/eiffel.jpg"])
        // EXIF's DateTimeOriginal has no zone: read in TZ (UTC in these tests).
        #expect(try query("contentCreationDate == $time.iso(2023-07-14)") == ["Pictures/eiffel.jpg"])
    }

    @Test func documentsByPagesTitleAndAuthor() throws {
        #expect(try query("pageCount == 3") == ["Documents/paper.pdf"])
        #expect(try query(#"authorNames == "frederic chopin"cd"#) == ["Documents/paper.pdf"])
        #expect(try query(#"keywords == "metadata""#) == ["Documents/paper.pdf"])
        #expect(try query(#"title == "Quarterly Report""#) == ["Documents/report.docx"])
        #expect(try query(#"authorNames == "Zoë Martin""#) == ["Documents/budget.xlsx"])
        #expect(try query(#"title == "Launch Plan""#) == ["Documents/launch.pptx"])
        #expect(try query(#"title == "lettre a elise"cd"#) == ["Documents/letter.odt"])
        #expect(try query(#"authorNames == "Saint-Exupéry"w"#) == ["Documents/novel.epub"])
        #expect(try query(#"title == "Trip to Paris & Lyon""#) == ["Documents/trip.html"])
        #expect(try query(#"title == "Meeting Notes: Café Design""#) == ["Documents/notes.md"])
    }

    @Test func freeTextFindsTitlesAndAuthors() throws {
        #expect(try query("petit prince") == ["Documents/novel.epub"])
        #expect(try query("quarterly") == ["Documents/report.docx"])
        #expect(try query("chopin") == ["Documents/paper.pdf"])
        // A title word and a name word may match in different attributes.
        #expect(try query("cafe notes") == ["Documents/notes.md"])
    }
}
