import CPlatform
import Glibc
import Synchronization

/// Threads that are always joined, fsfind's one way to start a thread: `start` runs `body` on
/// `count` new threads, and `join()` returns once every one of them has ended (`pthread_join`,
/// so its stack and what its body held are gone too). The threads a value started and no one
/// joined are joined when it is released, so no run leaves a thread behind (fd's
/// `thread::scope` does the same).
///
/// The exceptions, each for a reason of its own, are listed in `docs/architecture.md`
/// ("Threads, queues and the one scan").
package final class JoinedThreads: Sendable {
    /// The threads not joined yet; emptied by ``join()``.
    private let threads: Mutex<[pthread_t]>

    private init(_ threads: [pthread_t]) { self.threads = Mutex(threads) }

    /// Starts `count` threads running `body(index)`.
    package static func start(count: Int, _ body: @escaping @Sendable (Int) -> Void) -> JoinedThreads {
        JoinedThreads((0..<count).map { index in spawn { body(index) } })
    }

    /// Runs `body(part)` for each part of `0..<count` at once and returns their results in part
    /// order once every thread has ended: a scoped fork and join, so `body` need not escape.
    ///
    /// Part 0 runs on the calling thread; the others go to whichever thread is free first, the
    /// calling thread included once its part is done, so on a busy machine a thread that has not
    /// started yet costs the wait for its start, not for its part (as `concurrentPerform` does).
    package static func run<Result: Sendable>(count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        guard count > 1 else { return count == 1 ? [body(0)] : [] }
        return withoutActuallyEscaping(body) { body in
            let results = ResultSlots<Result>(count: count)
            // On other cores than the caller's, which runs part 0 at once.
            let others = JoinedThreads(
                (1..<count).map { _ in spawn(elsewhere: true) { results.runUnclaimed(body) } })
            results.store(body(0), at: 0)
            results.runUnclaimed(body)
            others.join()
            return results.values
        }
    }

    /// Starts one thread running `body` that no one joins: for the few threads whose caller must
    /// not wait for them, each of which says why (`docs/architecture.md`, "Threads, queues and
    /// the one scan"). It ends when `body` returns, or with the process.
    package static func detached(_ body: @escaping @Sendable () -> Void) {
        pthread_detach(spawn(body))
    }

    /// Waits until every thread has ended; at once if they were joined already.
    package func join() {
        let waiting = threads.withLock { threads in
            let waiting = threads
            threads = []
            return waiting
        }
        for thread in waiting { pthread_join(thread, nil) }
    }

    deinit { join() }

    /// A new thread running `body`, which it releases before it ends (so a joined thread holds
    /// nothing of its caller's). Without a thread the run cannot go on: the stages wait on each
    /// other, so running `body` here instead could wait forever.
    ///
    /// The thread blocks every signal but a fault's (as libdispatch's workers do): a resize, a
    /// Ctrl-C or a child's end goes to the main thread, whose wait (the search screen's `poll`) it
    /// must interrupt, while a fault (`MappingFaults`' `SIGBUS` in `FSFindIndexFormat`) stays with the thread that
    /// caused it. The new thread takes the mask the caller holds while it starts one.
    ///
    /// `elsewhere`: the thread may run on any core the caller may but the one the caller runs on
    /// now (``run(count:_:)``'s threads, for one scan each). Linux starts a new thread beside its
    /// parent; on a virtual machine the idle core then took milliseconds, now and then a whole
    /// key's scan, to pull it over while the parent's part ran on the same core.
    private static func spawn(elsewhere: Bool = false, _ body: @escaping @Sendable () -> Void) -> pthread_t {
        var blocked = sigset_t()
        sigfillset(&blocked)
        for fault in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGPIPE] { sigdelset(&blocked, fault) }
        var callers = sigset_t()
        pthread_sigmask(SIG_SETMASK, &blocked, &callers)
        defer { pthread_sigmask(SIG_SETMASK, &callers, nil) }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // Without another core the thread starts where Linux puts it.
        if elsewhere { _ = fsfind_attr_avoid_current_cpu(&attributes) }
        let started = pthread_create(
            &thread, &attributes,
            { context in
                // The pointer is the retained `Body` passed below; taking it releases it.
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard started == 0 else {
            fatalError("fsfind could not start a thread (pthread_create: \(String(cString: strerror(started))))")
        }
        return thread
    }

    /// What a new thread runs, handed to it as its one pointer.
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}

/// One result per part of ``JoinedThreads/run(count:_:)``, each stored by the thread that ran
/// the part and read once every thread has ended; and the next part no thread has claimed.
private final class ResultSlots<Value: Sendable>: Sendable {
    private let slots: Mutex<[Value?]>
    /// Part 0 is the calling thread's; the others are claimed by counting up from 1.
    private let unclaimed = Atomic<Int>(1)
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = Mutex(Array(repeating: nil, count: count))
    }

    /// Runs the parts no thread has claimed yet, one at a time, until none is left.
    func runUnclaimed(_ body: (Int) -> Value) {
        while true {
            let part = unclaimed.wrappingAdd(1, ordering: .relaxed).oldValue
            guard part < count else { return }
            store(body(part), at: part)
        }
    }

    func store(_ value: Value, at part: Int) { slots.withLock { $0[part] = value } }

    /// Every part's value, in part order.
    var values: [Value] {
        // Read after every part's thread was joined, and each part stores its value before its
        // thread ends: no slot is empty.
        slots.withLock { $0.map { $0! } }
    }
}
