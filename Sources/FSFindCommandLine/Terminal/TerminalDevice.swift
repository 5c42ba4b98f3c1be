import FSFindIndexFormat
import FSFindIndexer
import FSFindInteractive
import FSFindModel
import FSFindPlatform
import FSFindSearch
import Glibc
import SystemPackage

/// The controlling terminal, opened as `/dev/tty` so the UI never touches stdout (which carries
/// the chosen path, as in `vim "$(fsfind search)"`) and works with stdin redirected.
///
/// Owns raw mode: ``enterFullScreen()`` saves the terminal's settings and ``restore()`` puts them
/// back; ``TerminalRestorer`` does the same from signal handlers, so the terminal is left as it
/// was found on every exit.
final class TerminalDevice {
    let fd: Int32

    /// The terminal, or nil when the process has none (cron, a pipe from `ssh host cmd`, CI).
    init?() {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        guard isatty(fd) == 1 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Raw mode on the alternate screen. Keys arrive unprocessed: Ctrl-C is a key, not SIGINT.
    func enterFullScreen() throws(FSFindError) {
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else {
            throw FSFindError(.io, "cannot read the terminal's settings: \(String(cString: strerror(errno)))")
        }
        TerminalRestorer.arm(fd: fd, saved: saved)
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else {
            TerminalRestorer.disarm()
            throw FSFindError(.io, "cannot put the terminal in raw mode: \(String(cString: strerror(errno)))")
        }
        write(TerminalCodes.enter)
    }

    /// Leaves the alternate screen and restores the saved settings; safe to call twice.
    func restore() {
        TerminalRestorer.restoreNow()
    }

    /// Columns and rows, from the kernel's record of the window (TIOCGWINSZ); 80×24 if unknown.
    func size() -> (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Writes all of `text`; a terminal that is gone shows up at the next read, which ends the
    /// session.
    func write(_ text: String) {
        _ = try? Array(text.utf8).withUnsafeBytes { try FileDescriptor(rawValue: fd).writeAll($0) }
    }

    /// Waits up to `timeout` milliseconds (-1: forever) for input and reads what is there. Empty
    /// on timeout or when a signal (a resize) interrupts the wait; nil when the terminal is gone.
    /// `EINTR` is not retried here on purpose: the loop must see the resize at once.
    func read(timeout: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeout)
        if ready < 0 { return errno == EINTR ? [] : nil }
        if ready == 0 { return [] }
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0, descriptor.revents & Int16(POLLIN) == 0 {
            return nil
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        if count == 0 { return nil }
        return Array(buffer.prefix(count))
    }

    /// True when a key is waiting: the running search is stale and should stop.
    /// Waits until a key arrives, `other` has something to read, or `deadline` passes (or a
    /// signal, such as a resize, interrupts); true when a key waits.
    /// With no deadline it waits for one of the two only.
    func waitForInput(orReadable other: Int32, until deadline: ContinuousClock.Instant?) -> Bool {
        var milliseconds: Int32 = -1
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline)
            milliseconds = max(
                0,
                Int32(
                    clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
        }
        var descriptors = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: other, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&descriptors, 2, milliseconds)
        return descriptors[0].revents != 0
    }

    func hasInput() -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }
}
