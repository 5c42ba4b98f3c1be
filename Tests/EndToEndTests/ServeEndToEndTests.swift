import Foundation
import Glibc
import Testing

/// `fsfind serve` over real HTTP (issue 18): answers that agree with `fsfind query`, paging, a
/// replaced index followed, many clients at once, and every kind of bad request refused without
/// touching the others or the index.
@Suite(.ownThreads, .serialized) struct ServeEndToEndTests {
    /// The sample tree indexed into a fresh folder, with a server on it.
    final class Setup {
        let folder: String
        let index: String
        let tree: String

        init() throws {
            folder = NSTemporaryDirectory() + "fsfind-serve-\(UUID().uuidString)"
            tree = folder + "/tree"
            index = folder + "/index.fsfind"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: FSFind.sample.path, toPath: tree)
            let result = try FSFind.run(["index", "--index", index, tree])
            guard result.status == 0 else { throw ServeProcess.ServeError.notStarted(result.stderr) }
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    static func search(_ port: UInt16, _ query: String, from: Int = 0, size: Int = 10_000) throws -> (
        total: Int, paths: [String]
    ) {
        let body = try JSONSerialization.data(withJSONObject: [
            "from": from, "size": size, "_source": ["path.real"], "query": ["query_string": ["query": query]],
        ])
        let answer = try HTTPConnection(port: port).request(
            "POST", "/fsfind/_search", body: String(decoding: body, as: UTF8.self))
        #expect(answer.status == 200, "\(query): \(answer.body)")
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        let hits = object?["hits"] as? [String: Any]
        let total = (hits?["total"] as? [String: Any])?["value"] as? Int ?? -1
        let paths = (hits?["hits"] as? [[String: Any]] ?? []).compactMap {
            (($0["_source"] as? [String: Any])?["path"] as? [String: Any])?["real"] as? String
        }
        return (total, paths)
    }

    @Test func answersAgreeWithFsfindQuery() throws {
        let setup = try Setup()
        let server = try ServeProcess(index: setup.index)
        let scope = " AND path.real.fulltext:\"\(setup.tree)\""
        // Samba's query_string, and the same question in fsfind's language.
        let pairs: [(String, String)] = [
            ("(file.filename:*.pdf)", #"fsName == "*.pdf"cd"#),
            ("(content:paris)", #"textContent == "paris"cdw"#),
            ("(paris)", "paris"),
            (#"(file.content_type:(image\/*))"#, #"mimeType == "image/*"cd"#),
            (#"(file.content_type:(audio\/* video\/*))"#, #"mimeType == "audio/*"cd || mimeType == "video/*"cd"#),
            ("(file.filesize:{1000 TO *})", "fileSize > 1000"),
            ("(file.filesize:[10 TO 500])", "InRange(fileSize, 10, 500)"),
            ("(meta.raw.xmpDM\\:duration:{1 TO *})", "duration > 1"),
            ("(meta.raw.Image\\ Width:{100 TO *})", "pixelWidth > 100"),
            ("((NOT file.filename:*.txt))", #"fsName != "*.txt"cd && path != "*/tree""#),
            (
                "(file.last_modified:{2001\\-01\\-01T00\\:00\\:00Z TO *})",
                #"contentModificationDate > $time.iso(2001-01-01T00:00:00Z) && path != "*/tree""#
            ),
        ]
        for (lucene, fsfind) in pairs {
            let served = try Self.search(server.port, lucene + scope)
            let queried = try FSFind.run(["query", "--index", setup.index, "--sort", "path", fsfind])
            #expect(queried.status == 0, "\(fsfind): \(queried.stderr)")
            #expect(!queried.lines.isEmpty, "\(fsfind) finds nothing: the pair tests nothing")
            #expect(Set(served.paths) == Set(queried.lines), "\(lucene) vs \(fsfind)")
            #expect(served.total == served.paths.count, "\(lucene)")
        }
        // The share itself is never a hit of a search within it.
        #expect(!(try Self.search(server.port, "(file.filename:*)" + scope).paths.contains(setup.tree)))
        #expect(server.stop() == 0)
    }

    @Test func pagesCoverEveryHitOnceInAStableOrder() throws {
        let setup = try Setup()
        let server = try ServeProcess(index: setup.index)
        let all = try Self.search(server.port, "file.filename:*")
        #expect(all.total > 20 && all.paths.count == all.total)
        var paged: [String] = []
        for from in stride(from: 0, to: all.total, by: 7) {
            let page = try Self.search(server.port, "file.filename:*", from: from, size: 7)
            #expect(page.total == all.total)
            paged += page.paths
        }
        #expect(paged == all.paths)
        #expect(try Self.search(server.port, "file.filename:*", from: all.total, size: 5).paths.isEmpty)
    }

    @Test func aReplacedIndexIsFollowedAndNeverWritten() throws {
        let setup = try Setup()
        let server = try ServeProcess(index: setup.index)
        #expect(try Self.search(server.port, "file.filename:fresh*").total == 0)
        let before = try FileManager.default.attributesOfItem(atPath: setup.index)
        for _ in 0..<20 { _ = try Self.search(server.port, "content:paris") }
        let after = try FileManager.default.attributesOfItem(atPath: setup.index)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)

        try "fresh words\n".write(toFile: setup.tree + "/fresh.txt", atomically: false, encoding: .utf8)
        #expect(try FSFind.run(["index", "--index", setup.index]).status == 0)
        #expect(try Self.search(server.port, "file.filename:fresh*").paths == [setup.tree + "/fresh.txt"])
        #expect(try Self.search(server.port, "content:fresh").paths == [setup.tree + "/fresh.txt"])
        // Deleted while serving: 503, then served again once it is back.
        try FileManager.default.moveItem(atPath: setup.index, toPath: setup.index + ".away")
        let missing = try HTTPConnection(port: server.port).request("POST", "/fsfind/_search", body: "{}")
        #expect(missing.status == 503 && missing.body.contains("fsfind_index_exception"))
        try FileManager.default.moveItem(atPath: setup.index + ".away", toPath: setup.index)
        #expect(try Self.search(server.port, "file.filename:fresh*").total == 1)
    }

    @Test func nothingOutsideTheIndexedRootsIsServed() throws {
        let setup = try Setup()
        let server = try ServeProcess(index: setup.index)
        for query in [
            #"path.real:\/etc\/passwd"#, "file.filename:passwd", #"(root) AND path.real.fulltext:"/etc""#,
            #"path.real.fulltext:"/""# + " AND file.filename:hosts",
        ] {
            #expect(try Self.search(server.port, query).total == 0, "\(query)")
        }
        let everything = try Self.search(server.port, "*:*")
        #expect(everything.total > 40)
        #expect(everything.paths.allSatisfy { $0 == setup.tree || $0.hasPrefix(setup.tree + "/") })
    }

    @Test func fiftyClientsAtOnceAreAllAnswered() throws {
        let setup = try Setup()
        let server = try ServeProcess(index: setup.index, ["--quiet"])
        let expected = try Self.search(server.port, "paris OR file.filename:*.jpg").paths
        let answers = LockedList()
        let port = server.port
        DispatchQueue.concurrentPerform(iterations: 50) { k in
            let query = k % 2 == 0 ? "paris OR file.filename:*.jpg" : "content:paris"
            do {
                let result = try Self.search(port, query)
                answers.append(k % 2 == 0 ? (result.paths == expected ? "same" : "different") : "other")
            } catch {
                answers.append("error \(error)")
            }
        }
        let all = answers.items
        #expect(all.count == 50)
        #expect(all.filter { $0 == "same" }.count == 25, "\(all)")
        #expect(all.filter { $0 == "other" }.count == 25, "\(all)")
        #expect(server.stop() == 0)
    }

    final class LockedList: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ item: String) { lock.withLock { list.append(item) } }
        var items: [String] { lock.withLock { list } }
    }

    @Test func badRequestsAreRefusedAndOthersStillServed() throws {
        let setup = try Setup()
        let server = try ServeProcess(index: setup.index, ["--request-timeout", "1"])
        let port = server.port

        // Each bad body: a 4xx with Elasticsearch's error shape, on a connection that goes on.
        let connection = try HTTPConnection(port: port)
        for (body, status) in [
            ("{oops", 400), (#"{"size": 1000000000}"#, 400), (#"{"query": {"query_string": {"query": "a:b:c"}}}"#, 400),
            (#"{"query": {"query_string": {"query": "nosuch:1"}}}"#, 400),
            (#"{"query": {"query_string": {"query": "(unclosed"}}}"#, 400),
        ] {
            let answer = try connection.request("POST", "/fsfind/_search", body: body)
            #expect(answer.status == status, "\(body): \(answer.body)")
            #expect(answer.body.hasPrefix(#"{"error":{"root_cause":"#), "\(body)")
        }
        #expect(try connection.request("GET", "/").status == 200)

        // 100 MB announced: 413 at once, the connection closed without reading it.
        let huge = try HTTPConnection(port: port)
        huge.send(Array("POST /fsfind/_search HTTP/1.1\r\nHost: x\r\nContent-Length: 104857600\r\n\r\n{".utf8))
        #expect(try huge.response().status == 413)
        #expect(huge.isClosed(within: 5))
        // 2 MiB sent without a length (chunked): refused once over the limit.
        let chunked = try HTTPConnection(port: port)
        chunked.send(Array("POST /fsfind/_search HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 1 << 16)
        for _ in 0..<32 where chunked.send(Array("10000\r\n".utf8) + chunk + Array("\r\n".utf8)) {}
        #expect(try chunked.response().status == 413)

        // A client that never finishes its request is closed after the timeout; one that only
        // stays quiet between requests is not.
        let slow = try HTTPConnection(port: port)
        slow.send(Array("POST /fsfind/_search HTTP/1.1\r\nHost: x\r\nContent-Len".utf8))
        let quiet = try HTTPConnection(port: port)
        #expect(try quiet.request("GET", "/").status == 200)
        #expect(try HTTPConnection(port: port).request("GET", "/fsfind").status == 200)
        #expect(slow.isClosed(within: 5))
        #expect(try quiet.request("GET", "/").status == 200)

        // Not HTTP at all.
        let garbage = try HTTPConnection(port: port)
        garbage.send(Array("\u{1}\u{2}hello\r\n\r\n".utf8))
        #expect(garbage.isClosed(within: 5))

        #expect(try Self.search(port, "content:paris").total > 0)
        let log = server.stderr
        #expect(log.contains("over the limit"), "\(log)")
        #expect(log.contains("no whole request within 1 s"), "\(log)")
        #expect(server.stop() == 0)
    }

    @Test func startingWithoutAnIndexOrWithABadAddressFails() throws {
        let missing = try FSFind.run(["serve", "--index", "/nonexistent/x.fsfind", "--listen", "127.0.0.1:0"])
        #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/x.fsfind"), "\(missing.stderr)")
        let bad = try FSFind.run(["serve", "--listen", "nowhere"])
        #expect(bad.status == 2 && bad.stderr.contains("--listen"), "\(bad.stderr)")
    }

    @Test func exportWritesBulkActionsAndDocuments() throws {
        let setup = try Setup()
        let result = try FSFind.run(["export", "--es-bulk", "--index", setup.index, "--index-name", "files"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.lines
        #expect(lines.count % 2 == 0 && lines.count > 40)
        var paths: [String] = []
        for pair in stride(from: 0, to: lines.count, by: 2) {
            let action = try JSONSerialization.jsonObject(with: Data(lines[pair].utf8)) as? [String: Any]
            let index = action?["index"] as? [String: Any]
            #expect(index?["_index"] as? String == "files")
            #expect((index?["_id"] as? String)?.count == 16)
            let document = try JSONSerialization.jsonObject(with: Data(lines[pair + 1].utf8)) as? [String: Any]
            let path = (document?["path"] as? [String: Any])?["real"] as? String
            paths.append(path ?? "")
            #expect((document?["file"] as? [String: Any])?["filename"] != nil, "\(lines[pair + 1])")
        }
        let all = try FSFind.run(["query", "--index", setup.index, #"fsName == "*""#]).lines
        #expect(Set(paths) == Set(all))
        // The words inside a file travel as `content`.
        let withContent = lines.filter { $0.contains(#""content":"#) }
        let paris = try #require(withContent.first { $0.contains("paris") }, "\(withContent.count) with content")
        #expect(paris.contains(#""content_type":"#))
        // --since keeps only what changed since.
        let recent = try FSFind.run(["export", "--es-bulk", "--index", setup.index, "--since", "2999-01-01"])
        #expect(recent.status == 0 && recent.lines.isEmpty)
        let mapping = try FSFind.run(["export", "--es-mapping"])
        #expect(mapping.status == 0 && mapping.out.contains(#""fulltext""#))
    }
}
