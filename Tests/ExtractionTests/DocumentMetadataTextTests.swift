import Foundation
import Testing

@testable import FSFindExtraction

/// The text rules shared by the document extractors: author and keyword splitting, dates, HTML
/// entities and titles, Markdown headings.
@Suite struct DocumentMetadataTextTests {
    @Test func authorsSplitOnSemicolonsOnly() {
        #expect(MetadataText.authors("A; B") == ["A", "B"])
        #expect(MetadataText.authors("Chopin, Frédéric") == ["Chopin, Frédéric"])
        #expect(MetadataText.authors("Procter and Gamble") == ["Procter and Gamble"])
        #expect(MetadataText.authors(" A ;; A ; ") == ["A"])
        #expect(MetadataText.authors("   ") == [])
        #expect(MetadataText.authors(nil) == [])
    }

    @Test func keywordsSplitOnCommasAndSemicolons() {
        #expect(MetadataText.keywords("search, metadata;index") == ["search", "metadata", "index"])
        #expect(MetadataText.keywords(" , ;") == [])
    }

    @Test func w3cDates() {
        let utc = TimeZone(identifier: "UTC")!
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        #expect(
            MetadataText.date("2022-05-04T10:00:00Z", timeZone: tokyo) == Date(timeIntervalSince1970: 1_651_658_400))
        #expect(MetadataText.date("2022-05-04T19:00:00", timeZone: tokyo) == Date(timeIntervalSince1970: 1_651_658_400))
        #expect(MetadataText.date("2022-05-04", timeZone: utc) == Date(timeIntervalSince1970: 1_651_622_400))
        #expect(MetadataText.date("May 4th", timeZone: utc) == nil)
    }

    @Test func htmlEntities() {
        #expect(
            HTMLEntities.decode("Caf&eacute; &amp; Cr&#232;me &#x2014; &lt;3 &unknown; &")
                == "Café & Crème — <3 &unknown; &")
        #expect(HTMLEntities.decode("&#0;&#xFFFFFFFF;") == "\u{FFFD}\u{FFFD}")
    }

    @Test func htmlTitleBytes() {
        func title(_ html: String) -> String? {
            HTMLTitleExtractor.titleBytes(in: Array(html.utf8)).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(title("<HTML><TITLE lang=en>Hi</Title>") == "Hi")
        #expect(title("<titles>no</titles>") == nil)
        #expect(title("<title>cut off") == "cut off")
        #expect(title("no title here") == nil)
        #expect(LegacyText.decode([0x43, 0x61, 0x66, 0xE9]) == "Café")  // Latin-1 fallback
    }

    @Test func markdownHeadings() {
        #expect(MarkdownTitleExtractor.title(in: "intro\n# Title ##\n# Second") == "Title")
        #expect(MarkdownTitleExtractor.title(in: "---\ntitle: x\n---\n# After front matter") == "After front matter")
        #expect(MarkdownTitleExtractor.title(in: "```sh\n# comment\n```\n# Real") == "Real")
        #expect(MarkdownTitleExtractor.title(in: "    # indented code\n## Level two\n#hashtag") == nil)
        #expect(MarkdownTitleExtractor.title(in: "# C#") == "C#")
    }
}
