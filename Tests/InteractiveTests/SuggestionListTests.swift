import Testing

@testable import FSFindInteractive

/// Suggestions: examples and recent searches on an empty field, keys and values as one types.
@Suite struct SuggestionListTests {
    let catalog = ValueCatalog(values: [
        "author": ["Steve Jobs", "Ana"], "kind": ["MP3 audio", "PDF document"],
        "camera": ["EOS R5"],
    ])

    func titles(_ typed: String, recent: [String] = []) -> [String] {
        var field = SearchField()
        field.insert(typed)
        return SuggestionList.suggestions(for: field, catalog: catalog, recent: recent).map(\.title)
    }

    @Test func anEmptyFieldOffersRecentSearchesThenExamples() {
        let titles = titles("", recent: ["paris", "kind:audio tone"])
        #expect(titles.prefix(2) == ["paris", "kind:audio tone"])
        #expect(titles.contains("modified:today") && titles.contains("size:>10MB"))
    }

    @Test func aWordOffersKeysCategoriesAndIndexedValues() {
        #expect(titles("au").contains("author:"))
        #expect(titles("au").contains("kind:audio"))
        #expect(titles("ste").contains("author:\"Steve Jobs\""))
        #expect(titles("job").contains("author:\"Steve Jobs\""))
        #expect(titles("eos").contains("camera:\"EOS R5\""))
    }

    @Test func aKeyOffersItsValues() {
        #expect(titles("kind:").prefix(3) == ["kind:audio", "kind:video", "kind:image"])
        #expect(titles("kind:pd") == ["kind:\"PDF document\""])
        #expect(titles("author:a") == ["author:Ana"])
        #expect(titles("modified:th").contains("modified:this_week"))
        #expect(titles("size:").contains("size:>10MB"))
        #expect(titles("nokey:x").isEmpty)
    }

    @Test func recentSearchesCompleteTheField() {
        #expect(titles("par", recent: ["paris trip", "other"]).contains("paris trip"))
    }

    @Test func afterASpaceNothingIsSuggested() {
        #expect(titles("tone ").isEmpty)
    }
}
