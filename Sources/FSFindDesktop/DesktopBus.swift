import CLibraryTypes
import FSFindPlatform
import Glibc
import Synchronization

/// The provider on the session bus: owns ``DesktopInterfaces/busName``, serves both interfaces'
/// objects, and answers each call on a worker thread, so a new search can stop the one in flight
/// (GDBus takes a method's reply from any thread). Runs GLib's main loop on the calling thread
/// until it has been idle for ``Options/idleSeconds``, SIGINT or SIGTERM, or the name is lost.
final class DesktopBus: Sendable {
    struct Options: Sendable {
        /// Seconds without a call after which the process exits (D-Bus starts it again).
        var idleSeconds = 60
        /// How long a search may take (``DesktopSearchService/searchBudget``).
        var searchBudget = DesktopSearchService.searchBudget

        init() {}
    }

    private let gio: GIOLibrary
    private let desktop: GIODesktop
    private let service: DesktopSearchService
    private let options: Options
    private let log: @Sendable (String) -> Void
    private let worker = SearchWorker()

    private struct State {
        var loop: SendablePointer?
        var lastCall = ContinuousClock.now
        var inFlight = 0
        /// The newest search per interface: an older one asks this and stops.
        var searches: [String: Int] = [:]
        var status: Int32 = 0
        /// Whether the name was ever this process's: losing it then means the bus went away.
        var owned = false
        /// The index's pages were given back since the last call.
        var released = false
    }
    private let state = Mutex(State())

    init(
        gio: GIOLibrary, desktop: GIODesktop, service: DesktopSearchService, options: Options,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.gio = gio
        self.desktop = desktop
        self.service = service
        self.options = options
        self.log = log
    }

    /// Serves until idle, a signal, or the name is lost; the exit status (0: idle, a signal, or
    /// another provider owns the name; 1: no session bus, or the objects could not be registered).
    func run() -> Int32 {
        var error: OpaquePointer?
        guard let node = DesktopInterfaces.introspection.withCString({ gio.nodeInfoNewForXML($0, &error) }) else {
            log("fsfind: the D-Bus interfaces could not be read: " + gio.consume(error, "invalid XML"))
            return 1
        }
        guard let loop = gio.mainLoopNew(nil, 0) else { return 1 }
        state.withLock { $0.loop = SendablePointer(loop) }
        // Both the node and this object live until the process ends: GDBus keeps pointers to them.
        let context = Unmanaged.passRetained(Registration(bus: self, node: SendablePointer(node))).toOpaque()
        _ = gio.busOwnName(
            2,  // G_BUS_TYPE_SESSION
            DesktopInterfaces.busName, 0,  // G_BUS_NAME_OWNER_FLAGS_NONE: a second provider waits its turn, then goes
            { connection, _, context in Registration.of(context).busAcquired(connection) },
            { _, _, context in Registration.of(context).bus.state.withLock { $0.owned = true } },
            { connection, _, context in Registration.of(context).bus.nameLost(connection) },
            context, nil)
        for signal in [SIGINT, SIGTERM] {
            _ = gio.unixSignalAdd(
                signal,
                { context in
                    Registration.of(context).bus.quit(status: 0)
                    return 0  // G_SOURCE_REMOVE
                }, context)
        }
        _ = gio.timeoutAddSeconds(
            1,
            { context in
                Registration.of(context).bus.quitIfIdle()
                return 1  // G_SOURCE_CONTINUE
            }, context)
        gio.mainLoopRun(loop)
        worker.finish()
        return state.withLock { $0.status }
    }

    private func quit(status: Int32) {
        let loop = state.withLock { state in
            state.status = max(state.status, status)
            return state.loop
        }
        if let loop { gio.mainLoopQuit(loop.pointer) }
    }

    private func quitIfIdle() {
        let (idle, release) = state.withLock { state in
            let quiet = state.inFlight == 0 ? ContinuousClock.now - state.lastCall : .zero
            let release = !state.released && quiet >= Self.releaseAfter
            if release { state.released = true }
            return (quiet >= .seconds(options.idleSeconds), release)
        }
        if idle { quit(status: 0) }
        // A couple of seconds without a search: typing has paused, and the index's mapped pages
        // (most of the provider's resident memory) go back to the page cache, on the worker so it
        // never overlaps a search.
        if release { worker.submit { [service] in service.releasePages() } }
    }

    /// How long without a call before the index's pages are given back.
    static let releaseAfter = Duration.seconds(2)

    fileprivate func nameLost(_ connection: OpaquePointer?) {
        if state.withLock({ $0.owned }) {
            // The session ended (logout, dbus-run-session done): nothing to say.
            quit(status: 0)
        } else if connection == nil {
            log("fsfind: no D-Bus session bus to serve on (is DBUS_SESSION_BUS_ADDRESS set?)")
            quit(status: 1)
        } else {
            log("fsfind: \(DesktopInterfaces.busName) is served by another process already; this one exits")
            quit(status: 0)
        }
    }

    fileprivate func registered(_ connection: OpaquePointer) {
        desktop.use(connection: connection)
    }

    /// A method call, on the main loop's thread: read, then answered on the worker.
    fileprivate func dispatch(interface: String, method: String, parameters: OpaquePointer?, invocation: OpaquePointer)
    {
        let arguments = gio.arguments(parameters)
        let reply = SendablePointer(invocation)
        let isSearch = DesktopSearchService.isSearch(interface: interface, method: method)
        let generation = state.withLock { state -> Int in
            state.inFlight += 1
            state.lastCall = .now
            state.released = false
            guard isSearch else { return 0 }
            state.searches[interface, default: 0] += 1
            return state.searches[interface, default: 0]
        }
        let started = ContinuousClock.now
        let stop = DesktopSearchService.Stop(
            superseded: { [self] in isSearch && state.withLock { $0.searches[interface] != generation } },
            deadline: isSearch ? started + options.searchBudget : nil)
        worker.submit { [self] in
            let answer =
                stop.superseded()
                ? DesktopSearchService.Reply.value(Self.emptyAnswer(interface: interface, method: method))
                : service.call(interface: interface, method: method, arguments: arguments, stop: stop)
            switch answer {
            case .value(let value): gio.returnValue(reply.pointer, gio.variant(value))
            case .error(let name, let message): gio.returnDBusError(reply.pointer, name, message)
            }
            state.withLock { state in
                state.inFlight -= 1
                state.lastCall = .now
            }
        }
    }

    /// What a search that a newer one replaced before it began answers.
    static func emptyAnswer(interface: String, method: String) -> DBusValue {
        method == "Match"
            ? .tuple([.array(elementSignature: "(sssida{sv})", [])]) : .tuple([.strings([])])
    }

    /// What the C callbacks get back from their `user_data`: the bus and the parsed interfaces.
    private final class Registration {
        let bus: DesktopBus
        let node: SendablePointer
        /// GDBus copies nothing: the table must outlive the registration (the process).
        let vtable: UnsafeMutablePointer<fsfind_gdbus_interface_vtable>

        init(bus: DesktopBus, node: SendablePointer) {
            self.bus = bus
            self.node = node
            vtable = .allocate(capacity: 1)
            vtable.initialize(to: fsfind_gdbus_interface_vtable())
            vtable.pointee.method_call = { _, _, _, interface, method, parameters, invocation, context in
                guard let interface, let method, let invocation else { return }
                Registration.of(context).bus.dispatch(
                    interface: String(cString: interface), method: String(cString: method), parameters: parameters,
                    invocation: invocation)
            }
        }

        static func of(_ context: UnsafeMutableRawPointer?) -> Registration {
            // Non-nil: every callback is registered with the retained Registration as its data.
            Unmanaged<Registration>.fromOpaque(context!).takeUnretainedValue()
        }

        /// Registers both objects, before the name is owned (so no call finds them missing).
        func busAcquired(_ connection: OpaquePointer?) {
            guard let connection else { return }
            let gio = bus.gio
            let context = Unmanaged.passUnretained(self).toOpaque()
            for (path, name) in [
                (DesktopInterfaces.gnomePath, DesktopInterfaces.gnome),
                (DesktopInterfaces.krunnerPath, DesktopInterfaces.krunner),
            ] {
                var error: OpaquePointer?
                let info = name.withCString { gio.nodeInfoLookupInterface(node.pointer, $0) }
                let id = path.withCString { gio.registerObject(connection, $0, info, vtable, context, nil, &error) }
                if id == 0 {
                    bus.log("fsfind: could not serve \(name) at \(path): " + gio.consume(error, "refused"))
                    bus.quit(status: 1)
                    return
                }
            }
            bus.registered(connection)
        }
    }
}

/// One thread that answers the calls in order, joined when the provider stops.
final class SearchWorker: Sendable {
    /// Calls waiting for the thread; a bus that gets this far ahead waits for it.
    private let queue: BoundedQueue<@Sendable () -> Void>
    private let thread: JoinedThreads

    /// Calls that may wait: far more than GNOME Shell and KRunner send while one is answered.
    static let capacity = 256

    init() {
        let queue = BoundedQueue<@Sendable () -> Void>(capacity: Self.capacity)
        self.queue = queue
        thread = JoinedThreads.start(count: 1) { _ in
            while let next = queue.pop() { next() }
        }
    }

    /// Queues `job`; dropped once the worker has finished.
    func submit(_ job: @escaping @Sendable () -> Void) { queue.push(job) }

    /// Runs what is queued, then ends the thread and waits for it.
    func finish() {
        queue.close()
        thread.join()
    }

    /// A worker dropped without ``finish()`` ends its thread the same way: its `JoinedThreads`
    /// joins the thread when released, which would wait forever for a thread still waiting for
    /// calls.
    deinit { queue.close() }
}
