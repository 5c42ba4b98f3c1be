import Foundation
import Testing

/// Issue 42's sizes, checked so they cannot drift back: no target holds more than a fifth of
/// `Sources/`' Swift lines, no Swift file more than 500 lines, and no function, initialiser or
/// subscript body more than 80 (a body is read from its declaration's line to the brace that
/// closes it, braces inside strings and comments left out).
@Suite struct SourceSizeTests {
    static let sources = DocumentedNumbersTests.root.appendingPathComponent("Sources")

    /// Every Swift file under `Sources/`: its path from there and its lines.
    static func files() throws -> [(path: String, lines: [Substring])] {
        let manager = FileManager.default
        guard let walk = manager.enumerator(atPath: sources.path) else { return [] }
        var found: [(path: String, lines: [Substring])] = []
        for case let path as String in walk where path.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            found.append((path, text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return found.sorted { $0.path < $1.path }
    }

    @Test func noFileOver500Lines() throws {
        let files = try Self.files()
        #expect(files.count > 100)
        let long = files.filter { $0.lines.count > 500 }.map { "\($0.path): \($0.lines.count)" }
        #expect(long.isEmpty, "files over 500 lines: \(long)")
    }

    @Test func noTargetOverAFifthOfTheLines() throws {
        let files = try Self.files()
        let total = files.reduce(0) { $0 + $1.lines.count }
        var perTarget: [String: Int] = [:]
        for file in files { perTarget[String(file.path.prefix { $0 != "/" }), default: 0] += file.lines.count }
        let large = perTarget.filter { $0.value * 5 > total }.map { "\($0.key): \($0.value) of \(total)" }
        #expect(perTarget.count > 10)
        #expect(large.isEmpty, "targets over 20% of Sources/: \(large)")
    }

    @Test func noFunctionOver80Lines() throws {
        var long: [String] = []
        for file in try Self.files() {
            for (line, length) in Self.bodies(file.lines) where length > 80 {
                long.append("\(file.path):\(line + 1): \(length) lines")
            }
        }
        #expect(long.isEmpty, "bodies over 80 lines: \(long)")
    }

    @Test func aLongBodyIsMeasured() {
        let body =
            ["    func f() {", "        let a = \"{\" // }"] + Array(repeating: "        g()", count: 90) + ["    }"]
        #expect(Self.bodies(body.map { Substring($0) }).map(\.length) == [93])
        // A default closure among the parameters does not end the body.
        let defaulted = ["    func f(", "        stop: () -> Bool = { false }", "    ) -> Int {"] + body.dropFirst()
        #expect(Self.bodies(defaulted.map { Substring($0) }).map(\.length) == [95])
    }

    /// A line that declares a function, an initialiser or a subscript (attributes and modifiers
    /// before it allowed).
    static let declaration = try! NSRegularExpression(
        pattern:
            #"^\s*(@[\w.]+(\([^)]*\))?\s+|(private|fileprivate|internal|package|public|static|class|final|override|mutating|nonmutating|convenience|required|nonisolated|dynamic)(\([^)]*\))?\s+)*(func\s|init[?!]?[\s(<]|deinit\b|subscript[\s(<])"#
    )

    /// (first line, lines) of each body `lines` declares; a declaration whose brace does not come
    /// within a dozen lines (a protocol's requirement) has none.
    static func bodies(_ lines: [Substring]) -> [(line: Int, length: Int)] {
        var found: [(line: Int, length: Int)] = []
        for start in lines.indices {
            let text = String(lines[start])
            guard declaration.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else {
                continue
            }
            var depth = 0
            var parentheses = 0
            var opened = false
            var end = start
            scan: while end < lines.count {
                for brace in braces(lines[end]) {
                    // Until the body opens, a brace inside the parameters' parentheses (a
                    // default closure, `shouldStop: () -> Bool = { false }`) is not the body's.
                    if abs(brace) == 2 {
                        if !opened { parentheses += brace / 2 }
                        continue
                    }
                    if !opened && parentheses > 0 { continue }
                    depth += brace
                    opened = opened || brace > 0
                    if opened && depth == 0 { break scan }
                }
                if !opened && end > start + 12 { break }
                end += 1
            }
            if opened && end < lines.count { found.append((start, end - start + 1)) }
        }
        return found
    }

    /// The line's braces outside strings and `//` comments: +1 for `{`, -1 for `}`.
    static func braces(_ line: Substring) -> [Int] {
        var found: [Int] = []
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "/" && previous == "/" {
                break
            } else if character == "{" {
                found.append(1)
            } else if character == "}" {
                found.append(-1)
            } else if character == "(" {
                found.append(2)
            } else if character == ")" {
                found.append(-2)
            }
            previous = character
        }
        return found
    }
}
