import Foundation
import Testing

/// Each target's `Surface.swift` lists what the target offers the others: its top-level
/// `package` declarations (issue 42 item 2, "one file per target that says what it offers").
/// This checks the list against the code both ways, so a new `package` type must be named there
/// (and so thought about) and a name that went internal or away leaves the list.
@Suite struct SurfaceTests {
    static let root = DocumentedNumbersTests.root
    static let sources = root.appendingPathComponent("Sources")

    /// The names of the top-level `package` declarations of `target`'s files (not of members,
    /// whose type is what the list names), by the file that declares them.
    static func declared(in target: String) throws -> [String: String] {
        let pattern = try Regex(
            #"^(?:@[A-Za-z_]+(?:\([^)]*\))? )*package (?:final |indirect )*(?:struct|enum|class|protocol|actor|typealias|func|let|var) +([A-Za-z_][A-Za-z_0-9]*)"#
        )
        let folder = sources.appendingPathComponent(target)
        var names: [String: String] = [:]
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") && file != "Surface.swift" {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let match = try pattern.prefixMatch(in: line), let name = match.output[1].substring else {
                    continue
                }
                names[String(name)] = file
            }
        }
        return names
    }

    /// The names `target`'s `Surface.swift` lists (`// - \`Name\` …`); nil when it has none.
    static func listed(in target: String) throws -> Set<String>? {
        let file = sources.appendingPathComponent(target).appendingPathComponent("Surface.swift")
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let text = try String(contentsOf: file, encoding: .utf8)
        let item = try Regex(#"^// - `([A-Za-z_][A-Za-z_0-9]*)`"#)
        return Set(
            text.split(separator: "\n").compactMap { line in
                (try? item.prefixMatch(in: line))?.output[1].substring.map(String.init)
            })
    }

    @Test func everyTargetsSurfaceFileListsExactlyItsPackageDeclarations() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
            .filter { $0.hasPrefix("FSFind") }.sorted()
        #expect(targets.count >= 12, "read \(targets.count) targets under Sources/")
        var checked = 0
        for target in targets {
            let declared = try Self.declared(in: target)
            guard let listed = try Self.listed(in: target) else {
                #expect(declared.isEmpty, "\(target) declares \(declared.keys.sorted()) but has no Surface.swift")
                continue
            }
            checked += 1
            for (name, file) in declared.sorted(by: { $0.key < $1.key }) where !listed.contains(name) {
                Issue.record(
                    "\(target)/\(file) declares `package` \(name), which \(target)/Surface.swift does not list")
            }
            for name in listed.subtracting(declared.keys).sorted() {
                Issue.record("\(target)/Surface.swift lists \(name), which is not a top-level `package` declaration")
            }
        }
        #expect(checked >= 12, "checked \(checked) surface files")
    }

    /// How many lines of `target`'s files start with `package` (or `public`) after attributes:
    /// issue 42's count, members included (`docs/decisions.md`, "Surfaces by design").
    static func packageLines(in target: String) throws -> Int {
        let pattern = try Regex(#"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:package|public)\s"#)
        let folder = sources.appendingPathComponent(target)
        var count = 0
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            count += text.split(separator: "\n").filter { (try? pattern.prefixMatch(in: $0)) != nil }.count
        }
        return count
    }

    /// `docs/architecture.md`'s surface table gives each target's listed names and counted
    /// declarations, and their total: the numbers agree with the code, so the table a newcomer
    /// reads (and issue 42's line) cannot drift.
    @Test func theArchitectureTableCountsWhatTheCodeDeclares() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let row = try Regex(#"^\| ([A-Za-z]+) \| `(FSFind[A-Za-z]+)/Surface\.swift` \| (\d+) \| (\d+) \|$"#)
        var total = 0
        var rows = 0
        for line in page.split(separator: "\n") {
            guard let match = try row.wholeMatch(in: line), let target = match.output[2].substring.map(String.init),
                let names = Int(match.output[3].substring ?? ""), let lines = Int(match.output[4].substring ?? "")
            else { continue }
            rows += 1
            #expect(names == (try Self.listed(in: target)?.count), "\(target)'s top-level names in the table")
            let counted = try Self.packageLines(in: target)
            #expect(
                lines == counted, "\(target): the table says \(lines) `package` declarations, the code has \(counted)")
            total += counted
        }
        #expect(rows >= 12, "read \(rows) rows of the surface table")
        let all = try Regex(#"^\| all \| \| \| (\d+) \|$"#)
        let stated = page.split(separator: "\n").compactMap { try? all.wholeMatch(in: $0) }.first
            .flatMap { Int($0.output[1].substring ?? "") }
        #expect(stated == total, "the table's total is \(String(describing: stated)), its rows add up to \(total)")
    }
}
