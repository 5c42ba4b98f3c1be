import Foundation
import Testing

/// Indexes the fixture tree with the real binary and checks what each file was identified as.
@Suite(.ownThreads, .serialized) struct ContentTypeEndToEndTests {
    /// Relative path → (most specific type, ancestors its tree must hold).
    static let expected: [(String, String, [String])] = [
        (
            "Music/intro-paris.mp3", "public.mp3",
            ["public.audio", "public.audiovisual-content", "public.content", "public.data", "public.item"]
        ),
        ("Music/no-xing.mp3", "public.mp3", ["public.audio"]),
        ("Music/tone.m4a", "public.mpeg-4-audio", ["public.audio", "public.audiovisual-content"]),
        ("Music/tone.flac", "org.xiph.flac", ["public.audio"]),
        ("Music/tone.wav", "com.microsoft.waveform-audio", ["public.audio"]),
        ("Music/tone.aiff", "public.aiff-audio", ["public.audio"]),
        ("Music/tone.ogg", "", ["public.audio"]),
        ("Music/tone.opus", "", ["public.audio"]),
        (
            "Movies/clip.mp4", "public.mpeg-4",
            ["public.movie", "public.video", "public.audiovisual-content", "public.content", "public.data"]
        ),
        ("Movies/clip.mov", "com.apple.quicktime-movie", ["public.movie", "public.video"]),
        ("Movies/clip.mkv", "org.matroska.mkv", ["public.movie", "public.video"]),
        ("Movies/clip.webm", "org.webmproject.webm", ["public.movie", "public.video"]),
        ("Movies/clip.avi", "public.avi", ["public.movie", "public.video"]),
        ("Pictures/eiffel.jpg", "public.jpeg", ["public.image", "public.content", "public.data"]),
        ("Pictures/disguised.png", "public.jpeg", ["public.image"]),
        ("Pictures/wide.png", "public.png", ["public.image"]),
        ("Pictures/blink.gif", "com.compuserve.gif", ["public.image"]),
        ("Pictures/tile.webp", "org.webmproject.webp", ["public.image"]),
        ("Pictures/icon.bmp", "com.microsoft.bmp", ["public.image"]),
        ("Pictures/scan.tiff", "public.tiff", ["public.image"]),
        ("Documents/paper.pdf", "com.adobe.pdf", ["public.composite-content", "public.content"]),
        (
            "Documents/report.docx", "org.openxmlformats.wordprocessingml.document",
            ["public.composite-content", "public.content"]
        ),
        (
            "Documents/budget.xlsx", "org.openxmlformats.spreadsheetml.sheet",
            ["public.composite-content", "public.content"]
        ),
        (
            "Documents/launch.pptx", "org.openxmlformats.presentationml.presentation",
            ["public.composite-content", "public.content"]
        ),
        ("Documents/letter.odt", "org.oasis-open.opendocument.text", ["public.composite-content", "public.content"]),
        ("Documents/novel.epub", "org.idpf.epub-container", ["public.composite-content", "public.content"]),
        ("Documents/trip.html", "public.html", ["public.text", "public.content", "public.data"]),
        ("Documents/notes.md", "net.daringfireball.markdown", ["public.text", "public.content", "public.data"]),
        ("Documents/plain.txt", "public.plain-text", ["public.text", "public.content", "public.data"]),
        ("Documents/song-notes.txt", "public.mp3", ["public.audio"]),
        ("Code/hello.c", "public.c-source", ["public.source-code", "public.plain-text", "public.text"]),
        ("Code/script.py", "public.python-script", ["public.source-code", "public.plain-text", "public.text"]),
        ("Code/run.sh", "public.shell-script", ["public.source-code", "public.plain-text", "public.text"]),
        ("Archives/bundle.zip", "public.zip-archive", ["public.archive", "public.data"]),
        ("Archives/bundle.tar.gz", "org.gnu.gnu-zip-tar-archive", ["public.archive", "public.data"]),
        ("bin/hello", "", ["public.executable", "public.item"]),
        ("Music", "public.folder", ["public.folder", "public.directory", "public.item"]),
        ("dangling", "public.symlink", ["public.symlink", "public.item"]),
        ("loop-a", "public.symlink", ["public.symlink"]),
        ("Music/self", "public.symlink", ["public.symlink"]),
        ("empty.txt", "", ["public.item"]),
    ]

    @Test func everyFileHasTheRightTypeTree() throws {
        let tree = try FixtureTree()
        let indexed = try tree.buildIndex()
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let result = try FSFind.run([
            "query", "--index", tree.index, "--json", "--attr", "contentType,contentTypeTree",
            "path == \"*\"",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        var types: [String: (String, [String])] = [:]
        for line in result.lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let path = try #require(object["path"] as? String)
            types[path] = (object["contentType"] as? String ?? "", object["contentTypeTree"] as? [String] ?? [])
        }
        for (relative, type, ancestors) in Self.expected {
            let found = types[tree.root + "/" + relative]
            #expect(found != nil, "\(relative) not found")
            guard let (actual, actualTree) = found else { continue }
            if !type.isEmpty { #expect(actual == type, "\(relative)") }
            #expect(actualTree.first == actual, "\(relative): tree starts with the type itself")
            #expect(actualTree.last == "public.item", "\(relative): tree ends in public.item")
            for ancestor in ancestors {
                #expect(actualTree.contains(ancestor), "\(relative) lacks \(ancestor): \(actualTree)")
            }
        }
    }

    @Test func nullSeparatedOutputEqualsThePathBytes() throws {
        let tree = try FixtureTree()
        try tree.buildIndex()
        let result = try FSFind.run(["query", "--index", tree.index, "-0", "fsName == \"*\""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.last == 0)
        let printed = result.stdout.split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init)
        #expect(printed.count == Set(printed).count, "no path printed twice")
        let expected = try tree.expectedPaths()
        #expect(Set(printed) == expected)
        // The odd names are there byte for byte.
        let root = Array(tree.root.utf8) + [UInt8(ascii: "/")]
        #expect(Set(printed).contains(root + FixtureTree.newlineName))
        #expect(Set(printed).contains(root + FixtureTree.invalidUTF8Name))
        #expect(Set(printed).contains(root + Array(FixtureTree.longName.utf8)))
        #expect(
            Set(printed).contains(
                root + Array(("deep/" + FixtureTree.deepFolders.joined(separator: "/") + "/bottom.txt").utf8)))
    }

    @Test func hiddenEntriesOnlyWithHidden() throws {
        let tree = try FixtureTree()
        try tree.buildIndex(["--hidden"])
        let result = try FSFind.run(["query", "--index", tree.index, "-0", "fsName == \"*\""])
        let printed = Set(result.stdout.split(separator: 0).map(Array.init))
        #expect(printed == (try tree.expectedPaths(includeHidden: true)))
        #expect(printed.contains(Array((tree.root + "/.hidden-folder/inside.txt").utf8)))
    }

    @Test func jsonIsValidNDJSON() throws {
        let tree = try FixtureTree()
        try tree.buildIndex()
        let result = try FSFind.run(["query", "--index", tree.index, "--json", "fsName == \"*\""])
        #expect(result.status == 0)
        #expect(result.lines.count > 40)
        var sawBase64 = false
        for line in result.lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["path"] is String)
            #expect(object["contentType"] is String)
            if let encoded = object["pathBase64"] as? String {
                let bytes = try #require(Data(base64Encoded: encoded))
                #expect(Array(bytes) == Array(tree.root.utf8) + [UInt8(ascii: "/")] + FixtureTree.invalidUTF8Name)
                sawBase64 = true
            }
            if let date = object["contentModificationDate"] as? String {
                #expect(date.hasSuffix("Z") || date.contains("+") || date.dropFirst(19).contains("-"))
            }
        }
        #expect(sawBase64, "the invalid UTF-8 path carries pathBase64")
    }

    @Test func theFIFOIsRecordedButNeverOpened() throws {
        // Opening a FIFO for reading blocks until a writer appears, so a run that finishes at all
        // has not opened it; the entry is still listed.
        let tree = try FixtureTree()
        let run = try tree.buildIndex()
        #expect(run.status == 0)
        let result = try FSFind.run(["query", "--index", tree.index, "fsName == \"pipe\""])
        #expect(result.lines == [tree.root + "/pipe"])
    }
}
