import Foundation

/// One entry the crawler found, from `statx` with `AT_SYMLINK_NOFOLLOW` (lstat semantics).
public struct CrawlEntry: Sendable, Hashable {
    /// What kind of file system object an entry is, from its mode bits.
    public enum FileType: Sendable, Hashable {
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
    public var path: [UInt8]
    /// Offset in `path` where the last component starts.
    public var nameStart: Int
    public var fileType: FileType
    public var identity: FileIdentity
    public var accessTime: Date
    public var modificationTime: Date
    public var changeTime: Date
    /// Birth time, where the file system keeps one.
    public var birthTime: Date?
    /// `st_mode`: type and permission bits.
    public var mode: UInt32
    /// For a folder whose listing could not be read: why (`Permission denied`). The folder is still
    /// an entry; nothing below it is.
    public var unreadableReason: String?

    public init(path: [UInt8], nameStart: Int, fileType: FileType, identity: FileIdentity, accessTime: Date,
                modificationTime: Date, changeTime: Date, birthTime: Date?, mode: UInt32,
                unreadableReason: String? = nil) {
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
    public var name: ArraySlice<UInt8> { path[nameStart...] }
}

/// Something the crawler could not do (a folder it could not list, an entry it could not stat).
/// Never fatal: the crawl goes on, and the caller reports and counts these.
public struct CrawlDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public var path: [UInt8]
    public var message: String

    public init(path: [UInt8], message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(PathBytes.display(path)): \(message)" }
}
