import CPlatform
import FSFindModel
import Foundation
import Glibc
import SystemPackage

/// `statx(2)` with `AT_SYMLINK_NOFOLLOW`, for birth times; `fstatat` where `statx` is missing.
///
/// Swift's Glibc module does not import `statx` (it is behind `_GNU_SOURCE`); the `CPlatform`
/// shim declares it from glibc's own header, so `struct statx` is the kernel's, not a copy.
struct FileStatus {
    var mode: UInt32
    var identity: FileIdentity
    var accessTime: Date
    var modificationTime: Date
    var changeTime: Date
    var birthTime: Date?
    var userID: UInt32
    var groupID: UInt32
    /// How many names the file has (`st_nlink`).
    var linkCount: UInt32

    /// Status of `name` in the folder open as `directory` (a path relative to the working
    /// directory without one: `AT_FDCWD`); the last component is not followed. nil with `errno`
    /// set on failure.
    static func of(
        _ name: UnsafePointer<CChar>, in directory: FileDescriptor = FileDescriptor(rawValue: AT_FDCWD)
    ) -> FileStatus? {
        var buffer = statx()
        let flags = AT_SYMLINK_NOFOLLOW | fsfind_AT_NO_AUTOMOUNT
        if fsfind_statx(directory.rawValue, name, flags, fsfind_STATX_BASIC_STATS_BTIME, &buffer) == 0 {
            return FileStatus(buffer)
        }
        // Kernels or sandboxes without statx: fall back to fstatat.
        if errno != ENOSYS && errno != EPERM { return nil }
        var status = stat()
        guard fstatat(directory.rawValue, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return FileStatus(status)
    }

    private init(_ buffer: statx) {
        mode = UInt32(buffer.stx_mode)
        identity = FileIdentity(
            device: Self.device(major: buffer.stx_dev_major, minor: buffer.stx_dev_minor), inode: buffer.stx_ino,
            size: Int64(bitPattern: buffer.stx_size), mtimeNanos: Self.nanos(buffer.stx_mtime),
            ctimeNanos: Self.nanos(buffer.stx_ctime))
        accessTime = Self.date(buffer.stx_atime)
        modificationTime = Self.date(buffer.stx_mtime)
        changeTime = Self.date(buffer.stx_ctime)
        birthTime = buffer.stx_mask & fsfind_STATX_BTIME != 0 ? Self.date(buffer.stx_btime) : nil
        userID = buffer.stx_uid
        groupID = buffer.stx_gid
        linkCount = buffer.stx_nlink
    }

    private init(_ status: stat) {
        func timestamp(_ spec: timespec) -> statx_timestamp {
            var stamp = statx_timestamp()
            stamp.tv_sec = Int64(spec.tv_sec)
            stamp.tv_nsec = UInt32(truncatingIfNeeded: spec.tv_nsec)
            return stamp
        }
        mode = UInt32(status.st_mode)
        identity = FileIdentity(status)
        accessTime = Self.date(timestamp(status.st_atim))
        modificationTime = Self.date(timestamp(status.st_mtim))
        changeTime = Self.date(timestamp(status.st_ctim))
        birthTime = nil
        userID = status.st_uid
        groupID = status.st_gid
        linkCount = UInt32(truncatingIfNeeded: status.st_nlink)
    }

    private static func nanos(_ stamp: statx_timestamp) -> Int64 {
        stamp.tv_sec &* 1_000_000_000 &+ Int64(stamp.tv_nsec)
    }

    private static func date(_ stamp: statx_timestamp) -> Date {
        Date(timeIntervalSince1970: Double(stamp.tv_sec) + Double(stamp.tv_nsec) / 1e9)
    }

    /// glibc's `makedev`, so device numbers equal `st_dev` from `stat(2)`.
    static func device(major: UInt32, minor: UInt32) -> UInt64 {
        let major = UInt64(major)
        let minor = UInt64(minor)
        return ((major & 0xFFFF_F000) << 32) | ((major & 0xFFF) << 8) | ((minor & 0xFFFF_FF00) << 12) | (minor & 0xFF)
    }
}
