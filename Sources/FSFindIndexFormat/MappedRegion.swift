import FSFindModel
import FSFindPlatform
import Glibc
import SystemPackage

/// A read-only, private mapping of a whole file, or a private copy of bytes from memory. Owned by
/// ``IndexFile``, which releases it in `deinit`.
///
/// Unchecked because a raw pointer is not `Sendable`, and safe to send: the pages are mapped
/// `PROT_READ` (or copied once) and never written, and the owner unmaps them only in its
/// `deinit`, when no other thread can still hold the owner.
struct MappedRegion: @unchecked Sendable {
    let base: UnsafeRawPointer?
    let count: Int
    /// True for a copy made by ``copy(of:)``: released with `deallocate`, not `munmap`.
    private var isHeapCopy = false
    /// The mapping's entry in ``MappingFaults`` (a file truncated under it then ends the process
    /// with a message naming the file, not a crash), or -1.
    private var faultToken: Int32 = -1
    /// The mapped file as `fstat` named it when mapped (its header's checksum left 0), for
    /// ``VerifiedFiles``; nil for a heap copy.
    private(set) var file: VerifiedFiles.Key?

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// True once the file was cut short under the mapping and a read past its new end was
    /// recovered from (``MappingFaults/recoverInstead()``): reads may have seen zeros.
    var hasFaulted: Bool { faultToken >= 0 && MappingFaults.hasFaulted(faultToken) }

    /// Maps `path`; an empty file maps to no bytes (mmap refuses length 0).
    ///
    /// Opened with `O_NONBLOCK`, so a FIFO put where the index belongs cannot hang the command
    /// (or an `index` run holding the lock); anything but a regular file is refused at once.
    static func map(path: String) throws(FSFindError) -> MappedRegion {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let error = Errno(rawValue: errno)
            if error == .noSuchFileOrDirectory {
                throw FSFindError(
                    .indexMissing, "there is no index file at \(path)", path: path,
                    remedy: .createIndex)
            }
            throw FSFindError.system("open", error, "cannot open the index file \(path)", path: path)
        }
        defer { _ = Glibc.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw FSFindError.system("fstat", Errno(rawValue: errno), "cannot read the index file \(path)", path: path)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            // Not damage to rebuild over: something else stands where the index belongs.
            throw FSFindError(
                .io, "the index path \(path) is not a regular file", path: path,
                remedy: .advice("remove it, or name another index with --index"))
        }
        let size = Int(info.st_size)
        guard size > 0 else { return MappedRegion(base: nil, count: 0) }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            throw FSFindError.system("mmap", Errno(rawValue: errno), "cannot map the index file \(path)", path: path)
        }
        var region = MappedRegion(base: UnsafeRawPointer(address), count: size)
        region.faultToken = MappingFaults.register(region.bytes, name: path)
        region.file = VerifiedFiles.Key(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: info.st_mtim, changed: info.st_ctim, headerChecksum: 0)
        return region
    }

    /// The bytes as a region of their own, for an index opened from memory (tests of damaged
    /// files, which need no file for each of thousands of variants).
    static func copy(of bytes: [UInt8]) -> MappedRegion {
        guard !bytes.isEmpty else { return MappedRegion(base: nil, count: 0) }
        let copy = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 16)
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }  // non-empty
        var region = MappedRegion(base: UnsafeRawPointer(copy), count: bytes.count)
        region.isHeapCopy = true
        return region
    }

    /// Gives the pages wholly inside `range` back to the kernel (`MADV_DONTNEED`): they stop
    /// counting in the process's memory, and a later read maps them from the file again, with the
    /// same bytes (the mapping is read-only). For a heap copy it does nothing.
    func release(_ range: Range<Int>) {
        guard let base, !isHeapCopy, range.lowerBound >= 0, range.upperBound <= count else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page
        let end = range.upperBound == count ? range.upperBound : range.upperBound / page * page
        guard start < end else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    func unmap() {
        guard let base, count > 0 else { return }
        if isHeapCopy {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        } else {
            MappingFaults.forget(faultToken)
            _ = munmap(UnsafeMutableRawPointer(mutating: base), count)
        }
    }
}
