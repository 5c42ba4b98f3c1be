import CPlatform
import FSFindModel
import FSFindPlatform
import Glibc
import SystemPackage

/// Walks a folder tree with POSIX calls, paths as raw bytes end to end, reporting every entry
/// with its `statx` status (lstat semantics) and every failure as a diagnostic.
///
/// - The root itself is the first entry. Pass an absolute path; the crawler does not resolve it.
///   Hidden-name and exclude rules apply below the root, never to the root the caller named.
/// - Symlinks are entries, never followed; only folders reached by real directory entries are
///   descended, and a folder already crawled (a bind mount of an ancestor) is not crawled again.
/// - Iterative with an explicit stack: depth is bounded by memory, not the call stack. Each folder
///   is read completely and closed before its subfolders, so at most one folder is open at a time
///   (two briefly for paths of `PATH_MAX` bytes or more).
/// - Entries of one folder are reported in byte order of their names, files before subfolders:
///   the same tree always crawls in the same order.
/// - A folder that cannot be opened or listed is still an entry (with `unreadableReason`) plus a
///   diagnostic; an entry that cannot be stat'ed is only a diagnostic (nothing is known about it);
///   an entry that vanished between listing and stat, and a folder that vanished (`ENOENT`, or
///   `ENOTDIR`: replaced by a file) between its parent's listing and its own, are deleted, not
///   failures: silently skipped, with what was below them.
package struct Crawler: Sendable {
    let options: CrawlOptions

    package init(options: CrawlOptions) {
        self.options = options
    }

    /// Crawls `root`, calling `entry` for each entry (root first) and `diagnostic` for each failure.
    /// - Throws: ``FSFindError`` (`.io`) only when the root itself cannot be stat'ed.
    func crawl(
        root: [UInt8], entry: (CrawlEntry) -> Void, diagnostic: (CrawlDiagnostic) -> Void
    ) throws(FSFindError) {
        let rootEntry = try rootEntry(root)
        guard rootEntry.fileType == .directory else {
            entry(rootEntry)
            return
        }

        // The glob's bytes as given on the command line (see `PathBytes.argument`), NUL-terminated.
        let excludes = options.excludes.map { PathBytes.bytes($0).map { CChar(bitPattern: $0) } + [0] }
        var pending: [CrawlEntry] = [rootEntry]
        var visited: Set<DirectoryKey> = []
        while let folder = pending.popLast() {
            guard visited.insert(DirectoryKey(folder.identity)).inserted else {
                entry(folder)
                diagnostic(Self.alreadyCrawled(folder))
                continue
            }
            let listing = read(folder, excludes: excludes)
            if listing.vanished { continue }  // deleted since its parent was listed
            listing.diagnostics.forEach(diagnostic)
            entry(listing.folder)
            listing.files.forEach(entry)
            pending.append(contentsOf: listing.subfolders.reversed())
        }
    }

    /// The root's entry; ``FSFindError`` (`.io`) when the root itself cannot be stat'ed.
    func rootEntry(_ root: [UInt8]) throws(FSFindError) -> CrawlEntry {
        let rootPath = PathBytes.trimmed(root)
        guard let status = PathBytes.withCString(rootPath, { FileStatus.of($0) }) else {
            let code = errno
            throw FSFindError(
                .io, "cannot read \(PathBytes.display(rootPath))",
                path: PathBytes.display(rootPath), remedy: .advice("check that the path exists and is readable"),
                underlying: Errno(rawValue: code))
        }
        return Self.makeEntry(path: rootPath, nameStart: PathBytes.nameStart(of: rootPath), status: status)
    }

    static func alreadyCrawled(_ folder: CrawlEntry) -> CrawlDiagnostic {
        CrawlDiagnostic(path: folder.path, message: "already crawled through another path; not descended")
    }

    /// What reading one folder gives: the folder's entry (with `unreadableReason` when it could
    /// not be listed), its entries that are not folders, its subfolders (reported when they are
    /// read in turn), and the diagnostics, in the order they arose.
    struct FolderListing: Sendable {
        var folder: CrawlEntry
        var files: [CrawlEntry] = []
        var subfolders: [CrawlEntry] = []
        var diagnostics: [CrawlDiagnostic] = []
        /// The folder was gone when it was to be opened: deleted, not unreadable. The other
        /// fields then say nothing.
        var vanished = false
    }

    /// Lists and stats one folder.
    func read(_ folder: CrawlEntry, excludes: [[CChar]]) -> FolderListing {
        var result = FolderListing(folder: folder)
        let listing = list(folder.path, excludes: excludes, diagnostic: { result.diagnostics.append($0) })
        if listing.vanished {
            result.vanished = true
            return result
        }
        if let failure = listing.failure {
            result.folder.unreadableReason = failure
            result.diagnostics.append(CrawlDiagnostic(path: folder.path, message: "cannot read folder: \(failure)"))
        }
        for child in listing.entries {
            if child.fileType == .directory { result.subfolders.append(child) } else { result.files.append(child) }
        }
        return result
    }

    struct DirectoryKey: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        init(_ identity: FileIdentity) {
            device = identity.device
            inode = identity.inode
        }
    }

    private struct Listing {
        var entries: [CrawlEntry] = []
        /// Why the folder could not be opened or read to the end.
        var failure: String?
        /// Nothing (or no folder) was at its path any more.
        var vanished = false
    }

    /// Opens the folder at `path`, reads every name, stats the ones that pass the filters and
    /// closes it again. Entries come back sorted by name.
    private func list(_ path: [UInt8], excludes: [[CChar]], diagnostic: (CrawlDiagnostic) -> Void) -> Listing {
        var listing = Listing()
        let fd: FileDescriptor
        do throws(Errno) {
            fd = try PathBytes.open(path, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        } catch {
            if Self.meansDeleted(error.rawValue) {
                listing.vanished = true
            } else {
                listing.failure = error.description
            }
            return listing
        }
        guard let stream = fdopendir(fd.rawValue) else {
            listing.failure = Errno(rawValue: errno).description
            _ = try? fd.close()
            return listing
        }
        defer { closedir(stream) }

        let nameOffset = fsfind_dirent_name_offset()
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let record = readdir(stream) else {
                if errno != 0 { listing.failure = Errno(rawValue: errno).description }
                break
            }
            // Read d_name through a raw pointer: the record may be shorter than sizeof(dirent).
            let namePointer = UnsafeRawPointer(record).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
            let name = Array(UnsafeBufferPointer(start: namePointer, count: strlen(namePointer)))
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        names.sort { $0.lexicographicallyPrecedes($1) }

        let directory = FileDescriptor(rawValue: dirfd(stream))
        for name in names {
            if !options.includeHidden, name.first == UInt8(ascii: ".") { continue }
            let childPath = PathBytes.join(path, name)
            if isExcluded(name: name, path: childPath, excludes: excludes) { continue }
            guard let status = PathBytes.withCString(name, { FileStatus.of($0, in: directory) }) else {
                let code = errno
                switch code {
                case ENOENT:
                    continue  // Removed since the listing: nothing to report.
                case EACCES, EPERM:
                    // A folder that may be listed but not searched (r-- without x): every entry
                    // would fail alike, so report the folder once instead of each name.
                    listing.failure = Errno(rawValue: code).description
                    return listing
                default:
                    diagnostic(
                        CrawlDiagnostic(path: childPath, message: "cannot stat: \(Errno(rawValue: code).description)"))
                    continue
                }
            }
            listing.entries.append(
                Self.makeEntry(path: childPath, nameStart: childPath.count - name.count, status: status))
        }
        return listing
    }

    /// True for the errors that say a path met in a crawl is gone since: `ENOENT`, and
    /// `ENOTDIR` (it, or a folder on its way, is a file now). Such a path is deleted, not
    /// unreadable: a busy build tree makes thousands of them a minute.
    package static func meansDeleted(_ code: Int32) -> Bool { code == ENOENT || code == ENOTDIR }

    /// The error the status of `path` fails with (`statx`, its last component not followed, as
    /// the crawl reads an entry's); nil when it has one, so a crawl can begin there.
    package static func missing(_ path: [UInt8]) -> Errno? {
        let status = PathBytes.withCString(PathBytes.trimmed(path)) { FileStatus.of($0) }
        return status == nil ? Errno(rawValue: errno) : nil
    }

    private func isExcluded(name: [UInt8], path: [UInt8], excludes: [[CChar]]) -> Bool {
        guard !excludes.isEmpty else { return false }
        return PathBytes.withCString(name) { cName in
            PathBytes.withCString(path) { cPath in
                excludes.contains { pattern in
                    pattern.withUnsafeBufferPointer { glob in
                        // Non-empty: utf8CString always ends in NUL.
                        let globPointer = glob.baseAddress!
                        return fnmatch(globPointer, cName, 0) == 0 || fnmatch(globPointer, cPath, 0) == 0
                    }
                }
            }
        }
    }

    private static func makeEntry(path: [UInt8], nameStart: Int, status: FileStatus) -> CrawlEntry {
        var entry = CrawlEntry(
            path: path, nameStart: nameStart, fileType: CrawlEntry.FileType(mode: status.mode),
            identity: status.identity, accessTime: status.accessTime, modificationTime: status.modificationTime,
            changeTime: status.changeTime, birthTime: status.birthTime, mode: status.mode)
        entry.userID = status.userID
        entry.groupID = status.groupID
        entry.linkCount = status.linkCount
        return entry
    }
}
