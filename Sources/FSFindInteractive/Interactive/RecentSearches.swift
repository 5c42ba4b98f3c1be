import Foundation

/// The searches a person ended with Enter or Ctrl-O, newest first, kept in
/// `$XDG_STATE_HOME/fsfind/recent-searches` (`~/.local/state/fsfind/`), one a line.
///
/// State, not data or configuration: losing the file loses nothing but suggestions, so read and
/// write failures are ignored.
struct RecentSearches: Sendable {
    let path: String
    private(set) var entries: [String]
    /// How many searches are kept.
    static let capacity = 50

    /// The file from `XDG_STATE_HOME`, else `~/.local/state`.
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/fsfind/recent-searches" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/state/fsfind/recent-searches"
    }

    init(path: String) {
        self.path = path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        entries = Array(text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.prefix(Self.capacity))
    }

    /// Puts `search` first (once) and writes the file; a blank search is not kept.
    mutating func record(_ search: String) {
        if remember(search) { save() }
    }

    /// Puts `search` first (once), in memory only; false for a blank search, which is not kept.
    /// The search screen's controller remembers, and its loop saves (the controller writes no file).
    @discardableResult
    mutating func remember(_ search: String) -> Bool {
        let trimmed = search.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains("\n") else { return false }
        entries.removeAll { $0 == trimmed }
        entries.insert(trimmed, at: 0)
        if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
        return true
    }

    /// Writes the entries to the file, creating its folder; failures are ignored (see above).
    func save() {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        // Atomic: a second fsfind never reads half a file.
        try? (entries.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
