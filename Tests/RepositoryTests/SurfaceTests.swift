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
}
