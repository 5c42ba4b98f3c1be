import SystemPackage

extension SearchScreen {
    /// Runs the session until Enter, Esc or Ctrl-C (or the terminal goes away): polls the
    /// terminal, the preview worker and `changes` (the index's folder; nil when it cannot be
    /// watched), and hands what came to the screen.
    ///
    /// Single-threaded on purpose: after each batch of keys the field is painted at once, then
    /// the scan runs and polls the terminal every few thousand rows; a waiting key stops it (the
    /// search is stale and dropped, never queued) and is handled first. `changes.replaced()` says
    /// whether the index was replaced (a watcher or `fsfind index` wrote it) since it last said so.
    package func run(changes: (descriptor: FileDescriptor, replaced: () -> Bool)?) -> SearchOutcome {
        defer { end() }
        let size = terminal.size()
        start(width: size.width, height: size.height)
        while true {
            if terminal.takeResize() {
                let size = terminal.size()
                resize(width: size.width, height: size.height)
            }
            searchIfDue()
            // The pane's words and the preview come after the list is painted, and only when no
            // key waits; the preview's reply is read between keys.
            if !needsSearch, !terminal.hasInput() { idle() }
            if !needsSearch, let wait = previewWait,
                !terminal.waitForInput(orReadable: wait.descriptor, until: wait.deadline)
            {
                collectPreview()
                continue
            }
            // Idle: wait for a key or a new version of the index, whichever comes first.
            if !needsSearch, let changes, !terminal.waitForInput(orReadable: changes.descriptor, until: nil) {
                if changes.replaced() { reload() }
                continue
            }
            guard let keys = terminal.readKeys(waiting: !needsSearch) else { return .cancelled }
            guard !keys.isEmpty else { continue }
            if let outcome = self.keys(keys, readAt: ContinuousClock.now) { return outcome }
        }
    }
}
