import CPlatform
import Foundation
import Testing

/// The attributes people ask Spotlight for that a Linux file has (issue 14, item 6), by their
/// `kMDItem…` names, through the real binary: tags, download origins and comments from extended
/// attributes, owner, ctime, invisibility, genre, composer, bit rates, creator, subject and
/// description.
@Suite(.ownThreads) struct SpotlightAttributesEndToEndTests {
    let tree: FixtureTree

    init() throws {
        tree = try FixtureTree(withOddEntries: false)
        try Data("hidden\n".utf8).write(to: URL(fileURLWithPath: tree.root + "/Documents/.hidden"))
        let plain = tree.root + "/Documents/plain.txt"
        for (name, value) in [
            ("user.xdg.tags", "taxes, urgent"), ("user.xdg.origin.url", "https://bank.example/plain.txt"),
            ("user.xdg.comment", "for the accountant"),
        ] {
            let bytes = Array(value.utf8)
            let status = bytes.withUnsafeBytes { fsfind_lsetxattr(plain, name, $0.baseAddress, bytes.count) }
            try #require(status == 0, "the test folder's file system needs user xattrs (errno \(errno))")
        }
        let run = try tree.buildIndex(["--hidden"])
        #expect(run.status == 0, "\(run.stderr)")
    }

    private func names(_ query: String) throws -> [String] {
        let result = try FSFind.run(["query", "--index", tree.index, query])
        #expect(result.status == 0, "\(query): \(result.stderr)")
        return result.lines.map { ($0 as NSString).lastPathComponent }.sorted()
    }

    @Test func extendedAttributesByTheirSpotlightNames() throws {
        #expect(try names("kMDItemUserTags == \"urgent\"") == ["plain.txt"])
        #expect(try names("kMDItemUserTags = *") == ["plain.txt"])
        #expect(try names("kMDItemWhereFroms == \"*bank.example*\"") == ["plain.txt"])
        #expect(try names("kMDItemFinderComment == \"*accountant*\"") == ["plain.txt"])
        #expect(try names("kMDItemComment == \"*accountant*\"") == ["plain.txt"])
        // Tags are found by free text and by the tag: keyword, as in Finder.
        #expect(try names("taxes") == ["plain.txt"])
        #expect(try names("tag:urgent") == ["plain.txt"])
    }

    @Test func fileSystemAttributes() throws {
        let all = try FSFind.run(["query", "--index", tree.index, "-count", "kMDItemFSOwnerUserID == \(getuid())"])
        let everything = try FSFind.run(["query", "--index", tree.index, "-count", "true || false"])
        #expect(all.out == everything.out && all.out != "0\n", "\(all.out) \(everything.out)")
        #expect(try names("kMDItemFSOwnerGroupID == \(getgid()) && fsName == \"plain.txt\"") == ["plain.txt"])
        #expect(try names("kMDItemFSInvisible == 1") == [".hidden", ".hidden-note.txt"])
        #expect(try names("kMDItemAttributeChangeDate >= $time.today && fsName == \"plain.txt\"") == ["plain.txt"])
    }

    @Test func contentAttributesByTheirSpotlightNames() throws {
        #expect(try names("kMDItemComposer == \"Philip Glass\"") == ["intro-paris.mp3", "song-notes.txt"])
        #expect(
            try names("kMDItemMusicalGenre == \"minimal\"c && fsName == \"*.mp3\"") == [
                "intro-paris.mp3", "no-xing.mp3",
            ])
        #expect(try names("kMDItemAudioBitRate == 32000 && fsName == \"intro*\"") == ["intro-paris.mp3"])
        #expect(try names("kMDItemTotalBitRate > 0 && fsName == \"tone.flac\"") == ["tone.flac"])
        #expect(try names("kMDItemCreator == \"*Word*\"") == ["report.docx"])
        #expect(try names("kMDItemSubject == \"desktop search\"") == ["paper.pdf"])
        #expect(try names("kMDItemDescription == \"*python-docx*\"") == ["report.docx"])
        // kMDItemAuthor (singular) is the authors, as many scripts spell it.
        #expect(try names("kMDItemAuthor == \"Steve Jobs\"") == ["report.docx"])
        // Each is listed by `attributes`, with its Spotlight name.
        let listed = try FSFind.run(["attributes"]).out
        for name in [
            "kMDItemUserTags", "kMDItemWhereFroms", "kMDItemFinderComment", "kMDItemMusicalGenre",
            "kMDItemComposer", "kMDItemAudioBitRate", "kMDItemTotalBitRate", "kMDItemCreator", "kMDItemDescription",
            "kMDItemSubject", "kMDItemFSOwnerUserID", "kMDItemFSOwnerGroupID", "kMDItemAttributeChangeDate",
            "kMDItemFSInvisible", "kMDItemAuthor",
        ] {
            #expect(listed.contains(name), "\(name)")
        }
    }
}
