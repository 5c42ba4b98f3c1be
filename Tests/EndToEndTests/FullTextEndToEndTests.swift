import Foundation
import Testing

/// The words inside files: found by free text and `textContent`, in every encoding a text file
/// comes in, kept in step with the index as files change and go, and absent with `--no-content`.
@Suite(.ownThreads) struct FullTextEndToEndTests {
    let tree: FixtureTree

    init() throws {
        tree = try FixtureTree(withOddEntries: false)
        let documents = tree.root + "/Documents/"
        try Data("Shopping: buy bread and milk\n".utf8).write(to: URL(fileURLWithPath: documents + "list.txt"))
        // Latin-1 (é is one byte, E9) and UTF-16 with a byte-order mark (without one:
        // UTF16WithoutMarkEndToEndTests).
        try Data(Array("Lettre de Fr".utf8) + [0xE9] + Array("d".utf8) + [0xE9] + Array("gonde\n".utf8))
            .write(to: URL(fileURLWithPath: documents + "latin1.txt"))
        try Data([0xFF, 0xFE] + Array("quarterly comparisons\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            .write(to: URL(fileURLWithPath: documents + "utf16.txt"))
        // A page whose scripts and styles hold words that are not on the page.
        try Data(
            """
            <html><head><title>Tag soup</title><style>.hiddenstyleword{}</style></head>
            <body><p>Visible <b>wordonpage<p>unclosed paragraph<script>var hiddenscriptword = 1;</script>
            """.utf8
        ).write(to: URL(fileURLWithPath: documents + "soup.html"))
        // A gzip-compressed changelog, a gzip bomb (64 MiB of NULs in 64 KiB), a compressed tar,
        // an xz-compressed note, a zip of 5,000 members.
        let gzipped = documents + "changelog.Debian"
        try Data("fsfind (0.2) unstable; urgency=medium\n  * Searchable changelogs.\n".utf8)
            .write(to: URL(fileURLWithPath: gzipped))
        try Shell.run("/bin/gzip", ["-n", gzipped])
        try Shell.run("/bin/sh", ["-c", "head -c 67108864 /dev/zero | gzip -n > '\(documents)bomb.gz'"])
        try Shell.run("/bin/tar", ["-czf", documents + "code.tar.gz", "-C", tree.root, "Code"])
        try Data("xzipped marmalade recipe\n".utf8).write(to: URL(fileURLWithPath: documents + "recipe.txt"))
        try Shell.run("/usr/bin/xz", [documents + "recipe.txt"])
        // E-mail: an encoded subject and sender, a quoted-printable Latin-1 body, an attachment
        // whose words are not the message's; and an HTML-only message in base64.
        try Data(
            """
            From: =?UTF-8?Q?Ana_M=C3=BCller?= <ana@example.com>\r
            To: bob@example.com\r
            Subject: =?UTF-8?B?UXVhcnRlcmx5IHLDqXN1bHRz?=\r
            Date: Tue, 05 Mar 2024 10:20:30 +0100\r
            MIME-Version: 1.0\r
            Content-Type: multipart/mixed; boundary="XYZ"\r
            \r
            --XYZ\r
            Content-Type: text/plain; charset=iso-8859-1\r
            Content-Transfer-Encoding: quoted-printable\r
            \r
            Voici les r=E9sultats du trimestre, et le mot zanzibar.\r
            --XYZ\r
            Content-Type: text/plain; name="secret.txt"\r
            Content-Disposition: attachment; filename="secret.txt"\r
            \r
            attachedsecretword\r
            --XYZ--\r

            """.utf8
        ).write(to: URL(fileURLWithPath: documents + "results.eml"))
        try Data(
            """
            From: shop@example.com
            Subject: Your order
            Content-Type: text/html; charset=utf-8
            Content-Transfer-Encoding: base64

            PGh0bWw+PGJvZHk+PHA+VGhhbmsgeW91IGZvciBvcmRlcmluZyB0aGUga2F5YWsuPC9wPjxzY3JpcHQ+aGlkZGVud29yZDwvc2NyaXB0PjwvYm9keT48L2h0bWw+

            """.utf8
        ).write(to: URL(fileURLWithPath: documents + "order.eml"))
        let run = try tree.buildIndex()
        #expect(run.status == 0, "\(run.stderr)")
    }

    private func query(_ arguments: String...) throws -> [String] {
        let result = try FSFind.run(["query", "--index", tree.index] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.lines.map { $0.replacingOccurrences(of: tree.root + "/", with: "") }
    }

    @Test func freeTextFindsWordsInsideFilesInAnyEncoding() throws {
        #expect(try query("bread") == ["Documents/list.txt"])
        #expect(try query("bre") == ["Documents/list.txt"], "a word is also a prefix")
        #expect(try query("fredegonde") == ["Documents/latin1.txt"], "Latin-1, folded diacritics")
        #expect(try query("comparison") == ["Documents/utf16.txt"], "UTF-16 with a mark, a word form")
        #expect(try query("printf") == [], "a word no file holds")
        #expect(try query("list milk") == ["Documents/list.txt"], "one word in the name, one inside")
        // A quoted phrase keeps its words together and in order inside files.
        #expect(try query("\"buy bread\"") == ["Documents/list.txt"])
        #expect(try query("\"bread buy\"") == [])
        #expect(try query("\"buy bre\"") == ["Documents/list.txt"], "the last word of a phrase is a prefix")
        // Words the tokenizer reads as nothing (`++`) ask the store nothing, and do not fail.
        #expect(try FSFind.run(["query", "--index", tree.index, "x ++"]).status == 0)
        #expect(try query("urgency") == ["Documents/changelog.Debian.gz"], "compressed text")
        #expect(try query("marmalade") == ["Documents/recipe.txt.xz"], "xz too")
        // An archive's text members are read, and the archive is the hit; the bomb gives nothing.
        #expect(
            try query("textContent == \"puts\"cdw") == [
                "Archives/bundle.tar.gz", "Archives/bundle.zip", "Code/hello.c", "Documents/code.tar.gz",
            ])
        let member = try query("--snippets", "--onlyin", tree.root + "/Documents", "textContent == \"code\"cdw")
        #expect(member.first == "Documents/code.tar.gz", "\(member)")
        #expect(member.count == 2 && member[1].contains("== Code/"), "the words name the member: \(member)")
        // The sample's Markdown, source code and PDF pages are read too.
        #expect(try query("print").contains("Code/script.py"))
        #expect(try query("textContent == \"indexing\"cdw") == ["Documents/paper.pdf"])
        // Office, OpenDocument and EPUB bodies: a Word paragraph, a sheet's cells (inline string
        // and number), a slide, an OpenDocument paragraph, a chapter.
        #expect(try query("textContent == \"went\"cdw") == ["Documents/report.docx"])
        #expect(try query("textContent == \"rent\"cdw && textContent == \"1200\"cdw") == ["Documents/budget.xlsx"])
        #expect(try query("textContent == \"plan\"cdw") == ["Documents/launch.pptx"])
        #expect(try query("textContent == \"elise\"cdw") == ["Documents/letter.odt"])
        #expect(try query("textContent == \"upon\"cdw") == ["Documents/novel.epub"])
        // HTML: the visible text of a page, tag soup included, never its scripts or styles.
        #expect(try query("textContent == \"louvre\"cdw") == ["Documents/trip.html"])
        #expect(
            try query("textContent == \"wordonpage\"cdw && textContent == \"unclosed\"cdw") == ["Documents/soup.html"])
        #expect(try query("textContent == \"hiddenscriptword\"cdw || textContent == \"hiddenstyleword\"cdw") == [])
    }

    @Test func freeTextOperatorsAskTheWordsToo() throws {
        // Either, without and groups read each leaf's words from the store, as plain free text does.
        #expect(
            try query("marmalade|urgency").sorted() == ["Documents/changelog.Debian.gz", "Documents/recipe.txt.xz"])
        #expect(try query("(bread | fredegonde) -milk") == ["Documents/latin1.txt"])
        #expect(try query("** == \"marmalade\" && fsName == \"*.xz\"") == ["Documents/recipe.txt.xz"])
        // A snippet shows whichever leaf's words the file holds.
        #expect(try query("--snippets", "fredegonde | marmalade").contains("    xzipped marmalade recipe"))
        // When nothing is found, a word no file holds gets its hint, in whichever leaf it is.
        let typo = try FSFind.run(["query", "--index", tree.index, "xylophonist | shoping"])
        #expect(typo.stderr.contains("did you mean \"shopping\""), "\(typo.stderr)")
    }

    @Test func emailSubjectSenderDateAndBody() throws {
        #expect(try query("zanzibar") == ["Documents/results.eml"], "a quoted-printable Latin-1 body")
        #expect(try query("textContent == \"resultats\"cdw") == ["Documents/results.eml"])
        #expect(try query("attachedsecretword") == [], "an attachment is not the message's text")
        #expect(try query("kayak") == ["Documents/order.eml"], "an HTML-only body in base64")
        #expect(try query("hiddenword") == [])
        #expect(try query("kMDItemSubject == \"Quarterly résults\"") == ["Documents/results.eml"])
        #expect(try query("kMDItemAuthors == \"Ana Müller <ana@example.com>\"") == ["Documents/results.eml"])
        #expect(try query("kind:email && contentCreationDate == $time.iso(2024-03-05)") == ["Documents/results.eml"])
    }

    @Test func textContentCombinesWithOtherPredicates() throws {
        #expect(
            try query("textContent == \"bread\"cdw && contentType == \"public.plain-text\"") == ["Documents/list.txt"])
        #expect(try query("kMDItemTextContent == \"milk\"cdw") == ["Documents/list.txt"])
        #expect(try query("textContent == \"bread\"cdw && fsName == \"*.md\"") == [])
        #expect(try query("--onlyin", tree.root + "/Code", "textContent == \"bread\"cdw") == [])
    }

    @Test func hostileTextCostsBoundedWork() throws {
        let folder = tree.root + "/hostile"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A 2 GB sparse file that starts as text, a 100 MB single line of words, invalid UTF-8.
        try Data("sparse start\n".utf8).write(to: URL(fileURLWithPath: folder + "/sparse.txt"))
        #expect(truncate(folder + "/sparse.txt", 2 << 30) == 0)
        try Shell.run(
            "/bin/sh", ["-c", "yes 'firstword filler' | tr -d '\\n' | head -c 104857600 > '\(folder)/line.txt'"])
        try Data([0x66, 0x6F, 0x6F, 0xFF, 0xFE, 0x20, 0x62, 0x61, 0x72, 0x0A])
            .write(to: URL(fileURLWithPath: folder + "/invalid.txt"))
        let run = try FSFind.run(["index", "--index", tree.index, "--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        // The long line is read up to the text limit (16 MiB), so its first words are found.
        #expect(try query("textContent == \"firstword\"cdw") == ["hostile/line.txt"])
        // The sparse file's NULs make it binary: no words, and no 2 GB read.
        #expect(try query("textContent == \"sparse\"cdw") == [])
        // Invalid UTF-8 is read as Latin-1, never refused.
        #expect(try query("textContent == \"bar\"cdw") == ["hostile/invalid.txt"])
    }

    @Test func aWordNoFileHoldsGetsTheNearestOneSuggested() throws {
        let typo = try FSFind.run(["query", "--index", tree.index, "shoping"])
        #expect(typo.status == 0 && typo.stdout.isEmpty)
        #expect(typo.stderr == "fsfind: no file holds \"shoping\"; did you mean \"shopping\"?\n", "\(typo.stderr)")
        // Nothing near: no hint, still exit 0.
        let nothing = try FSFind.run(["query", "--index", tree.index, "xylophonist"])
        #expect(nothing.status == 0 && nothing.stdout.isEmpty && nothing.stderr.isEmpty, "\(nothing.stderr)")
    }

    @Test func snippetsShowTheMatchedWordsInContext() throws {
        let plain = try query("--snippets", "milk")
        #expect(plain == ["Documents/list.txt", "    Shopping: buy bread and milk"], "\(plain)")
        let json = try FSFind.run([
            "query", "--index", tree.index, "--snippets", "--json", "textContent == \"bread\"cdw",
        ])
        let object = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
        #expect(object?["snippet"] as? String == "Shopping: buy bread and milk")
        // A result found by its name has no snippet line.
        #expect(try query("--snippets", "list") == ["Documents/list.txt"])
        let refused = try FSFind.run(["query", "--index", tree.index, "--snippets", "-0", "milk"])
        #expect(refused.status == 2)
        // A PDF's snippet names its page (each of the sample's three pages says "Page N:").
        let paged = try query("--snippets", "textContent == \"page 3\"cdw")
        #expect(paged.count == 2 && paged[1].hasPrefix("    p. 3: ") && paged[1].contains("Page 3"), "\(paged)")
        let pagedJSON = try FSFind.run([
            "query", "--index", tree.index, "--snippets", "--json", "textContent == \"page 2\"cdw",
        ])
        let pageObject = try JSONSerialization.jsonObject(with: pagedJSON.stdout) as? [String: Any]
        #expect(pageObject?["page"] as? Int == 2, "\(pagedJSON.out)")
        // A text without pages has no page; the list of one has none in JSON either.
        #expect(object?["page"] == nil)
    }

    @Test func showPrintsTheFirstLinesOfTheWords() throws {
        let shown = try FSFind.run([
            "show", "--index", tree.index, "--attr", "textContent", tree.root + "/Documents/list.txt",
        ])
        #expect(shown.out == "textContent = \"Shopping: buy bread and milk\"\n", "\(shown.out)")
    }

    @Test func aChangedFilesOldWordsAndADeletedFilesWordsGo() throws {
        let list = tree.root + "/Documents/list.txt"
        try Data("Shopping: buy cheese\n".utf8).write(to: URL(fileURLWithPath: list))
        try FileManager.default.removeItem(atPath: tree.root + "/Documents/latin1.txt")
        let refresh = try FSFind.run(["index", "--index", tree.index, "--verbose"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(try query("bread") == [])
        #expect(try query("cheese") == ["Documents/list.txt"])
        #expect(try query("fredegonde") == [])
        let status = try FSFind.run(["status", "--index", tree.index, "--json"])
        let object = try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any]
        let store = object?["textStore"] as? [String: Any]
        // Every stored document belongs to a file the index has, as it is now.
        let documents = try #require(store?["documents"] as? Int)
        let again = try FSFind.run(["index", "--index", tree.index, "--verbose", "--full"])
        #expect(again.status == 0)
        let after =
            try JSONSerialization.jsonObject(
                with: try FSFind.run(["status", "--index", tree.index, "--json"]).stdout) as? [String: Any]
        #expect((after?["textStore"] as? [String: Any])?["documents"] as? Int == documents)
        // Nothing changed: nothing opened, words and all.
        let unchanged = try FSFind.run(["index", "--index", tree.index, "--verbose"])
        #expect(unchanged.stderr.contains(", 0 files opened"), "\(unchanged.stderr)")
        #expect(try query("cheese") == ["Documents/list.txt"])
    }

    /// Files with the same bytes (a license in many packages, a document saved twice) are read
    /// once: each is found by the words, with its own snippet, and keeps them when the file
    /// whose words it names changes or goes. A file of the same size with other bytes is not one.
    @Test func filesWithTheSameBytesShareTheirWordsUntilTheLastGoes() throws {
        let documents = tree.root + "/Documents/"
        // Past the 16 KiB under which files are not compared.
        let license = String(repeating: "The quokka clause of this license covers every copy.\n", count: 400)
        try Data(license.utf8).write(to: URL(fileURLWithPath: documents + "a-license.txt"))
        try FileManager.default.createDirectory(atPath: documents + "Deep", withIntermediateDirectories: true)
        try Data(license.utf8).write(to: URL(fileURLWithPath: documents + "Deep/z-license.txt"))
        // The same size, one word changed.
        let other = license.replacingOccurrences(of: "quokka", with: "wombat")
        try Data(other.utf8).write(to: URL(fileURLWithPath: documents + "b-license.txt"))
        let run = try FSFind.run(["index", "--index", tree.index, "--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("words of 1 taken from files with the same bytes"), "\(run.stderr)")
        #expect(try query("quokka").sorted() == ["Documents/Deep/z-license.txt", "Documents/a-license.txt"])
        #expect(try query("wombat") == ["Documents/b-license.txt"])
        let snippets = try query("--snippets", "textContent == \"quokka\"cdw")
        #expect(snippets.count == 4 && snippets.filter { $0.contains("The quokka clause") }.count == 2, "\(snippets)")
        let shown = try FSFind.run([
            "show", "--index", tree.index, "--attr", "textContent", documents + "Deep/z-license.txt",
        ])
        #expect(shown.out.hasPrefix("textContent = \"The quokka clause"), "\(shown.out)")
        // The first file changes: the copy keeps the words, the changed one has its new ones.
        try Data("A new text about a numbat.\n".utf8).write(to: URL(fileURLWithPath: documents + "a-license.txt"))
        #expect(try FSFind.run(["index", "--index", tree.index]).status == 0)
        #expect(try query("quokka") == ["Documents/Deep/z-license.txt"])
        #expect(try query("numbat") == ["Documents/a-license.txt"])
        // The copy goes too: so do the words.
        try FileManager.default.removeItem(atPath: documents + "Deep/z-license.txt")
        #expect(try FSFind.run(["index", "--index", tree.index]).status == 0)
        #expect(try query("quokka") == [])
        #expect(try query("wombat") == ["Documents/b-license.txt"])
    }

    /// A file with several names (hard links) is one document, whatever its size: its other names
    /// are not read for words nor compared, and the words stay while any name does.
    @Test func hardLinksShareOneDocumentWhateverTheirSize() throws {
        let documents = tree.root + "/Documents/"
        try FileManager.default.createDirectory(atPath: documents + "Links", withIntermediateDirectories: true)
        // Small: under the size from which copies are compared.
        try Data("a note about a quoll\n".utf8).write(to: URL(fileURLWithPath: documents + "quoll.txt"))
        for k in 1...4 {
            try FileManager.default.linkItem(atPath: documents + "quoll.txt", toPath: documents + "Links/q\(k).txt")
        }
        let run = try FSFind.run(["index", "--index", tree.index, "--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("words of 4 taken from files with the same bytes"), "\(run.stderr)")
        #expect(try query("quoll").count == 5)
        let snippets = try query("--snippets", "textContent == \"quoll\"cdw")
        #expect(snippets.filter { $0.contains("a note about a quoll") }.count == 5, "\(snippets)")
        // The first name goes: the others keep the words.
        try FileManager.default.removeItem(atPath: documents + "quoll.txt")
        #expect(try FSFind.run(["index", "--index", tree.index]).status == 0)
        #expect(try query("quoll").sorted() == (1...4).map { "Documents/Links/q\($0).txt" })
    }

    /// A copy made in a later run of a file already stored, of any size, names the stored
    /// document: the store holds no more documents, the copy is found by its words with its own
    /// snippet, and keeps them when the first goes.
    @Test func aCopyMadeInALaterRunNamesTheStoredDocument() throws {
        let documents = tree.root + "/Documents/"
        func storedDocuments() throws -> Int? {
            let status = try FSFind.run(["status", "--index", tree.index, "--json"])
            let object = try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any]
            return (object?["textStore"] as? [String: Any])?["documents"] as? Int
        }
        try Data("a small note about a bilby\n".utf8).write(to: URL(fileURLWithPath: documents + "bilby.txt"))
        #expect(try FSFind.run(["index", "--index", tree.index]).status == 0)
        let before = try #require(try storedDocuments())
        try FileManager.default.createDirectory(atPath: documents + "Later", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: documents + "bilby.txt", toPath: documents + "Later/bilby copy.txt")
        let run = try FSFind.run(["index", "--index", tree.index, "--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("words of 1 taken from files with the same bytes"), "\(run.stderr)")
        #expect(try storedDocuments() == before)
        #expect(try query("bilby").sorted() == ["Documents/Later/bilby copy.txt", "Documents/bilby.txt"])
        let snippets = try query("--snippets", "textContent == \"bilby\"cdw")
        #expect(snippets.filter { $0.contains("a small note about a bilby") }.count == 2, "\(snippets)")
        try FileManager.default.removeItem(atPath: documents + "bilby.txt")
        #expect(try FSFind.run(["index", "--index", tree.index]).status == 0)
        #expect(try query("bilby") == ["Documents/Later/bilby copy.txt"])
        #expect(try storedDocuments() == before)
        // The last copy goes: so do its words.
        try FileManager.default.removeItem(atPath: documents + "Later/bilby copy.txt")
        #expect(try FSFind.run(["index", "--index", tree.index]).status == 0)
        #expect(try query("bilby") == [])
        #expect(try storedDocuments() == before - 1)
    }

    /// When the file whose words its copies would name cannot be read (its extractor crashed),
    /// each copy reads its own.
    @Test func aCopyReadsItsOwnWordsWhenTheFirstCannotBeRead() throws {
        let documents = tree.root + "/Documents/"
        let license = String(repeating: "The quokka clause of this license covers every copy.\n", count: 400)
        try Data(license.utf8).write(to: URL(fileURLWithPath: documents + "a-license.txt"))
        try Data(license.utf8).write(to: URL(fileURLWithPath: documents + "z-license.txt"))
        let run = try FSFind.run(
            ["index", "--index", tree.index, "--verbose"], environment: ["FSFIND_TEST_CRASH_ON": "a-license.txt"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("taken from files with the same bytes"), "\(run.stderr)")
        #expect(try query("quokka") == ["Documents/z-license.txt"])
    }

    /// A gzip changelog is stored as its file (its words are exactly its bytes): its snippet is read
    /// back from it, and when it changes its old words go (FTS5 forgets them from the stored file).
    @Test func aCompressedChangelogIsStoredAsItsFile() throws {
        let snippet = try query("--snippets", "textContent == \"searchable\"cdw")
        #expect(
            snippet == [
                "Documents/changelog.Debian.gz", "    fsfind (0.2) unstable; urgency=medium * Searchable changelogs.",
            ],
            "\(snippet)")
        let plain = tree.root + "/Documents/changelog.Debian"
        try FileManager.default.removeItem(atPath: plain + ".gz")
        try Data("fsfind (0.3) unstable; urgency=low\n  * Quieter releases.\n".utf8)
            .write(to: URL(fileURLWithPath: plain))
        try Shell.run("/bin/gzip", ["-n", plain])
        #expect(try FSFind.run(["index", "--index", tree.index]).status == 0)
        #expect(try query("searchable") == [])
        #expect(try query("quieter") == ["Documents/changelog.Debian.gz"])
    }

    @Test func noContentReadsNoWords() throws {
        let index = tree.index + ".metadata-only"
        let run = try FSFind.run(["index", "--index", index, "--no-content", tree.root])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: index + ".text"))
        let found = try FSFind.run(["query", "--index", index, "bread"])
        #expect(found.status == 0 && found.lines.isEmpty)
        let status = try FSFind.run(["status", "--index", index])
        #expect(status.out.contains("Text store:     none"), "\(status.out)")
    }

    /// A damaged text store costs only the queries that read words: names and attributes are
    /// answered from the index alone (which no longer even opens the store for them).
    @Test func aDamagedTextStoreCostsOnlyQueriesOfWords() throws {
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: tree.index + ".text"))
        let byName = try FSFind.run(["query", "--index", tree.index, "--count", "fsName == 'list.txt'"])
        #expect(byName.status == 0 && byName.lines == ["1"], "\(byName.stderr)")
        let bySize = try FSFind.run(["query", "--index", tree.index, "kMDItemFSSize > 0 && fsName == 'list.*'"])
        #expect(bySize.status == 0 && bySize.lines.count == 1, "\(bySize.stderr)")
        for words in ["bread", "textContent == 'bread'"] {
            let run = try FSFind.run(["query", "--index", tree.index, words])
            #expect(run.status == 1 && run.stderr.contains(".text"), "\(words): \(run.status) \(run.stderr)")
        }
    }
}
