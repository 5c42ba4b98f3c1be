import FSFindTestSupport
import Foundation
import Glibc

@testable import FSFindCrawl
@testable import FSFindModel
@testable import FSFindPlatform

/// A temporary folder tree built with byte-level POSIX calls, so names can hold newlines and
/// invalid UTF-8. Removed (`rm -rf`) when released.
package final class CrawlTestTree {
    package let root: [UInt8]

    package init() {
        var template = Array("/tmp/fsfind-crawl-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        root = template.dropLast().map { UInt8(bitPattern: $0) }
    }

    deinit {
        // Restore permissions first so nothing below is left behind.
        let path = String(decoding: root, as: UTF8.self)
        _ = Self.run("/bin/chmod", ["-R", "u+rwx", path])
        _ = Self.run("/bin/rm", ["-rf", path])
    }

    /// `root/a/b/...` from byte components.
    package func path(_ components: [UInt8]...) -> [UInt8] { path(components) }

    package func path(_ components: [[UInt8]]) -> [UInt8] {
        components.reduce(root) { PathBytes.join($0, $1) }
    }

    @discardableResult
    package func folder(_ components: [UInt8]...) -> [UInt8] {
        let target = path(components)
        let result = PathBytes.withCString(target) { mkdir($0, 0o755) }
        precondition(result == 0, "mkdir failed: \(errno)")
        return target
    }

    @discardableResult
    package func file(_ components: [UInt8]..., contents: [UInt8] = []) -> [UInt8] {
        let target = path(components)
        write(target, contents)
        return target
    }

    package func write(_ target: [UInt8], _ contents: [UInt8]) {
        let fd = PathBytes.withCString(target) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        precondition(fd >= 0, "open failed: \(errno) for \(String(decoding: target, as: UTF8.self))")
        contents.withUnsafeBytes { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    @discardableResult
    package func symlink(_ components: [UInt8]..., to target: String) -> [UInt8] {
        let link = path(components)
        let result = PathBytes.withCString(link) { Glibc.symlink(target, $0) }
        precondition(result == 0, "symlink failed: \(errno)")
        return link
    }

    @discardableResult
    package func fifo(_ components: [UInt8]...) -> [UInt8] {
        let target = path(components)
        let result = PathBytes.withCString(target) { mkfifo($0, 0o644) }
        precondition(result == 0, "mkfifo failed: \(errno)")
        return target
    }

    package func chmod(_ target: [UInt8], _ mode: mode_t) {
        _ = PathBytes.withCString(target) { Glibc.chmod($0, mode) }
    }

    package func crawl(_ options: CrawlOptions = CrawlOptions(), root: [UInt8]? = nil) throws -> (
        entries: [CrawlEntry], diagnostics: [CrawlDiagnostic]
    ) {
        var entries: [CrawlEntry] = []
        var diagnostics: [CrawlDiagnostic] = []
        try Crawler(options: options).crawl(
            root: root ?? self.root, entry: { entries.append($0) },
            diagnostic: { diagnostics.append($0) })
        return (entries, diagnostics)
    }

    @discardableResult
    package static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        do {
            try Spawning.run(process)
            process.waitUntilExit()
            return process.terminationStatus
        } catch {
            return -1
        }
    }

    /// Paths relative to the root, as bytes; the root itself is `[]`.
    package func relative(_ entries: [CrawlEntry]) -> [[UInt8]] {
        entries.map { Array($0.path.dropFirst(min($0.path.count, root.count + 1))) }
    }
}

/// A file name or relative path as the raw bytes the crawler reports.
package func pathBytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Tiny real files, checked against `file --mime-type` when the tests were written.
package enum CrawlSamples {
    package static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
        0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89,
    ]
    package static let jpeg: [UInt8] =
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)
        + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xD9]
    package static let gif: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x3B]
    /// An ID3v2.3 tag and one MPEG-1 layer III frame.
    package static let mp3: [UInt8] =
        Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 0] + [0xFF, 0xFB, 0x90, 0x64]
        + [UInt8](repeating: 0, count: 413)
    /// An empty ZIP (end-of-central-directory record only).
    package static let zip: [UInt8] = Array("PK".utf8) + [0x05, 0x06] + [UInt8](repeating: 0, count: 18)
    /// `hello\n`, gzip'ed.
    package static let gzip: [UInt8] = [
        31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 203, 72, 205, 201, 201, 231, 2, 0, 32, 48, 58, 54, 6, 0, 0, 0,
    ]
    package static let pdf = Array(
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".utf8)
    package static let html = Array(
        "<!DOCTYPE html>\n<html><head><title>Hi</title></head><body><p>x</p></body></html>\n".utf8)
    package static let markdown = Array("# Notes\n\nSome *text* here.\n".utf8)
    package static let cSource = Array(
        "#include <stdio.h>\n\nint main(void) {\n    printf(\"hi\\n\");\n    return 0;\n}\n".utf8)
    package static let text = Array("just some words\n".utf8)

    package static var elf: [UInt8] {
        (try? Data(contentsOf: URL(fileURLWithPath: "/bin/true"))).map { Array($0) } ?? []
    }
}
