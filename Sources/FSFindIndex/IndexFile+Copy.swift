import FSFindModel
import Foundation

extension IndexFile {
    /// Whether this file is in the format this build writes (a refresh may copy it as it is).
    package var isCurrentFormat: Bool { formatVersion == Int(IndexFormat.version) }

    /// This file again, section for section, with only its roots' refresh times and its creation
    /// time new: what a refresh that found nothing changed writes. Re-encoding every row of a
    /// million-entry file took a second after a crawl of three (`benchmarks/RESULTS.md`,
    /// "A refresh that finds nothing changed copies the file"); the copy is a write of its bytes.
    ///
    /// `refreshed` holds a time per root, in the file's order. Every section is checked (its
    /// checksum) as it is read; the copy goes to a temporary file beside `path` that
    /// ``IndexFileWriter/commit()`` renames over it, as a written file does.
    package func copy(refreshed: [Date], createdAt: Date, replacing path: String) throws(FSFindError)
        -> IndexFileWriter
    {
        let writer = try IndexFileWriter(replacing: path)
        /// A section's checked bytes, and for the roots their copy with the new times.
        func read(_ index: Int) throws(FSFindError) -> (UnsafeRawBufferPointer, roots: [UInt8]?) {
            do throws(IndexDamage) {
                let bytes = try self.bytes(of: index)
                return (bytes, index == fixed.roots ? try Self.roots(bytes, refreshed: refreshed) : nil)
            } catch {
                throw damaged(error)
            }
        }
        for index in sections.indices where sections[index].kind != .padding {
            let entry = sections[index]
            let (bytes, roots) = try read(index)
            guard
                let pieces = try writer.reserve(
                    entry.kind, param: entry.param, format: entry.format, length: entry.length)
            else { throw FSFindError.broken("the index writer does not stream") }
            if let roots {
                try pieces.write(roots)
            } else {
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + SectionStream.piece)
                    try pieces.write(Array(bytes[start..<end]))
                    start = end
                }
            }
            try pieces.finish()
            releasePages(ofSections: [index])
        }
        try writer.finish(itemCount: itemCount, createdAt: createdAt)
        return writer
    }

    /// The roots section's bytes with each root's refresh time replaced (in the file's order);
    /// damage when the section does not hold exactly that many roots.
    private static func roots(_ bytes: UnsafeRawBufferPointer, refreshed: [Date]) throws(IndexDamage) -> [UInt8] {
        var copy = Array(bytes)
        var cursor = ByteCursor(bytes)
        guard Int(try cursor.readLittleEndianUInt32()) == refreshed.count else { throw IndexDamage("root count") }
        for date in refreshed {
            try cursor.skipBytes(8)  // path string id, flags
            let at = cursor.offset
            _ = try cursor.readLittleEndianUInt64()
            withUnsafeBytes(of: IndexFormat.bits(of: date.timeIntervalSinceReferenceDate).littleEndian) {
                for i in 0..<8 { copy[at + i] = $0[i] }
            }
            let excludes = Int(try cursor.readLittleEndianUInt32())
            guard excludes <= cursor.remaining / 4 else { throw IndexDamage("exclude count") }
            try cursor.skipBytes(4 * excludes)
        }
        return copy
    }
}
