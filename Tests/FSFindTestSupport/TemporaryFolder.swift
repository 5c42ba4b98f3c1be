import Foundation

/// A fresh temporary folder per test, removed when the value goes away.
package final class TemporaryFolder {
    package let path: String

    package init() {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/fsfind-index-tests-" + UUID().uuidString
        // Test-only: a failure here fails the test at the first write anyway.
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    package func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
