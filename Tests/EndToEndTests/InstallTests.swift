import Foundation
import Testing

/// `make install DESTDIR=… PREFIX=…` lays out the binary, the man page and the completion scripts
/// where Debian looks for them, and `make uninstall` removes exactly those.
@Suite(.ownThreads) struct InstallTests {
    static let installed = [
        "usr/local/bin/fsfind",
        "usr/local/lib/systemd/system/fsfind-serve.service",
        "usr/local/lib/systemd/user/fsfind-watch.service",
        "usr/local/libexec/fsfind/fsfind-reader",
        "usr/local/share/applications/org.fsfind.Fsfind.desktop",
        "usr/local/share/bash-completion/completions/fsfind",
        "usr/local/share/dbus-1/services/org.fsfind.SearchProvider.service",
        "usr/local/share/fish/vendor_completions.d/fsfind.fish",
        "usr/local/share/gnome-shell/search-providers/org.fsfind.SearchProvider.ini",
        "usr/local/share/krunner/dbusplugins/fsfind-krunner.desktop",
        "usr/local/share/man/man1/fsfind.1",
        "usr/local/share/zsh/vendor-completions/_fsfind",
    ]

    @Test func installAndUninstall() throws {
        let destination = try TemporaryFolder()
        let root = FSFind.repositoryRoot.path
        // BIN: install the debug binary the tests already built instead of building a release.
        let install = try ShellLine.run(
            "/usr/bin/make",
            [
                "-s", "-C", root, "install", "DESTDIR=\(destination.path)",
                "PREFIX=/usr/local", "BIN=\(FSFind.binary.path)",
            ])
        #expect(install.status == 0, "\(install.stderr)")
        let files = try ShellLine.bash("find . -type f | sed 's|^\\./||' | sort", in: destination.path).lines
        #expect(files == Self.installed)
        #expect(FileManager.default.isExecutableFile(atPath: destination.file("usr/local/bin/fsfind")))
        let version = try ShellLine.run(destination.file("usr/local/bin/fsfind"), ["--version"])
        #expect(version.status == 0 && !version.out.isEmpty)
        #expect(
            FileManager.default.isExecutableFile(atPath: destination.file("usr/local/libexec/fsfind/fsfind-reader")))
        // The unit names the installed binary, and systemd reads it without complaint.
        let unit = try String(
            contentsOfFile: destination.file("usr/local/lib/systemd/user/fsfind-watch.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/local/bin/fsfind watch --quiet\n"), "\(unit)")
        #expect(!unit.contains("@BINDIR@"))
        let serve = try String(
            contentsOfFile: destination.file("usr/local/lib/systemd/system/fsfind-serve.service"), encoding: .utf8)
        #expect(serve.contains("ExecStart=/usr/local/bin/fsfind serve --quiet --listen 127.0.0.1:9200"), "\(serve)")
        #expect(!serve.contains("@BINDIR@"))
        // The desktop files name the installed binary (GLib drops an entry whose Exec does not
        // resolve) and each other (docs/desktop-search.md).
        let activation = try String(
            contentsOfFile: destination.file("usr/local/share/dbus-1/services/org.fsfind.SearchProvider.service"),
            encoding: .utf8)
        #expect(activation.contains("Exec=/usr/local/bin/fsfind desktop-search\n"), "\(activation)")
        let entry = try String(
            contentsOfFile: destination.file("usr/local/share/applications/org.fsfind.Fsfind.desktop"), encoding: .utf8)
        #expect(entry.contains("Exec=/usr/local/bin/fsfind search\n") && !entry.contains("\nNoDisplay"), "\(entry)")
        let provider = try String(
            contentsOfFile: destination.file(
                "usr/local/share/gnome-shell/search-providers/org.fsfind.SearchProvider.ini"),
            encoding: .utf8)
        for line in [
            "DesktopId=org.fsfind.Fsfind.desktop", "BusName=org.fsfind.SearchProvider",
            "ObjectPath=/org/fsfind/SearchProvider", "Version=2",
        ] {
            #expect(provider.contains(line + "\n"), "\(line)")
        }
        let runner = try String(
            contentsOfFile: destination.file("usr/local/share/krunner/dbusplugins/fsfind-krunner.desktop"),
            encoding: .utf8)
        for line in [
            "X-Plasma-API=DBus", "X-Plasma-DBusRunner-Service=org.fsfind.SearchProvider",
            "X-Plasma-DBusRunner-Path=/runner", "X-Plasma-Runner-Min-Letter-Count=2",
        ] {
            #expect(runner.contains(line + "\n"), "\(line)")
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            for unit in ["user/fsfind-watch.service", "system/fsfind-serve.service"] {
                let verify = try ShellLine.run(
                    "/usr/bin/systemd-analyze",
                    ["verify", "--man=no", destination.file("usr/local/lib/systemd/" + unit)])
                // The binary is under DESTDIR, not yet at /usr/local/bin: only that may be said.
                let name = String(unit.split(separator: "/")[1])
                let complaints = verify.stderr.split(separator: "\n").filter {
                    $0.contains(name + ":") && !$0.contains("is not executable")
                }
                #expect(complaints.isEmpty, "\(verify.stderr)")
            }
        }

        let uninstall = try ShellLine.run(
            "/usr/bin/make",
            [
                "-s", "-C", root, "uninstall", "DESTDIR=\(destination.path)",
                "PREFIX=/usr/local",
            ])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(try ShellLine.bash("find . -type f", in: destination.path).lines.isEmpty)
    }

    @Test func mdToolLinksAreOptIn() throws {
        let destination = try TemporaryFolder()
        let root = FSFind.repositoryRoot.path
        func make(_ target: String, _ extra: [String] = []) throws -> RunResult {
            try ShellLine.run(
                "/usr/bin/make",
                [
                    "-s", "-C", root, target, "DESTDIR=\(destination.path)", "PREFIX=/usr/local",
                    "BIN=\(FSFind.binary.path)",
                ]
                    + extra)
        }
        #expect(try make("install").status == 0)
        #expect(try ShellLine.bash("find . -type l", in: destination.path).lines.isEmpty, "no links by default")
        let install = try make("install", ["MDTOOLS=yes"])
        #expect(install.status == 0, "\(install.stderr)")
        let links = try ShellLine.bash(
            "for f in usr/local/bin/md*; do echo \"$f -> $(readlink $f)\"; done", in: destination.path
        ).lines
        #expect(
            links == [
                "usr/local/bin/mdfind -> fsfind", "usr/local/bin/mdls -> fsfind", "usr/local/bin/mdutil -> fsfind",
            ])
        let version = try ShellLine.run(destination.file("usr/local/bin/mdfind"), ["--version"])
        #expect(version.status == 0, "\(version.stderr)")
        // Uninstall removes the links too, but never an mdfind that is not ours.
        try FileManager.default.removeItem(atPath: destination.file("usr/local/bin/mdls"))
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: destination.file("usr/local/bin/mdls")))
        #expect(try make("uninstall").status == 0)
        #expect(
            try ShellLine.bash("find . -type f -o -type l | sort", in: destination.path).lines == [
                "./usr/local/bin/mdls"
            ])
    }
}
