import FSFindText
import Foundation

@testable import FSFindIndexFormat
@testable import FSFindSearch

extension InteractiveScan {
    /// A scan of `index` through a reader of everything, as the search screen makes one.
    init(index: IndexSnapshot, ranker: ResultRanker, limit: Int = 500, text: TextStore? = nil) {
        // Test-only: the fixtures' index is sound; a damaged one fails the test here.
        self.init(reader: try! index.readerOfEverything(), ranker: ranker, limit: limit, text: text)
    }
}
