import Foundation
import Testing

@testable import FSFindElastic
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// The `query_string` subset `fsfind serve` reads (issue 18): Samba's exact output, read into
/// fsfind's own query (printed in fsfind's syntax, so each expectation says what it means).
struct ElasticQueryTests {
    /// The fsfind query a `query_string` becomes, printed, and its share scope.
    func translated(_ text: String) throws -> (query: String, onlyIn: [String]) {
        let translation = try ElasticTranslation.parse(text)
        return (translation.query.description, translation.onlyIn.map { String(decoding: $0, as: UTF8.self) })
    }

    /// What Samba 4.17's `es_parser.y` writes for each Spotlight query (its own test table,
    /// `test_mdsparser_es.c`, and what this machine's smbd sent), each as fsfind reads it.
    @Test func sambasQueriesMeanWhatTheSpotlightQueryMeant() throws {
        let scope = #" AND path.real.fulltext:"/srv/share""#
        let cases: [(String, String)] = [
            (#"(samba*)"#, #"samba"#),
            (#"(content:samba)"#, #"textContent == "samba"cdw"#),
            (#"(file.content_type:(application\/pdf))"#, #"mimeType == "application/pdf"cd"#),
            (
                #"(file.content_type:(message\/rfc822 image\/* text\/*))"#,
                #"mimeType == "message/rfc822"cd || mimeType == "image/*"cd || mimeType == "text/*"cd"#
            ),
            (#"(file.filename:samba*)"#, #"fsName == "samba*"cd"#),
            (#"(file.filesize:1)"#, #"fileSize == 1"#),
            (#"(file.filesize:{1 TO *})"#, #"fileSize > 1"#),
            (#"(file.filesize:{* TO 1})"#, #"fileSize < 1"#),
            (#"(file.filesize:[1 TO 2])"#, #"fileSize >= 1 && fileSize <= 2"#),
            (#"((NOT file.filesize:1))"#, "!fileSize == 1"),
            (#"(meta.author:Chouka)"#, #"authorNames == "Chouka"cdw"#),
            (#"(meta.raw.xmpDM\:album:Red\ Roses\ for\ Me)"#, #"album == "Red Roses for Me"cdw"#),
            (#"(meta.raw.Image\ Height:{100 TO *})"#, #"pixelHeight > 100"#),
            (#"(meta.raw.xmpTPg\:NPages:1)"#, #"pageCount == 1"#),
            (#"(path.real:\/foo\/bar)"#, #"path == "/foo/bar"cd"#),
            (#"(file.filename:Samba OR content:Samba)"#, #"fsName == "Samba"cd || textContent == "Samba"cdw"#),
            (#"((file.filename:Samba) AND (content:Samba))"#, #"fsName == "Samba"cd && textContent == "Samba"cdw"#),
            (#"(paris\ lyon)"#, #""paris lyon""#),
            // A field Samba maps that fsfind does not hold: known, and no item has it.
            (#"(meta.raw.X\ Resolution:72)"#, "(false)"),
        ]
        for (lucene, fsfind) in cases {
            let result = try translated(lucene + scope)
            #expect(result.query == fsfind, "\(lucene)")
            #expect(result.onlyIn == ["/srv/share"], "\(lucene)")
        }
    }

    @Test func everyCharacterSambaEscapesIsLiteral() throws {
        // From samba/tests/dcerpc/mdssvc.py: the names x+x x*x x=x x'x x?x "x x" x(x x"x x\x.
        let query =
            #"(file.filename:x\+x OR file.filename:x\*x OR file.filename:x=x OR file.filename:x'x OR "#
            + #"file.filename:x\?x OR file.filename:x\ x OR file.filename:x\(x OR file.filename:x\"x OR "#
            + #"file.filename:x\\x) AND path.real.fulltext:"/srv""#
        let translation = try ElasticTranslation.parse(query)
        guard case .or(let names) = translation.query.expression else {
            Issue.record("not an OR: \(translation.query)")
            return
        }
        let literals = names.map { expression -> [TextPattern.Segment] in
            guard case .comparison(let comparison) = expression, case .text(let pattern) = comparison.value else {
                return []
            }
            return pattern.segments
        }
        #expect(
            literals == ["x+x", "x*x", "x=x", "x'x", "x?x", "x x", "x(x", "x\"x", "x\\x"].map { [.literal($0)] })
    }

    @Test func datesAreUTCAndSecondsAreWhole() throws {
        // 2018-10-01T10:00:00Z is 560_080_800 s after 2001-01-01T00:00:00Z.
        #expect(
            try translated(#"file.last_modified:2018\-10\-01T10\:00\:00Z"#).query
                == "contentModificationDate >= 560080800 && contentModificationDate < 560080801")
        #expect(
            try translated(#"file.created:{2018\-10\-01T10\:00\:00Z TO *}"#).query == "fsCreationDate > 560080800")
        // A bare date is the whole UTC day.
        #expect(
            try translated("file.last_modified:[2018-10-01 TO 2018-10-01]").query
                == "contentModificationDate >= 560044800 && contentModificationDate < 560131200")
    }

    @Test func operatorsCombineAsLucenesClassicParser() throws {
        let cases: [(String, String)] = [
            ("a b", #"** == "a" || ** == "b""#),
            ("a AND b OR c", #"** == "a" && ** == "b""#),
            ("+a b -c", #"** == "a" && !** == "c""#),
            ("-c", #"!** == "c""#),
            ("NOT (a OR b) && c", #"** == "c" && !(** == "a" || ** == "b")"#),
            ("file.filename:(a OR b)", #"fsName == "a"cd || fsName == "b"cd"#),
            ("*:*", "(true)"),
            ("file.filesize:10^2", "fileSize == 10"),
            (#"meta.title:"in spring""#, #"title == "in spring"cdw"#),
            ("file.extension:pdf", #"fsName == "*.pdf"cd"#),
            // A scope that is not an absolute path names nothing: it narrows, never widens.
            (#"a AND path.real.fulltext:"share""#, #"** == "a" && (path == "share" || path == "share/*")"#),
        ]
        for (lucene, fsfind) in cases {
            let query = try translated(lucene).query
            #expect(query == fsfind, "\(lucene)")
        }
    }

    @Test func badQueriesSayWhereAndWhy() {
        let cases: [(String, String)] = [
            ("file.filename:sa?ba", "\"?\" wildcard"),
            ("samba~2", "fuzzy"),
            ("/sa.ba/", "regular expressions"),
            ("(samba", "never closed"),
            ("samba)", "no \"(\""),
            ("AND samba", "nothing before"),
            ("samba OR", "nothing after"),
            ("file.filesize:[1 TO", "range"),
            ("file.filesize:big", "expects a number"),
            ("file.last_modified:yesterday", "expects a date"),
            ("file.filename:[a TO b]", "ranges work on numbers and dates"),
            ("nosuch.field:1", "unknown field [nosuch.field]"),
            ("file.filename:", "has no value"),
            (String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100), "nested"),
        ]
        for (query, expected) in cases {
            do {
                _ = try ElasticTranslation.parse(query)
                Issue.record("\(query) was accepted")
            } catch {
                #expect(error.reason.contains(expected), "\(query): \(error.reason)")
            }
        }
    }
}

/// The HTTP-free side of `fsfind serve`: request bodies, limits and errors in Elasticsearch's shape.
struct ElasticEndpointTests {
    let endpoint = ElasticEndpoint(
        indexName: "fsfind", frontEnd: QueryFrontEnd(indexPath: "/nonexistent/fsfind-test.idx"),
        context: QueryContext(now: Date(timeIntervalSinceReferenceDate: 0), timeZone: TimeZone(identifier: "UTC")!))

    func post(_ body: String, to path: String = "/fsfind/_search") -> ElasticEndpoint.Response {
        endpoint.respond(method: "POST", path: path, body: Array(body.utf8))
    }

    /// The error's `type` and `status`, read back as JSON.
    func error(_ response: ElasticEndpoint.Response) -> (type: String?, status: Int?) {
        let object = try? JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any]
        let error = object?["error"] as? [String: Any]
        return (error?["type"] as? String, object?["status"] as? Int)
    }

    @Test func badBodiesAreRefusedWithElasticsearchsErrorShape() {
        let cases: [(String, Int, String)] = [
            ("{not json", 400, "x_content_parse_exception"),
            ("[1, 2]", 400, "parsing_exception"),
            (#"{"size": 1000000000}"#, 400, "illegal_argument_exception"),
            (#"{"from": 9990, "size": 11}"#, 400, "illegal_argument_exception"),
            (#"{"size": -1}"#, 400, "parsing_exception"),
            (#"{"size": 1.5}"#, 400, "parsing_exception"),
            (#"{"size": true}"#, 400, "parsing_exception"),
            (#"{"aggs": {}}"#, 400, "parsing_exception"),
            (#"{"query": {"match": {"a": "b"}}}"#, 400, "parsing_exception"),
            (#"{"query": {"query_string": {"query": 5}}}"#, 400, "parsing_exception"),
            (#"{"query": {"query_string": {"query": "a", "fields": ["x"]}}}"#, 400, "parsing_exception"),
            (#"{"query": {"query_string": {"query": "(a"}}}"#, 400, "query_shard_exception"),
            (#"{"query": {"query_string": {"query": "bogus.field:1"}}}"#, 400, "query_shard_exception"),
            (#"{"_source": 5}"#, 400, "parsing_exception"),
        ]
        for (body, status, type) in cases {
            let response = post(body)
            #expect(response.status == status, "\(body): \(response.body)")
            #expect(error(response).type == type, "\(body): \(response.body)")
            #expect(error(response).status == status, "\(body)")
        }
    }

    @Test func routes() {
        #expect(endpoint.respond(method: "GET", path: "/", body: []).status == 200)
        #expect(endpoint.respond(method: "GET", path: "/fsfind", body: []).status == 200)
        #expect(error(endpoint.respond(method: "GET", path: "/other", body: [])).type == "index_not_found_exception")
        #expect(endpoint.respond(method: "DELETE", path: "/fsfind", body: []).status == 405)
        #expect(endpoint.respond(method: "POST", path: "/fsfind/_bulk", body: []).status == 400)
        // A well-formed search of an index that is not there: 503, the server goes on.
        #expect(post(#"{"query": {"query_string": {"query": "a"}}}"#).status == 503)
        #expect(post("", to: "/_all/_search").status == 503)
    }
}

/// Documents and the mapping: the FSCrawler shape Samba reads and `export --es-bulk` writes.
struct ElasticDocumentTests {
    let item = AttributeSet([
        .fsName: .text("Report.PDF"), .mimeType: .text("application/pdf"), .fileSize: .number(1234),
        .contentModificationDate: .date(Date(timeIntervalSinceReferenceDate: 560_080_800.25)),
        .authorNames: .textList(["Ann", "Bo"]), .keywords: .textList(["x", "y"]), .pageCount: .number(3),
        .pixelHeight: .number(10),
    ])

    @Test func fieldsNestAtTheirDots() throws {
        let json = try #require(
            ElasticDocument.json(
                path: Array("/srv/share/a/Report.PDF".utf8), item: item, root: Array("/srv/share".utf8),
                content: "words \"inside\"\n", indexedAt: nil))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let file = try #require(object["file"] as? [String: Any])
        #expect(file["filename"] as? String == "Report.PDF")
        #expect(file["extension"] as? String == "pdf")
        #expect(file["filesize"] as? Int == 1234)
        #expect(file["last_modified"] as? String == "2018-10-01T10:00:00.250Z")
        let path = try #require(object["path"] as? [String: Any])
        #expect(path["real"] as? String == "/srv/share/a/Report.PDF")
        #expect(path["virtual"] as? String == "/a/Report.PDF")
        let meta = try #require(object["meta"] as? [String: Any])
        #expect(meta["author"] as? String == "Ann, Bo")
        #expect(meta["keywords"] as? [String] == ["x", "y"])
        let raw = try #require(meta["raw"] as? [String: Any])
        #expect(raw["xmpTPg:NPages"] as? Int == 3)
        #expect(raw["Image Height"] as? Int == 10)
        #expect(object["content"] as? String == "words \"inside\"\n")
    }

    @Test func sourceFilteringKeepsWhatIsAsked() throws {
        let only = ElasticDocument.SourceFilter(includes: ["path.real"])
        #expect(
            ElasticDocument.json(
                path: Array("/a/b".utf8), item: item, root: nil, content: "x", indexedAt: nil, filter: only)
                == #"{"path":{"real":"/a/b"}}"#)
        let meta = ElasticDocument.SourceFilter(includes: ["meta"], excludes: ["meta.raw.*"])
        #expect(
            ElasticDocument.json(
                path: Array("/a/b".utf8), item: item, root: nil, content: nil, indexedAt: nil, filter: meta)
                == #"{"meta":{"author":"Ann, Bo","keywords":["x","y"]}}"#)
        #expect(
            ElasticDocument.json(
                path: Array("/a/b".utf8), item: item, root: nil, content: nil, indexedAt: nil, filter: .none)
                == "{}")
    }

    @Test func anItemsRootIsTheDeepestFolderItIsIn() {
        let roots = [Array("/a/b".utf8), Array("/a".utf8), Array("/a/bc".utf8)]
        #expect(ElasticDocument.root(of: Array("/a/bc/x".utf8), among: roots) == Array("/a/bc".utf8))
        #expect(ElasticDocument.root(of: Array("/a/b".utf8), among: roots) == Array("/a/b".utf8))
        #expect(ElasticDocument.root(of: Array("/a/bd".utf8), among: roots) == Array("/a".utf8))
        #expect(ElasticDocument.root(of: Array("/z".utf8), among: roots) == nil)
    }

    @Test func aPathThatIsNotUTF8HasNoDocument() {
        #expect(ElasticDocument.json(path: [0x2f, 0xff], item: item, root: nil, content: nil, indexedAt: nil) == nil)
    }

    @Test func theMappingInContribIsTheOneFsfindWrites() throws {
        let contrib = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("contrib/elasticsearch-mapping.json")
        let text = try String(contentsOf: contrib, encoding: .utf8)
        let written = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        let built = try JSONSerialization.jsonObject(with: Data(ElasticMapping.indexBody.utf8)) as? NSDictionary
        #expect(
            written == built,
            "run: fsfind export --es-mapping | python3 -m json.tool > contrib/elasticsearch-mapping.json")
        // Samba's share scope needs path.real.fulltext, its ranges typed numbers and dates.
        #expect(ElasticMapping.mappings.contains(#""real":{"type":"keyword","fields":{"fulltext":{"type":"text"}}}"#))
        #expect(ElasticMapping.mappings.contains(#""filesize":{"type":"long"}"#))
        #expect(ElasticMapping.mappings.contains(#""last_modified":{"type":"date"}"#))
    }
}

/// How a large scan is cut among threads.
struct ScanChunkTests {
    @Test func chunksCoverEveryRowOnceInOrder() {
        let runs: [(start: Int, rows: Range<Int>)] = [(0, 0..<7), (7, 10..<13), (10, 20..<20), (10, 30..<41)]
        for parts in 1...6 {
            let positions = PartitionedScan(threads: parts).parts(rows: 21)
            let chunks = positions.map { Searcher.slice(runs, $0) }
            #expect(chunks.count <= parts)
            #expect(zip(positions, chunks).allSatisfy { $0.count == $1.reduce(0) { $0 + $1.rows.count } })
            let rows = chunks.flatMap { $0.flatMap { Array($0.rows) } }
            let starts = chunks.flatMap {
                $0.flatMap { run in run.rows.map { run.start + ($0 - run.rows.lowerBound) } }
            }
            #expect(rows == Array(0..<7) + Array(10..<13) + Array(30..<41), "\(parts)")
            #expect(starts == Array(0..<21), "\(parts)")
        }
    }
}
