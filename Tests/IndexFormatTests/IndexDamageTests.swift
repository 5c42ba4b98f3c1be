import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindManual
@testable import FSFindModel

/// Damaged, foreign and truncated files: each gives `.indexCorrupt` naming the file, or (when a
/// change happens to be harmless) exactly the original answer; never a crash or a wrong answer.
@Suite struct IndexDamageTests {
    /// Opens `bytes` from memory, as a file named `path`, reading everything.
    private func open(_ bytes: [UInt8], at path: String) throws(FSFindError) -> IndexContents {
        try IndexFile(bytes: bytes, name: path).contents()
    }

    private func goodBytes(_ folder: TemporaryFolder) throws -> (bytes: [UInt8], expected: IndexContents) {
        let path = folder.file("good.fsfind")
        let contents = Fixtures.contents()
        try IndexWriter.write(contents, to: path)
        return (try Array(Data(contentsOf: URL(fileURLWithPath: path))), Fixtures.sorted(contents))
    }

    @Test func emptyFile() {
        let folder = TemporaryFolder()
        let path = folder.file("empty.fsfind")
        let error = expectCorrupt(path) { () throws(FSFindError) in _ = try open([], at: path) }
        #expect(error?.message.contains("is empty") == true)
        #expect(error?.remedy == .rebuildIndex)
    }

    @Test func foreignFiles() throws {
        let folder = TemporaryFolder()
        let path = folder.file("foreign.fsfind")
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
            0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE,
            0x42, 0x60, 0x82,
        ]
        var error = expectCorrupt(path) { () throws(FSFindError) in _ = try open(png, at: path) }
        #expect(error?.message.contains("not an fsfind index") == true)
        error = expectCorrupt(path) { () throws(FSFindError) in _ = try open(Array("hello\n".utf8), at: path) }
        #expect(error?.message.contains("not an fsfind index") == true)
        // A folder or a FIFO where the index should be: refused at once (not rebuilt over, not
        // waited on), naming the path.
        let dir = folder.file("dir.fsfind")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        let fifo = folder.file("fifo.fsfind")
        #expect(mkfifo(fifo, 0o644) == 0)
        for path in [dir, fifo] {
            #expect {
                _ = try IndexFile(path: path)
            } throws: { error in
                guard let error = error as? FSFindError else { return false }
                return error.code == .io && error.message.contains("\(path) is not a regular file")
            }
        }
    }

    /// Damage behind valid checksums that the structure gives away: an item count one too low or
    /// one too high, or two sections with swapped labels. Refused when the file is opened, never
    /// answered from (#15 item 12).
    @Test func structureIsCrossCheckedWhenOpened() throws {
        let folder = TemporaryFolder()
        let (good, _) = try goodBytes(folder)
        func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
            bytes[at..<at + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }
        var variants: [(String, [UInt8])] = []
        for delta in [-1, 1] {
            var bytes = good
            let count = Int(u32(bytes, 24)) + delta
            for i in 0..<8 { bytes[24 + i] = UInt8(truncatingIfNeeded: count >> (8 * i)) }
            variants.append(("item count \(delta)", bytes))
        }
        // Swap the kinds of the names (4) and identities (6) sections in the directory.
        var swapped = good
        let sectionCount = Int(u32(good, 12))
        let entries = (0..<sectionCount).map { 48 + 32 * $0 }
        let names = try #require(entries.first { u32(good, $0) == SectionKind.names.rawValue })
        let identities = try #require(entries.first { u32(good, $0) == SectionKind.identities.rawValue })
        for i in 0..<4 { (swapped[names + i], swapped[identities + i]) = (swapped[identities + i], swapped[names + i]) }
        variants.append(("names and identities swapped", swapped))
        for (name, var bytes) in variants {
            Fixtures.fixChecksums(&bytes)
            let path = folder.file("\(name).fsfind")
            let error = expectCorrupt(path) { () throws(FSFindError) in _ = try IndexFile(bytes: bytes, name: path) }
            #expect(error != nil, "\(name)")
        }
    }

    @Test func otherVersion() throws {
        let folder = TemporaryFolder()
        var (bytes, _) = try goodBytes(folder)
        bytes[8] = UInt8(IndexFormat.version + 1)
        let path = folder.file("next.fsfind")
        let error = expectCorrupt(path) { () throws(FSFindError) in _ = try open(bytes, at: path) }
        #expect(error?.message.contains("another version") == true)
        bytes[8] = 0
        bytes[11] = 0x80
        expectCorrupt(path) { () throws(FSFindError) in _ = try open(bytes, at: path) }
    }

    @Test func truncatedAtEveryLength() throws {
        let folder = TemporaryFolder()
        let (bytes, _) = try goodBytes(folder)
        let path = folder.file("cut.fsfind")
        for length in 0..<bytes.count {
            let error = expectCorrupt(path) { () throws(FSFindError) in _ = try open(Array(bytes[..<length]), at: path)
            }
            if length >= 1, let error {
                #expect(error.message.contains("truncated"), "length \(length): \(error.message)")
            }
        }
        // Extra bytes at the end are damage too.
        expectCorrupt(path) { () throws(FSFindError) in _ = try open(bytes + [0], at: path) }
    }

    @Test func everySingleBitFlip() throws {
        let folder = TemporaryFolder()
        let (bytes, expected) = try goodBytes(folder)
        let path = folder.file("flip.fsfind")
        // Every bit of the header and directory, then a sample of the sections, ~2000 in all
        // beyond the header; a flip may be rejected or (never, with CRC-32C) give the original.
        let sectionCount = Int(bytes[12]) | Int(bytes[13]) << 8
        let headerBits = Array(0..<(IndexFormat.fixedHeaderSize + sectionCount * IndexFormat.directoryEntrySize) * 8)
        var generator = SplitMix64(seed: 42)
        let sampled = (0..<2_000).map { _ in Int.random(in: 0..<(bytes.count * 8), using: &generator) }
        var rejected = 0
        for bit in headerBits + sampled where bit < bytes.count * 8 {
            var damaged = bytes
            damaged[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
            do {
                let contents = try open(damaged, at: path)
                #expect(contents == expected, "bit \(bit) gave a different answer")
            } catch {
                #expect(error.code == .indexCorrupt, "bit \(bit): \(error)")
                #expect(error.message.contains(path))
                rejected += 1
            }
        }
        #expect(rejected > 4_000)
    }

    @Test func randomBytes() throws {
        let folder = TemporaryFolder()
        let path = folder.file("random.fsfind")
        var generator = SplitMix64(seed: 7)
        for size in [1, 7, 8, 12, 47, 48, 64, 100, 1_000, 10_000] {
            let random = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            expectCorrupt(path) { () throws(FSFindError) in _ = try open(random, at: path) }
            // The same behind a valid magic and version, so the later checks are reached.
            var disguised = random
            let prefix = IndexFormat.magic + [1, 0, 0, 0]
            for (i, byte) in prefix.enumerated() where i < disguised.count { disguised[i] = byte }
            expectCorrupt(path) { () throws(FSFindError) in _ = try open(disguised, at: path) }
        }
    }

    @Test func randomDamageWithRepairedHeader() throws {
        // Damage that a careless checksum scheme would miss: garbage inside a section with the
        // header left valid. Opening must work; reading must report damage, never misread.
        let folder = TemporaryFolder()
        let (bytes, expected) = try goodBytes(folder)
        let path = folder.file("garbage.fsfind")
        let file = try IndexFile(path: folder.file("good.fsfind"))
        var generator = SplitMix64(seed: 99)
        for section in file.sections {
            var damaged = bytes
            for _ in 0..<4 {
                let offset = section.offset + Int.random(in: 0..<section.length, using: &generator)
                damaged[offset] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                #expect(try open(damaged, at: path) == expected)
            } catch {
                #expect(error.code == .indexCorrupt)
                #expect(error.message.contains(section.name), "\(error.message)")
            }
        }
    }
}

/// Damage behind valid checksums, as a buggy writer could produce: the reader must not crash, hang
/// or read out of bounds. Row reads may return nil; whole-file reads may report damage.
@Suite struct IndexConsistencyFuzzTests {
    /// Exercises every read of an opened file; returns normally whatever the data says.
    static func readEverything(_ file: IndexFile) {
        _ = try? file.roots()
        _ = try? file.allItems()
        for index in 0..<min(file.itemCount, 64) {
            _ = file.item(at: index)
            let row = file.row(index)
            for attribute in Attribute.allCases { _ = row.value(of: attribute) }
            _ = file.rowIndex(ofPath: file.path(at: index))
        }
        // A reader made of such a file reads within the mapping too.
        if let reader = try? file.readerOfEverything() {
            for index in 0..<min(reader.itemCount, 64) {
                _ = reader.item(at: index)
                _ = reader.textDocument(at: index)
                _ = reader.rowIndex(ofPath: reader.path(at: index))
            }
        }
    }

    @Test func mutationsBehindValidChecksums() throws {
        let folder = TemporaryFolder()
        let goodPath = folder.file("good.fsfind")
        try IndexWriter.write(Fixtures.contents(), to: goodPath)
        let good = try Array(Data(contentsOf: URL(fileURLWithPath: goodPath)))
        let sections = try IndexFile(path: goodPath).sections
        let path = folder.file("fuzz.fsfind")
        var generator = SplitMix64(seed: 1234)
        var opened = 0
        for iteration in 0..<(ProcessInfo.processInfo.environment["FSFIND_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 1_500)
        {
            var bytes = good
            if iteration % 3 == 0 {
                // Header fields past the magic and version: counts, lengths, offsets, kinds.
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let at = Int.random(in: 12..<(48 + 32 * sections.count), using: &generator)
                    bytes[at] = iteration % 2 == 0 ? UInt8.random(in: 0...255, using: &generator) : bytes[at] ^ 0xFF
                }
            } else {
                // Section contents: ids, offsets, counts, parent rows.
                let section = sections[Int.random(in: 0..<sections.count, using: &generator)]
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let at = section.offset + Int.random(in: 0..<section.length, using: &generator)
                    bytes[at] =
                        [0x00, 0xFF, 0x7F, 0x80, UInt8.random(in: 0...255, using: &generator)][
                            Int.random(in: 0..<5, using: &generator)]
                }
            }
            Fixtures.fixChecksums(&bytes)
            do {
                let file = try IndexFile(bytes: bytes, name: path)
                opened += 1
                Self.readEverything(file)
            } catch {
                #expect(error.code == .indexCorrupt, "\(error)")
            }
        }
        #expect(opened > 0)
    }
}
