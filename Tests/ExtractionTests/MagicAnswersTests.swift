import CrawlFixtures
import Glibc
import Testing

@testable import FSFindCrawl
@testable import FSFindExtraction
@testable import FSFindText

@Suite struct MagicAnswersTests {
    /// Two copies of each sample, one of the ELF object without its execute bits: every file gets
    /// `file -b --mime-type`'s answer, the copies from the table (the ELF copies each their own).
    @Test func copiesGetFilesAnswer() throws {
        let tree = CrawlTestTree()
        let samples: [(String, [UInt8])] = [
            ("a.png", CrawlSamples.png), ("a.c", CrawlSamples.cSource), ("a.txt", CrawlSamples.text),
            ("a.html", CrawlSamples.html), ("a.gz", CrawlSamples.gzip), ("a.elf", CrawlSamples.elf),
        ]
        var paths: [[UInt8]] = []
        for (name, contents) in samples {
            paths.append(tree.file(pathBytes(name), contents: contents))
            paths.append(tree.file(pathBytes("copy of " + name), contents: contents))
        }
        tree.chmod(paths[paths.count - 2], 0o755)
        tree.chmod(paths[paths.count - 1], 0o644)
        let magic = try Magic(answers: MagicAnswers())
        let answers = try paths.map { path in try magic.mimeType(ofFileAt: path, expected: nil) }
        for (path, answer) in zip(paths, answers) {
            let name = String(decoding: path, as: UTF8.self)
            #expect(try ContentTypeIdentifyTests.fileCommandAnswer(path) == answer, "\(name)")
        }
        // libmagic may name an ELF object by its execute bit (`${x?…:…}`), so the two are two keys.
        let digestKey = KeyedDigest.Key.random()
        let keys = try paths.suffix(2).map { path in
            magic.key(of: try Magic.open(path, expected: nil), digestKey: digestKey)
        }
        #expect(keys[0] != nil && keys[1] != nil && keys[0] != keys[1])
    }

    /// A file whose key is in the table gets the table's answer: libmagic is not asked.
    @Test func aKnownKeyIsAnsweredFromTheTable() throws {
        let tree = CrawlTestTree()
        let path = tree.file(pathBytes("notes.txt"), contents: CrawlSamples.text)
        let answers = MagicAnswers()
        let magic = try Magic(answers: answers)
        let key = try #require(magic.key(of: Magic.open(path, expected: nil), digestKey: answers.digestKey))
        answers.remember("application/x-planted", for: key)
        #expect(try magic.mimeType(ofFileAt: path, expected: nil) == "application/x-planted")
        // Without the table, libmagic's own answer.
        #expect(try Magic().mimeType(ofFileAt: path, expected: nil) == "text/plain")
    }

    /// An answer is found only under its whole key, and a slot keeps the last key put in it.
    @Test func answersAreKeptByDigestSizeAndExecuteBit() {
        let answers = MagicAnswers()
        let digest = KeyedDigest(first: 7, second: 9)
        let key = MagicAnswers.Key(digest: digest, size: 10, isExecutable: false)
        #expect(answers.answer(for: key) == nil)
        answers.remember("text/plain", for: key)
        #expect(answers.answer(for: key) == "text/plain")
        #expect(answers.answer(for: MagicAnswers.Key(digest: digest, size: 11, isExecutable: false)) == nil)
        #expect(answers.answer(for: MagicAnswers.Key(digest: digest, size: 10, isExecutable: true)) == nil)
        let other = KeyedDigest(first: 7 + UInt64(MagicAnswers.slotCount), second: 1)
        let sameSlot = MagicAnswers.Key(digest: other, size: 10, isExecutable: false)
        answers.remember("image/png", for: sameSlot)
        #expect(answers.answer(for: sameSlot) == "image/png")
        #expect(answers.answer(for: key) == nil)
    }
}
