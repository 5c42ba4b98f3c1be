import Foundation
import Testing

/// `docs/architecture.md`'s target table says what each target may call; this checks it against
/// `Package.swift`, where the compiler enforces it, so the page a newcomer reads cannot drift
/// (issue 42 item 9). Each library target of the package has a row, and a row's "depends on"
/// names exactly the fsfind targets the target depends on (by their short names: `Model`,
/// `Query` …), exactly its C targets (`CPlatform` …) and every package it uses (`swift-system` …).
@Suite struct ArchitectureTableTests {
    static let root = DocumentedNumbersTests.root

    /// What one `FSFind…` target of the manifest depends on, by kind.
    struct Dependencies {
        var targets: Set<String> = []
        var cTargets: Set<String> = []
        var packages: Set<String> = []
    }

    /// Each `FSFind…` library target and the `FSFind…` targets it depends on, read from the
    /// manifest's text (`name: "FSFindX"` and the `dependencies: [ … ]` after it).
    static func manifestTargets() throws -> [String: Set<String>] {
        try manifestDependencies().mapValues(\.targets)
    }

    /// Each `FSFind…` library target's dependencies: fsfind targets by short name, C targets
    /// (`"CName"`) and packages (`package: "name"`).
    static func manifestDependencies() throws -> [String: Dependencies] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: Dependencies] = [:]
        let scanner = manifest.components(separatedBy: ".target(").dropFirst()
        for declaration in scanner {
            guard let nameRange = declaration.range(of: #"name: "FSFind[A-Za-z]+""#, options: .regularExpression)
            else { continue }
            let name = String(declaration[nameRange].dropFirst(7).dropLast())
            var dependencies = Dependencies()
            if let start = declaration.range(of: "dependencies: [") {
                var depth = 1
                var end = start.upperBound
                while end < declaration.endIndex, depth > 0 {
                    if declaration[end] == "[" { depth += 1 }
                    if declaration[end] == "]" { depth -= 1 }
                    end = declaration.index(after: end)
                }
                let list = declaration[start.upperBound..<end]
                for match in list.matches(of: #/"FSFind([A-Za-z]+)"/#) {
                    dependencies.targets.insert(String(match.output.1))
                }
                for match in list.matches(of: #/"(C[A-Z][A-Za-z0-9]*)"/#) {
                    dependencies.cTargets.insert(String(match.output.1))
                }
                for match in list.matches(of: #/package: "([^"]+)"/#) {
                    dependencies.packages.insert(String(match.output.1))
                }
            }
            // The tests' own support target is not part of the program.
            if name != "FSFindTestSupport" { targets[String(name.dropFirst(6))] = dependencies }
        }
        return targets
    }

    /// The table's rows: short target name → the words of its "depends on" column.
    static func tableRows() throws -> [String: String] {
        let page = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var rows: [String: String] = [:]
        for line in page.split(separator: "\n") where line.hasPrefix("| `FSFind") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 3 else { continue }
            rows[String(cells[1].dropFirst(7).dropLast())] = cells[3]
        }
        return rows
    }

    @Test func everyTargetHasARowNamingWhatItDependsOn() throws {
        let targets = try Self.manifestTargets()
        let rows = try Self.tableRows()
        #expect(targets.count >= 12, "read \(targets.count) targets from Package.swift")
        for (target, dependencies) in targets.sorted(by: { $0.key < $1.key }) {
            guard let column = rows[target] else {
                Issue.record("docs/architecture.md has no row for FSFind\(target)")
                continue
            }
            // "all of the above but …" is the command line's row: nothing to list.
            if column.hasPrefix("all of the above") { continue }
            let words = Set(column.split(whereSeparator: { !$0.isLetter }).map(String.init))
            let named = words.intersection(targets.keys)
            #expect(
                named == dependencies,
                "FSFind\(target): the table names \(named.sorted()), Package.swift \(dependencies.sorted())")
        }
    }

    @Test func everyRowNamesItsCTargetsAndPackages() throws {
        let rows = try Self.tableRows()
        for (target, dependencies) in try Self.manifestDependencies().sorted(by: { $0.key < $1.key }) {
            guard let column = rows[target] else { continue }
            let named = Set(column.matches(of: #/`(C[A-Z][A-Za-z0-9]*)`/#).map { String($0.output.1) })
            #expect(
                named == dependencies.cTargets,
                "FSFind\(target): the table names C targets \(named.sorted()), Package.swift \(dependencies.cTargets.sorted())"
            )
            for package in dependencies.packages.sorted() where !column.contains(package) {
                Issue.record("FSFind\(target): the table's row does not name the package \(package)")
            }
        }
    }

    /// The "Where things live" rows: each file they name is under `Sources/`, and its target is
    /// one the row's last column names, so the answer to "where does X live and what may it call"
    /// cannot point at a file that moved or at the wrong target's row.
    @Test func everyFileTheWhereTableNamesExistsInItsTarget() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = page.range(of: "\n## Where things live\n") else {
            Issue.record("docs/architecture.md has no \"Where things live\" section")
            return
        }
        let rest = page[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        let file = try Regex(#"`(FSFind[A-Za-z]+)/([^`]*\.swift)`"#)
        var named = 0
        for row in section.split(separator: "\n") where row.hasPrefix("| ") && !row.hasPrefix("| to find") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let targets = cells.last else { continue }
            let targetWords = Set(targets.split(whereSeparator: { !$0.isLetter }).map(String.init))
            for match in row.matches(of: file) {
                named += 1
                let target = String(match.output[1].substring ?? "")
                let path = "Sources/\(target)/\(match.output[2].substring ?? "")"
                #expect(
                    FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
                    "docs/architecture.md names \(path), which is not there")
                #expect(
                    targetWords.contains(String(target.dropFirst(6))),
                    "docs/architecture.md: \(path) is in \(target), not in \(targets)")
            }
        }
        #expect(named >= 40, "read \(named) files from the \"Where things live\" table")
    }
}
