import CPlatform
import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindCommandLine

/// Where the fixed-address `fsfind` finds `fsfind-reader`, and which commands it hands over
/// (docs/decisions.md, "Two executables"). That a release `fsfind` really runs `index` in the
/// reader is checked by hand with the release build (`benchmarks/RESULTS.md`); the debug build
/// the tests run is position-independent, so it never hands over.
@Suite struct ReaderHandoffTests {
    private func executable(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o755) == 0)
    }

    @Test func theReaderIsFoundBesideTheExecutableOrInLibexec() throws {
        let folder = TemporaryFolder()
        // A build folder: both side by side.
        try executable(folder.file("build/fsfind"))
        try executable(folder.file("build/fsfind-reader"))
        let build = ReaderHandoff.readerPath(beside: folder.file("build/fsfind"))
        #expect(build.map { $0.hasSuffix("/build/fsfind-reader") } == true, "\(String(describing: build))")
        // What `make install` lays out.
        try executable(folder.file("usr/bin/fsfind"))
        try executable(folder.file("usr/libexec/fsfind/fsfind-reader"))
        let installed = ReaderHandoff.readerPath(beside: folder.file("usr/bin/fsfind"))
        #expect(installed.map { $0.hasSuffix("/usr/libexec/fsfind/fsfind-reader") } == true)
    }

    @Test func noReaderMeansTheCommandRunsHere() throws {
        let folder = TemporaryFolder()
        try executable(folder.file("bin/fsfind"))
        #expect(ReaderHandoff.readerPath(beside: folder.file("bin/fsfind")) == nil)
        // A reader that cannot be run is no reader.
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.file("bin/fsfind-reader")))
        #expect(ReaderHandoff.readerPath(beside: folder.file("bin/fsfind")) == nil)
        // The reader never hands over to itself.
        try executable(folder.file("bin/fsfind-reader"))
        let reader = try #require(ReaderHandoff.readerPath(beside: folder.file("bin/fsfind")))
        #expect(ReaderHandoff.readerPath(beside: reader) == nil)
        #expect(ReaderHandoff.readerPath(beside: nil) == nil)
    }

    @Test func onlyTheCommandsThatReadFilesOrListenAreHandedOver() {
        let names = [
            FSFindCommand.Index.configuration.commandName, FSFindCommand.Watch.configuration.commandName,
            FSFindCommand.Search.configuration.commandName, FSFindCommand.Serve.configuration.commandName,
            FSFindCommand.DesktopSearch.configuration.commandName,
            FSFindCommand.ExtractWorker.name, FSFindCommand.PreviewWorkerCommand.name,
        ]
        #expect(names == ReaderHandoff.commands)
        for command in [
            "index", "watch", "search", "serve", "desktop-search", "extract-worker", "preview-worker",
        ] {
            #expect(ReaderHandoff.commands.contains(command), "\(command)")
        }
        for command in ["query", "show", "status", "attributes", "scopes", "forget", "export", "--version"] {
            #expect(!ReaderHandoff.commands.contains(command), "\(command)")
        }
    }

    /// The test binary, like every debug build, is position-independent: nothing is handed over.
    @Test func aPositionIndependentImageIsNotFixed() {
        #expect(fsfind_main_image_is_fixed() == 0)
    }
}
