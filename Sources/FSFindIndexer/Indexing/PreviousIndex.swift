import CPlatform
import FSFindCrawl
import FSFindIndexFormat
import FSFindModel
import Glibc

/// The index file a refresh starts from, with the lookups a refresh needs, answered from the
/// mapped file without decoding its rows: which old row a crawled entry is, which rows lie under a
/// folder, which row had an inode.
///
/// A crawled entry is found under its folder's row by binary search over that folder's children
/// (the names section gives every row's parent; children of one folder are in name order). The
/// crawler reports a folder right before its entries, so the folder's row is the one looked up
/// last, and a lookup costs a handful of name comparisons and no allocation.
final class PreviousIndex {
    let file: IndexFile
    /// The file's rows as a refresh reads them: paths, identities, problems, `addedDate` and the
    /// folder tree (everything, when the file is copied).
    let reader: IndexReader
    /// Each folder's rows by name; let go when the crawl is over.
    private var children: FolderChildren?
    /// The last folder looked up, and what is known of it.
    private var lastFolder: [UInt8] = []
    private var lastFolderInfo: FolderInfo?
    /// The folders crawled so far: a folder's entries come right after it, but its subfolders
    /// come after all of them, and each needs the folder's row again.
    private var folderInfo: [ByteKey: FolderInfo] = [:]
    private var byInode: InodeTable?

    /// False when the file is only compared with a crawl, never copied: then a new path is not
    /// looked up among old inodes (``row(sameFileAs:)`` answers nil), which would cost a table
    /// of every row.
    private let findsRenames: Bool

    /// Steps a crawl may compare with this file before its pages are given back (see
    /// ``comparedSteps(_:)``).
    static let stepsBetweenReleases = 1 << 14
    private var stepsSinceRelease = 0

    /// Counts `count` crawl steps compared with the file; every ``stepsBetweenReleases`` its
    /// mapped pages are given back (``IndexFile/releaseAllPages()``), so a crawl of a million
    /// entries does not keep the whole index resident (a watcher's start peaked with most of it
    /// resident: `benchmarks/RESULTS.md`, "Numbers that were in code comments"). Pages still
    /// needed are mapped again from the page cache.
    /// Called from the thread that consumes the crawl's chunks only.
    func comparedSteps(_ count: Int) {
        stepsSinceRelease += count
        guard stepsSinceRelease >= Self.stepsBetweenReleases else { return }
        stepsSinceRelease = 0
        file.releaseAllPages()
    }

    /// Opens `file` for copying (every section's checksum verified first), or, when not
    /// `forCopying`, only for comparing a crawl with it (the sections a lookup reads are verified
    /// when first read).
    init(file: IndexFile, forCopying: Bool = true) throws(FSFindError) {
        self.file = file
        findsRenames = forCopying
        if forCopying {
            reader = try file.readerOfEverything(tree: true, releasingPages: true)
        } else {
            // Each section's pages go after its checksum: the crawl then maps back only what its
            // lookups read (kept, they were a watcher's whole start-up peak: `benchmarks/RESULTS.md`,
            // "Numbers that were in code comments").
            reader = try file.treeReader(for: [.addedDate], releasingPages: true)
        }
        children = FolderChildren(reader)
    }

    var count: Int { file.itemCount }

    /// The old row with `entry`'s path, if there is one.
    func row(of entry: CrawlEntry) -> Int? {
        var found: Int?
        if entry.nameStart > 0 {
            let folder = folder(of: entry)
            if let row = folder.row {
                found = children?.child(of: row, named: entry.path[entry.nameStart...])
            }
            // A name stored whole (its folder was not indexed, or the path has `//`) is not among
            // the folder's children; only rows inside the folder's block of paths can be it.
            if found == nil, folder.hasRowsBelow { found = reader.rowIndex(ofPath: entry.path) }
        } else {
            found = reader.rowIndex(ofPath: entry.path)
        }
        if entry.fileType == .directory {
            // Its entries come next.
            lastFolder = entry.path
            lastFolderInfo = FolderInfo(row: found, hasRowsBelow: found != nil || hasRows(below: entry.path))
            folderInfo[ByteKey(entry.path)] = lastFolderInfo
        }
        return found
    }

    private struct FolderInfo {
        var row: Int?
        /// False when no old path starts with the folder's path + `/`: then nothing in it is old.
        var hasRowsBelow: Bool
    }

    private func folder(of entry: CrawlEntry) -> FolderInfo {
        let end = entry.nameStart > 1 ? entry.nameStart - 1 : entry.nameStart
        let folder = entry.path[..<end]
        if let info = lastFolderInfo, Self.equal(folder, lastFolder) { return info }
        lastFolder = Array(folder)
        if let info = folderInfo[ByteKey(lastFolder)] {
            lastFolderInfo = info
            return info
        }
        let row = reader.rowIndex(ofPath: lastFolder)
        let info = FolderInfo(row: row, hasRowsBelow: row != nil || hasRows(below: lastFolder))
        lastFolderInfo = info
        return info
    }

    private static func equal(_ a: ArraySlice<UInt8>, _ b: [UInt8]) -> Bool {
        a.count == b.count
            && a.withUnsafeBytes { x in
                b.withUnsafeBytes { y in
                    // No address: both empty.
                    guard let left = x.baseAddress, let right = y.baseAddress else { return true }
                    return memcmp(left, right, x.count) == 0
                }
            }
    }

    private func hasRows(below folder: [UInt8]) -> Bool {
        rows(within: folder).contains { !$0.isEmpty }
    }

    /// The crawl is over: the lookup tables it used (children, folders seen, inodes:
    /// `benchmarks/RESULTS.md`, "The watcher's every case under 128 MiB") and the pages its
    /// comparisons mapped are let go before the new file is written,
    /// which needs neither (a watcher's start that refreshed the whole index peaked here, on top
    /// of the rows' tables). ``row(of:)`` and ``row(sameFileAs:)`` are not called after.
    func crawlFinished() {
        children = nil
        folderInfo = [:]
        lastFolder = []
        lastFolderInfo = nil
        byInode = nil
        file.releaseAllPages()
        fsfind_release_free_memory()
    }

    /// Rows at `folder` or below it (``IndexFile/rows(within:)``).
    func rows(within folder: [UInt8]) -> [Range<Int>] { file.rows(within: folder) }

    /// The old row of a file that may have been renamed: same device, inode, size and mtime.
    ///
    /// The table is built on first use, which only a refresh with new paths pays for.
    func row(sameFileAs identity: FileIdentity) -> Int? {
        guard findsRenames else { return nil }
        if byInode == nil { byInode = InodeTable(count: count) { reader.identity(at: $0) } }
        return byInode?.row(sameFileAs: identity) { reader.identity(at: $0) }
    }
}

/// The rows of the previous file by what survives a rename (``InodeKey``), in 8 bytes per row.
///
/// A dictionary keyed by the 32-byte key took nine times that (its key storage is sized to twice
/// the count; `benchmarks/RESULTS.md`, "A fold, a refresh and a watcher's start without the whole
/// index in memory"); this is one sorted array of `hash << 32 | row`, searched by hash,
/// each candidate checked against the file's own identity record. Of rows with the same key
/// (hard links), the last one answers, as the dictionary's last insertion did.
private struct InodeTable {
    private var entries: [UInt64]

    init(count: Int, identity: (Int) -> FileIdentity) {
        entries = []
        entries.reserveCapacity(count)
        for row in 0..<count { entries.append(UInt64(Self.hash(InodeKey(identity(row)))) << 32 | UInt64(row)) }
        entries.sort()
    }

    func row(sameFileAs identity: FileIdentity, identityOf: (Int) -> FileIdentity) -> Int? {
        let key = InodeKey(identity)
        let hash = UInt64(Self.hash(key))
        // The first entry past this hash, then back through the entries of this hash: the
        // highest row first.
        var low = 0
        var high = entries.count
        while low < high {
            let mid = low + (high - low) / 2
            if entries[mid] >> 32 <= hash { low = mid + 1 } else { high = mid }
        }
        var index = low - 1
        while index >= 0, entries[index] >> 32 == hash {
            let row = Int(entries[index] & 0xFFFF_FFFF)
            if InodeKey(identityOf(row)) == key { return row }
            index -= 1
        }
        return nil
    }

    private static func hash(_ key: InodeKey) -> UInt32 {
        var hasher = Hasher()
        hasher.combine(key)
        return UInt32(truncatingIfNeeded: hasher.finalize())
    }
}

/// What survives a rename: device, inode, and the content's size and mtime.
///
/// A rename keeps all four (only ctime moves), so a moved file keeps its `addedDate`. Size and
/// mtime are in the key because file systems reuse a deleted file's inode at once: a file created
/// right after another was deleted must not inherit the deleted one's `addedDate`.
private struct InodeKey: Hashable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let mtimeNanos: Int64
    init(_ identity: FileIdentity) {
        device = identity.device
        inode = identity.inode
        size = identity.size
        mtimeNanos = identity.mtimeNanos
    }
}
