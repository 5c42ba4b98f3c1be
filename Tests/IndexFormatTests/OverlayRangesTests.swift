import Testing

@testable import FSFindIndexFormat

/// A delta's hidden ranges: sorted, merged, without empty ones, whether the input is sorted (the
/// one pass a batch takes) or not, and two sorted lists merged give what their union sorted gives.
@Suite struct OverlayRangesTests {
    /// `count` ranges from a seeded generator, some empty, some overlapping or touching.
    static func ranges(_ count: Int, seed: inout UInt64) -> [Range<Int>] {
        (0..<count).map { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let start = Int(seed >> 40) % 500
            return start..<(start + Int(seed >> 20) % 6)
        }
    }

    /// The expected form, worked out row by row.
    static func rows(_ ranges: [Range<Int>]) -> [Int] { Array(Set(ranges.flatMap { $0 })).sorted() }

    static func isNormal(_ ranges: [Range<Int>]) -> Bool {
        ranges.allSatisfy { !$0.isEmpty }
            && zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func sortedOrNotTheRangesComeOutNormal(seed start: UInt64) {
        var seed = start
        let unsorted = Self.ranges(60, seed: &seed)
        let once = IndexOverlay.normalized(unsorted)
        #expect(Self.isNormal(once))
        #expect(Self.rows(once) == Self.rows(unsorted))
        #expect(IndexOverlay.normalized(once) == once)
        let other = IndexOverlay.normalized(Self.ranges(8, seed: &seed))
        let merged = IndexOverlay.normalized(once, other)
        #expect(merged == IndexOverlay.normalized(once + other))
        #expect(IndexOverlay.normalized(other, once) == merged)
        #expect(IndexOverlay.normalized([], other) == other)
    }
}
