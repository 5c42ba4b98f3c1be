import FSFindTestSupport
import Foundation
import Glibc
import Testing

@testable import FSFindManual

/// `fsfind search` driven through tmux over the fixture index: what a person sees and types.
@Suite(.ownThreads, .serialized, .enabled(if: Requirement.tool("tmux"), "drives fsfind search in tmux"))
struct InteractiveSearchEndToEndTests {
    let tree: FixtureTree

    init() throws {
        tree = try FixtureTree(withOddEntries: false)
        let run = try tree.buildIndex()
        #expect(run.status == 0, "\(run.stderr)")
    }

    func start(_ arguments: [String] = [], width: Int = 80, height: Int = 24) throws -> TmuxSession {
        try TmuxSession(
            width: width, height: height, arguments: ["search", "--index", tree.index] + arguments,
            directory: tree.root)
    }

    /// The count on the rule under the suggestions (`─ 12 results ───`), nil while searching.
    static func count(_ screen: [String]) -> Int? {
        guard screen.count > 3 else { return nil }
        let words = screen[3].split(separator: " ")
        guard words.count > 2, words[0] == "─", words[2].hasPrefix("result") else { return nil }
        return Int(words[1])
    }

    /// The names in the result list (rows under the rule, up to the first blank or rule).
    static func names(_ screen: [String]) -> [String] {
        var names: [String] = []
        for line in screen.dropFirst(4) {
            let trimmed = line.hasPrefix(" > ") || line.hasPrefix("   ") ? String(line.dropFirst(3)) : ""
            guard let name = trimmed.split(separator: " ", maxSplits: 1).first, !trimmed.hasPrefix(" ") else { break }
            names.append(String(name))
        }
        return names
    }

    /// Esc, then the checks every session ends with: exit 130, nothing printed, terminal restored.
    func quit(_ session: TmuxSession) throws {
        try session.press("Escape")
        #expect(session.exitStatus() == 130)
        #expect(session.standardOutput().isEmpty)
        let (before, after) = session.sttyBeforeAndAfter()
        #expect(before == after)
        session.close()
    }

    @Test func placeholderScopesAndAn80x24Window() throws {
        let session = try start()
        let screen = try session.waitFor("the placeholder and counts") { screen in
            screen[0].contains("Files, songs, photos, documents…") && Self.count(screen) != nil
        }
        #expect(screen.count >= 24)
        #expect(screen.allSatisfy { $0.count <= 80 })
        #expect(screen[1].contains("[All ") && screen[1].contains("Audio 10"))
        #expect(screen[1].contains("Everywhere"))
        #expect(screen[23].contains("Esc quit") || screen[23].contains("select"))
        try quit(session)
    }

    @Test func a200x60WindowShowsTheDetailPaneBeside() throws {
        let session = try start(["tone"], width: 200, height: 60)
        let screen = try session.waitFor("six tones") { Self.count($0) == 6 }
        #expect(screen.allSatisfy { $0.count <= 200 })
        #expect(screen[4].contains("│"))
        #expect(screen[4].contains(tree.root + "/Music/tone"))
        // Each row says what the item is, how big and how recent, in aligned columns.
        let rows = screen[4..<10].map { String($0.prefix(100)) }
        #expect(rows.allSatisfy { $0.contains(" bytes") || $0.contains(" KB") }, "\(rows)")
        #expect(rows.contains { $0.contains("FLAC audio") }, "\(rows)")
        #expect(Set(rows.compactMap { $0.range(of: " KB")?.lowerBound.utf16Offset(in: $0) }).count == 1, "\(rows)")
        // The pane reads as a person would: the kind first, a duration as minutes and seconds,
        // a size in kilobytes; then the rest, and the words of the file when it has any.
        #expect(screen.contains { $0.contains("│ Kind ") && $0.contains("audio") }, "\(screen)")
        #expect(screen.contains { $0.contains("│ Duration ") && $0.contains("0:03") }, "\(screen)")
        #expect(screen.contains { $0.contains("│ Sample rate ") && $0.contains("kHz") })
        #expect(!screen.contains { $0.contains("duration = ") })
        #expect(screen[1].contains("Apps 0"))  // every scope fits
        // Ctrl-P hides the pane (the list takes the width), and shows it again.
        try session.press("C-p")
        let hidden = try session.waitFor("no pane") { !$0[4].contains("│") }
        #expect(!hidden.contains { $0.contains("│ Kind ") })
        try session.press("C-p")
        _ = try session.waitFor("the pane again") { $0[4].contains("│") }
        try quit(session)
    }

    @Test func thePaneShowsTheWordsAroundWhatWasTyped() throws {
        // hello.c is found by its name; the pane shows its words around "hello", from the store.
        let session = try start(["hello.c"], width: 200, height: 40)
        let screen = try session.waitFor("the words in the pane") { screen in
            screen.contains { $0.contains("│ Text") } && screen.contains { $0.contains("│   ") && $0.contains("puts") }
        }
        #expect(screen[4].contains("hello.c"), "\(screen)")
        try quit(session)
    }

    @Test func freeTextFindsTheWordsInsideFiles() throws {
        // "puts" is in no name or title: only inside hello.c (and the archives holding it).
        let session = try start(["puts"], width: 200, height: 40)
        // The list is painted first, the pane's words once the store has answered: both awaited.
        let screen = try session.waitFor("hello.c found by its words, and the words in the pane") { screen in
            screen.contains { $0.contains("hello.c") && $0.contains("/Code") }
                && screen.contains { $0.contains("│   ") && $0.contains("puts") }
        }
        #expect(screen.contains { $0.contains("hello.c") && $0.contains("/Code") }, "\(screen)")
        try quit(session)
    }

    @Test func aTypoOffersTheCorrectedSearchTakenWithOneKey() throws {
        // plain.txt says "nothing in particular"; nothing holds `particlar`.
        let session = try start()
        _ = try session.waitFor("the first paint") { Self.count($0) != nil }
        try session.type("particlar")
        let offered = try session.waitFor("the correction under the field") { screen in
            screen[2].contains("did you mean: particular")
        }
        #expect(offered.contains { $0.contains("No results") }, "\(offered)")
        try session.press("Right")
        let taken = try session.waitFor("the corrected search's results") { screen in
            screen[0].contains("particular") && (Self.count(screen) ?? 0) > 0
        }
        #expect(!taken[0].contains("particlar"), "\(taken)")
        #expect(!taken[2].contains("did you mean"), "\(taken)")
        try quit(session)
    }

    @Test func aTypoThatStillFindsFilesIsCorrectedToo() throws {
        // `quartely` finds the report by its stem's start (`quart`), and is a typo all the same.
        let session = try start()
        _ = try session.waitFor("the first paint") { Self.count($0) != nil }
        try session.type("quartely")
        let offered = try session.waitFor("the correction under the field, above a result") { screen in
            screen[2].contains("did you mean: quarterly") && (Self.count(screen) ?? 0) > 0
        }
        #expect(offered.contains { $0.contains("report.docx") }, "\(offered)")
        try quit(session)
    }

    @Test func aResizedWindowIsRedrawnAtItsNewSize() throws {
        let session = try start(["tone"], width: 80, height: 24)
        let narrow = try session.waitFor("six tones, details below") { Self.count($0) == 6 }
        #expect(!narrow[4].contains("│"))
        try session.tmux(["resize-window", "-t", session.name, "-x", "120", "-y", "30"])
        let wide = try session.waitFor("details beside") { $0.count >= 30 && $0[4].contains("│") }
        #expect(wide.allSatisfy { $0.count <= 120 })
        try quit(session)
    }

    @Test func anIndexCutShortUnderTheSessionEndsItWithAMessageNotACrash() throws {
        // A copy, so the suite's index stays whole for the other tests; with its text store, which
        // a search reads (a missing one is an error of its own).
        let copy = tree.index + ".cut"
        try FileManager.default.copyItem(atPath: tree.index, toPath: copy)
        try FileManager.default.copyItem(atPath: tree.index + ".text", toPath: copy + ".text")
        defer {
            try? FileManager.default.removeItem(atPath: copy)
            try? FileManager.default.removeItem(atPath: copy + ".text")
        }
        let session = try TmuxSession(
            width: 80, height: 24, arguments: ["search", "--index", copy], directory: tree.root)
        try session.waitFor("the first results") { Self.count($0) != nil }
        // Another program rewrites the file in place: the mapped pages are gone.
        #expect(truncate(copy, 0) == 0)
        try session.type("to")
        #expect(session.exitStatus() == 1)
        #expect(
            session.standardError().hasPrefix("fsfind: the index file \(copy) was cut short while it was being read"))
        let (before, after) = session.sttyBeforeAndAfter()
        #expect(before == after)
        session.close()
    }

    @Test func typingNarrowsWithEveryKeystroke() throws {
        let session = try start()
        try session.waitFor("the first results") { Self.count($0) != nil }
        var counts: [Int] = []
        var typed = ""
        for character in "tone" {
            typed.append(character)
            try session.type(String(character))
            let screen = try session.waitFor("results for '\(typed)'") { screen in
                screen[0].hasPrefix(" > \(typed)") && Self.count(screen) != nil
            }
            counts.append(Self.count(screen) ?? -1)
        }
        #expect(counts == counts.sorted(by: >), "\(counts)")
        #expect(counts.last == 6)
        #expect(counts.first.map { $0 > 6 } == true)
        let names = Self.names(try session.screen())
        #expect(!names.isEmpty && names.allSatisfy { $0.hasPrefix("tone.") }, "\(names)")
        try quit(session)
    }

    @Test func tabMovesTheScopeAndTheListFollows() throws {
        let session = try start()
        try session.waitFor("all items") { $0[1].contains("[All ") && Self.count($0) != nil }
        try session.press("Tab")
        let audio = try session.waitFor("the audio scope") { $0[1].contains("[Audio 10]") && Self.count($0) == 10 }
        let names = Self.names(audio)
        #expect(!names.isEmpty)
        let audioNames: Set<String> = [
            "intro-paris.mp3", "no-xing.mp3", "vbr.mp3", "tone.m4a", "tone.flac", "tone.ogg",
            "tone.opus", "tone.wav", "tone.aiff", "song-notes.txt",
        ]
        #expect(names.allSatisfy { audioNames.contains($0) }, "\(names)")
        try session.press("Tab")
        try session.waitFor("the video scope") {
            $0[1].contains("[Video 5]") && Self.names($0).allSatisfy { $0.hasPrefix("clip.") }
        }
        try session.press("BTab", "BTab")
        try session.waitFor("back to all") { $0[1].contains("[All ") }
        try quit(session)
    }

    @Test func aKindTokenBecomesAChipThatFiltersAndBackspaceRemovesIt() throws {
        let session = try start()
        let all = try session.waitFor("all items") { Self.count($0) != nil }
        let total = Self.count(all)
        try session.type("kind:audio ")
        let chip = try session.waitFor("the chip") { $0[0].contains("[kind:audio]") && Self.count($0) == 10 }
        #expect(!chip[0].contains("[kind:audio] kind:audio"))
        try session.press("BSpace")
        try session.waitFor("the chip gone") { screen in
            !screen[0].contains("kind:audio") && screen[0].contains("Files, songs") && Self.count(screen) == total
        }
        try quit(session)
    }

    @Test func suggestionsTeachTokensAndOfferIndexedValues() throws {
        let session = try start()
        try session.waitFor("the example tokens") { $0[2].contains("Suggestions:") && $0[2].contains("kind:audio") }
        try session.type("ki")
        try session.waitFor("the kind: key") { $0[2].contains("kind:") }
        try session.press("C-u")
        try session.type("kind:mp")
        // A kind that exists in the index, offered as a token.
        try session.waitFor("an indexed kind") { $0[2].contains("kind:\"MP3 audio\"") }
        let mp3 = try FSFind.run(["query", "--index", tree.index, "--count", "kind == \"MP3 audio\"cdt"])
        let expected = Int(mp3.out.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(expected == 4)
        try session.press("Right")
        try session.waitFor("the suggestion taken as a chip") {
            $0[0].contains("[kind:\"MP3 audio\"]") && Self.count($0) == expected
        }
        try session.press("C-u", "C-u")
        // Authors come from metadata extraction: letter.odt's is Ludwig van Beethoven.
        try session.type("Lud")
        try session.waitFor("the author Ludwig van Beethoven") {
            $0[2].contains("author:") && $0[2].contains("Ludwig")
        }
        try quit(session)
    }

    @Test func aPredicateShowsItsErrorInlineUntilComplete() throws {
        let session = try start()
        try session.waitFor("all items") { Self.count($0) != nil }
        try session.type("fileSize > ")
        try session.waitFor("the inline error") { $0[2].contains("!") && $0[2].contains("expected") }
        try session.type("40000")
        let screen = try session.waitFor("files over 40 kB") {
            !$0[2].contains("!") && $0[0].contains("fileSize > 40000")
        }
        let expected = try FSFind.run(["query", "--index", tree.index, "--count", "fileSize > 40000"])
        #expect(Self.count(screen) == Int(expected.out.trimmingCharacters(in: .whitespacesAndNewlines)))
        try quit(session)
    }

    @Test func enterPrintsExactlyTheSelectedPath() throws {
        let session = try start()
        try session.waitFor("all items") { Self.count($0) != nil }
        try session.type("tone")
        let screen = try session.waitFor("six tones") { Self.count($0) == 6 }
        let second = try #require(Self.names(screen).dropFirst().first)
        try session.press("Down")
        try session.waitFor("the second row selected") { $0[5].hasPrefix(" > \(second)") }
        try session.press("Enter")
        #expect(session.exitStatus() == 0, "\(session.standardError())")
        #expect(String(decoding: session.standardOutput(), as: UTF8.self) == tree.root + "/Music/\(second)\n")
        let (before, after) = session.sttyBeforeAndAfter()
        #expect(before == after)
        // The search is remembered for suggestions.
        let recent = try String(contentsOfFile: session.folder.file("state/fsfind/recent-searches"), encoding: .utf8)
        #expect(recent == "tone\n")
        session.close()
    }

    @Test func ctrlCPrintsNothingAndATermSignalRestoresTheTerminal() throws {
        let session = try start()
        try session.waitFor("all items") { Self.count($0) != nil }
        try session.press("C-c")
        #expect(session.exitStatus() == 130)
        #expect(session.standardOutput().isEmpty)
        session.close()

        let killed = try start()
        try killed.waitFor("all items") { Self.count($0) != nil }
        let pid = try #require(killed.pid())
        kill(pid, SIGTERM)
        #expect(killed.exitStatus() == 128 + SIGTERM)
        let (before, after) = killed.sttyBeforeAndAfter()
        #expect(before == after)
        killed.close()
    }

    @Test func aDumbTerminalIsRefusedWithAReason() throws {
        let result = try FSFind.run(["search", "--index", tree.index], environment: ["TERM": "dumb"])
        #expect(result.status == 2 && result.stderr.contains("TERM=dumb"), "\(result.stderr)")
    }

    @Test func withoutATerminalItSaysSoAndExits2() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["-w", FSFind.binary.path, "search", "--index", tree.index]
        let err = Spawning.pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try Spawning.run(process)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("terminal"))
    }
}
