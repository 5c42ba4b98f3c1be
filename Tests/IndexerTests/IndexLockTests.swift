import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindIndexer
@testable import FSFindModel

/// The lock carries the index it guards: a writer given another index's lock, or the watcher's
/// lock of its own index, refuses to write.
@Suite struct IndexLockTests {
    @Test func aWriterRefusesALockThatDoesNotGuardItsIndex() throws {
        let folder = TemporaryFolder()
        let tree = folder.path + "/tree"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: tree + "/one.txt"))
        let index = folder.file("index.fsfind")
        let other = folder.file("other.fsfind")
        let indexer = Indexer(indexPath: index)
        _ = try indexer.run(roots: [Array(tree.utf8)], options: CrawlOptions())
        let before = try Data(contentsOf: URL(fileURLWithPath: index))

        let otherLock = try IndexLock(indexPath: other, wait: true) { _ in }
        let watchLock = try IndexLock(indexPath: index, suffix: ".watch.lock", wait: false) { _ in }
        #expect(otherLock.guardsWrites && !watchLock.guardsWrites)
        for lock in [otherLock, watchLock] {
            #expect(throws: FSFindError.self) { try indexer.run(roots: [], options: CrawlOptions(), holding: lock) }
            #expect(throws: FSFindError.self) { try indexer.update(changed: [Array(tree.utf8)], holding: lock) }
            #expect(throws: FSFindError.self) { try indexer.reconcile(holding: lock) }
            #expect(throws: FSFindError.self) { try indexer.compact(holding: lock) }
            #expect(throws: FSFindError.self) { try indexer.forget(roots: [Array(tree.utf8)], holding: lock) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == before, "nothing was written")
        #expect(access(other, F_OK) != 0)

        let own = try IndexLock(indexPath: index, wait: true) { _ in }
        #expect(throws: Never.self) { try own.check(writing: index) }
        #expect(try indexer.run(roots: [], options: CrawlOptions(), holding: own).items == 2)
    }
}
