import FSFindModel
import FSFindPlatform
import Glibc
import SystemPackage

/// libmagic's compiled database, read once per process into read-only memory that every cookie
/// loads with `magic_load_buffers`, in place of a private copy per cookie.
///
/// `magic_load` reads the whole compiled file (8 MiB in 5.44) into a buffer of each cookie's own,
/// and identifying a file walks that array entry by entry (every top-level test, and for a test
/// that fails every continuation after it): on a text file, the whole array. With a cookie per
/// identify thread the copies crowd each other out of the shared cache, and in 4 KiB pages the
/// walk misses the TLB. One copy, asked to be backed by huge pages, is walked by every thread
/// (`benchmarks/RESULTS.md`, "One copy of libmagic's database").
///
/// The answers are the same: libmagic matches the same entries in the same order; it never writes
/// to a database it was handed (upstream maps its own copy read-only too), and the pages are made
/// read-only here so nothing could. The database is taken only where it is exactly what
/// `magic_load(cookie, NULL)` would load: every part of libmagic's search path is a compiled
/// `.mgc` file, or a source file with nothing but comments and blank lines (Debian's
/// `/etc/magic`). Anything else (`$MAGIC` naming a folder or a source, `~/.magic`, a `.mime.mgc`)
/// makes ``shared`` nil and each cookie loads the database itself, as before.
///
/// Unchecked because raw pointers are not `Sendable`, and safe to share: the memory is written
/// once, before ``shared`` hands it out, then made read-only and never freed.
final class MagicDatabase: @unchecked Sendable {
    /// The start of each compiled file's bytes, in search-path order.
    private let buffers: [UnsafeMutableRawPointer]
    /// Each compiled file's length.
    private let sizes: [Int]

    private init(buffers: [UnsafeMutableRawPointer], sizes: [Int]) {
        self.buffers = buffers
        self.sizes = sizes
    }

    /// The process's database, read on first use; nil when libmagic's search path holds anything
    /// but compiled files and empty sources, or a file cannot be read.
    static let shared: MagicDatabase? = {
        guard case .success(let library) = MagicLibrary.shared, let path = library.getpath(nil, 0) else {
            return nil
        }
        return load(searchPath: Array(String(cString: path).utf8))
    }()

    /// Loads the database into `cookie`; false when libmagic refused it (then the cookie is as
    /// it was, and the caller loads the database the usual way).
    func load(into cookie: OpaquePointer, library: MagicLibrary) -> Bool {
        var pointers: [UnsafeMutableRawPointer?] = buffers
        var lengths = sizes
        return pointers.withUnsafeMutableBufferPointer { pointers in
            lengths.withUnsafeMutableBufferPointer { lengths in
                library.loadBuffers(cookie, pointers.baseAddress, lengths.baseAddress, pointers.count) == 0
            }
        }
    }

    /// The compiled files `searchPath` (libmagic's `:`-separated list) names, read, or nil.
    static func load(searchPath: [UInt8]) -> MagicDatabase? {
        var files: [[UInt8]] = []
        // libmagic stops at the first empty part.
        for part in searchPath.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false) {
            guard !part.isEmpty else { break }
            switch compiledFile(for: Array(part)) {
            case .compiled(let file): files.append(file)
            case .empty: continue
            case .other: return nil
            }
        }
        guard !files.isEmpty else { return nil }
        var contents: [[UInt8]] = []
        for file in files {
            guard let bytes = readWhole(file), !bytes.isEmpty else { return nil }
            contents.append(bytes)
        }
        return place(contents)
    }

    private enum Part {
        /// The compiled file libmagic loads for this part.
        case compiled([UInt8])
        /// A source file without a test: it adds nothing.
        case empty
        /// Anything libmagic would parse or treat specially.
        case other
    }

    /// What libmagic's `apprentice_1` would load for one part of the search path: `NAME.mgc` (or
    /// NAME itself when it ends in `.mgc`) when it exists; otherwise NAME's source.
    private static func compiledFile(for part: [UInt8]) -> Part {
        let suffix = Array(".mgc".utf8)
        let stem =
            part.count >= suffix.count && part.suffix(suffix.count).elementsEqual(suffix)
            ? Array(part.dropLast(suffix.count)) : part
        // With a MIME flag libmagic first tries NAME.mime.mgc, and a name with `.mime` in it
        // changes its flags: left to libmagic.
        if isRegularFile(stem + Array(".mime.mgc".utf8)) || containsMime(part) { return .other }
        let compiled = stem + suffix
        if isRegularFile(compiled) { return .compiled(compiled) }
        guard isRegularFile(part), let source = readWhole(part) else { return .other }
        // libmagic's parser skips a line that is empty or starts with `#`; any other line is
        // (part of) a test.
        let lines = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        return lines.allSatisfy { $0.first == UInt8(ascii: "#") } ? .empty : .other
    }

    private static func containsMime(_ part: [UInt8]) -> Bool {
        let mime = Array(".mime".utf8)
        guard part.count >= mime.count else { return false }
        return (0...(part.count - mime.count)).contains { part[$0..<($0 + mime.count)].elementsEqual(mime) }
    }

    private static func isRegularFile(_ path: [UInt8]) -> Bool {
        var status = stat()
        return PathBytes.withCString(path) { stat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    private static func readWhole(_ path: [UInt8]) -> [UInt8]? {
        guard let file = try? PathBytes.open(path, flags: O_RDONLY | O_CLOEXEC) else { return nil }
        defer { _ = try? file.close() }
        var status = stat()
        guard fstat(file.rawValue, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return file.read(exactly: Int(status.st_size), atAbsoluteOffset: 0)
    }

    /// Huge pages are 2 MiB on x86-64 and arm64 (with 4 KiB base pages).
    private static let hugePage = 2 << 20

    /// Copies `contents` into one anonymous mapping aligned to a huge page and asked to be backed
    /// by huge pages (`MADV_HUGEPAGE`: advice; without transparent huge pages the copy is still
    /// one for every cookie), then makes it read-only.
    private static func place(_ contents: [[UInt8]]) -> MagicDatabase? {
        // Each file at a 64-byte boundary: libmagic reads its entries as structs in place.
        let offsets = contents.reduce(into: [0]) { offsets, bytes in
            offsets.append(offsets.last! + (bytes.count + 63) & ~63)  // non-empty: starts with [0]
        }
        let length = (offsets.last! + hugePage - 1) & ~(hugePage - 1)  // non-empty, as above
        // One huge page more than needed, so an aligned start lies inside; the slack is unmapped.
        guard let mapped = mmap(nil, length + hugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else { return nil }
        let start = (Int(bitPattern: mapped) + hugePage - 1) & ~(hugePage - 1)
        let head = start - Int(bitPattern: mapped)
        if head > 0 { munmap(mapped, head) }
        if hugePage - head > 0 { munmap(UnsafeMutableRawPointer(bitPattern: start + length), hugePage - head) }
        // Non-nil: `start` lies inside a mapping that just succeeded.
        let base = UnsafeMutableRawPointer(bitPattern: start)!
        _ = madvise(base, length, MADV_HUGEPAGE)
        var buffers: [UnsafeMutableRawPointer] = []
        for (index, bytes) in contents.enumerated() {
            let buffer = base + offsets[index]
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }  // non-empty
            buffers.append(buffer)
        }
        guard mprotect(base, length, PROT_READ) == 0 else {
            munmap(base, length)
            return nil
        }
        return MagicDatabase(buffers: buffers, sizes: contents.map(\.count))
    }
}
