import FSFindModel
import FSFindPlatform
import Glibc

extension PathBytes {
    /// The absolute, symlink-resolved form of `path` (realpath(3)), or nil with errno set: only the
    /// command line resolves the paths a person names (roots, `--only-in`, `show`'s files), so
    /// that a symlink to a folder finds the same items as the folder.
    static func realPath(_ path: [UInt8]) -> [UInt8]? {
        let resolved: UnsafeMutablePointer<CChar>? = withCString(path) { realpath($0, nil) }
        guard let resolved else { return nil }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }
}
