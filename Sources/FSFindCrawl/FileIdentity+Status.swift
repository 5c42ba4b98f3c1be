import FSFindModel
import Glibc

extension FileIdentity {
    /// The identity `fstat`/`lstat` gave: one place turns `stat`'s fields and `timespec`s into
    /// the identity's bytes and nanoseconds, so a crawl's and a later check's (extraction's
    /// `CrawledFile`) cannot disagree.
    package init(_ status: stat) {
        self.init(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            mtimeNanos: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            ctimeNanos: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec))
    }
}
