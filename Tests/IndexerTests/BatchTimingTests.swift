import FSFindTestSupport
import Foundation
import Glibc
import Testing

@testable import FSFindIndexer

/// When the watcher applies what it gathered: a change that comes alone at once, a burst after a
/// pause. Instants are made from one origin, so nothing here waits or depends on the clock.
@Suite struct BatchTimingTests {
    let origin = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { origin + .milliseconds(milliseconds) }

    @Test func nothingPendingIsNeverDue() {
        let timing = BatchTiming()
        #expect(timing.due(paths: 0, unclosed: false, everything: false, at: at(0)) == nil)
    }

    @Test func aChangeThatComesAloneIsDueAtOnce() {
        var timing = BatchTiming()
        timing.noted(at: at(0))
        #expect(timing.due(paths: 1, unclosed: false, everything: false, at: at(0)) == at(0))
        #expect(timing.isPrompt(paths: 1, everything: false, at: at(0)))
    }

    @Test func aFileCreatedAndNotClosedIsWaitedForAMoment() {
        var timing = BatchTiming()
        timing.noted(at: at(0))
        let due = timing.due(paths: 1, unclosed: true, everything: false, at: at(0))
        #expect(due == at(0) + BatchTiming.settle)
        // Its close arrives: due at once.
        timing.noted(at: at(3))
        #expect(timing.due(paths: 1, unclosed: false, everything: false, at: at(3)) == at(0))
    }

    @Test func aBatchOfManyPathsWaitsForQuietAsBefore() {
        var timing = BatchTiming()
        timing.noted(at: at(0))
        timing.noted(at: at(40))
        let many = BatchTiming.promptPaths + 1
        #expect(!timing.isPrompt(paths: many, everything: false, at: at(40)))
        #expect(timing.due(paths: many, unclosed: false, everything: false, at: at(40)) == at(40) + BatchTiming.quiet)
    }

    @Test func eventsThatKeepComingWaitAtMostTheLongest() {
        var timing = BatchTiming()
        var now = 0
        while now < 2000 {
            timing.noted(at: at(now))
            now += 100
        }
        let many = BatchTiming.promptPaths + 1
        #expect(timing.due(paths: many, unclosed: false, everything: false, at: at(now)) == at(0) + BatchTiming.longest)
    }

    @Test func lostEventsAreNeverPrompt() {
        var timing = BatchTiming()
        timing.noted(at: at(0))
        #expect(!timing.isPrompt(paths: 0, everything: true, at: at(0)))
        #expect(timing.due(paths: 0, unclosed: false, everything: true, at: at(0)) == at(0) + BatchTiming.quiet)
    }

    @Test func promptBatchesThatTakeTheirShareTurnIntoGatheredOnes() {
        var timing = BatchTiming()
        var now = 0
        var spent = Duration.zero
        let cost = Duration.milliseconds(40)
        while spent < BatchTiming.promptShare {
            timing.noted(at: at(now))
            #expect(timing.isPrompt(paths: 1, everything: false, at: at(now)))
            timing.applied(prompt: true, cost: cost, at: at(now + 45))
            spent += cost
            now += 50
        }
        // The next change within the window is gathered with what follows it.
        timing.noted(at: at(now))
        #expect(!timing.isPrompt(paths: 1, everything: false, at: at(now)))
        #expect(timing.due(paths: 1, unclosed: false, everything: false, at: at(now)) == at(now) + BatchTiming.quiet)
        timing.applied(prompt: false, cost: cost, at: at(now + 200))
        // Once the window has passed, a change that comes alone is prompt again.
        let later = now + Int(BatchTiming.longest.components.seconds) * 1000 + 100
        timing.noted(at: at(later))
        #expect(timing.isPrompt(paths: 1, everything: false, at: at(later)))
    }

    @Test func cheapPromptBatchesStayPrompt() {
        var timing = BatchTiming()
        for n in 0..<100 {
            timing.noted(at: at(n * 10))
            #expect(timing.isPrompt(paths: 1, everything: false, at: at(n * 10)))
            timing.applied(prompt: true, cost: .milliseconds(1), at: at(n * 10 + 2))
        }
    }

    @Test func appliedEndsTheBatch() {
        var timing = BatchTiming()
        timing.noted(at: at(0))
        timing.applied(prompt: true, cost: .zero, at: at(1))
        #expect(timing.firstEvent == nil)
        #expect(timing.due(paths: 0, unclosed: false, everything: false, at: at(2)) == nil)
    }

    /// What the watcher reads tells a file still being written from one closed: the kernel queues
    /// an event before the call that caused it returns, so each read below sees the calls made
    /// before it. A close is the one exception: when another test forks a child between this
    /// test's `open` and `close`, the child holds the file open until its `exec`, and the kernel
    /// reports the close only then, so a close is read until it arrives (CI saw this once).
    @Test func aCreatedFileIsUnclosedUntilItsWriterClosesItOrItGoes() throws {
        let folder = TemporaryFolder()
        let watcher = try FolderWatcher()
        #expect(throws: Never.self) { try watcher.watch(Array(folder.path.utf8)).get() }
        let path = folder.file("being-written.txt")
        let bytes = Array(path.utf8)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        let events = watcher.read()
        #expect(events.changed == [bytes])
        #expect(events.unclosed == [bytes])
        #expect(write(descriptor, "words\n", 6) == 6)
        close(descriptor)
        #expect(Self.readUntilSettled(watcher, bytes) == [])
        // Made, written and closed between two reads: not waited for.
        let other = folder.file("written-at-once.txt")
        let otherDescriptor = open(other, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        #expect(write(otherDescriptor, "words\n", 6) == 6)
        close(otherDescriptor)
        #expect(Self.readUntilSettled(watcher, Array(other.utf8)) == [])
        // A link is never closed after writing; deleted, it is not waited for any more.
        let link = folder.file("link")
        #expect(symlink(other, link) == 0)
        #expect(watcher.read().unclosed == [Array(link.utf8)])
        unlink(link)
        #expect(watcher.read().settled == [Array(link.utf8)])
    }

    /// Reads until `path`'s wait has ended and gives what is still unclosed after all those
    /// reads (a close the kernel reports late, see above, still counts); nil if five seconds
    /// pass first.
    private static func readUntilSettled(_ watcher: FolderWatcher, _ path: [UInt8]) -> Set<[UInt8]>? {
        var unclosed: Set<[UInt8]> = []
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            let events = watcher.read()
            unclosed.subtract(events.settled)
            unclosed.formUnion(events.unclosed)
            if events.settled.contains(path) { return unclosed }
            if ContinuousClock.now > deadline { return nil }
            usleep(10_000)
        }
    }
}
