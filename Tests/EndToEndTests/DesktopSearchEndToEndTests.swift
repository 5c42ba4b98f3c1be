import Foundation
import Glibc
import Testing

/// `fsfind desktop-search` on a private session bus (`dbus-run-session`), started by D-Bus
/// activation from a staged `make install`'s service file, called with `gdbus` as GNOME Shell and
/// KRunner call it: ids are percent-encoded file URIs, metas match ids one for one, bad input
/// answers empty, and a missing index or a second provider is a line on stderr, never a crash.
@Suite(.ownThreads, .enabled(if: Requirement.tool("dbus-run-session") && Requirement.tool("gdbus")))
struct DesktopSearchEndToEndTests {
    /// A prefix with the installed files, an indexed copy of the sample tree, and a file whose
    /// name is not UTF-8.
    final class Session {
        let folder = try! TemporaryFolder()  // test-only: a failure here is a broken machine
        var prefix: String { folder.file("prefix") }
        var tree: String { folder.file("tree") }
        var index: String { folder.file("index.fsfind") }
        /// `odd-\xFF-lutece.txt` in the tree: its URI escapes the byte.
        static let oddName: [UInt8] = Array("odd-".utf8) + [0xFF] + Array("-lutece.txt".utf8)

        init(indexed: Bool = true) throws {
            try Shell.run("/bin/cp", ["-a", FSFind.sample.path, tree])
            let path = Array(tree.utf8) + [UInt8(ascii: "/")] + Self.oddName + [0]
            let fd = path.withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
            }
            _ = "lutece and paris\n".withCString { write(fd, $0, strlen($0)) }
            close(fd)
            let install = try ShellLine.run(
                "/usr/bin/make",
                ["-s", "-C", FSFind.repositoryRoot.path, "install", "PREFIX=\(prefix)", "BIN=\(FSFind.binary.path)"])
            #expect(install.status == 0, "\(install.stderr)")
            if indexed { try buildIndex() }
        }

        func buildIndex() throws {
            let result = try FSFind.run(["index", "--index", index, tree])
            #expect(result.status == 0, "\(result.stderr)")
        }

        /// Runs `script` (sh) on a new session bus whose services include the staged ones; `$GNOME`
        /// and `$KRUNNER` are `gdbus call` prefixes for the two objects, `$FSFIND` the staged binary.
        func run(_ script: String) throws -> RunResult {
            let call = "gdbus call --session --timeout 20 --dest org.fsfind.SearchProvider"
            // The test process blocks SIGTERM, and a child inherits the mask: dbus-run-session could
            // then not stop its dbus-daemon. Python unblocks every signal before the exec.
            let unblocked =
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, set()); "
                + "os.execv(sys.argv[1], sys.argv[1:])"
            return try ShellLine.run(
                "/usr/bin/python3", ["-c", unblocked, "/usr/bin/dbus-run-session", "--", "/bin/sh", "-c", script],
                environment: [
                    "PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_DATA_DIRS": prefix + "/share",
                    "XDG_DATA_HOME": folder.file("data"), "XDG_CACHE_HOME": folder.file("cache"),
                    "FSFIND_INDEX": index, "FSFIND": prefix + "/bin/fsfind",
                    "GNOME":
                        "\(call) --object-path /org/fsfind/SearchProvider --method org.gnome.Shell.SearchProvider2",
                    "KRUNNER": "\(call) --object-path /runner --method org.kde.krunner1",
                ])
        }

        func uri(_ relative: String) -> String { "file://" + tree + "/" + relative }
    }

    /// The sections of a script's output, each after a line `== NAME`.
    static func sections(_ output: String) -> [String: String] {
        var result: [String: String] = [:]
        var name: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("== ") {
                name = String(line.dropFirst(3))
                result[name!] = ""
            } else if let name {
                result[name, default: ""] += line + "\n"
            }
        }
        return result.mapValues { $0.hasSuffix("\n\n") ? String($0.dropLast()) : $0 }
    }

    /// The quoted `file://` strings of a printed GVariant, in order.
    static func uris(_ printed: String) -> [String] {
        printed.split(separator: "'").filter { $0.hasPrefix("file://") }.map(String.init)
    }

    /// What fsfind said on stderr, without dbus-daemon's own lines.
    static func fsfindLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("fsfind") }
    }

    @Test func activationAndEveryGNOMEMethod() throws {
        let session = try Session()
        let odd = session.uri("odd-%FF-lutece.txt")
        let result = try session.run(
            """
            echo "== initial"; $GNOME.GetInitialResultSet "['paris']"
            ids=$($GNOME.GetInitialResultSet "['paris']" | sed 's/^(\\(.*\\),)$/\\1/')
            echo "== metas"; $GNOME.GetResultMetas "$(echo "$ids" | sed "s|]$|, 'not a uri', 'file:///nowhere/gone.txt']|")"
            echo "== subsearch"; $GNOME.GetSubsearchResultSet "$ids" "['paris', 'intro']"
            echo "== one"; $GNOME.GetInitialResultSet "['p']"
            echo "== empty"; $GNOME.GetInitialResultSet "[]"
            echo "== odd"; $GNOME.GetInitialResultSet "['lutece']"
            echo "== oddmeta"; $GNOME.GetResultMetas "['\(odd)']"
            echo "== activate"; $GNOME.ActivateResult "'file:///nowhere/gone.txt'" "['paris']" 0
            echo "== activate-bad"; $GNOME.ActivateResult "'not a uri'" "['paris']" 0
            echo "== launch"; $GNOME.LaunchSearch "['paris']" 0
            echo "== alive"; $GNOME.GetInitialResultSet "['lutece']"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let sections = Self.sections(result.out)
        let ids = Self.uris(sections["initial"] ?? "")
        #expect(ids.contains(session.uri("Music/intro-paris.mp3")), "\(result.out)")
        #expect(ids.count == Set(ids).count && ids.count <= 100)
        // Ranked: the file named paris comes before files that only hold the word.
        #expect(ids.first == session.uri("Music/intro-paris.mp3"), "\(ids)")
        let metas = sections["metas"] ?? ""
        let rows = metas.components(separatedBy: "{'id': <").dropFirst()
        #expect(rows.count == ids.count + 2, "\(metas)")
        for row in rows {
            #expect(row.contains("'name': <'"), "\(row)")
            #expect(row.contains("'icon': <('themed', <[") || row.contains("'icon': <('file', <'"), "\(row)")
        }
        #expect(metas.contains("'name': <'intro-paris.mp3'>"), "\(metas)")
        #expect(metas.contains("'clipboardText': <'\(session.tree)/Music/intro-paris.mp3'>"), "\(metas)")
        #expect(metas.contains("'description': <'~/tree/Music'>"), "the folder, with ~: \(metas)")
        #expect(metas.contains("{'id': <'not a uri'>, 'name': <'not a uri'>"), "\(metas)")
        #expect(metas.contains("'name': <'gone.txt'>, 'description': <'/nowhere'>"), "\(metas)")
        let narrowed = Self.uris(sections["subsearch"] ?? "")
        #expect(!narrowed.isEmpty && Set(narrowed).isSubset(of: Set(ids)), "\(narrowed) of \(ids)")
        #expect(sections["one"] == "(@as [],)\n")
        #expect(sections["empty"] == "(@as [],)\n")
        #expect(Self.uris(sections["odd"] ?? "") == [odd], "\(sections["odd"] ?? "")")
        let oddMeta = sections["oddmeta"] ?? ""
        #expect(oddMeta.contains("'name': <'odd-\u{FFFD}-lutece.txt'>"), "\(oddMeta)")
        #expect(oddMeta.contains("'description': <'lutece and paris'>"), "the snippet: \(oddMeta)")
        for section in ["activate", "activate-bad", "launch"] { #expect(sections[section] == "()\n", "\(section)") }
        #expect(Self.uris(sections["alive"] ?? "") == [odd])
        #expect(result.stderr.contains("Activating service name='org.fsfind.SearchProvider'"), "\(result.stderr)")
    }

    @Test func krunnerMatchActionsRunTeardownConfig() throws {
        let session = try Session()
        let result = try session.run(
            """
            echo "== match"; $KRUNNER.Match "paris"
            echo "== exact"; $KRUNNER.Match "intro-paris.mp3"
            echo "== short"; $KRUNNER.Match "p"
            echo "== actions"; $KRUNNER.Actions
            echo "== run"; $KRUNNER.Run "'\(session.uri("Music/intro-paris.mp3"))'" "'openParentDir'"
            echo "== run-default"; $KRUNNER.Run "'file:///nowhere/gone.txt'" "''"
            echo "== teardown"; $KRUNNER.Teardown
            echo "== config"; $KRUNNER.Config
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let sections = Self.sections(result.out)
        let match = sections["match"] ?? ""
        #expect(
            match.hasPrefix(
                "([('\(session.uri("Music/intro-paris.mp3"))', 'intro-paris.mp3', 'audio-mpeg', 30, 0.75, "
                    + "{'urls': <['\(session.uri("Music/intro-paris.mp3"))']>, 'subtext': <'~/tree/Music'>})"),
            "\(match)")
        #expect(match.contains(", 30, 0.69999"), "relevance falls by 0.05: \(match)")
        #expect(sections["exact"]?.contains("'intro-paris.mp3', 'audio-mpeg', 100, 0.75") == true, "\(sections)")
        #expect(sections["short"] == "(@a(sssida{sv}) [],)\n")
        #expect(sections["actions"] == "([('openParentDir', 'Open Containing Folder', 'document-open-folder')],)\n")
        for section in ["run", "run-default", "teardown"] { #expect(sections[section] == "()\n", "\(section)") }
        #expect(sections["config"] == "({'MinLetterCount': <2>},)\n")
    }

    @Test func hostileTermsAndASecondProvider() throws {
        let session = try Session()
        let many = "[" + (0..<10_000).map { "'w\($0)'" }.joined(separator: ", ") + "]"
        let result = try session.run(
            """
            echo "== many"; $GNOME.GetInitialResultSet "\(many)"
            echo "== quotes"; $GNOME.GetInitialResultSet "['\\"lutece', '(', '||', 'NOT']"
            echo "== operators"; $GNOME.GetInitialResultSet "['lutece', '-paris']"
            echo "== grammar"; $GNOME.GetInitialResultSet "['fsName', '==', '\\"*\\"', '&&', 'lutece']"
            echo "== krunner"; $KRUNNER.Match '"(( || lutece'
            echo "== second"; "$FSFIND" desktop-search; echo "status $?"
            echo "== alive"; $GNOME.GetInitialResultSet "['lutece']"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let sections = Self.sections(result.out)
        #expect(sections["many"] == "(@as [],)\n", "\(sections["many"] ?? "")")
        let odd = session.uri("odd-%FF-lutece.txt")
        #expect(Self.uris(sections["quotes"] ?? "") == [odd], "\(sections["quotes"] ?? "")")
        #expect(Self.uris(sections["operators"] ?? "").isEmpty, "-paris leaves out the file holding paris")
        #expect(sections["grammar"]?.hasPrefix("([") == true || sections["grammar"] == "(@as [],)\n")
        #expect(sections["krunner"]?.contains(odd) == true, "\(sections["krunner"] ?? "")")
        #expect(sections["second"] == "status 0\n", "\(sections["second"] ?? "")")
        #expect(Self.uris(sections["alive"] ?? "") == [odd])
        let lines = Self.fsfindLines(result.stderr)
        #expect(lines.contains { $0.contains("not searched: 10000 terms") }, "\(lines)")
        #expect(lines.contains { $0.contains("is served by another process already") }, "\(lines)")
    }

    @Test func noIndexThenAnIndexThenItsDeletion() throws {
        let session = try Session(indexed: false)
        let odd = session.uri("odd-%FF-lutece.txt")
        let result = try session.run(
            """
            echo "== missing"; $GNOME.GetInitialResultSet "['lutece']"
            echo "== again"; $GNOME.GetInitialResultSet "['lutece']"
            echo "== metas"; $GNOME.GetResultMetas "['\(odd)']"
            "$FSFIND" index --index "$FSFIND_INDEX" '\(session.tree)' >/dev/null 2>&1
            echo "== indexed"; $GNOME.GetInitialResultSet "['lutece']"
            rm -f "$FSFIND_INDEX"*
            echo "== deleted"; $GNOME.GetInitialResultSet "['lutece']"
            echo "== krunner"; $KRUNNER.Match "lutece"
            printf 'not an index' > "$FSFIND_INDEX"
            echo "== damaged"; $GNOME.GetInitialResultSet "['lutece']"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let sections = Self.sections(result.out)
        for section in ["missing", "again", "deleted", "damaged"] {
            #expect(sections[section] == "(@as [],)\n", "\(section): \(sections[section] ?? "")")
        }
        #expect(sections["metas"]?.contains("{'id': <'\(odd)'>, 'name': <'odd-\u{FFFD}-lutece.txt'>") == true)
        #expect(Self.uris(sections["indexed"] ?? "") == [odd], "\(sections["indexed"] ?? "")")
        #expect(sections["krunner"] == "(@a(sssida{sv}) [],)\n")
        let lines = Self.fsfindLines(result.stderr)
        // One line per problem, not one per keystroke; each names the index.
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.allSatisfy { $0.contains(session.index) }, "\(lines)")
    }

    @Test func exitsWhenIdle() throws {
        let session = try Session()
        let result = try session.run(
            """
            "$FSFIND" desktop-search --idle-exit 1 & provider=$!
            gdbus wait --session --timeout 10 org.fsfind.SearchProvider
            echo "== call"; $GNOME.GetInitialResultSet "['lutece']"
            for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 $provider 2>/dev/null || break; sleep 0.5; done
            wait $provider; echo "== status"; echo "$?"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let sections = Self.sections(result.out)
        #expect(Self.uris(sections["call"] ?? "").count == 1)
        #expect(sections["status"] == "0\n", "\(result.out)")
    }
}
