/// What decides whether a file changed since the last index run (`docs/spec/cli.md`): an entry whose identity
/// is unchanged keeps its extracted metadata without being opened again.
package struct FileIdentity: Sendable, Hashable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    /// Modification time, nanoseconds since the Unix epoch.
    package var mtimeNanos: Int64
    /// Status-change time, nanoseconds since the Unix epoch.
    package var ctimeNanos: Int64

    package init(device: UInt64, inode: UInt64, size: Int64, mtimeNanos: Int64, ctimeNanos: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.mtimeNanos = mtimeNanos
        self.ctimeNanos = ctimeNanos
    }
}
