import Testing

@testable import FSFindInteractive
@testable import FSFindSearch

/// Recent scans come back only for exactly the same field, scope and location.
@Suite struct ScanCacheTests {
    @Test func returnsOnlyExactMatchesAndForgetsTheOldest() {
        var cache = ScanCache(capacity: 2)
        let paris = SearchField("paris")
        let result = ScanResult(rows: [3, 1], total: 2, matched: [1, 3])
        cache.insert(result, field: paris, scope: .all, location: nil)
        #expect(cache.result(field: paris, scope: .all, location: nil) == result)
        #expect(cache.result(field: paris, scope: .audio, location: nil) == nil)
        #expect(cache.result(field: paris, scope: .all, location: Array("/m".utf8)) == nil)
        #expect(cache.result(field: SearchField("pari"), scope: .all, location: nil) == nil)
        cache.insert(ScanResult(), field: SearchField("a"), scope: .all, location: nil)
        cache.insert(ScanResult(), field: SearchField("b"), scope: .all, location: nil)
        #expect(cache.result(field: paris, scope: .all, location: nil) == nil)
        #expect(cache.result(field: SearchField("b"), scope: .all, location: nil) == ScanResult())
    }

    @Test func keepsRowsWithinTheBudget() {
        var cache = ScanCache(capacity: 10, rowBudget: 5)
        cache.insert(ScanResult(matched: [1, 2, 3]), field: SearchField("a"), scope: .all, location: nil)
        cache.insert(ScanResult(matched: [1, 2, 3]), field: SearchField("b"), scope: .all, location: nil)
        #expect(cache.result(field: SearchField("a"), scope: .all, location: nil) == nil)
        #expect(cache.result(field: SearchField("b"), scope: .all, location: nil) != nil)
    }
}
