import FSFindInteractive
import FSFindModel
import Glibc
import SystemPackage

/// The controlling terminal, opened as `/dev/tty` so the UI never touches stdout (which carries
/// the chosen path, as in `vim "$(fsfind search)"`) and works with stdin redirected.
///
/// Owns raw mode: ``enterFullScreen()`` saves the terminal's settings and ``restore()`` puts them
/// back; ``TerminalRestorer`` does the same from signal handlers, so the terminal is left as it
/// was found on every exit.
final class TerminalDevice {
    let descriptor: FileDescriptor

    /// Switch to the alternate screen, clear it, stop line wrap (a full last column must not
    /// scroll the screen): what taking the terminal over writes, in ECMA-48 / xterm codes.
    static let enterCodes = "\u{1B}[?1049h\u{1B}[?7l\u{1B}[H\u{1B}[2J"
    /// Undo ``enterCodes``: plain attributes, wrap and cursor back, the normal screen restored.
    static let leaveCodes = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    /// The terminal, or nil when the process has none (cron, a pipe from `ssh host cmd`, CI).
    init?() {
        // O_NOCTTY: swift-system's options do not name it.
        let options: FileDescriptor.OpenOptions = [.closeOnExec, FileDescriptor.OpenOptions(rawValue: O_NOCTTY)]
        guard let descriptor = try? FileDescriptor.open("/dev/tty", .readWrite, options: options) else { return nil }
        guard isatty(descriptor.rawValue) == 1 else {
            _ = try? descriptor.close()
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { _ = try? descriptor.close() }

    /// Raw mode on the alternate screen. Keys arrive unprocessed: Ctrl-C is a key, not SIGINT.
    func enterFullScreen() throws(FSFindError) {
        var saved = termios()
        guard tcgetattr(descriptor.rawValue, &saved) == 0 else {
            throw FSFindError(.io, "cannot read the terminal's settings: \(String(cString: strerror(errno)))")
        }
        TerminalRestorer.arm(descriptor, saved: saved)
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor.rawValue, TCSAFLUSH, &raw) == 0 else {
            TerminalRestorer.disarm()
            throw FSFindError(.io, "cannot put the terminal in raw mode: \(String(cString: strerror(errno)))")
        }
        write(Self.enterCodes)
    }

    /// Leaves the alternate screen and restores the saved settings; safe to call twice.
    func restore() {
        TerminalRestorer.restoreNow()
    }

    /// Columns and rows, from the kernel's record of the window (TIOCGWINSZ); 80×24 if unknown.
    func size() -> (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Writes all of `text`; a terminal that is gone shows up at the next read, which ends the
    /// session.
    func write(_ text: String) {
        _ = try? Array(text.utf8).withUnsafeBytes { try descriptor.writeAll($0) }
    }

    /// Waits up to `timeout` milliseconds (-1: forever) for input and reads what is there. Empty
    /// on timeout or when a signal (a resize) interrupts the wait; nil when the terminal is gone.
    /// `EINTR` is not retried here on purpose: the loop must see the resize at once.
    func read(timeout: Int32) -> [UInt8]? {
        var watch = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        let ready = poll(&watch, 1, timeout)
        if ready < 0 { return errno == EINTR ? [] : nil }
        if ready == 0 { return [] }
        if watch.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0, watch.revents & Int16(POLLIN) == 0 {
            return nil
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Input is waiting, so the read returns at once: swift-system's retry of `EINTR` cannot hold up
        // a resize.
        let count: Int
        do {
            count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
        } catch Errno.resourceTemporarilyUnavailable {
            return []
        } catch {
            return nil
        }
        if count == 0 { return nil }
        return Array(buffer.prefix(count))
    }

    /// True when a key is waiting: the running search is stale and should stop.
    /// Waits until a key arrives, `other` has something to read, or `deadline` passes (or a
    /// signal, such as a resize, interrupts); true when a key waits.
    /// With no deadline it waits for one of the two only.
    func waitForInput(orReadable other: FileDescriptor, until deadline: ContinuousClock.Instant?) -> Bool {
        var milliseconds: Int32 = -1
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline)
            milliseconds = max(
                0,
                Int32(
                    clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
        }
        var descriptors = [
            pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0),
            pollfd(fd: other.rawValue, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&descriptors, 2, milliseconds)
        return descriptors[0].revents != 0
    }

    func hasInput() -> Bool {
        var watch = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&watch, 1, 0) > 0
    }
}
