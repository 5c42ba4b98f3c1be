import Foundation

/// fsfind's one queue between threads, first in, first out: between two stages of the indexing
/// pipeline, between the parallel crawl's listers and its caller, between the text store's
/// feeder and its writer, between the desktop provider's bus and its worker. It holds at most `capacity` elements (and, when given a weight, elements
/// weighing at most `weightLimit` in all, though always at least one): a producer that gets ahead
/// waits, so memory is bounded by the queue, not by the tree.
///
/// `close()` ends it gracefully (consumers take what is left, then get nil); `cancel()` ends it at
/// once (what is left is dropped, and waiting producers and consumers return). Either wakes every
/// waiter.
///
/// Unchecked because it waits on a condition (`NSCondition`; `Mutex` has none), and safe to send:
/// every stored `var` is read and written only while `condition` is locked.
package final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var elements: [Element] = []
    private var head = 0
    private let capacity: Int
    private let weightLimit: Int
    private let weight: @Sendable (Element) -> Int
    /// The weight of the elements waiting.
    private var load = 0
    private var isClosed = false

    package init(capacity: Int, weightLimit: Int = .max, weight: @escaping @Sendable (Element) -> Int = { _ in 0 }) {
        precondition(capacity > 0, "a queue holds at least one element")
        self.capacity = capacity
        self.weightLimit = weightLimit
        self.weight = weight
    }

    /// Appends `element`, waiting while the queue is full; false (and nothing appended) once the
    /// queue is closed or cancelled.
    @discardableResult
    package func push(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let heavy = weight(element)
        while !isClosed
            && (elements.count - head >= capacity || (head < elements.count && load + heavy > weightLimit))
        {
            condition.wait()
        }
        guard !isClosed else { return false }
        elements.append(element)
        load += heavy
        condition.broadcast()
        return true
    }

    /// The oldest element, waiting while the queue is empty; nil once it is closed and drained,
    /// or cancelled.
    package func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while !isClosed && head == elements.count { condition.wait() }
        guard head < elements.count else { return nil }
        let element = elements[head]
        load -= weight(element)
        head += 1
        if head > 64 && head * 2 > elements.count {
            elements.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return element
    }

    /// No more elements will come; consumers still take the ones waiting.
    package func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops both sides now, dropping what is waiting.
    package func cancel() {
        condition.lock()
        isClosed = true
        elements.removeAll()
        head = 0
        load = 0
        condition.broadcast()
        condition.unlock()
    }
}
