import FSFindModel
import FSFindPlatform
import Glibc

extension CrawlOptions {
    /// Whether a crawl of `root` with these options would reach `path`: no component below the
    /// root hidden (unless hidden entries are included), none matching an exclude glob by its
    /// name or its path, as ``Crawler`` decides entry by entry. `fsfind watch` asks it of the paths
    /// its events name.
    func admits(_ path: [UInt8], below root: [UInt8]) -> Bool {
        guard PathBytes.isWithin(path, folder: root) else { return false }
        // `end` is where the component before the next one ends: at the root's trailing `/`, if any.
        var end = root.last == UInt8(ascii: "/") ? root.count - 1 : root.count
        while end < path.count {
            let start = end + 1
            end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.count
            guard start < end else { continue }
            let name = Array(path[start..<end])
            if !includeHidden, name.first == UInt8(ascii: ".") { return false }
            let prefix = Array(path[..<end])
            let excluded = excludes.contains { glob in
                PathBytes.withCString(name) { cName in
                    PathBytes.withCString(prefix) { cPath in
                        fnmatch(glob, cName, 0) == 0 || fnmatch(glob, cPath, 0) == 0
                    }
                }
            }
            if excluded { return false }
        }
        return true
    }
}

extension [IndexRoot] {
    /// The innermost of these roots that `path` is at or below, if the root's options admit it:
    /// the root whose options a crawl reaching `path` would use. Nil for a path no root reaches.
    func admitting(_ path: [UInt8]) -> IndexRoot? {
        let holders = filter { PathBytes.isWithin(path, folder: $0.path) }
        guard let root = holders.max(by: { $0.path.count < $1.path.count }),
            root.options.admits(path, below: root.path)
        else { return nil }
        return root
    }
}
