import Testing

@testable import FSFindIndexer

/// When a watcher's batch folds the delta: past 4,096 rows after a change that came alone, past
/// 5% of the base in a burst, past 64 MiB whatever came.
@Suite struct DeltaFoldPolicyTests {
    let million = DeltaFoldPolicy(baseItems: 1_000_000)

    @Test func aChangeThatCameAloneFoldsADeltaPast4096Rows() {
        #expect(!million.folds(items: 4096, bytes: 500_000, cameAlone: true))
        #expect(million.folds(items: 4097, bytes: 500_000, cameAlone: true))
        // The delta a burst left is folded by the first change that comes alone after it.
        #expect(million.folds(items: 30_000, bytes: 3_000_000, cameAlone: true))
    }

    @Test func aBurstFoldsOnlyPastFivePercentOfTheBase() {
        #expect(!million.folds(items: 30_000, bytes: 3_000_000, cameAlone: false))
        #expect(!million.folds(items: 50_000, bytes: 5_000_000, cameAlone: false))
        #expect(million.folds(items: 50_001, bytes: 5_000_000, cameAlone: false))
    }

    @Test func aSmallBaseFoldsAt4096EitherWay() {
        let small = DeltaFoldPolicy(baseItems: 10_000)
        #expect(small.burstItems == 4096 && small.aloneItems == 4096)
        #expect(small.folds(items: 4097, bytes: 1, cameAlone: false))
        #expect(!small.folds(items: 4096, bytes: 1, cameAlone: false))
    }

    @Test func aDeltaPast64MiBIsFoldedWhateverItsRows() {
        #expect(million.folds(items: 10, bytes: (64 << 20) + 1, cameAlone: false))
        #expect(!million.folds(items: 10, bytes: 64 << 20, cameAlone: false))
    }

    @Test func oneLimitSetsBoth() {
        let every = DeltaFoldPolicy(items: 0)
        #expect(every.folds(items: 1, bytes: 1, cameAlone: false))
        #expect(every.folds(items: 1, bytes: 1, cameAlone: true))
    }
}
