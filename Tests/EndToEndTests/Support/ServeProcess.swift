import FSFindTestSupport
import Foundation
import Glibc

/// A running `fsfind serve`, the real binary, on a port the system chose; its log in a file.
final class ServeProcess {
    let process = Process()
    let log: String
    private(set) var port: UInt16 = 0

    init(index: String, _ arguments: [String] = []) throws {
        log = index + ".serve-log-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = FSFind.binary
        process.arguments = ["serve", "--index", index, "--listen", "127.0.0.1:0"] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC", "LANG": "C.UTF-8"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try Spawning.run(process)
        guard eventually(seconds: 30, { self.listeningPort != nil || !self.process.isRunning }),
            let port = listeningPort
        else { throw ServeError.notStarted(stderr) }
        self.port = port
    }

    enum ServeError: Error { case notStarted(String) }

    var stderr: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// The port in `listening on http://127.0.0.1:PORT/…`.
    private var listeningPort: UInt16? {
        guard let range = stderr.range(of: "listening on http://127.0.0.1:") else { return nil }
        return UInt16(stderr[range.upperBound...].prefix { $0.isNumber })
    }

    func stop(_ signal: Int32 = SIGTERM) -> Int32 { process.stop(signal) }

    deinit {
        if process.isRunning { _ = stop(SIGKILL) }
        unlink(log)
    }
}

/// A plain TCP connection speaking HTTP/1.1 by hand, so a test can also send what no client
/// library would: half a request, a lying Content-Length, bytes that are not HTTP.
final class HTTPConnection {
    let socket: Int32

    init(port: UInt16) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // No close here: the object is whole, so a throw still runs `deinit`, which closes the
        // socket; closing it here too closed a descriptor number another test's thread had
        // just been given (a pipe read by `FSFind.capture`, which then crashed on `EBADF`).
        guard result == 0 else { throw HTTPError.connect(errno) }
    }

    enum HTTPError: Error {
        case connect(Int32)
        case closed
        case malformed(String)
    }

    deinit { close(socket) }

    /// Sends every byte; false when the server has closed the connection.
    @discardableResult func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// One request, its answer's status and body.
    func request(_ method: String, _ path: String, body: String? = nil) throws -> (status: Int, body: String) {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: test\r\n"
        if let body { text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        send(Array((text + "\r\n" + (body ?? "")).utf8))
        return try response(head: method == "HEAD")
    }

    /// Reads one response (its body by Content-Length).
    func response(head: Bool = false) throws -> (status: Int, body: String) {
        var buffer: [UInt8] = []
        var end: Int?
        while end == nil {
            guard let more = read() else { throw HTTPError.closed }
            buffer += more
            end = buffer.indices.dropLast(3).first {
                buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10
            }
        }
        let header = String(decoding: buffer[..<end!], as: UTF8.self)
        var body = Array(buffer[(end! + 4)...])
        let lines = header.split(separator: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw HTTPError.malformed(header)
        }
        let length =
            lines.first { $0.lowercased().hasPrefix("content-length:") }.flatMap {
                Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
            } ?? 0
        while !head && body.count < length {
            guard let more = read() else { throw HTTPError.closed }
            body += more
        }
        return (status, String(decoding: body, as: UTF8.self))
    }

    /// The next bytes, nil when the connection is closed (or nothing came within 30 s).
    func read() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        return n > 0 ? Array(chunk[..<n]) : nil
    }

    /// True when the server closes the connection (reads return end of file) within `seconds`.
    func isClosed(within seconds: Int) -> Bool {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
    }
}
