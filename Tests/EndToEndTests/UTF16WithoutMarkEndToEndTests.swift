import Foundation
import Testing

/// UTF-16 text without a byte-order mark, which libmagic calls data: read as text all the same,
/// little- and big-endian, while a file of small 16-bit numbers stays data.
@Suite(.ownThreads) struct UTF16WithoutMarkEndToEndTests {
    @Test func utf16WithoutAMarkIsTextAndSmallNumbersAreNot() throws {
        let folder = try TemporaryFolder()
        let tree = folder.file("tree")
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        func utf16(_ text: String, littleEndian: Bool) -> Data {
            Data(
                text.utf16.flatMap { unit in
                    littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
                })
        }
        try utf16("Quarterly zanzibar figures\r\nsecond line\r\n", littleEndian: true)
            .write(to: URL(fileURLWithPath: tree + "/notes.txt"))
        try utf16("Bigendian walrus text\n", littleEndian: false).write(to: URL(fileURLWithPath: tree + "/be.txt"))
        // 16-bit numbers below 32: one half zero, the other never printable.
        try Data((0..<4000).flatMap { [UInt8($0 % 32), 0] }).write(to: URL(fileURLWithPath: tree + "/samples.raw"))
        let index = folder.file("index.fsfind")
        #expect(try FSFind.run(["index", "--index", index, tree]).status == 0)
        #expect(try FSFind.run(["query", "--index", index, "zanzibar"]).lines == [tree + "/notes.txt"])
        #expect(try FSFind.run(["query", "--index", index, "walrus"]).lines == [tree + "/be.txt"])
        let notes = try FSFind.run(["show", "--index", index, tree + "/notes.txt"])
        #expect(notes.out.contains("contentType             = \"public.plain-text\""), "\(notes.out)")
        let samples = try FSFind.run(["show", "--index", index, "--attr", "contentType", tree + "/samples.raw"])
        #expect(!samples.out.contains("text"), "\(samples.out)")
    }
}
