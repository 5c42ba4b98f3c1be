import Foundation
import Testing

/// `docs/architecture.md`'s rule "System calls through swift-system": a call interrupted by a
/// signal (`EINTR`) is retried by swift-system's own calls or by the one helper,
/// `retryingOnInterrupt` in `FSFindPlatform`, never by a loop written where the call is made
/// (issue 42 item 8: hand-written loops came back three times). So the code under `Sources/`
/// names `EINTR` (or `Errno.interrupted`, or turns swift-system's retry off) only in the helper's
/// file and in the few places listed here, each of which must not retry and says why.
@Suite struct InterruptRetryTests {
    /// The file that holds `retryingOnInterrupt`.
    static let helper = "Sources/FSFindPlatform/FileDescriptor+Reading.swift"

    /// Files that handle an interruption without retrying, with how many lines of code do so.
    static let deliberate: [String: (lines: Int, why: String)] = [
        "Sources/FSFindCommandLine/Terminal/TerminalDevice.swift": (
            1, "a resize (SIGWINCH) ends the wait for a key, so the screen is redrawn at once"
        )
    ]

    /// What counts as handling an interruption by hand.
    static let pattern = try! NSRegularExpression(
        pattern: #"\bEINTR\b|Errno\.interrupted\b|retryOnInterrupt:\s*false"#)

    /// Each Swift file under `Sources/` (relative path) → its lines of code that handle an
    /// interruption, comments left out (a comment may explain why `EINTR` needs no loop).
    static func interruptHandling() throws -> [String: [String]] {
        let root = DocumentedNumbersTests.root
        let sources = root.appendingPathComponent("Sources")
        guard let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            return [:]
        }
        var found: [String: [String]] = [:]
        for case let url as URL in walk where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let path = String(url.path.dropFirst(root.path.count + 1))
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let code = String(line.components(separatedBy: "//").first ?? "")
                let range = NSRange(code.startIndex..., in: code)
                if pattern.firstMatch(in: code, range: range) != nil {
                    found[path, default: []].append(line.trimmingCharacters(in: .whitespaces))
                }
            }
        }
        return found
    }

    @Test func onlyTheHelperRetriesAnInterruptedCall() throws {
        let found = try Self.interruptHandling()
        #expect(found[Self.helper] != nil, "\(Self.helper) should hold retryingOnInterrupt")
        for (path, lines) in found.sorted(by: { $0.key < $1.key }) where path != Self.helper {
            guard let allowed = Self.deliberate[path] else {
                Issue.record(
                    """
                    \(path) handles EINTR itself: \(lines.joined(separator: " | ")). Retry through \
                    swift-system's calls or retryingOnInterrupt (FSFindPlatform) instead
                    """)
                continue
            }
            #expect(
                lines.count == allowed.lines,
                "\(path) handles an interruption in \(lines.count) lines, \(allowed.lines) expected: \(lines)")
        }
        for path in Self.deliberate.keys {
            #expect(found[path] != nil, "\(path) is listed as not retrying, but no longer handles EINTR")
        }
    }

    /// The check itself finds what it is for.
    @Test func aHandWrittenLoopIsFound() {
        let loops = [
            "while waitpid(pid, &status, 0) < 0 && errno == EINTR {}",
            "if ready < 0, errno == EINTR { continue }",
            "} catch Errno.interrupted {",
            "let count = try descriptor.read(into: buffer, retryOnInterrupt: false)",
        ]
        for line in loops {
            #expect(Self.pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil, "\(line)")
        }
        let fine = "if content?.interrupted == true { return nil }"
        #expect(Self.pattern.firstMatch(in: fine, range: NSRange(fine.startIndex..., in: fine)) == nil)
    }
}
