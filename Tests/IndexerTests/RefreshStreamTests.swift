import CPlatform
import FSFindTestSupport
import Foundation
import Synchronization
import Testing

@testable import FSFindIndexer
@testable import FSFindModel

/// The pipeline hands chunks back in crawl order whatever order the identify threads finish
/// them in, with one item per read step, each the item of that step's entry.
@Suite struct RefreshStreamTests {
    @Test func chunksComeBackInCrawlOrderWithTheirItems() throws {
        let folder = TemporaryFolder()
        var generator = SplitMix64(seed: 0x5EA3_0001)
        // Enough entries for a dozen chunks; mixed contents so identification takes uneven time.
        for d in 0..<12 {
            let sub = folder.file("d\(d)")
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            for f in 0..<250 {
                let size = Int.random(in: 0..<4096, using: &generator)
                let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
                _ = FileManager.default.createFile(atPath: "\(sub)/f\(f).bin", contents: Data(bytes))
            }
        }
        let root = IndexRoot(path: Array(folder.path.utf8), options: CrawlOptions(), lastRefresh: Date())
        let stream = RefreshStream(roots: [root], full: false, identifyThreads: 3, crawlThreads: 2)
        var sequences: [Int] = []
        var reads = 0
        var rootsDone = 0
        let outcome = try stream.run(previous: nil) { (chunk) throws(FSFindError) in
            sequences.append(chunk.sequence)
            var items = chunk.items.makeIterator()
            for step in chunk.steps {
                switch step {
                case .read(let entry, let oldRow, let sameFile):
                    #expect(oldRow == -1 && sameFile == nil)
                    let item = items.next()
                    #expect(item?.path == entry.path, "one item per read step, the step's")
                    reads += 1
                case .rootDone(_, let items, let toRead):
                    #expect(items == toRead && toRead == 12 * 251 + 1)
                    rootsDone += 1
                case .keep: Issue.record("nothing to keep without a previous index")
                case .vanished: Issue.record("the root is there")
                case .problem, .progress: break
                }
            }
            #expect(items.next() == nil, "no item left over")
        }
        #expect(sequences == Array(0..<sequences.count))
        #expect(sequences.count > 10)
        #expect(reads == 12 * 251 + 1)  // the files, their folders and the root
        #expect(rootsDone == 1)
        #expect(outcome.filesOpened == 12 * 250, "every regular file opened once, by some identify thread")
    }

    @Test func aFailureWhileConsumingStopsEveryStage() {
        let folder = TemporaryFolder()
        for f in 0..<2_000 {
            _ = FileManager.default.createFile(atPath: folder.file("f\(f)"), contents: Data("x".utf8))
        }
        let root = IndexRoot(path: Array(folder.path.utf8), options: CrawlOptions(), lastRefresh: Date())
        let stream = RefreshStream(roots: [root], full: false, identifyThreads: 2, crawlThreads: 2)
        #expect(throws: FSFindError.self) {
            _ = try stream.run(previous: nil) { (chunk) throws(FSFindError) in
                if chunk.sequence == 2 { throw FSFindError(.io, "a full disk") }
            }
        }
    }
}

/// A thread's nice value is its own on Linux: the libmagic threads of a run that reads words are
/// made nicer (``RefreshStream/identifyNice``) without the run's other threads.
@Suite struct ThreadPriorityTests {
    @Test func loweringOneThreadLeavesTheOthers() {
        errno = 0
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let seen = Mutex<Int32?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let start = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            if fsfind_lower_thread_priority(3) == 0 {
                seen.withLock { $0 = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) - start }
            }
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(seen.withLock { $0 } == min(3, 19 - before))
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == before)
    }
}
