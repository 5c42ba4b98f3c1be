import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindInteractive
@testable import FSFindModel

/// The suggestions' value catalog and the recent-searches file.
@Suite struct InteractiveSupportTests {
    @Test func theCatalogHoldsIndexedValues() throws {
        let folder = TemporaryFolder()
        let items = [
            Fixtures.item("/m/paris.mp3", [.title: .text("Night")], n: 1),
            Fixtures.item(
                "/m/song.mp3", [.title: .text("Paris by night"), .authorNames: .textList(["Steve Jobs"])], n: 5),
            Fixtures.item("/d", folder: true, n: 2),
        ]
        let path = folder.file("index.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let catalog = ValueCatalog.read(from: try IndexSnapshot(path: path).readerOfEverything())
        #expect(catalog.values["author"] == ["Steve Jobs"])
        #expect(Set(catalog.values["kind"] ?? []) == ["MP3 audio", "Folder"])
    }

    @Test func recentSearchesAreKeptNewestFirstOnce() {
        let folder = TemporaryFolder()
        let path = folder.file("state/fsfind/recent-searches")
        var recent = RecentSearches(path: path)
        recent.record("paris")
        recent.record("tone")
        recent.record(" paris ")
        recent.record("  ")
        #expect(RecentSearches(path: path).entries == ["paris", "tone"])
        #expect(RecentSearches.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/state/fsfind/recent-searches")
        #expect(
            RecentSearches.defaultPath(environment: ["HOME": "/h", "XDG_STATE_HOME": "/s"])
                == "/s/fsfind/recent-searches")
    }
}
