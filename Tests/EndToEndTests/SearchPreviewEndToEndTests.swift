import Foundation
import Glibc
import Testing

/// `fsfind search`'s preview of the selected file, driven through tmux: pictures drawn with
/// symbols beside the facts, at 80×24 too, without colour under `NO_COLOR`, redrawn when the
/// window changes under a preview being drawn, and a short reason for what cannot be shown.
@Suite(.ownThreads, .serialized, .enabled(if: Requirement.tool("tmux"), "drives fsfind search in tmux"))
struct SearchPreviewEndToEndTests {
    let tree: FixtureTree

    init() throws {
        tree = try FixtureTree(withOddEntries: false)
        let run = try tree.buildIndex()
        #expect(run.status == 0, "\(run.stderr)")
    }

    func start(
        _ field: String, width: Int, height: Int, environment: [String: String] = [:]
    ) throws -> TmuxSession {
        try TmuxSession(
            width: width, height: height, arguments: ["search", "--index", tree.index, field], directory: tree.root,
            environment: environment)
    }

    /// Lines holding chafa's block symbols (U+2580–U+259F), which no other part of the screen uses.
    static func pictureLines(_ screen: [String]) -> [String] {
        screen.filter { line in line.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) } }
    }

    func quit(_ session: TmuxSession) throws {
        try session.press("Escape")
        #expect(session.exitStatus() == 130)
        let (before, after) = session.sttyBeforeAndAfter()
        #expect(before == after)
        session.close()
    }

    @Test func aPhotoIsDrawnInColourAboveItsFacts() throws {
        // `swift test` sets NO_COLOR for its children; empty means "colours" (no-color.org).
        let session = try start(
            "eiffel", width: 120, height: 30, environment: ["COLORTERM": "truecolor", "NO_COLOR": ""])
        let screen = try session.waitFor("the photo drawn") { Self.pictureLines($0).count >= 4 }
        let picture = Self.pictureLines(screen)
        // Drawn in the pane (right of the bar), above the summary, within the window.
        for line in picture {
            let halves = line.split(separator: "│", maxSplits: 1)
            #expect(halves.count == 2 && Self.pictureLines([String(halves[0])]).isEmpty, "\(line)")
        }
        let firstPicture = try #require(screen.firstIndex { Self.pictureLines([$0]).count == 1 })
        let camera = try #require(screen.firstIndex { $0.contains("│ Camera ") })
        #expect(firstPicture < camera)
        #expect(screen.allSatisfy { $0.count <= 120 })
        let escapes = try session.screenWithEscapes()
        #expect(escapes.contains("48;2;"), "24-bit backgrounds where COLORTERM says truecolor")
        #expect(escapes.contains("1;4meiffel"), "the matched letters of the name bold and underlined")
        // The worker that drew it runs nicer than the screen, so the next key's scan comes first.
        let (worker, screenNice) = try #require(Self.previewWorker(of: tree.index))
        #expect(worker == min(19, screenNice + 10), "worker nice \(worker), screen \(screenNice)")
        try quit(session)
    }

    /// The nice values of the preview worker whose `fsfind search` reads `index`, and of that search.
    static func previewWorker(of index: String) -> (worker: Int, screen: Int)? {
        func commandLine(_ pid: String) -> [String] {
            let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
            return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        }
        // Fields after the command's closing parenthesis: the parent is field 4, nice field 19.
        func fields(_ pid: String) -> [Substring]? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let end = stat.range(of: ")", options: .backwards)
            else { return nil }
            return stat[end.upperBound...].split(separator: " ")
        }
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil } ?? []
        for pid in pids where commandLine(pid).last == "preview-worker" {
            guard let worker = fields(pid), let parent = worker.dropFirst().first.map(String.init),
                commandLine(parent).contains(index), let screen = fields(parent),
                let workerNice = Int(worker[19 - 3]), let screenNice = Int(screen[19 - 3])
            else { continue }
            return (workerNice, screenNice)
        }
        return nil
    }

    @Test func at80x24ThePictureSitsRightOfTheDetails() throws {
        let session = try start("clip.mp4", width: 80, height: 24, environment: ["NO_COLOR": ""])
        let screen = try session.waitFor("the poster frame") { Self.pictureLines($0).count >= 3 }
        #expect(screen.allSatisfy { $0.count <= 80 })
        let details = try #require(screen.firstIndex { $0.hasPrefix("─ Details") })
        // The frame shares rows with the path and the kind, at the right.
        #expect(screen[details + 1].contains("clip.mp4"))
        #expect(Self.pictureLines(Array(screen[(details + 1)...])).count >= 3)
        #expect(screen.contains { $0.contains("Kind") && $0.contains("MPEG-4") }, "\(screen)")
        #expect(screen[23].contains("^P"), "the help line names the pane's key")
        // Without a 24-bit promise, colours come from the 256-colour palette.
        #expect(try session.screenWithEscapes().contains("48;5;"))
        try quit(session)
    }

    @Test func noColorDrawsSymbolsWithoutColour() throws {
        let session = try start("eiffel", width: 120, height: 30, environment: ["NO_COLOR": "1"])
        _ = try session.waitFor("the photo drawn") { Self.pictureLines($0).count >= 4 }
        let escapes = try session.screenWithEscapes()
        #expect(!escapes.contains("38;2;") && !escapes.contains("48;2;") && !escapes.contains("38;5;"))
        #expect(!escapes.contains("48;5;"))
        try quit(session)
    }

    @Test func aWindowResizedWhileAPreviewIsDrawnGetsOneAtItsNewSize() throws {
        // The worker waits a second on eiffel.jpg; the window shrinks meanwhile.
        let session = try start(
            "eiffel", width: 120, height: 30, environment: ["FSFIND_TEST_SLOW_ON": "eiffel.jpg"])
        _ = try session.waitFor("the result") { $0.count > 4 && $0[4].contains("eiffel.jpg") }
        try session.tmux(["resize-window", "-t", session.name, "-x", "90", "-y", "26"])
        let screen = try session.waitFor("the photo at the new size", timeout: 30) { screen in
            screen.count >= 26 && screen.allSatisfy { $0.count <= 90 } && Self.pictureLines(screen).count >= 3
                && screen.contains { $0.hasPrefix("─ Details") }
        }
        #expect(!screen.contains { $0.contains("\u{1B}") || $0.contains("[38;") || $0.contains("[48;") })
        try quit(session)
    }

    @Test func aKittyTerminalGetsTheImageAndPlaceholderCells() throws {
        // tmux is not kitty: the protocol is forced, and the bytes fsfind writes are recorded
        // before tmux (which ignores the image commands) interprets them.
        let session = try TmuxSession(
            width: 120, height: 30, arguments: ["search", "--index", tree.index], directory: tree.root,
            environment: ["NO_COLOR": "", "FSFIND_PREVIEW_GRAPHICS": "kitty"])
        let output = session.folder.file("output")
        try session.waitFor("the first paint") { $0[0].contains("Files, songs") }
        try session.recordOutput(to: output)
        try session.type("eiffel")
        // Scalars, not characters: a placeholder and its marks are one character.
        func placeholders(_ line: String) -> Int { line.unicodeScalars.filter { $0 == "\u{10EEEE}" }.count }
        let screen = try session.waitFor("placeholder cells") { $0.contains { placeholders($0) > 0 } }
        let cells = screen.filter { placeholders($0) > 0 }
        // eiffel.jpg is 4:3: 57 columns would take 21 rows, more than the box's 12, so 12 rows of 32.
        #expect(cells.count == 12, "\(screen)")
        #expect(cells.allSatisfy { placeholders($0) == 32 })
        try quit(session)
        let bytes = String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
        #expect(bytes.contains("\u{1B}_Ga=t,f=24,o=z,s=320,v=240,i=1,q=2,m="), "the pixels, sent once")
        #expect(bytes.contains("\u{1B}_Ga=p,U=1,i=1,c=32,r=12,q=2\u{1B}\\"), "a virtual placement")
        // Byte for byte: the first cell, its colour the id, its marks row 0 and column 0.
        let firstCell = Array("\u{1B}[0;38;5;1m\u{10EEEE}\u{0305}\u{0305}".utf8)
        let raw = Array(bytes.utf8)
        #expect(
            (0...(raw.count - firstCell.count)).contains { raw[$0..<$0 + firstCell.count].elementsEqual(firstCell) })
        #expect(bytes.contains("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"), "freed on the way out")
    }

    @Test func whatCannotBeShownSaysWhyInALine() throws {
        // A binary file named .txt, and a text deleted after it was indexed.
        let binary = (0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        try Data(binary).write(to: URL(fileURLWithPath: tree.root + "/Documents/blob.txt"))
        try Data("soon gone\n".utf8).write(to: URL(fileURLWithPath: tree.root + "/Documents/gone.txt"))
        #expect(try tree.buildIndex().status == 0)
        try FileManager.default.removeItem(atPath: tree.root + "/Documents/gone.txt")

        let session = try start("blob.txt", width: 120, height: 30)
        try session.waitFor("binary, not text") { $0.contains { $0.contains("no preview: binary data, not text") } }
        try session.press("C-u")
        try session.type("gone.txt")
        try session.waitFor("the file is gone") { $0.contains { $0.contains("no preview: the file is gone") } }
        try quit(session)
    }
}
