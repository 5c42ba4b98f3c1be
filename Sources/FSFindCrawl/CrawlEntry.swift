import FSFindModel
import Foundation

/// One entry the crawler found, from `statx` with `AT_SYMLINK_NOFOLLOW` (lstat semantics).
package struct CrawlEntry: Sendable, Hashable {
    /// What kind of file system object an entry is, from its mode bits.
    package enum FileType: Sendable, Hashable {
        case regular, directory, symlink, fifo, socket, characterDevice, blockDevice, unknown

        init(mode: UInt32) {
            switch mode & UInt32(S_IFMT) {
            case UInt32(S_IFREG): self = .regular
            case UInt32(S_IFDIR): self = .directory
            case UInt32(S_IFLNK): self = .symlink
            case UInt32(S_IFIFO): self = .fifo
            case UInt32(S_IFSOCK): self = .socket
            case UInt32(S_IFCHR): self = .characterDevice
            case UInt32(S_IFBLK): self = .blockDevice
            default: self = .unknown
            }
        }
    }

    /// Absolute path, raw bytes exactly as on disk.
    package var path: [UInt8]
    /// Offset in `path` where the last component starts.
    package var nameStart: Int
    package var fileType: FileType
    package var identity: FileIdentity
    package var accessTime: Date
    var modificationTime: Date
    var changeTime: Date
    /// Birth time, where the file system keeps one.
    var birthTime: Date?
    /// `st_mode`: type and permission bits.
    var mode: UInt32
    /// Owner and group ids.
    var userID: UInt32 = 0
    var groupID: UInt32 = 0
    /// How many names the file has: a regular file with more than one is a hard link, whose
    /// words the text store keeps once for all its names.
    package var linkCount: UInt32 = 1
    /// For a folder whose listing could not be read: why (`Permission denied`). The folder is still
    /// an entry; nothing below it is.
    var unreadableReason: String?

    init(
        path: [UInt8], nameStart: Int, fileType: FileType, identity: FileIdentity, accessTime: Date,
        modificationTime: Date, changeTime: Date, birthTime: Date?, mode: UInt32,
        unreadableReason: String? = nil
    ) {
        self.path = path
        self.nameStart = nameStart
        self.fileType = fileType
        self.identity = identity
        self.accessTime = accessTime
        self.modificationTime = modificationTime
        self.changeTime = changeTime
        self.birthTime = birthTime
        self.mode = mode
        self.unreadableReason = unreadableReason
    }

    /// The last path component, raw bytes.
    package var name: ArraySlice<UInt8> { path[nameStart...] }
}

/// Something the crawler could not do (a folder it could not list, an entry it could not stat).
/// Never fatal: the crawl goes on, and the caller reports and counts these.
struct CrawlDiagnostic: Sendable, Hashable, CustomStringConvertible {
    var path: [UInt8]
    var message: String

    init(path: [UInt8], message: String) {
        self.path = path
        self.message = message
    }

    var description: String { "\(PathBytes.display(path)): \(message)" }
}
