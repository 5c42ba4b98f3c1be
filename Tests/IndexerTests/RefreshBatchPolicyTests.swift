import Testing

@testable import FSFindIndexer

/// When a refresh stages its waiting chunks, gives memory back and moves the progress line.
@Suite struct RefreshBatchPolicyTests {
    private let policy = RefreshBatchPolicy()

    private static func waiting(chunks: Int = 1, files: Int = 0, textBytes: Int = 0) -> RefreshBatchPolicy.Waiting {
        RefreshBatchPolicy.Waiting(chunks: chunks, files: files, textBytes: textBytes)
    }

    @Test func theMeasuredDefaults() {
        #expect(policy.files == 4096)
        #expect(policy.chunks == RefreshStream.identifiedCapacity)
        #expect(policy.textBytes == 16 << 20)
        #expect(policy.trimFiles == 1024)
        #expect(policy.progressInterval == .milliseconds(100))
    }

    @Test func aBatchIsFullAtAnyOfItsThreeLimits() {
        #expect(!policy.isFull(Self.waiting(chunks: 1, files: 4095, textBytes: (16 << 20) - 1)))
        #expect(policy.isFull(Self.waiting(files: 4096)), "enough files for both workers")
        #expect(policy.isFull(Self.waiting(chunks: 16)), "as many chunks as the queue holds, files or not")
        #expect(!policy.isFull(Self.waiting(chunks: 15)))
        #expect(policy.isFull(Self.waiting(textBytes: 16 << 20)), "as much text as a batch may hold")
        #expect(!policy.isFull(RefreshBatchPolicy.Waiting()))
    }

    @Test func waitingCountsChunksFilesAndText() {
        var waiting = RefreshBatchPolicy.Waiting()
        for _ in 0..<3 { waiting.add(files: 200, textBytes: 5 << 20) }
        #expect(waiting == Self.waiting(chunks: 3, files: 600, textBytes: 15 << 20))
        #expect(!policy.isFull(waiting))
        waiting.add(files: 0, textBytes: 1 << 20)
        #expect(policy.isFull(waiting))
    }

    @Test func smallerLimitsMakeSmallerBatches() {
        let small = RefreshBatchPolicy(files: 2, chunks: 3, textBytes: 10, trimFiles: 1)
        #expect(small.isFull(Self.waiting(files: 2)))
        #expect(small.isFull(Self.waiting(chunks: 3)))
        #expect(small.isFull(Self.waiting(textBytes: 10)))
        #expect(!small.isFull(Self.waiting(chunks: 2, files: 1, textBytes: 9)))
    }

    @Test func memoryGoesBackAfterAThousandFilesOrAnyText() {
        #expect(!policy.givesMemoryBack(after: Self.waiting(chunks: 32, files: 1023)), "a refresh keeping rows")
        #expect(policy.givesMemoryBack(after: Self.waiting(files: 1024)))
        #expect(policy.givesMemoryBack(after: Self.waiting(files: 1, textBytes: 1)))
        #expect(!policy.givesMemoryBack(after: RefreshBatchPolicy.Waiting()))
    }

    @Test func theProgressLineMovesWhileFilesAreRead() {
        #expect(!policy.movesProgress(read: 0, rootDone: true, sinceLastReport: .seconds(1)), "nothing read yet")
        #expect(policy.movesProgress(read: 5, rootDone: true, sinceLastReport: .zero), "a root is done")
        #expect(!policy.movesProgress(read: 5, rootDone: false, sinceLastReport: .milliseconds(100)))
        #expect(policy.movesProgress(read: 5, rootDone: false, sinceLastReport: .milliseconds(101)))
    }
}
