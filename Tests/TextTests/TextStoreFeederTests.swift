import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindModel
@testable import FSFindText

/// The text store written from a thread of its own while the indexer reads on: everything queued
/// is in the one transaction it commits, and a run abandoned without `commit()` stops
/// the thread and commits nothing.
@Suite struct TextStoreFeederTests {
    private static func identity(_ n: UInt64) -> FileIdentity {
        FileIdentity(device: 1, inode: n, size: 10, mtimeNanos: Int64(n), ctimeNanos: Int64(n))
    }

    @Test func everythingQueuedIsCommittedTogether() throws {
        let folder = TemporaryFolder()
        let store = try TextStore(path: folder.file("f.text"), create: true)
        let writer = try store.begin()
        // A queue of 32 documents or 1 KiB (about 5 of these): the producer waits on the writer.
        let feeder = TextStoreFeeder(writer, capacity: 32, weightLimit: 1024)
        var numbers: [UInt32] = []
        for n in 0..<128 {
            let text = "document number\(n) about giraffes"
            let number = try feeder.add(
                source: DocumentSource(identity: Self.identity(UInt64(n)), type: "public.plain-text"), digest: nil,
                words: .text(text))
            numbers.append(try #require(number))
        }
        try feeder.commit()
        // Each document has the number the feeder gave when it was queued, each number once.
        #expect(Set(numbers).count == numbers.count)
        let all = try store.search(#""giraffe"*"#, ranked: false)
        #expect(all.documents == numbers.sorted())
        #expect(try store.search(#""number127"*"#, ranked: false).documents == [numbers[127]])
    }

    @Test func anAbandonedFeederStopsAndCommitsNothing() throws {
        let folder = TemporaryFolder()
        let store = try TextStore(path: folder.file("g.text"), create: true)
        do {
            let writer = try store.begin()
            let feeder = TextStoreFeeder(writer, capacity: 32)
            // Enough that the feeder's thread is still writing when it is dropped.
            for n in 0..<64 {
                _ = try feeder.add(
                    source: DocumentSource(identity: Self.identity(UInt64(n + 10)), type: "public.plain-text"),
                    digest: nil, words: .text("okapi"))
            }
            // No commit(): the run threw; the feeder and the writer go, the
            // feeder's thread with them.
            _ = feeder
        }
        #expect(try store.search(#""okapi"*"#, ranked: false).documents.isEmpty)
        // The store is free again: a new transaction starts and commits at once.
        try store.write { writer throws(FSFindError) in
            try writer.add(source: DocumentSource(identity: Self.identity(2), type: "public.plain-text"), text: "zebu")
        }
        #expect(try store.search(#""zebu"*"#, ranked: false).documents.count == 1)
    }
}
