import FSFindModel
import Glibc
import SystemPackage

/// Everything a command prints on stdout goes through one of these: a buffer flushed in large
/// writes with `FileDescriptor.writeAll`, which retries `EINTR` and short writes.
///
/// A failed write is remembered, later output is dropped, and ``finish()`` reports it, so `fsfind
/// query … > /dev/full` or a full disk ends in a message and exit status 1, never in a silently
/// truncated result file. A closed pipe (`EPIPE`, seen only when `SIGPIPE` is ignored) is not an
/// error: the reader has all it wanted, as `head` has.
struct StandardOutput {
    private var bytes: [UInt8] = []
    private var failure: Errno?
    private let descriptor: FileDescriptor

    /// True when stdout is a terminal: what is written is read by a person, not a program.
    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Flush once this many bytes are waiting.
    private static let capacity = 1 << 16

    init(descriptor: FileDescriptor = .standardOutput) {
        self.descriptor = descriptor
        bytes.reserveCapacity(Self.capacity)
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
        if bytes.count >= Self.capacity { flush() }
    }

    mutating func append(_ more: some Collection<UInt8>) {
        bytes.append(contentsOf: more)
        if bytes.count >= Self.capacity { flush() }
    }

    mutating func append(_ text: String) { append(text.utf8) }

    /// `text` and a newline, as `print` would write it.
    mutating func write(line text: String) {
        append(text.utf8)
        append(UInt8(ascii: "\n"))
    }

    /// Writes what is buffered; a failure is kept for ``finish()``.
    mutating func flush() {
        defer { bytes.removeAll(keepingCapacity: true) }
        guard failure == nil, !bytes.isEmpty else { return }
        do {
            _ = try bytes.withUnsafeBytes { try descriptor.writeAll($0) }
        } catch let error as Errno {
            failure = error
        } catch {
            failure = .ioError  // writeAll throws only Errno
        }
    }

    /// Flushes and reports the first write error, `EPIPE` aside.
    mutating func finish() throws(FSFindError) {
        flush()
        guard let failure, failure != .brokenPipe else { return }
        throw FSFindError.system("write", failure, "cannot write the output")
    }
}
