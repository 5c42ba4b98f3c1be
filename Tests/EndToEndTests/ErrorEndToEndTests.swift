import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindManual

/// Exit statuses and messages for bad queries, missing and damaged index files, and an unreadable
/// folder (`docs/spec/cli.md`: 1 for runtime failures, 2 for usage and query errors, never a trap).
@Suite(.ownThreads, .serialized) struct ErrorEndToEndTests {
    @Test func badQueryIsStatusTwoWithACaret() throws {
        let folder = try TemporaryFolder()
        // No index exists: the query must be rejected before the index is looked for.
        let result = try FSFind.run([
            "query", "--index", folder.file("none.fsfind"), "title == \"Paris\" && duraton > 60",
        ])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "fsfind: unknown attribute 'duraton' (did you mean 'duration'?)")
        #expect(lines.dropFirst().first == "  title == \"Paris\" && duraton > 60")
        #expect(lines.dropFirst(2).first == "                      ^~~~~~~")
    }

    @Test func otherQueryErrorsAreStatusTwo() throws {
        for query in [
            "", "   ", "title == \"Paris", "title < \"a\"", "duration > ", "(title == \"a\"",
            "contentModificationDate == $time.tomorrow", "title == \"a\"x", String(repeating: "(", count: 100_000),
        ] {
            let result = try FSFind.run(["query", "--index", "/nonexistent/index", query])
            #expect(result.status == 2, "\(query.prefix(40)): \(result.stderr)")
            #expect(result.stderr.hasPrefix("fsfind: "))
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test func unknownOptionAndScopeAreStatusTwo() throws {
        #expect(try FSFind.run(["query", "--scope", "nope", "x"]).status == 2)
        #expect(try FSFind.run(["query", "--bogus", "x"]).status == 2)
        #expect(try FSFind.run(["query", "--attr", "nope", "x"]).status == 2)
        #expect(try FSFind.run(["index", "/definitely/not/here"]).status == 2)
    }

    @Test func missingIndexIsStatusOne() throws {
        let folder = try TemporaryFolder()
        let result = try FSFind.run(["query", "--index", folder.file("none.fsfind"), "paris"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(folder.file("none.fsfind")))
        #expect(try FSFind.run(["status", "--index", folder.file("none.fsfind")]).status == 1)
        let env = try FSFind.run(["query", "paris"], environment: ["FSFIND_INDEX": folder.file("env.fsfind")])
        #expect(env.stderr.contains(folder.file("env.fsfind")), "FSFIND_INDEX is where the index is looked for")
    }

    /// A failed write on stdout (a full disk, `/dev/full`) is a message and status 1, never a
    /// silently truncated result; a closed pipe with SIGPIPE ignored ends quietly.
    @Test func writeErrorsOnStandardOutputAreStatusOne() throws {
        let tree = try FixtureTree(withOddEntries: false)
        try tree.buildIndex()
        let index = "'\(tree.index)'"
        let commands = [
            "query --index \(index) 'fsName == \"*\"'", "query --index \(index) --json 'fsName == \"*\"'",
            "query --index \(index) --count paris", "status --index \(index)", "status --json --index \(index)",
            "show --index \(index) '\(tree.root)/Music/intro-paris.mp3'", "attributes", "scopes --index \(index)",
            "--help", "--version",
        ]
        for command in commands {
            let result = try ShellLine.bash("fsfind \(command) > /dev/full")
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("fsfind: cannot write the output"), "\(command): \(result.stderr)")
        }
        // SIGPIPE ignored, as some parents leave it: EPIPE after the reader has gone (`true` exits
        // long before fsfind writes) is no error.
        let piped = try ShellLine.bash(
            "trap '' PIPE; fsfind query --index \(index) 'fsName == \"*\"' | true; echo \"${PIPESTATUS[0]}\"")
        #expect(piped.out == "0\n", "\(piped.stderr)")
        #expect(!piped.stderr.contains("fsfind:"), "\(piped.stderr)")
    }

    /// A FIFO where the index belongs is refused at once by every command, `index` included
    /// (which holds the lock meanwhile, so a hang would block every later cron run).
    @Test func aFIFOAsTheIndexIsRefusedAtOnce() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("fifo.fsfind")
        #expect(mkfifo(fifo, 0o644) == 0)
        for arguments in [
            ["query", "--index", fifo, "paris"], ["status", "--index", fifo], ["scopes", "--index", fifo],
            ["index", "--index", fifo, FSFind.sample.path],
        ] {
            // timeout(1) turns a hang into status 124 instead of a stuck test.
            let result = try ShellLine.run("/usr/bin/timeout", ["10", FSFind.binary.path] + arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(fifo) is not a regular file"), "\(arguments): \(result.stderr)")
        }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is left alone")
    }

    /// `attributes` takes `--index` like every command; `--json` objects have one `path` key.
    @Test func attributesTakesIndexAndJSONHasOnePathKey() throws {
        let tree = try FixtureTree(withOddEntries: false)
        try tree.buildIndex()
        #expect(try FSFind.run(["attributes", "--index", tree.index]).status == 0)
        let file = tree.root + "/Music/intro-paris.mp3"
        let shown = try FSFind.run(["show", "--json", "--index", tree.index, file])
        let queried = try FSFind.run([
            "query", "--json", "--attr", "path,title", "--index", tree.index, "fsName == \"intro-paris.mp3\"",
        ])
        for result in [shown, queried] {
            #expect(result.status == 0, "\(result.stderr)")
            let line = result.out
            #expect(line.components(separatedBy: "\"path\":").count == 2, "one path key: \(line)")
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["path"] as? String == file)
        }
    }

    @Test func damagedIndexFilesAreReportedNeverTrusted() throws {
        let tree = try FixtureTree(withOddEntries: false)
        try tree.buildIndex()
        let good = try Data(contentsOf: URL(fileURLWithPath: tree.index))
        let query = "fsName == \"*\""
        let expected = try FSFind.run(["query", "--index", tree.index, query])
        #expect(expected.status == 0)
        var generator = SplitMix64(seed: 0xDA3A_6ED0)
        var damaged: [(String, Data)] = [
            ("empty", Data()),
            ("one byte", good.prefix(1)),
            ("half", good.prefix(good.count / 2)),
            ("all but one byte", good.prefix(good.count - 1)),
            ("random", Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })),
            ("foreign", try Data(contentsOf: FSFind.sample.appendingPathComponent("Pictures/wide.png"))),
        ]
        for _ in 0..<24 {
            var copy = good
            let position = Int.random(in: 0..<copy.count, using: &generator)
            copy[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
            damaged.append(("bit flip at \(position)", copy))
        }
        for (name, bytes) in damaged {
            try bytes.write(to: URL(fileURLWithPath: tree.index))
            let result = try FSFind.run(["query", "--index", tree.index, query])
            if name.hasPrefix("bit flip") && result.status == 0 {
                // A flip in a section this query never reads may go unnoticed, but the answer is right.
                #expect(result.stdout == expected.stdout, "\(name)")
                continue
            }
            #expect(result.status == 1, "\(name): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(name)")
            #expect(result.stderr.contains(tree.index), "\(name): \(result.stderr)")
            #expect(result.stderr.contains("fsfind index --full"), "\(name): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"), "\(name)")
            // `status` and `show` say the same, and `index` rebuilds the file.
            #expect(try FSFind.run(["status", "--index", tree.index]).status == 1, "\(name)")
        }
        let rebuilt = try FSFind.run(["index", "--index", tree.index, "--full", tree.root])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(try FSFind.run(["query", "--index", tree.index, query]).stdout == expected.stdout)
    }

    @Test(.enabled(if: Requirement.root && Requirement.tool("setpriv"), "runs fsfind as nobody through setpriv"))
    func unreadableFolderIsReportedAndTheRestIndexed() throws {
        // Permissions only stop a non-root user, so the binary runs as `nobody` (via setpriv).
        let tree = try FixtureTree(withOddEntries: false)
        try Shell.run("/bin/chmod", ["-R", "a+rwX", tree.folder.path])
        try Shell.run("/bin/chmod", ["0", tree.root + "/Documents"])
        try Shell.run("/bin/chmod", ["0", tree.root + "/Music/tone.flac"])
        let result = try FSFind.run(["index", "--index", tree.index, "--verbose", tree.root], as: "nobody")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(tree.root + "/Documents"), "the unreadable folder is reported: \(result.stderr)")
        #expect(result.stderr.contains("2 unreadable"), "\(result.stderr)")
        #expect(
            result.stderr.contains(tree.root + "/Music/tone.flac: "), "the unreadable file is named: \(result.stderr)")
        // Unreadable entries are errors: named even under --quiet, on every run (they are retried).
        let quiet = try FSFind.run(["index", "--index", tree.index, "--quiet"], as: "nobody")
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stderr.contains(tree.root + "/Music/tone.flac: "), "\(quiet.stderr)")
        #expect(quiet.stderr.contains(tree.root + "/Documents"), "\(quiet.stderr)")
        let found = try FSFind.run(
            ["query", "--index", tree.index, "--scope", "audio", "fsName == \"*\""], as: "nobody")
        #expect(found.lines.count == 8, "the rest of Music is indexed: \(found.out)")
        let documents = try FSFind.run(["query", "--index", tree.index, "path == \"*/Documents\""], as: "nobody")
        #expect(documents.lines == [tree.root + "/Documents"], "the unreadable folder is still an item")
    }
}
