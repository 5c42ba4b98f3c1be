import FSFindModel
import Glibc

/// One line per event on standard error (requests, refusals, closed connections), which is what
/// a systemd service's journal keeps. Each line is one `write`, so lines from several threads do
/// not interleave.
struct ServerLog: Sendable {
    /// Every answered request is logged, not only refusals and errors.
    let logsRequests: Bool

    init(logsRequests: Bool = true) {
        self.logsRequests = logsRequests
    }

    /// An answered request: logged when requests are, or when it was refused or failed.
    func request(_ line: String, status: Int) {
        if logsRequests || status >= 400 { write(line) }
    }

    func write(_ line: String) {
        // Control characters from a client's request line are never written raw.
        let shown = String(line.unicodeScalars.map { $0.isTerminalControl ? "?" : Character($0) })
        let bytes = Array("fsfind serve: \(shown)\n".utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
