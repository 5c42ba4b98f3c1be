import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindDesktop
@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindQuery

/// The desktop provider's replies and ids, without a bus: the shapes GNOME Shell and KRunner
/// check, built through GIO as the provider builds them, and the URIs GLib would write.
struct DesktopSearchTests {
    /// Icons and launches that record instead of acting.
    final class StubDesktop: DesktopEnvironment {
        func icon(path: [UInt8]?, uri: String, contentType: String?) -> DBusValue {
            .themedIcon([contentType ?? "unknown"])
        }
        func iconName(path: [UInt8], contentType: String?) -> String { "text-x-generic" }
        func open(uri: String) -> String? { nil }
        func showItems(uris: [String]) {}
        func launchSearch(terms: [String]) -> String? { nil }
    }

    final class Lines: @unchecked Sendable {
        // @unchecked: the tests call the service from one thread.
        var lines: [String] = []
    }

    static func service(index: String, lines: Lines) -> DesktopSearchService {
        DesktopSearchService(
            backend: DesktopSearchBackend(indexPath: index), environment: StubDesktop(),
            home: Array("/home/someone".utf8), log: { lines.lines.append($0) }, describe: { $0.message })
    }

    @Test func urisAreEscapedAsGLibEscapesThem() throws {
        let gio = try GIOLibrary.shared.get()
        for byte in UInt8(1)...UInt8(255) where byte != UInt8(ascii: "/") {
            let path: [UInt8] = Array("/tmp/a".utf8) + [byte] + Array("b".utf8)
            var error: OpaquePointer?
            let glib = (path + [0]).withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { gio.take(gio.filenameToURI($0.baseAddress, nil, &error)) }
            }
            #expect(FileURI.make(path: path) == glib, "byte \(byte)")
            #expect(FileURI.path(of: FileURI.make(path: path)) == path, "byte \(byte)")
        }
    }

    @Test func onlyFileURIsNamePaths() {
        #expect(FileURI.path(of: "file:///a%20b/c%FF") == Array("/a b/c".utf8) + [0xFF])
        #expect(FileURI.path(of: "file://localhost/x") == Array("/x".utf8))
        #expect(FileURI.path(of: "FILE:///x") == Array("/x".utf8))
        for id in [
            "http://x/y", "file://host/x", "file:", "file://", "x", "file:///a%2", "file:///a%zz", "file:///%00",
        ] {
            #expect(FileURI.path(of: id) == nil, "\(id)")
        }
    }

    @Test func termsAreReadAsFsfindQueryReadsWords() {
        #expect(DesktopSearchBackend.read(["p"]) == .tooShort)
        #expect(DesktopSearchBackend.read([]) == .tooShort)
        #expect(DesktopSearchBackend.read([" ", "a"]) == .tooShort)
        if case .refused = DesktopSearchBackend.read((0..<65).map { "w\($0)" }) {} else { Issue.record("65 terms") }
        if case .refused = DesktopSearchBackend.read(["((", "||"]) {} else { Issue.record("no word") }
        let same = try? FSFindQuery.Query.freeText("paris invoice")
        #expect(DesktopSearchBackend.read(["paris", "invoice"]) == same.map { DesktopSearchBackend.Reading.query($0) })
        // An open quote is a phrase being typed, not one running to the end; a lone ( is dropped.
        #expect(
            DesktopSearchBackend.read(["\"paris", "invoice"]) == same.map { DesktopSearchBackend.Reading.query($0) })
        #expect(
            DesktopSearchBackend.read(["(", "paris", "invoice", "NOT"])
                == same.map { DesktopSearchBackend.Reading.query($0) })
        let without = try? FSFindQuery.Query.freeText("paris -draft")
        #expect(
            DesktopSearchBackend.read(["paris", "-draft"]) == without.map { DesktopSearchBackend.Reading.query($0) })
    }

    @Test func everyReplyHasItsInterfacesSignature() throws {
        let gio = try GIOLibrary.shared.get()
        let lines = Lines()
        let service = Self.service(index: "/nonexistent/fsfind-test/index.fsfind", lines: lines)
        let calls: [(String, String, [DBusArgument], String)] = [
            (DesktopInterfaces.gnome, "GetInitialResultSet", [.strings(["paris"])], "(as)"),
            (DesktopInterfaces.gnome, "GetSubsearchResultSet", [.strings(["file:///a"]), .strings(["paris"])], "(as)"),
            (DesktopInterfaces.gnome, "GetResultMetas", [.strings(["file:///a", "x"])], "(aa{sv})"),
            (DesktopInterfaces.gnome, "ActivateResult", [.string("x"), .strings([]), .number(0)], "()"),
            (DesktopInterfaces.gnome, "LaunchSearch", [.strings(["paris"]), .number(0)], "()"),
            (DesktopInterfaces.krunner, "Match", [.string("paris")], "(a(sssida{sv}))"),
            (DesktopInterfaces.krunner, "Actions", [], "(a(sss))"),
            (DesktopInterfaces.krunner, "Run", [.string("file:///a"), .string("openParentDir")], "()"),
            (DesktopInterfaces.krunner, "Teardown", [], "()"),
            (DesktopInterfaces.krunner, "Config", [], "(a{sv})"),
        ]
        for (interface, method, arguments, signature) in calls {
            guard case .value(let value) = service.call(interface: interface, method: method, arguments: arguments)
            else {
                Issue.record("\(method) answered an error")
                continue
            }
            #expect(value.signature == signature, "\(method)")
            #expect(gio.typeSignature(of: value) == signature, "\(method) as GLib builds it")
        }
        #expect(
            service.call(interface: DesktopInterfaces.gnome, method: "Nope", arguments: [])
                == .error(
                    name: "org.freedesktop.DBus.Error.UnknownMethod",
                    message: "no method \(DesktopInterfaces.gnome).Nope"))
        // No index: one line for all those searches, naming the index.
        #expect(
            lines.lines.filter { $0.contains("/nonexistent/fsfind-test/index.fsfind") }.count == 1, "\(lines.lines)")
    }

    @Test func metasMatchIdsOneForOneWhateverTheIds() throws {
        let lines = Lines()
        let service = Self.service(index: "/nonexistent/fsfind-test/index.fsfind", lines: lines)
        let ids = ["file:///home/someone/Documents/a%FFb.txt", "not a uri", "", "file:///", "file:///x/y.pdf"]
        guard
            case .value(.tuple(let reply)) = service.call(
                interface: DesktopInterfaces.gnome, method: "GetResultMetas", arguments: [.strings(ids)]),
            case .array(_, let metas)? = reply.first
        else {
            Issue.record("no metas")
            return
        }
        #expect(metas.count == ids.count)
        for (id, meta) in zip(ids, metas) {
            let entries = try #require(meta.entries)
            #expect(entries["id"] == .string(id))
            guard case .string(let name)? = entries["name"] else {
                Issue.record("no name for \(id)")
                continue
            }
            #expect(!name.isEmpty || id.isEmpty)
            #expect(entries["icon"]?.signature == "(sv)")
        }
        let first = try #require(metas[0].entries)
        #expect(first["name"] == .string("a\u{FFFD}b.txt"))
        #expect(first["description"] == .string("~/Documents"))
        #expect(first["clipboardText"] == .string("/home/someone/Documents/a\u{FFFD}b.txt"))
        #expect(try #require(metas[4].entries)["description"] == .string("/x"))
    }

    @Test func iconsAreSerializedAsGIOSerializesThem() throws {
        let gio = try GIOLibrary.shared.get()
        let desktop = GIODesktop(gio: gio, environment: ["HOME": "/nonexistent"], executable: "/bin/false")
        let icon = desktop.icon(path: Array("/x/a.txt".utf8), uri: "file:///x/a.txt", contentType: "text/plain")
        #expect(gio.printed(gio.variant(icon)).hasPrefix("('themed', <['text-plain', 'text-x-generic'"), "\(icon)")
        #expect(desktop.iconName(path: Array("/x/a.txt".utf8), contentType: "text/plain") == "text-plain")
        // A thumbnail, where the freedesktop spec puts it, wins over the type's icon.
        let folder = NSTemporaryDirectory() + "fsfind-thumbnail-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let uri = "file:///x/photo%20one.jpg"
        let digest = try #require(uri.withCString { gio.take(gio.computeChecksumForString(0, $0, -1)) })
        try FileManager.default.createDirectory(
            atPath: folder + "/thumbnails/normal", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder + "/thumbnails/normal/\(digest).png", contents: Data())
        let cached = GIODesktop(gio: gio, environment: ["XDG_CACHE_HOME": folder], executable: "/bin/false")
        let thumbnail = cached.icon(path: Array("/x/photo one.jpg".utf8), uri: uri, contentType: "image/jpeg")
        #expect(thumbnail == .fileIcon(uri: "file://\(folder)/thumbnails/normal/\(digest).png"), "\(thumbnail)")
    }

    /// A search that finds nothing because of a typo answers one row that offers the corrected
    /// search, in GNOME Shell's list and in KRunner's.
    @Test func aTypoIsAnsweredWithTheCorrectedSearch() throws {
        let folder = TemporaryFolder()
        let index = folder.file("index.fsfind")
        try IndexWriter.write(Fixtures.contents(), to: index)
        let service = Self.service(index: index, lines: Lines())
        let found = service.call(
            interface: DesktopInterfaces.gnome, method: "GetInitialResultSet", arguments: [.strings(["snog"])])
        #expect(found == .value(.tuple([.strings(["fsfind-did-you-mean:song"])])), "\(found)")
        guard
            case .value(.tuple(let reply)) = service.call(
                interface: DesktopInterfaces.gnome, method: "GetResultMetas",
                arguments: [.strings(["fsfind-did-you-mean:song"])]),
            case .array(_, let metas)? = reply.first, let meta = metas.first?.entries
        else {
            Issue.record("no meta")
            return
        }
        #expect(meta["name"] == .string("Did you mean \u{201C}song\u{201D}?"))
        // A word that matches: files, no correction row.
        let song = service.call(
            interface: DesktopInterfaces.gnome, method: "GetInitialResultSet", arguments: [.strings(["song"])])
        #expect("\(song)".contains("song.mp3") && !"\(song)".contains("did-you-mean"), "\(song)")
        guard
            case .value(.tuple(let matched)) = service.call(
                interface: DesktopInterfaces.krunner, method: "Match", arguments: [.string("snog")]),
            case .array(_, let matches)? = matched.first, case .tuple(let fields)? = matches.first
        else {
            Issue.record("no match")
            return
        }
        #expect(matches.count == 1)
        #expect(fields.first == .string("fsfind-did-you-mean:song"))
        #expect(fields.count > 1 && fields[1] == .string("Did you mean \u{201C}song\u{201D}?"))
    }

    /// A search told to stop answers with what it found until then: silently when a newer search
    /// took over (its answer is the one the Shell shows), with one line when it ran past the time
    /// budget. The stop is asked before the scan's first rows, so on any index, however small,
    /// it has found nothing by then.
    @Test func aStoppedSearchAnswersWhatItFound() throws {
        let folder = TemporaryFolder()
        let index = folder.file("index.fsfind")
        try IndexWriter.write(Fixtures.contents(), to: index)
        let lines = Lines()
        let service = Self.service(index: index, lines: lines)
        let found = service.call(
            interface: DesktopInterfaces.gnome, method: "GetInitialResultSet", arguments: [.strings(["song"])])
        guard case .value(.tuple(let values)) = found, case .array(_, let items)? = values.first else {
            Issue.record("\(found)")
            return
        }
        let ids = items.compactMap { if case .string(let id) = $0 { id } else { nil } }
        #expect(ids.count == 1 && ids[0].hasSuffix("/data/music/song.mp3"), "\(ids)")
        let superseded = service.call(
            interface: DesktopInterfaces.gnome, method: "GetInitialResultSet", arguments: [.strings(["song"])],
            stop: DesktopSearchService.Stop(superseded: { true }))
        #expect(superseded == .value(.tuple([.strings([])])))
        #expect(lines.lines.isEmpty, "\(lines.lines)")
        let late = service.call(
            interface: DesktopInterfaces.gnome, method: "GetInitialResultSet", arguments: [.strings(["song"])],
            stop: DesktopSearchService.Stop(deadline: .now - .seconds(1)))
        #expect(late == .value(.tuple([.strings([])])))
        #expect(lines.lines.count == 1 && lines.lines[0].contains("took over"), "\(lines.lines)")
    }
}
