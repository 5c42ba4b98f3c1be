import FSFindPlatform
import SystemPackage

extension FileDescriptor {
    /// Exactly `count` bytes (at `offset` when given), or nil when the file ends first or a read
    /// fails: what a parser of a fixed-size header or record asks (the worker's frames, TIFF's
    /// directories, ZIP's records, libmagic's database), over Platform's `read(upTo:)`, which
    /// retries `EINTR`.
    func read(exactly count: Int, atAbsoluteOffset offset: Int? = nil) -> [UInt8]? {
        guard count >= 0, (offset ?? 0) >= 0, let bytes = try? read(upTo: count, atAbsoluteOffset: offset),
            bytes.count == count
        else { return nil }
        return bytes
    }
}
