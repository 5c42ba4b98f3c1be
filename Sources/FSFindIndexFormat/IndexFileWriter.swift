import FSFindModel
import Foundation
import Glibc
import SystemPackage

/// An index file written section by section into a temporary file beside its target, then
/// renamed over it: ``IndexBuilder`` hands over each section as soon as it is made, so a file of a
/// million items is never whole in memory (a fold of the delta held all of it, plus the base's
/// pages it read: `benchmarks/RESULTS.md`, "Live index with the delta").
///
/// The header's size depends on how many sections there are, known only at the end, so the
/// sections start after room for the largest directory (``reservedHeaderSize``) and a `padding`
/// section (`docs/index-format.md`) fills what the real directory leaves of it. The file is
/// atomic as ``IndexWriter/replaceAtomically(path:with:)``'s: written and flushed under a
/// temporary name, renamed by ``commit()``; a writer dropped before that removes its file.
final class IndexFileWriter: SectionSink {
    /// The file this writer replaces.
    let path: String
    private let temporary: String
    private var descriptor: FileDescriptor?
    private var entries: [Entry] = []
    private var offset = IndexFileWriter.reservedHeaderSize
    private var finished = false
    private var committed = false

    private struct Entry {
        var kind: SectionKind
        var param: UInt32
        var format: UInt32
        var offset: Int
        var length: Int
        var checksum: UInt32
    }

    /// Where the first section starts: after a header with the most sections a file may have.
    static let reservedHeaderSize =
        IndexFormat.fixedHeaderSize + IndexFormat.maxSections * IndexFormat.directoryEntrySize

    /// Creates the temporary file beside `path` (and `path`'s folder when missing).
    init(replacing path: String) throws(FSFindError) {
        let (folder, name) = IndexWriter.split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw FSFindError(.io, "cannot write the index to \(path): not a file name", path: path)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FSFindError(.io, "cannot create the folder \(folder) for the index \(path)", path: folder)
        }
        self.path = path
        temporary = (folder == "/" ? "/" : folder + "/") + ".\(name).tmp.\(getpid())"
        unlink(temporary)  // a leftover from a killed run with our pid; absent is fine
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.failure("open", "cannot create the temporary index file", temporary) }
        descriptor = FileDescriptor(rawValue: fd)
    }

    deinit {
        if let descriptor { try? descriptor.close() }
        if !committed { unlink(temporary) }
    }

    /// Writes `section` (and its zero padding) after the ones before it.
    func add(_ section: EncodedSection) throws(FSFindError) {
        let padding = IndexImage.padding(section.bytes.count)
        let zeros = [UInt8](repeating: 0, count: padding)
        try write(section.bytes, at: offset)
        if padding > 0 { try write(zeros, at: offset + section.bytes.count) }
        let checksum = zeros.withUnsafeBytes { CRC32C.update(CRC32C.checksum(section.bytes), $0) }
        entries.append(
            Entry(
                kind: section.kind, param: section.param, format: section.format, offset: offset,
                length: section.bytes.count + padding, checksum: checksum))
        offset += section.bytes.count + padding
    }

    /// Room for a section of `length` bytes (its padding added after), written in pieces.
    func reserve(_ kind: SectionKind, param: UInt32, format: UInt32, length: Int) throws(FSFindError)
        -> SectionPieces?
    {
        let padding = IndexImage.padding(length)
        let index = entries.count
        entries.append(
            Entry(kind: kind, param: param, format: format, offset: offset, length: length + padding, checksum: 0))
        offset += length + padding
        return SectionPieces(length: length) { (bytes, at) throws(FSFindError) in
            try self.write(bytes, at: self.entries[index].offset + at)
        } finish: { (checksum) throws(FSFindError) in
            let zeros = [UInt8](repeating: 0, count: padding)
            if padding > 0 { try self.write(zeros, at: self.entries[index].offset + length) }
            self.entries[index].checksum = zeros.withUnsafeBytes { CRC32C.update(checksum, $0) }
        }
    }

    /// Writes the header and directory in the room left for them, and flushes the file; the
    /// target is not touched until ``commit()``.
    func finish(itemCount: Int, createdAt: Date) throws(FSFindError) {
        // With fewer sections than the most, a padding section (first in the directory) covers
        // the room the directory does not use.
        var all = entries
        if all.count < IndexFormat.maxSections {
            let start = IndexFormat.fixedHeaderSize + (all.count + 1) * IndexFormat.directoryEntrySize
            let length = Self.reservedHeaderSize - start
            let zeros = [UInt8](repeating: 0, count: length)
            try write(zeros, at: start)
            all.insert(
                Entry(
                    kind: .padding, param: 0, format: 0, offset: start, length: length,
                    checksum: CRC32C.checksum(zeros)),
                at: 0)
        }
        guard all.count <= IndexFormat.maxSections else {
            throw FSFindError.broken(
                "cannot write the index: \(all.count) sections exceed the format's \(IndexFormat.maxSections)")
        }
        var directory = ByteWriter()
        for entry in all {
            directory.appendLittleEndian(entry.kind.rawValue)
            directory.appendLittleEndian(entry.param)
            directory.appendLittleEndian(UInt64(entry.offset))
            directory.appendLittleEndian(UInt64(entry.length))
            directory.appendLittleEndian(entry.checksum)
            directory.appendLittleEndian(entry.format)
        }
        let header = IndexImage.header(
            directory: directory.bytes, sectionCount: all.count, fileLength: offset, itemCount: itemCount,
            createdAt: createdAt)
        try write(header, at: 0)
        try flushAndClose()
    }

    /// Writes a whole file encoded in memory (``IndexImage``: header, then its sections, no room
    /// to fill) and flushes it; ``commit()`` puts it in place.
    func write(_ image: IndexImage) throws(FSFindError) {
        guard entries.isEmpty else { throw FSFindError.broken("an index image written after sections") }
        var position = 0
        for chunk in image.chunks {
            try write(chunk, at: position)
            position += chunk.count
        }
        try flushAndClose()
    }

    private func flushAndClose() throws(FSFindError) {
        guard let descriptor else { throw FSFindError.broken("the index writer was used after it finished") }
        if fsync(descriptor.rawValue) != 0 {
            throw Self.failure("fsync", "cannot flush the temporary index file", temporary)
        }
        self.descriptor = nil
        do {
            try descriptor.close()
        } catch {
            throw FSFindError.system(
                "close", (error as? Errno) ?? .ioError, "cannot close the temporary index file \(temporary)",
                path: temporary)
        }
        finished = true
    }

    /// Renames the finished file over the target, then makes the rename durable.
    func commit() throws(FSFindError) {
        guard finished, descriptor == nil else {
            throw FSFindError.broken("the index was committed before it was finished")
        }
        guard rename(temporary, path) == 0 else {
            let failure = Self.failure("rename", "cannot move the new index over", path)
            unlink(temporary)
            throw failure
        }
        committed = true
        IndexWriter.syncFolder(of: path)
    }

    private func write(_ bytes: [UInt8], at position: Int) throws(FSFindError) {
        guard let descriptor else { throw FSFindError.broken("the index writer was used after it finished") }
        do {
            _ = try bytes.withUnsafeBytes { try descriptor.writeAll(toAbsoluteOffset: Int64(position), $0) }
        } catch {
            throw FSFindError.system(
                "pwrite", (error as? Errno) ?? .ioError, "cannot write the temporary index file \(temporary)",
                path: temporary)
        }
    }

    private static func failure(_ call: String, _ what: String, _ path: String) -> FSFindError {
        .system(call, Errno(rawValue: errno), "\(what) \(path)", path: path)
    }
}

/// Where ``IndexBuilder`` puts a file's sections as it finishes them.
protocol SectionSink: AnyObject {
    /// Takes a whole section.
    func add(_ section: EncodedSection) throws(FSFindError)
    /// Room for a section of exactly `length` bytes that is written in pieces, in order, while
    /// the rows are emitted; nil when the sink takes sections only whole.
    func reserve(_ kind: SectionKind, param: UInt32, format: UInt32, length: Int) throws(FSFindError)
        -> SectionPieces?
}

extension SectionSink {
    /// ``reserve(_:param:format:length:)`` for a section without parameter or format.
    func reserve(_ kind: SectionKind, length: Int) throws(FSFindError) -> SectionPieces? {
        try reserve(kind, param: 0, format: 0, length: length)
    }
}

/// One section's bytes as they are made: handed to a streaming sink a megabyte at a time, to any
/// other sink whole at the end. So a section of a million rows never needs its whole bytes in
/// memory when written to a file.
struct SectionStream {
    var writer = ByteWriter()
    private let pieces: SectionPieces?
    private let kind: SectionKind
    private let param: UInt32
    private let format: UInt32

    /// A stream for a section of exactly `length` bytes.
    init(_ kind: SectionKind, param: UInt32 = 0, format: UInt32 = 0, length: Int, sink: some SectionSink)
        throws(FSFindError)
    {
        self.kind = kind
        self.param = param
        self.format = format
        pieces = try sink.reserve(kind, param: param, format: format, length: length)
        writer.bytes.reserveCapacity(pieces == nil ? length : min(length, Self.piece + 64))
    }

    static let piece = 1 << 20

    /// Hands the bytes so far to the sink once a piece's worth waits; call after each record.
    mutating func flushIfFull() throws(FSFindError) {
        guard let pieces, writer.bytes.count >= Self.piece else { return }
        try pieces.write(writer.bytes)
        writer.bytes.removeAll(keepingCapacity: true)
    }

    /// Ends the section: the last piece, or the whole section to `sink`.
    consuming func finish(into sink: some SectionSink) throws(FSFindError) {
        if let pieces {
            try pieces.write(writer.bytes)
            try pieces.finish()
        } else {
            try sink.add(EncodedSection(kind: kind, param: param, format: format, bytes: writer.bytes))
        }
    }
}

/// A section written a piece at a time into room reserved for it (``SectionSink/reserve(_:length:)``),
/// its checksum worked out as the pieces go.
final class SectionPieces {
    private let length: Int
    private var written = 0
    private var checksum = CRC32C.checksum([])
    private let put: ([UInt8], Int) throws(FSFindError) -> Void
    private let done: (UInt32) throws(FSFindError) -> Void

    init(
        length: Int, put: @escaping ([UInt8], Int) throws(FSFindError) -> Void,
        finish done: @escaping (UInt32) throws(FSFindError) -> Void
    ) {
        self.length = length
        self.put = put
        self.done = done
    }

    /// The next piece.
    func write(_ bytes: [UInt8]) throws(FSFindError) {
        guard written + bytes.count <= length else {
            throw FSFindError.broken("a section outgrew the \(length) bytes reserved for it")
        }
        try put(bytes, written)
        checksum = bytes.withUnsafeBytes { CRC32C.update(checksum, $0) }
        written += bytes.count
    }

    /// After the last piece: the section must be exactly as long as reserved.
    func finish() throws(FSFindError) {
        guard written == length else {
            throw FSFindError.broken("a section of \(written) bytes filled room for \(length)")
        }
        try done(checksum)
    }
}

/// A file's sections kept in memory, whole (``IndexImage``).
final class SectionList: SectionSink {
    private(set) var sections: [EncodedSection] = []
    func add(_ section: EncodedSection) throws(FSFindError) { sections.append(section) }
    func reserve(_ kind: SectionKind, param: UInt32, format: UInt32, length: Int) throws(FSFindError)
        -> SectionPieces?
    { nil }
}
