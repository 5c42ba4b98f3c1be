import FSFindTestSupport
import Foundation
import Synchronization
import Testing

@testable import FSFindPlatform

/// The queue between the pipeline's stages: bounded, every element delivered once, and closing or
/// cancelling wakes whoever waits.
@Suite struct BoundedQueueTests {
    @Test func everyElementArrivesOnceAndInOrderFromOneProducer() {
        let queue = BoundedQueue<Int>(capacity: 3)
        let producer = JoinedThreads.start(count: 1) { _ in
            for i in 0..<10_000 { queue.push(i) }
            queue.close()
        }
        var received: [Int] = []
        while let value = queue.pop() { received.append(value) }
        producer.join()
        #expect(received == Array(0..<10_000))
    }

    @Test func aFullQueueHoldsTheProducerBack() {
        let queue = BoundedQueue<Int>(capacity: 2)
        let pushed = Atomic<Int>(0)
        let producer = JoinedThreads.start(count: 1) { _ in
            for i in 0..<5 {
                queue.push(i)
                pushed.add(1, ordering: .relaxed)
            }
            queue.close()
        }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(pushed.load(ordering: .relaxed) == 2, "the third push waits for room")
        var received: [Int] = []
        while let value = queue.pop() { received.append(value) }
        producer.join()
        #expect(received == [0, 1, 2, 3, 4])
    }

    @Test func weightHoldsTheProducerBackButNeverBlocksOneHeavyElement() {
        // Elements weigh their value; at most 10 in all, but an element alone always gets in.
        let queue = BoundedQueue<Int>(capacity: 100, weightLimit: 10, weight: { $0 })
        let pushed = Atomic<Int>(0)
        let producer = JoinedThreads.start(count: 1) { _ in
            for value in [4, 5, 3, 50, 1] {
                queue.push(value)
                pushed.add(1, ordering: .relaxed)
            }
            queue.close()
        }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(pushed.load(ordering: .relaxed) == 2, "4 + 5 fit, 4 + 5 + 3 does not")
        #expect(queue.pop() == 4)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(pushed.load(ordering: .relaxed) == 3, "5 + 3 fit once 4 left; 50 waits for an empty queue")
        var received: [Int] = []
        while let value = queue.pop() { received.append(value) }
        producer.join()
        #expect(received == [5, 3, 50, 1])
    }

    @Test func cancelWakesWaitingProducersAndConsumers() {
        let full = BoundedQueue<Int>(capacity: 1)
        full.push(0)
        let empty = BoundedQueue<Int>(capacity: 1)
        let results = Mutex<[String]>([])
        let waiters = JoinedThreads.start(count: 2) { index in
            if index == 0 {
                let accepted = full.push(1)
                results.withLock { $0.append("push \(accepted)") }
            } else {
                let value = empty.pop()
                results.withLock { $0.append("pop \(value.map(String.init) ?? "nil")") }
            }
        }
        Thread.sleep(forTimeInterval: 0.1)
        full.cancel()
        empty.cancel()
        waiters.join()
        #expect(results.withLock { $0.sorted() } == ["pop nil", "push false"])
        #expect(full.pop() == nil, "a cancelled queue drops what it held")
    }

    @Test func manyProducersAndConsumersDeliverEachElementOnce() {
        let queue = BoundedQueue<Int>(capacity: 4)
        let seen = Mutex<[Int]>([])
        var generator = SplitMix64(seed: 0xB0_0DED)
        let delays = (0..<4).map { _ in UInt32.random(in: 0..<50, using: &generator) }
        let producers = JoinedThreads.start(count: 4) { index in
            for i in 0..<2_000 {
                if i % 500 == 0 { usleep(delays[index]) }
                queue.push(index * 2_000 + i)
            }
        }
        let consumers = JoinedThreads.start(count: 3) { _ in
            var mine: [Int] = []
            while let value = queue.pop() { mine.append(value) }
            seen.withLock { $0.append(contentsOf: mine) }
        }
        producers.join()
        queue.close()
        consumers.join()
        #expect(seen.withLock { $0.sorted() } == Array(0..<8_000))
    }
}
