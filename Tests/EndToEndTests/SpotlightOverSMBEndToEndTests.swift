import FSFindTestSupport
import Foundation
import Glibc
import Testing

/// Spotlight searches from a Mac's side of Samba (issue 18 item 2): a real `smbd` on loopback,
/// configured with Samba's Elasticsearch backend pointed at `fsfind serve`, asked through
/// `samba.samba3.mdscli`, the client library that speaks the RPC a Mac's Finder speaks.
@Suite(
    .ownThreads, .serialized,
    .enabled(if: Requirement.samba, "needs smbd and python3-samba, as root (make deps installs them)"))
struct SpotlightOverSMBEndToEndTests {
    /// A share of fixture files, its index, `fsfind serve`, and `smbd` in front of it.
    final class Share {
        let folder: String
        let share: String
        let index: String
        let conf: String
        let server: ServeProcess
        let smbd = Process()
        let smbPort: UInt16

        /// Every character Samba escapes for Elasticsearch, each in a file name.
        static let oddNames = ["x+x", "x*x", "x=x", "x'x", "x?x", "x x", "x(x", "x\"x", "x\\x"]

        init() throws {
            folder = NSTemporaryDirectory() + "fsfind-smb-\(UUID().uuidString)"
            share = folder + "/share"
            index = folder + "/index.fsfind"
            conf = folder + "/smb.conf"
            let files = FileManager.default
            for sub in ["share", "private", "lock", "state", "cache", "pid", "log", "ncalrpc"] {
                try files.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
            }
            for name in Self.oddNames {
                try "odd\n".write(toFile: share + "/" + name, atomically: false, encoding: .utf8)
            }
            try "Meeting notes: the Lyon office moves to Paris.\n".write(
                toFile: share + "/notes.txt", atomically: false, encoding: .utf8)
            try "An old letter.\n".write(toFile: share + "/old-letter.txt", atomically: false, encoding: .utf8)
            let old = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01
            try files.setAttributes([.modificationDate: old], ofItemAtPath: share + "/old-letter.txt")
            for sample in ["Pictures/eiffel.jpg", "Pictures/wide.png", "Documents/paper.pdf", "Music/intro-paris.mp3"] {
                try files.copyItem(
                    atPath: FSFind.sample.appendingPathComponent(sample).path,
                    toPath: share + "/" + (sample as NSString).lastPathComponent)
            }
            let indexed = try FSFind.run(["index", "--index", index, share])
            guard indexed.status == 0 else { throw SetupError.failed("fsfind index: \(indexed.stderr)") }
            server = try ServeProcess(index: index)
            smbPort = try Self.freePort()
            try """
            [global]
              server role = standalone server
              smb ports = \(smbPort)
              interfaces = lo
              bind interfaces only = yes
              private dir = \(folder)/private
              lock directory = \(folder)/lock
              state directory = \(folder)/state
              cache directory = \(folder)/cache
              pid directory = \(folder)/pid
              ncalrpc dir = \(folder)/ncalrpc
              log file = \(folder)/log/log.%m
              passdb backend = tdbsam:\(folder)/private/passdb.tdb
              disable spoolss = yes
              load printers = no
              printing = bsd
              printcap name = /dev/null
              rpc_server:mdssvc = embedded
              spotlight backend = elasticsearch
              elasticsearch:address = 127.0.0.1
              elasticsearch:port = \(server.port)
              elasticsearch:index = fsfind
            [spotlight]
              path = \(share)
              spotlight = yes
              read only = yes

            """.write(toFile: conf, atomically: false, encoding: .utf8)
            let password = try Self.run(
                "/usr/bin/smbpasswd", ["-c", conf, "-a", "-s", "root"], input: "secret\nsecret\n")
            guard password.status == 0 else { throw SetupError.failed("smbpasswd: \(password.output)") }
            smbd.executableURL = URL(fileURLWithPath: "/usr/sbin/smbd")
            smbd.arguments = ["--foreground", "--no-process-group", "-s", conf]
            smbd.standardInput = FileHandle.nullDevice
            smbd.standardOutput = FileHandle.nullDevice
            smbd.standardError = FileHandle.nullDevice
            try Spawning.run(smbd)
            guard eventually(seconds: 30, { (try? HTTPConnection(port: self.smbPort)) != nil || !self.smbd.isRunning }),
                smbd.isRunning
            else { throw SetupError.failed("smbd did not start; see \(folder)/log") }
        }

        enum SetupError: Error { case failed(String) }

        deinit {
            if smbd.isRunning {
                kill(smbd.processIdentifier, SIGTERM)
                smbd.waitUntilExit()
            }
            // smbd starts samba-dcerpcd and its rpcd_* helpers on demand, as daemons of their
            // own: they are found by the configuration file they were given.
            Self.stopProcesses(naming: "--configfile=" + conf)
            try? FileManager.default.removeItem(atPath: folder)
        }

        /// SIGTERM to every process whose command line holds `argument`.
        static func stopProcesses(naming argument: String) {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            for entry in entries {
                guard let pid = Int32(entry), pid != getpid(),
                    let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                    String(decoding: line, as: UTF8.self).split(separator: "\0").contains(Substring(argument))
                else { continue }
                kill(pid, SIGTERM)
            }
        }

        /// A port nothing listens on now.
        static func freePort() throws -> UInt16 {
            let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(s) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(s, pointer, length) == 0 ? getsockname(s, pointer, &length) : -1
                }
            }
            return UInt16(bigEndian: address.sin_port)
        }

        static func run(_ executable: String, _ arguments: [String], input: String) throws -> (
            status: Int32, output: String
        ) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            let stdin = Spawning.pipe()
            let stdout = Spawning.pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stdout
            try Spawning.run(process)
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
            let output = stdout.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }

        /// The Spotlight queries through smbd: each one's results, relative to the share, sorted.
        func spotlight(_ queries: [(query: String, expect: Int?)]) throws -> [[String]] {
            let script = FSFind.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Support/mdscli-search.py")
            let input = try queries.map {
                String(
                    decoding: try JSONSerialization.data(
                        withJSONObject: ["query": $0.query, "expect": $0.expect as Any? ?? NSNull()]), as: UTF8.self)
            }.joined(separator: "\n")
            let result = try Self.run(
                "/usr/bin/python3", [script.path, conf, "spotlight", "root", "secret"], input: input + "\n")
            let lines = result.output.split(separator: "\n").filter { $0.hasPrefix("{") }
            guard result.status == 0, lines.count == queries.count else {
                throw SetupError.failed("mdscli-search.py: \(result.output)\nfsfind serve: \(server.stderr)")
            }
            return try lines.map {
                let object = try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
                return object?["results"] as? [String] ?? []
            }
        }

        /// What `fsfind query` finds in the share, relative to it (the share itself left out).
        func fsfind(_ query: String) throws -> [String] {
            let result = try FSFind.run(["query", "--index", index, query])
            return result.lines.filter { $0 != share }.map { String($0.dropFirst(share.count + 1)) }.sorted()
        }
    }

    @Test func finderSearchesAreAnsweredFromTheIndex() throws {
        let share = try Share()
        // A Spotlight query as a Mac sends it, and the same question in fsfind's language.
        let pairs: [(String, String)] = [
            (#"kMDItemFSName=="notes*""#, #"fsName == "notes*"cd"#),
            (#"kMDItemDisplayName=="eiffel*"cdw"#, #"fsName == "eiffel*"cd"#),
            (#"*=="lyon""#, "lyon"),
            (#"kMDItemTextContent=="paris""#, #"textContent == "paris"cdw"#),
            (
                #"kMDItemFSName=="*paris*"||kMDItemTextContent=="lyon""#,
                #"fsName == "*paris*"cd || textContent == "lyon"cdw"#
            ),
            (#"_kMDItemGroupId=="13""#, #"mimeType == "image/*"cd"#),
            (#"_kMDItemGroupId=="11""#, #"mimeType == "application/pdf""#),
            (#"kMDItemContentType=="public.mp3""#, #"mimeType == "audio/mpeg""#),
            (#"kMDItemFSContentChangeDate<$time.iso(2021-01-01T00:00:00Z)"#, #"fsName == "old-letter.txt""#),
            (#"kMDItemFSContentChangeDate>$time.iso(2021-01-01T00:00:00Z)"#, #"fsName != "old-letter.txt""#),
            (#"kMDItemFSSize>"1000""#, "fileSize > 1000"),
            (#"InRange(kMDItemFSSize,1,20)"#, "InRange(fileSize, 1, 20)"),
            (#"kMDItemPixelWidth>"100""#, "pixelWidth > 100"),
        ]
        var expected: [[String]] = []
        for (_, fsfind) in pairs { expected.append(try share.fsfind(fsfind)) }
        let answered = try share.spotlight(zip(pairs, expected).map { ($0.0.0, $0.1.count) })
        for ((spotlight, fsfind), (answer, wanted)) in zip(pairs, zip(answered, expected)) {
            #expect(!wanted.isEmpty, "\(fsfind) finds nothing in the share: the pair tests nothing")
            #expect(answer == wanted, "\(spotlight) vs \(fsfind)")
        }
        #expect(answered[3].contains("notes.txt"))
        #expect(answered[8] == ["old-letter.txt"])
        #expect(share.server.stderr.contains("POST /fsfind/_search 200"))
    }

    @Test func namesWithEveryCharacterSambaEscapesAreFound() throws {
        let share = try Share()
        let queries = Share.oddNames.map {
            let escaped = $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "*", with: "\\*")
            return (query: "kMDItemFSName==\"\(escaped)\"", expect: Optional(1))
        }
        let answered = try share.spotlight(queries + [(#"kMDItemFSName=="x*""#, 9)])
        for (name, answer) in zip(Share.oddNames, answered) { #expect(answer == [name], "\(name)") }
        #expect(answered.last == Share.oddNames.sorted())
    }
}

extension Requirement {
    /// smbd, Samba's Python client and root (smbd's passdb and its user switch), or CI.
    static var samba: Bool {
        isCI
            || (geteuid() == 0 && access("/usr/sbin/smbd", X_OK) == 0
                && access("/usr/lib/python3/dist-packages/samba/samba3", F_OK) == 0)
    }
}
