/// What `fsfind watch`'s loop tells the command while it runs (``Indexer/watch``).
package enum WatchReport {
    /// A batch was applied: how many paths it named and what the index run found.
    case applied(paths: Int, summary: IndexSummary, everything: Bool)
    /// Something a person should know (the watch limit, a root that went, a failed batch).
    case notice(String)
}
