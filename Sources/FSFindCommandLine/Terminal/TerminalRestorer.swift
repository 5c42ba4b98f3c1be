import Glibc
import Synchronization
import SystemPackage

/// Puts the terminal back from anywhere: a normal exit, an error, or a signal (kill, hangup, a
/// crash). A signal handler may only call async-signal-safe functions, so everything it needs
/// (the descriptor, the saved settings, the bytes to write) is prepared before it is armed.
enum TerminalRestorer {
    // nonisolated(unsafe): written once by `arm` before any handler is installed, then only read
    // (from the main thread or a signal handler), so there is no concurrent mutation.
    nonisolated(unsafe) private static var terminal = FileDescriptor(rawValue: -1)
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var leaveBytes: [UInt8] = []
    private static let armed = Atomic<Bool>(false)
    /// Set by SIGWINCH; the loop redraws at the new size.
    static let resized = Atomic<Bool>(false)

    /// The signals that end the process by default and after which the terminal must be restored.
    /// Not SIGBUS: its handler is the index-mapping guard (`MappingFaults`), which calls
    /// ``restoreFromFault()`` first.
    static let fatalSignals: [Int32] = [
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGABRT, SIGSEGV, SIGILL, SIGTRAP, SIGFPE, SIGPIPE,
    ]

    static func arm(_ terminal: FileDescriptor, saved: termios) {
        self.terminal = terminal
        self.saved = saved
        leaveBytes = Array(TerminalDevice.leaveCodes.utf8)
        armed.store(true, ordering: .sequentiallyConsistent)
        for signal in fatalSignals {
            install(signal, handler: { number in TerminalRestorer.restoreFromSignal(number) })
        }
        install(SIGWINCH, handler: { _ in TerminalRestorer.resized.store(true, ordering: .relaxed) })
    }

    static func disarm() {
        armed.store(false, ordering: .sequentiallyConsistent)
    }

    /// Restores once; later calls do nothing.
    static func restoreNow() {
        guard armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
        writeLeave()
        _ = tcsetattr(terminal.rawValue, TCSAFLUSH, &saved)
    }

    /// Restores the terminal from inside another signal handler (async-signal-safe), if armed.
    static func restoreFromFault() {
        guard armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
        writeLeave()
        _ = tcsetattr(terminal.rawValue, TCSANOW, &saved)
    }

    private static func restoreFromSignal(_ number: Int32) {
        if armed.exchange(false, ordering: .sequentiallyConsistent) {
            writeLeave()
            _ = tcsetattr(terminal.rawValue, TCSANOW, &saved)
        }
        // Die of the same signal, so the parent sees what happened.
        Glibc.signal(number, SIG_DFL)
        raise(number)
    }

    /// One `write(2)`, not `writeAll`: called from signal handlers, where only async-signal-safe
    /// calls may run.
    private static func writeLeave() {
        leaveBytes.withUnsafeBytes { _ = Glibc.write(terminal.rawValue, $0.baseAddress, $0.count) }
    }

    private static func install(_ number: Int32, handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a resize must wake poll(2)
        sigaction(number, &action, nil)
    }
}
