import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel

/// ``IndexReader``: made for what a caller reads, damage an error when it is made, and reads that
/// give what the file holds.
@Suite struct IndexReaderTests {
    /// `Fixtures.contents()` written, and a copy with one byte of `attribute`'s column flipped.
    private static func damagedColumn(_ attribute: Attribute, in folder: TemporaryFolder) throws -> (
        good: String, damaged: String
    ) {
        let path = folder.file("index.fsfind")
        try IndexWriter.write(Fixtures.contents(), to: path)
        let clean = try IndexFile(path: path)
        let section = try #require(clean.columns[attribute])
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[clean.sections[section].offset + 9] ^= 0x10
        let damaged = folder.file("damaged.fsfind")
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        return (path, damaged)
    }

    @Test func aReaderForADamagedColumnThrowsWhenItIsMade() throws {
        let folder = TemporaryFolder()
        let (_, damaged) = try Self.damagedColumn(.duration, in: folder)
        let snapshot = try IndexSnapshot(path: damaged)  // opening reads only the header
        // What does not touch the damaged column reads, and reads whole.
        let reader = try snapshot.reader(for: [.fsName, .title, .contentType, .contentTypeTree])
        let song = try #require(reader.rowIndex(ofPath: Array("/data/music/song.mp3".utf8)))
        #expect(reader.value(of: .title, at: song) == .text("Été \u{1F3B5} — naïve"))
        // A reader of the damaged column is an error, not rows whose duration reads as absent.
        let error = expectCorrupt(damaged) { () throws(FSFindError) in
            _ = try snapshot.reader(for: [.duration], reading: [])
        }
        #expect(error?.message.contains("duration") == true)
        expectCorrupt(damaged) { () throws(FSFindError) in _ = try snapshot.readerOfEverything() }
        expectCorrupt(damaged) { () throws(FSFindError) in
            _ = try IndexFile(path: damaged).reader(for: [.title, .duration])
        }
    }

    @Test func aReaderOfDamagedPathsThrowsWhenItIsMade() throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        try IndexWriter.write(Fixtures.contents(), to: path)
        let clean = try IndexFile(path: path)
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[clean.sections[clean.fixed.names].offset + 12] ^= 0x01
        let damaged = folder.file("damaged.fsfind")
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let snapshot = try IndexSnapshot(path: damaged)
        let error = expectCorrupt(damaged) { () throws(FSFindError) in _ = try snapshot.reader(for: []) }
        #expect(error?.message.contains("names") == true)
        // A count of a query on other attributes reads no path: its reader does not check them.
        let count = try snapshot.reader(for: [.title], reading: [])
        #expect((0..<count.itemCount).contains { count.value(of: .title, at: $0) != nil })
    }

    /// A section whose checksum matches but whose shape is wrong (a writer's bug): the reader
    /// refuses it when made, where the row reads gave "absent" row by row.
    @Test func aSectionOfTheWrongShapeBehindItsChecksumThrowsWhenMade() throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        try IndexWriter.write(Fixtures.contents(), to: path)
        let clean = try IndexFile(path: path)
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        // The problems section's count, far past what its length holds.
        let problems = clean.sections[clean.fixed.problems].offset
        for i in 0..<4 { bytes[problems + i] = 0xFF }
        Fixtures.fixChecksums(&bytes)
        let file = try IndexFile(bytes: bytes, name: "shape.fsfind")
        let error = expectCorrupt("shape.fsfind") { () throws(FSFindError) in
            _ = try file.reader(for: [], reading: [.paths, .problems])
        }
        #expect(error?.message.contains("problems") == true)
        _ = try file.reader(for: [.title])
    }

    /// Made for some attributes and read for them, a reader gives the rows the whole-file
    /// decoder gives, base and delta alike.
    @Test func aReaderGivesTheRowsTheFileHolds() throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        let contents = Fixtures.contents()
        try IndexWriter.write(contents, to: path)
        let snapshot = try IndexSnapshot(path: path)
        let expected = try snapshot.allItems()
        let asked: Set<Attribute> = [.title, .duration, .contentTypeTree, .fileSize, .fsName, .addedDate]
        let reader = try snapshot.reader(for: asked, reading: [.paths, .identities, .problems])
        #expect(reader.itemCount == expected.count)
        for (row, item) in expected.enumerated() {
            #expect(reader.path(at: row) == item.path)
            #expect(reader.name(at: row) == Array(IndexFormat.lastComponent(item.path)))
            #expect(reader.identity(at: row) == item.identity)
            #expect(reader.problem(at: row) == item.problem)
            for attribute in asked {
                #expect(reader.value(of: attribute, at: row) == item.attributes[attribute])
                #expect(reader.row(row).value(of: attribute) == item.attributes[attribute])
            }
            #expect(
                reader.attributes(at: row).values.keys.sorted() == asked.filter { item.attributes[$0] != nil }.sorted())
            #expect(reader.rowIndex(ofPath: item.path) == row)
        }
        let everything = try snapshot.readerOfEverything()
        #expect((0..<everything.itemCount).map(everything.item(at:)) == expected)
    }

    @Test func aReaderReadsWhatItWasMadeFor() throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        try IndexWriter.write(Fixtures.contents(), to: path)
        let reader = try IndexSnapshot(path: path).reader(for: [.title], reading: [])
        #expect(reader.covers(.title))
        #expect(!reader.covers(.duration))
        #expect(!reader.reads.contains(.paths))
        #expect(reader.covers(.title) && reader.attributes == [.title])
    }
}
