import FSFindIndexFormat
import FSFindModel
import FSFindOutput
import FSFindQuery
import FSFindSearch
import FSFindText
import Foundation
import Synchronization

/// What `fsfind serve` answers, without the HTTP: a request's method, path and body in, a status
/// and a JSON body out. The server (`FSFindServe`) only moves bytes; everything a test wants to
/// check about the answers is here and runs without a socket.
///
/// The routes are the three Samba's Spotlight backend and common clients use: `GET /` (who is
/// this), `GET`/`HEAD /{index}` (does the index exist) and `POST`/`GET /{index}/_search`. Errors
/// have Elasticsearch's shape, `{"error": {"root_cause": [...], "type": ..., "reason": ...},
/// "status": ...}`, so a client that reads them finds what it expects.
package struct ElasticEndpoint: Sendable {
    package struct Response: Sendable, Equatable {
        package var status: Int
        package var body: String
    }

    /// The index name clients use (`elasticsearch:index` in `smb.conf`); `_all` and `*` too.
    let indexName: String
    /// How every request asks the index (``QueryFrontEnd``).
    let frontEnd: QueryFrontEnd
    let context: QueryContext
    /// Recent searches' rows, so that Samba's second page does not run the query again.
    private let cache = ResultCache()
    /// The rows no hit can name (paths that are not UTF-8), per version of the index.
    private let unnamable = UnnamableRows()
    /// Requests whose answer may be large, being answered now: one at a time (``largeAnswer``).
    private let largeAnswers = OneAtATime()

    /// The most hits one request may page to, as Elasticsearch's `index.max_result_window`.
    static let maximumWindow = 10_000
    /// The most characters of a file's words a hit's `_source.content` carries (`fsfind export`
    /// gives all of them): fifty hits of whole books would be a response of gigabytes.
    static let contentCharacters = 64 * 1024
    /// The largest answer a request gets: an answer is held whole until its client has read it,
    /// so clients that ask and never read must not hold gigabytes (10,000 hits of whole `_source`
    /// would be 600 MB). Samba's pages of 50 paths are a few kilobytes.
    static let maximumAnswerBytes = 16 << 20

    /// The endpoint of `frontEnd`'s index, which it follows as it is replaced (a copy of the front
    /// end shares what it has opened).
    package init(indexName: String, frontEnd: QueryFrontEnd, context: QueryContext) {
        self.indexName = indexName
        self.frontEnd = frontEnd
        self.context = context
    }

    /// Answers one request. `path` is the request target without the query string; `stop` ends
    /// a search early (its time limit, its client gone, the server stopping: a 503).
    package func respond(method: String, path: String, body: [UInt8], stop: RequestStop = RequestStop()) -> Response {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { String($0) }
        switch (method, parts.count) {
        case ("GET", 0), ("HEAD", 0):
            return Response(status: 200, body: rootDocument())
        case ("GET", 1), ("HEAD", 1):
            guard names(parts[0]) else { return missingIndex(parts[0]) }
            return Response(status: 200, body: indexDocument())
        case ("POST", 2), ("GET", 2):
            guard parts[1] == "_search" else { break }
            guard names(parts[0]) else { return missingIndex(parts[0]) }
            return search(body: body, stop: stop)
        case (_, 2) where parts[1] == "_search", (_, 0), (_, 1):
            return Self.error(
                405, type: "method_not_allowed",
                reason: "Incorrect HTTP method for uri [\(path)] and method [\(method)]; fsfind serve only reads")
        default:
            break
        }
        return Self.error(
            400, type: "illegal_argument_exception",
            reason:
                "no handler found for uri [\(path)] and method [\(method)]; fsfind serve answers GET /, GET /\(indexName) and POST /\(indexName)/_search"
        )
    }

    /// True when `name` is this index (or all indices).
    private func names(_ name: String) -> Bool {
        name == indexName || name == "_all" || name == "*" || name.split(separator: ",").contains { $0 == indexName }
    }

    // MARK: - _search

    private func search(body: [UInt8], stop: RequestStop) -> Response {
        let request: ElasticSearchRequest
        do { request = try ElasticSearchRequest(body: body) } catch {
            return Self.error(400, type: error.type, reason: error.reason)
        }
        guard request.from + request.size <= Self.maximumWindow else {
            return Self.error(
                400, type: "illegal_argument_exception",
                reason:
                    "Result window is too large, from + size must be less than or equal to: [\(Self.maximumWindow)] but was [\(request.from + request.size)]."
            )
        }
        // An answer that may run to megabytes (many hits with their words) takes a query thread
        // for most of a second; one at a time, so the others stay free for Samba's pages of 50
        // paths. Another meanwhile is refused as Elasticsearch refuses work its pool cannot take.
        let large = Self.largeAnswer(request)
        if large {
            guard largeAnswers.enter() else {
                return Self.error(
                    429, type: "es_rejected_execution_exception",
                    reason:
                        "another request for a large answer (many hits with their words) is being answered; ask again"
                )
            }
        }
        defer { if large { largeAnswers.leave() } }
        let translation: ElasticTranslation
        do { translation = try ElasticTranslation.parse(request.queryString) } catch {
            return Self.error(400, type: error.type, reason: error.reason)
        }
        let started = DispatchTime.now()
        var read: IndexSnapshot?
        do throws(FSFindError) {
            let opened = try frontEnd.open()
            let snapshot = opened.snapshot
            read = snapshot
            let key = ResultCache.Key(query: request.queryString, generation: opened.generation)
            let found: ResultCache.Entry
            if let cached = cache.entry(key) {
                found = cached
            } else {
                found = try run(
                    translation, on: opened,
                    unnamable: try unnamable.rows(of: snapshot, generation: opened.generation), stop: stop)
                try Self.checkWhole(snapshot)
                cache.store(found, for: key)
            }
            let total = found.total
            let page = found.rows.dropFirst(request.from).prefix(request.size).map { Int($0) }
            let keepsContent = request.source.keeps("content")
            // The words are one field of a hit: a store that cannot give them leaves it out (the
            // search itself fails when it needs them, in `run`).
            let text = keepsContent ? (try? opened.textStore()) ?? nil : nil
            guard let hits = try hits(of: page, in: snapshot, text: text, request: request, stop: stop) else {
                return Self.error(
                    400, type: "illegal_argument_exception",
                    reason:
                        "the answer would be larger than \(Self.maximumAnswerBytes >> 20) MiB; ask for fewer hits (size) or fewer _source fields"
                )
            }
            try Self.checkWhole(snapshot)
            let took = (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
            let body =
                "{\"took\":\(took),\"timed_out\":false,"
                + "\"_shards\":{\"total\":1,\"successful\":1,\"skipped\":0,\"failed\":0},"
                + "\"hits\":{\"total\":{\"value\":\(total),\"relation\":\"eq\"},"
                + "\"max_score\":\(total == 0 ? "null" : "1.0"),\"hits\":[" + hits.joined(separator: ",") + "]}}"
            return Response(status: 200, body: body)
        } catch  where error.code == .stopped {
            return Self.stoppedAnswer(error, by: stop)
        } catch {
            // Sections read after the file was cut short may be zeros that look like damage to a
            // reader being made: the cut is the reason.
            let reason = read.map { $0.hasFaulted ? Self.cutShort($0).message : nil } ?? nil
            let status = error.code == .indexMissing ? 503 : 500
            return Self.error(status, type: "fsfind_index_exception", reason: reason ?? error.message)
        }
    }

    /// The answer to a search that was stopped: by the server's time limit, or by its shutting down.
    private static func stoppedAnswer(_ error: FSFindError, by stop: RequestStop) -> Response {
        switch stop.reason {
        case .timedOut:
            let seconds = stop.limit.map { "\(Int($0)) s" } ?? "its time"
            return Self.error(
                503, type: "timeout_exception",
                reason:
                    "the search did not finish within the server's limit of \(seconds) (fsfind serve --search-timeout)"
            )
        default:
            return Self.error(503, type: "fsfind_shutting_down", reason: "the search was stopped: \(error.message)")
        }
    }

    /// The hits of one page, each with the fields `_source` asks for; nil when they would make
    /// an answer larger than ``maximumAnswerBytes``, which is refused rather than cut.
    private func hits(
        of page: [Int], in snapshot: IndexSnapshot, text: TextStore?, request: ElasticSearchRequest,
        stop: RequestStop
    ) throws(FSFindError) -> [String]? {
        let roots = try snapshot.roots().map(\.path)
        var hits: [String] = []
        var answerBytes = 0
        let shown =
            !page.isEmpty && request.source != .none
            ? Set(ElasticField.all.compactMap(\.attribute)).subtracting([.textContent]) : []
        let reader = try snapshot.reader(for: shown, textDocuments: text != nil)
        for row in page {
            if stop.shouldStop { throw Self.stopped }
            let path = reader.path(at: row)
            let item = reader.row(row)
            var content: String?
            if let text, let document = reader.textDocument(at: row) {
                content = try text.textStart(document: document, characters: Self.contentCharacters)
            }
            let root = ElasticDocument.root(of: path, among: roots)
            guard
                let source = ElasticDocument.json(
                    path: path, item: item, root: root, content: content, indexedAt: snapshot.createdAt,
                    filter: request.source)
            else { continue }
            var hit = JSONWriter()
            hit.add("_index", json: JSONWriter.string(indexName))
            hit.add("_id", json: JSONWriter.string(Self.identifier(path)))
            hit.add("_score", json: "1.0")
            if request.source != .none { hit.add("_source", json: source) }
            answerBytes += hit.line.utf8.count + 1
            guard answerBytes <= Self.maximumAnswerBytes else { return nil }
            hits.append(hit.line)
        }
        return hits
    }

    /// Throws when the index file was cut short while this request read it (another program
    /// rewrote it in place): what was read may be zeros, so the request fails (500) and the next
    /// one opens the file again (``IndexSource``).
    private static func checkWhole(_ snapshot: IndexSnapshot) throws(FSFindError) {
        guard snapshot.hasFaulted else { return }
        throw cutShort(snapshot)
    }

    /// The error of a request that read `snapshot` while it was cut short.
    private static func cutShort(_ snapshot: IndexSnapshot) -> FSFindError {
        FSFindError(
            .indexCorrupt,
            "the index file \(snapshot.path) was cut short while this request read it (another program rewrote it in place); the next request reads it again",
            path: snapshot.path)
    }

    /// True when a request's answer may be more than about 4 MiB: its hits' words (up to 64 KiB
    /// each) for more than 64 hits. (Without their words, 10,000 hits are a few megabytes.)
    static func largeAnswer(_ request: ElasticSearchRequest) -> Bool {
        request.source.keeps("content") && request.size > 64
    }

    /// What the page's loop throws when the request's work should end.
    private static let stopped = FSFindError(.stopped, "the request was stopped before its answer was whole")

    /// Runs the query: every matching row a hit can name (not those of `unnamable`) counted, the
    /// first ``maximumWindow`` kept in order.
    private func run(
        _ translation: ElasticTranslation, on opened: OpenIndex, unnamable: Set<Int>, stop: RequestStop
    ) throws(FSFindError) -> ResultCache.Entry {
        // The store is opened only for a search of words: the others keep working without it.
        let question = try compile(translation.query)
        let onlyIn = translation.onlyIn
        // A large search is split across the cores like `fsfind query`'s: faster through Samba,
        // for a little more memory (`benchmarks/RESULTS.md`, "Spotlight over SMB").
        // Samba hands Finder paths, not an order (Finder sorts them itself): the words' BM25,
        // most of a common word's lookup, would only order the 10,000 kept of a larger answer.
        // Names and titles still rank first.
        let request = SearchRequest(onlyIn: onlyIn, wordRelevance: false, shouldStop: { stop.shouldStop })
        var rows = try opened.search(question, request).rows
        // A search within a folder finds what is in it, not the folder (Spotlight never returns
        // the folder searched, and Samba fails a whole search on its share's root).
        if !onlyIn.isEmpty {
            let paths = try opened.snapshot.reader(for: [])
            for folder in onlyIn {
                if let row = paths.rowIndex(ofPath: folder) { rows.removeAll { $0 == row } }
            }
        }
        if !unnamable.isEmpty { rows.removeAll { unnamable.contains($0) } }
        return ResultCache.Entry(rows: rows.prefix(Self.maximumWindow).map { UInt32($0) }, total: rows.count)
    }

    private func compile(_ query: Query) throws(FSFindError) -> Question {
        do { return try Question(query, context: context) } catch {
            throw FSFindError(.broken, "the query could not be compiled: \(error.message)")
        }
    }

    /// A document's `_id`: FNV-1a of the path, as 16 hex digits (stable across runs and
    /// machines, so a reloaded cluster replaces documents instead of adding them again).
    static func identifier(_ path: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    // MARK: - Other routes

    private func rootDocument() -> String {
        "{\"name\":\"fsfind\",\"cluster_name\":\"fsfind\",\"version\":{\"number\":\"7.10.2\","
            + "\"distribution\":\"fsfind\",\"fsfind\":\(JSONWriter.string(FSFindVersion.string))},"
            + "\"tagline\":\"fsfind serve: Elasticsearch's search API over an fsfind index\"}"
    }

    private func indexDocument() -> String {
        "{" + JSONWriter.string(indexName) + ":{\"aliases\":{},\"mappings\":" + ElasticMapping.mappings
            + ",\"settings\":{\"index\":{\"number_of_shards\":\"1\",\"number_of_replicas\":\"0\"}}}}"
    }

    private func missingIndex(_ name: String) -> Response {
        Self.error(
            404, type: "index_not_found_exception", reason: "no such index [\(name)]; this server serves [\(indexName)]"
        )
    }

    /// Elasticsearch's error shape.
    package static func error(_ status: Int, type: String, reason: String) -> Response {
        let cause = "{\"type\":\(JSONWriter.string(type)),\"reason\":\(JSONWriter.string(reason))}"
        return Response(
            status: status,
            body: "{\"error\":{\"root_cause\":[\(cause)],\"type\":\(JSONWriter.string(type)),"
                + "\"reason\":\(JSONWriter.string(reason))},\"status\":\(status)}")
    }
}

/// A gate that lets one holder through at a time and turns the others away (never makes them wait:
/// a query thread waiting is the thread the gate is there to keep free).
private final class OneAtATime: Sendable {
    private let held = Atomic<Bool>(false)

    /// True, and held, when nobody held it.
    func enter() -> Bool { held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged }

    func leave() { held.store(false, ordering: .releasing) }
}
