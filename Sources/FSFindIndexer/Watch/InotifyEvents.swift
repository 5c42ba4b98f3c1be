import CPlatform
import FSFindModel
import Glibc
import SystemPackage

/// What `FolderWatcher` and `IndexChanges` share: reading a non-blocking inotify descriptor to
/// the end, and the signal descriptor their loops wait on beside it.
enum InotifyEvents {
    /// Reads every event waiting on `descriptor` and hands each to `body`: its watch, its mask
    /// and the name it carries (empty for an event about the watched folder itself). Reads until
    /// the non-blocking descriptor has nothing more (`EAGAIN`) or fails.
    static func readAll(_ descriptor: FileDescriptor, _ body: (_ wd: Int32, _ mask: UInt32, _ name: [UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            guard let count = try? buffer.withUnsafeMutableBytes({ try descriptor.read(into: $0) }), count > 0
            else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (wd, mask, nameLength) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + header)..<min(offset + header + nameLength, count)]
                offset += header + nameLength
                body(wd, mask, Array(nameBytes.prefix(while: { $0 != 0 })))
            }
        }
    }

    /// A descriptor that becomes readable when SIGTERM or SIGINT arrives (signalfd), with both
    /// blocked in this thread so they wait for it instead of ending the process; the caller
    /// closes it and reads a signal with `fsfind_signalfd_read`.
    static func terminationDescriptor() throws(FSFindError) -> FileDescriptor {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let descriptor = fsfind_signalfd(-1, &signals)
        guard descriptor >= 0 else {
            throw FSFindError.system("signalfd", .init(rawValue: errno), "cannot receive signals")
        }
        return FileDescriptor(rawValue: descriptor)
    }
}
