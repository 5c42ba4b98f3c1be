import FSFindIndex
import FSFindModel
import Foundation
import Glibc

/// `statx(2)` with `AT_SYMLINK_NOFOLLOW`, for birth times; `fstatat` where `statx` is missing.
///
/// Swift's Glibc module does not import `statx` (it is behind `_GNU_SOURCE`), so the function is
/// looked up with `dlsym` and its result read through a Swift mirror of the kernel's
/// `struct statx`, a fixed 256-byte ABI.
struct FileStatus {
    var mode: UInt32
    var identity: FileIdentity
    var accessTime: Date
    var modificationTime: Date
    var changeTime: Date
    var birthTime: Date?

    /// Status of `name` in the folder open as `directory` (or a path relative to the working
    /// directory with `AT_FDCWD`); the last component is not followed. nil with `errno` set on failure.
    static func of(_ name: UnsafePointer<CChar>, in directory: Int32) -> FileStatus? {
        if let statx = StatxFunction.function {
            var buffer = StatxBuffer()
            let flags = AT_SYMLINK_NOFOLLOW | atNoAutomount
            let result = withUnsafeMutableBytes(of: &buffer) { statx(directory, name, flags, statxMask, $0.baseAddress) }
            if result == 0 { return FileStatus(buffer) }
            if errno != ENOSYS && errno != EPERM { return nil }
            // Kernels or sandboxes without statx: fall through to fstatat.
        }
        var status = stat()
        guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return FileStatus(status)
    }

    private static let atNoAutomount: Int32 = 0x800
    /// STATX_BASIC_STATS | STATX_BTIME.
    private static let statxMask: UInt32 = 0x7FF | 0x800
    private static let statxBirthTime: UInt32 = 0x800

    private init(_ buffer: StatxBuffer) {
        mode = UInt32(buffer.mode)
        identity = FileIdentity(
            device: Self.device(major: buffer.devMajor, minor: buffer.devMinor), inode: buffer.inode,
            size: Int64(bitPattern: buffer.size), mtimeNanos: buffer.mtime.nanos, ctimeNanos: buffer.ctime.nanos)
        accessTime = buffer.atime.date
        modificationTime = buffer.mtime.date
        changeTime = buffer.ctime.date
        birthTime = buffer.mask & Self.statxBirthTime != 0 ? buffer.btime.date : nil
    }

    private init(_ status: stat) {
        func timestamp(_ spec: timespec) -> StatxTimestamp {
            StatxTimestamp(seconds: Int64(spec.tv_sec), nanoseconds: UInt32(truncatingIfNeeded: spec.tv_nsec))
        }
        mode = UInt32(status.st_mode)
        identity = FileIdentity(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            mtimeNanos: timestamp(status.st_mtim).nanos, ctimeNanos: timestamp(status.st_ctim).nanos)
        accessTime = timestamp(status.st_atim).date
        modificationTime = timestamp(status.st_mtim).date
        changeTime = timestamp(status.st_ctim).date
        birthTime = nil
    }

    /// glibc's `makedev`, so device numbers equal `st_dev` from `stat(2)`.
    static func device(major: UInt32, minor: UInt32) -> UInt64 {
        let major = UInt64(major), minor = UInt64(minor)
        return ((major & 0xFFFF_F000) << 32) | ((major & 0xFFF) << 8) | ((minor & 0xFFFF_FF00) << 12) | (minor & 0xFF)
    }
}

/// `struct statx_timestamp`.
struct StatxTimestamp {
    var seconds: Int64 = 0
    var nanoseconds: UInt32 = 0
    var reserved: Int32 = 0

    init() {}
    init(seconds: Int64, nanoseconds: UInt32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    var nanos: Int64 { seconds &* 1_000_000_000 &+ Int64(nanoseconds) }
    var date: Date { Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9) }
}

/// Mirror of the kernel's `struct statx` (include/uapi/linux/stat.h), 256 bytes. Swift lays out
/// these naturally aligned fields in declaration order, as C does; a test checks the size.
struct StatxBuffer {
    var mask: UInt32 = 0
    var blockSize: UInt32 = 0
    var attributes: UInt64 = 0
    var linkCount: UInt32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
    var mode: UInt16 = 0
    var spare0: UInt16 = 0
    var inode: UInt64 = 0
    var size: UInt64 = 0
    var blocks: UInt64 = 0
    var attributesMask: UInt64 = 0
    var atime = StatxTimestamp()
    var btime = StatxTimestamp()
    var ctime = StatxTimestamp()
    var mtime = StatxTimestamp()
    var rdevMajor: UInt32 = 0
    var rdevMinor: UInt32 = 0
    var devMajor: UInt32 = 0
    var devMinor: UInt32 = 0
    var spare: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}

/// glibc's `statx`, looked up once (nil on a libc without it).
enum StatxFunction {
    typealias Function = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer?) -> Int32

    static let function: Function? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "statx") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}
