import FSFindTestSupport
import Foundation
import Glibc
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel

/// What a process remembers of the index files it verified (``VerifiedFiles``): the very same
/// file is not checksummed again, anything else is. Every key here is made up and unique to its
/// test (its inode), so the tests share the process-wide table without meeting.
@Suite struct VerifiedFilesTests {
    static let now = 2_000_000_000

    /// A key for a settled file of 2 MiB, changed an hour before ``now``.
    func key(inode: UInt64, changed: Int = now - 3600, size: Int64 = 2 << 20) -> VerifiedFiles.Key {
        VerifiedFiles.Key(
            device: 0xF5F1, inode: inode, size: size, modified: timespec(tv_sec: changed, tv_nsec: 5),
            changed: timespec(tv_sec: changed, tv_nsec: 7), headerChecksum: 0xABCD)
    }

    @Test func theSameFileIsRememberedAndAnyChangeIsAnotherFile() {
        let file = key(inode: 9_000_001)
        VerifiedFiles.record(0b101, of: file, now: Self.now)
        VerifiedFiles.record(0b010, of: file, now: Self.now)
        #expect(VerifiedFiles.sections(of: file) == 0b111)
        var written = file
        written.changed.tv_nsec += 1
        #expect(VerifiedFiles.sections(of: written) == 0)
        var resized = file
        resized.size += 1
        #expect(VerifiedFiles.sections(of: resized) == 0)
        var otherHeader = file
        otherHeader.headerChecksum += 1
        #expect(VerifiedFiles.sections(of: otherHeader) == 0)
    }

    /// A section whose shape was checked is remembered apart from one whose checksum was.
    @Test func shapesAreRememberedApartFromChecksums() {
        let file = key(inode: 9_000_004)
        VerifiedFiles.record(0b1, of: file, now: Self.now)
        #expect(VerifiedFiles.sections(of: file, .shape) == 0)
        VerifiedFiles.record(0b110, .shape, of: file, now: Self.now)
        #expect(VerifiedFiles.sections(of: file, .shape) == 0b110)
        #expect(VerifiedFiles.sections(of: file) == 0b1)
        let other = key(inode: 9_000_005)
        VerifiedFiles.record(0b10, .shape, of: other, now: Self.now)
        #expect(VerifiedFiles.sections(of: other) == 0)
        #expect(VerifiedFiles.sections(of: other, .shape) == 0b10)
    }

    /// An opened file checks a section's shape once: the next reader of the same sections
    /// checks nothing, a reader of more checks only what is new to it.
    @Test func aSectionsShapeIsCheckedOncePerOpenedFile() throws {
        let folder = TemporaryFolder()
        let path = folder.file("shapes.fsfind")
        let items = (0..<50).map { n in
            Fixtures.item(String(format: "/s/%03d.txt", n), [.title: .text("title \(n)")], n: UInt64(n))
        }
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let file = try IndexFile(path: path)
        try file.prepare([.title], identities: true, problems: false)
        #expect(try file.checkShapes(of: [.title], reads: [.paths, .identities]))
        #expect(try !file.checkShapes(of: [.title], reads: [.paths, .identities]))
        try file.prepare([.title], identities: true, problems: true)
        #expect(try file.checkShapes(of: [.title], reads: [.paths, .identities, .problems]))
        #expect(
            file.unshaped(
                file.sectionsRead(by: [.title], identities: true, problems: true, paths: true, textDocuments: false)
            ).isEmpty)
    }

    @Test func aFileChangedJustNowIsNotRemembered() {
        let recent = key(inode: 9_000_002, changed: Self.now - 1)
        VerifiedFiles.record(0b1, of: recent, now: Self.now)
        #expect(VerifiedFiles.sections(of: recent) == 0)
    }

    @Test func aSmallFileIsNotRemembered() {
        let small = key(inode: 9_000_003, size: 4096)
        VerifiedFiles.record(0b1, of: small, now: Self.now)
        #expect(VerifiedFiles.sections(of: small) == 0)
    }

    @Test func onlyTheLastFewFilesAreRemembered() {
        let first = key(inode: 9_000_100)
        VerifiedFiles.record(0b1, of: first, now: Self.now)
        for n in 1...VerifiedFiles.capacity {
            VerifiedFiles.record(0b1, of: key(inode: 9_000_100 + UInt64(n)), now: Self.now)
        }
        #expect(VerifiedFiles.sections(of: first) == 0)
    }

    /// A file written just now (every test's) is checked at every open: damage written into it
    /// after a first open that found it sound is found by the next.
    @Test func damageWrittenIntoAFreshFileIsFoundByTheNextOpen() throws {
        let folder = TemporaryFolder()
        let path = folder.file("big.fsfind")
        let items = (0..<6000).map { n in
            Fixtures.item(
                String(format: "/big/%05d.txt", n), [.title: .text(String(repeating: "title \(n) ", count: 30))],
                n: UInt64(n))
        }
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let sound = try IndexFile(path: path)
        #expect(sound.fileSize >= Int(VerifiedFiles.minimumSize))
        try sound.prepareAll()
        let middle = sound.sections[sound.fixed.strings]
        let descriptor = open(path, O_RDWR)
        #expect(descriptor >= 0)
        let at = off_t(middle.offset + middle.length / 2)
        var byte: UInt8 = 0
        #expect(pread(descriptor, &byte, 1, at) == 1)
        byte ^= 0xFF
        #expect(pwrite(descriptor, &byte, 1, at) == 1)
        close(descriptor)
        #expect {
            try IndexFile(path: path).prepareAll()
        } throws: { error in
            (error as? FSFindError)?.code == .indexCorrupt
        }
    }
}
