import FSFindTestSupport
import Foundation
import Glibc
import Testing

/// `fsfind serve` under the attacks of issue 46's hostile round, each against the real binary on
/// a real socket: connections that send nothing, an index file cut short during a request, small
/// requests that asked for minutes of work, clients that never read, names that are not UTF-8,
/// content wildcards it cannot answer.
@Suite(.ownThreads, .serialized) struct ServeHardeningEndToEndTests {
    /// A tree of 20,000 empty files (names to scan) and 300 texts of about 80 KB (words, and large
    /// hits), indexed once for the suite.
    final class BigTree: @unchecked Sendable {
        // Why @unchecked: written once in `init`, read after.
        let folder: String
        let index: String
        let tree: String

        static let shared = Result { try BigTree() }

        private init() throws {
            folder = NSTemporaryDirectory() + "fsfind-serve-hardening-\(UUID().uuidString)"
            tree = folder + "/tree"
            index = folder + "/index.fsfind"
            var random = SplitMix64(seed: 46)
            let words = ["paris", "london", "alpha", "beta", "gamma", "delta", "omega", "report", "quarterly"]
            for d in 0..<40 {
                try FileManager.default.createDirectory(atPath: tree + "/d\(d)", withIntermediateDirectories: true)
                for f in 0..<500 {
                    FileManager.default.createFile(
                        atPath: tree + "/d\(d)/file-\(f)-\(words[Int(random.next() % 9)]).txt", contents: nil)
                }
            }
            try FileManager.default.createDirectory(atPath: tree + "/texts", withIntermediateDirectories: true)
            for t in 0..<300 {
                var text = ""
                for _ in 0..<10_000 { text += words[Int(random.next() % 9)] + String(random.next() % 100) + " " }
                try text.write(toFile: tree + "/texts/t\(t).txt", atomically: false, encoding: .utf8)
            }
            let result = try FSFind.run(["index", "--index", index, tree])
            guard result.status == 0 else { throw ServeProcess.ServeError.notStarted(result.stderr) }
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A `query_string` search's status and body.
    static func search(_ port: UInt16, _ query: String, size: Int = 10, source: Any = ["path.real"]) throws -> (
        status: Int, body: String
    ) {
        let body = try JSONSerialization.data(withJSONObject: [
            "size": size, "_source": source, "query": ["query_string": ["query": query]],
        ])
        return try HTTPConnection(port: port).request(
            "POST", "/fsfind/_search", body: String(decoding: body, as: UTF8.self))
    }

    /// `count` distinct words ORed: free text asked `count` times, seconds of work on the big tree.
    static func slowQuery(_ count: Int) -> String {
        (0..<count).map { "q\($0)" }.joined(separator: " OR ")
    }

    /// Memory the process holds now (resident set), in MiB.
    static func residentMiB(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    // MARK: - Item 1: idle connections

    @Test func idleConnectionsCannotTakeEveryDescriptor() throws {
        let setup = try ServeEndToEndTests.Setup()
        let server = try ServeProcess(index: setup.index, ["--max-connections", "20"])
        // Samba's connection: it has asked before, and stays.
        let samba = try HTTPConnection(port: server.port)
        #expect(try samba.request("GET", "/").status == 200)
        // Sixty that send nothing: the oldest of them are closed to make room.
        let flood = try (0..<60).map { _ in try HTTPConnection(port: server.port) }
        #expect(try HTTPConnection(port: server.port).request("GET", "/").status == 200)
        #expect(try samba.request("GET", "/fsfind").status == 200)
        #expect(flood[0].isClosed(within: 5))
        let descriptors =
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.processIdentifier)/fd"))?
            .count ?? 0
        #expect(descriptors < 60, "the server holds \(descriptors) descriptors")
        let log = server.stderr
        #expect(log.contains("closed to make room"), "\(log)")
        // One line a second, not one per connection closed.
        #expect(log.components(separatedBy: "closed to make room").count - 1 < 10, "\(log)")
        #expect(server.stop() == 0)
    }

    /// Descriptors that run out all the same (the limit lowered under a running server, or the
    /// system's table full): `accept` failing does not spin the event loop.
    @Test func noDescriptorLeftDoesNotSpinTheLoop() throws {
        let setup = try ServeEndToEndTests.Setup()
        let server = try ServeProcess(index: setup.index)
        let pid = server.process.processIdentifier
        let prlimit = Process()
        prlimit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        prlimit.arguments = ["--pid", "\(pid)", "--nofile=40:40"]
        try Spawning.run(prlimit)
        prlimit.waitUntilExit()
        #expect(prlimit.terminationStatus == 0)
        let flood = (0..<100).compactMap { _ in try? HTTPConnection(port: server.port) }
        Thread.sleep(forTimeInterval: 1)
        let before = Self.cpuTicks(pid)
        Thread.sleep(forTimeInterval: 2)
        let spent = Self.cpuTicks(pid) - before
        // A spinning loop takes all of a core: about 200 ticks in 2 s.
        #expect(spent < 100, "the server used \(spent) ticks of CPU in 2 s with no descriptor left")
        #expect(server.stderr.contains("no file descriptor left"), "\(server.stderr)")
        withExtendedLifetime(flood) {}
        #expect(server.stop() == 0)
    }

    /// User and system CPU time of process `pid`, in clock ticks (`/proc/PID/stat`).
    static func cpuTicks(_ pid: Int32) -> Int {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // Fields after the command name, which is in parentheses and may hold spaces.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    }

    @Test func aConnectionQuietPastTheIdleLimitIsClosed() throws {
        let setup = try ServeEndToEndTests.Setup()
        let server = try ServeProcess(index: setup.index, ["--idle-timeout", "1"])
        let quiet = try HTTPConnection(port: server.port)
        #expect(try quiet.request("GET", "/").status == 200)
        #expect(quiet.isClosed(within: 10))
        #expect(server.stderr.contains("idle for 1 s"), "\(server.stderr)")
        #expect(server.stop() == 0)
    }

    // MARK: - Item 2: an index cut short during a request

    @Test func anIndexCutShortDuringARequestFailsThatRequestOnly() throws {
        let big = try BigTree.shared.get()
        let copy = big.folder + "/cut.fsfind"
        try? FileManager.default.removeItem(atPath: copy)
        try? FileManager.default.removeItem(atPath: copy + ".text")
        try FileManager.default.copyItem(atPath: big.index, toPath: copy)
        try FileManager.default.copyItem(atPath: big.index + ".text", toPath: copy + ".text")
        let whole = try Data(contentsOf: URL(fileURLWithPath: copy))
        let server = try ServeProcess(index: copy)
        var cutShort = 0
        for _ in 0..<3 {
            let answer = Box<(status: Int, body: String)>()
            let port = server.port
            let request = Thread { answer.value = try? Self.search(port, Self.slowQuery(40)) }
            request.start()
            Thread.sleep(forTimeInterval: 0.3)
            // Cut short in place (the same file, as `cp` over it or a restore does), then whole again.
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: copy))
            try handle.truncate(atOffset: 4096)
            #expect(eventually(seconds: 60) { answer.value != nil })
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: whole)
            try handle.close()
            #expect(server.process.isRunning, "\(server.stderr)")
            if answer.value?.status == 500 {
                cutShort += 1
                #expect(answer.value?.body.contains("cut short while this request read it") == true)
            }
            #expect(answer.value?.status == 500 || answer.value?.status == 200, "\(answer.value?.body ?? "")")
            // The next request reads the whole file again.
            let next = try Self.search(server.port, "paris")
            #expect(next.status == 200, "\(next.body)")
        }
        #expect(cutShort > 0, "no request was under way when the file was cut short")
        #expect(server.stop() == 0)
    }

    // MARK: - Item 3: small requests that asked for minutes

    @Test func repeatedWordsAreFoldedAndClausesCapped() throws {
        let big = try BigTree.shared.get()
        let server = try ServeProcess(index: big.index)
        let once = try Self.search(server.port, "paris", size: 10_000)
        let repeated = try Self.search(
            server.port, Array(repeating: "paris", count: 300).joined(separator: " "), size: 10_000)
        #expect(once.status == 200 && repeated.status == 200, "\(repeated.body)")
        #expect(Self.total(once.body) == Self.total(repeated.body) && Self.total(once.body) > 0)
        let many = try Self.search(server.port, (0..<2000).map { "w\($0)" }.joined(separator: " "))
        #expect(many.status == 400 && many.body.contains("too_many_clauses"), "\(many.body)")
        #expect(server.stop() == 0)

        // The command line: the same folding, and a clear refusal (exit 2).
        let cli = try FSFind.run([
            "query", "--index", big.index, Array(repeating: "paris", count: 300).joined(separator: " "),
        ])
        let plain = try FSFind.run(["query", "--index", big.index, "paris"])
        #expect(cli.status == 0 && cli.out == plain.out && !plain.lines.isEmpty, "\(cli.stderr)")
        let capped = try FSFind.run(["query", "--index", big.index, (0..<2000).map { "w\($0)" }.joined(separator: " ")])
        #expect(capped.status == 2 && capped.stderr.contains("2000 clauses"), "\(capped.stderr)")
    }

    @Test func aSearchPastItsTimeLimitIsGivenUpAndItsThreadFreed() throws {
        let big = try BigTree.shared.get()
        let server = try ServeProcess(index: big.index, ["--search-timeout", "1", "--threads", "1"])
        let slow = try Self.search(server.port, Self.slowQuery(1000))
        #expect(slow.status == 503 && slow.body.contains("timeout_exception"), "\(slow.body)")
        // The one query thread is free again.
        #expect(try Self.search(server.port, "paris").status == 200)
        #expect(server.stop() == 0)
    }

    @Test func aSearchWhoseClientHasGoneStops() throws {
        let big = try BigTree.shared.get()
        let server = try ServeProcess(index: big.index, ["--search-timeout", "600", "--threads", "1"])
        do {
            let gone = try HTTPConnection(port: server.port)
            let body = #"{"size": 1, "query": {"query_string": {"query": "\#(Self.slowQuery(1000))"}}}"#
            gone.send(
                Array(
                    "POST /fsfind/_search HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8
                ))
            Thread.sleep(forTimeInterval: 0.5)
        }
        // With the only thread held, this would wait for the whole slow search (tens of seconds).
        let connection = try HTTPConnection(port: server.port)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection.socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let body = #"{"size": 1, "query": {"query_string": {"query": "paris"}}}"#
        #expect(try connection.request("POST", "/fsfind/_search", body: body).status == 200)
        #expect(server.stop() == 0)
    }

    @Test func sigtermEndsTheServerDuringLongSearches() throws {
        let big = try BigTree.shared.get()
        let server = try ServeProcess(index: big.index, ["--search-timeout", "600"])
        let port = server.port
        let threads = (0..<2).map { _ in Thread { _ = try? Self.search(port, Self.slowQuery(1000)) } }
        for thread in threads { thread.start() }
        Thread.sleep(forTimeInterval: 1)
        let started = Date()
        kill(server.process.processIdentifier, SIGTERM)
        #expect(eventually(seconds: 30) { !server.process.isRunning })
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 10, "the server took \(seconds) s to end after SIGTERM")
        #expect(server.process.terminationStatus == 0)
    }

    // MARK: - Item 6: names that are not UTF-8

    @Test func totalsCountOnlyWhatTheHitsCanName() throws {
        let setup = try ServeEndToEndTests.Setup()
        // Two files whose names are not UTF-8, and a folder of one with a file inside.
        for name in ["/caf\u{E9}-paris.txt", "/\u{FF}paris-dir"] {
            let bytes = Array(setup.tree.utf8) + name.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
            let path = bytes.map { CChar(bitPattern: $0) } + [0]
            if name.hasSuffix("dir") {
                #expect(mkdir(path, 0o755) == 0)
                let inner = bytes + Array("/paris-inside.txt".utf8)
                #expect(creat(inner.map { CChar(bitPattern: $0) } + [0], 0o644) >= 0)
            } else {
                #expect(creat(path, 0o644) >= 0)
            }
        }
        #expect(try FSFind.run(["index", "--index", setup.index, setup.tree]).status == 0)
        let server = try ServeProcess(index: setup.index)
        for query in ["paris", "file.filename:*paris*"] {
            let all = try ServeEndToEndTests.search(server.port, query)
            #expect(all.total == all.paths.count && all.total > 0, "\(query): \(all.total) vs \(all.paths.count)")
            // Paged as Samba pages: every page agrees with the total.
            var paged: [String] = []
            for from in stride(from: 0, to: all.total, by: 2) {
                paged += try ServeEndToEndTests.search(server.port, query, from: from, size: 2).paths
            }
            #expect(paged == all.paths)
        }
        #expect(server.stop() == 0)
    }

    // MARK: - Item 8: content wildcards

    @Test func contentWildcardsItCannotAnswerAreRefused() throws {
        let setup = try ServeEndToEndTests.Setup()
        let server = try ServeProcess(index: setup.index)
        for query in ["content:*aris", "content:p*s", "content:*"] {
            let answer = try Self.search(server.port, query)
            #expect(answer.status == 400 && answer.body.contains("query_shard_exception"), "\(query): \(answer.body)")
        }
        #expect(try Self.search(server.port, "content:pari*").status == 200)
        #expect(server.stop() == 0)
    }

    // MARK: - Item 9 and the whole: clients that never read, beside the other attacks

    @Test func clientsThatNeverReadDoNotHoldTheServersMemory() throws {
        let big = try BigTree.shared.get()
        let server = try ServeProcess(index: big.index)
        let pid = server.process.processIdentifier
        // One answer too large to build: 300 hits of 64 KiB of words each.
        let huge = try Self.search(server.port, "content:alpha*", size: 300, source: true)
        #expect(huge.status == 400 && huge.body.contains("fewer hits"), "\(huge.body.prefix(300))")
        // Twenty clients ask for 13 MB each and never read; idle connections and a repeated
        // word beside them (items 1 and 3).
        let body = #"{"size": 200, "_source": true, "query": {"query_string": {"query": "content:alpha*"}}}"#
        let request = Array(
            "POST /fsfind/_search HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        // Sent at once, one is answered and the others turned away (one large answer at a time).
        let together = try (0..<3).map { _ in try HTTPConnection(port: server.port) }
        for connection in together { connection.send(request) }
        let statuses = try together.map { try $0.response().status }.sorted()
        #expect(statuses.first == 200 && statuses.last == 429, "\(statuses)")
        // Sent one after another, each once the last is answered (written, not read): from the
        // fifth or so, the answers no client has read fill the budget and the rest are refused.
        let readers = try (0..<20).map { _ in try HTTPConnection(port: server.port) }
        for (k, reader) in readers.enumerated() {
            var small: Int32 = 4096
            setsockopt(reader.socket, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            reader.send(request)
            let answered = 5 + k
            #expect(
                eventually(seconds: 30) {
                    server.stderr.components(separatedBy: "POST /fsfind/_search").count > answered
                })
        }
        let idle = try (0..<50).map { _ in try HTTPConnection(port: server.port) }
        let port = server.port
        let repeated = Thread {
            _ = try? Self.search(port, Array(repeating: "omega", count: 300).joined(separator: " "))
        }
        repeated.start()
        Thread.sleep(forTimeInterval: 3)
        // A Samba search is still answered, and the memory stays bounded.
        let samba = try Self.search(server.port, "(paris) AND path.real.fulltext:\"\(big.tree)\"", size: 50)
        #expect(samba.status == 200, "\(samba.body.prefix(300))")
        let resident = Self.residentMiB(pid)
        #expect(resident < 256, "the server holds \(resident) MiB")
        #expect(server.stderr.contains("have not yet read"), "\(server.stderr)")
        withExtendedLifetime((readers, idle)) {}
        #expect(server.stop() == 0)
    }

    static func total(_ body: String) -> Int {
        let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        return ((object?["hits"] as? [String: Any])?["total"] as? [String: Any])?["value"] as? Int ?? -1
    }
}

/// A value one thread sets and another reads after.
final class Box<Value>: @unchecked Sendable {
    // Why @unchecked: set by one thread before the reader sees it through `eventually` or a join.
    var value: Value?
}
