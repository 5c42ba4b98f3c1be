import FSFindModel

/// `fsfind desktop-search` in one call: the command line parses its options and words its
/// errors, and knows nothing of GIO, the bus or the interfaces' replies (all internal here).
package enum DesktopProvider {
    /// Loads GIO and serves GNOME Shell's and KRunner's interfaces from the index at `indexPath`
    /// until idle for `idleSeconds`, a signal, or the name is lost; the exit status
    /// (``DesktopBus/run()``). `executable` is what runs `fsfind search` for a search launched from
    /// the desktop; `describe` words an error for the one line `log` writes.
    package static func serve(
        indexPath: String, idleSeconds: Int, executable: String, environment: [String: String],
        log: @escaping @Sendable (String) -> Void, describe: @escaping @Sendable (FSFindError) -> String
    ) throws(FSFindError) -> Int32 {
        let gio = try GIOLibrary.shared.get()
        let desktop = GIODesktop(gio: gio, environment: environment, executable: executable)
        let service = DesktopSearchService(
            backend: DesktopSearchBackend(indexPath: indexPath), environment: desktop,
            home: environment["HOME"].map { PathBytes.bytes($0) }, log: log, describe: describe)
        var options = DesktopBus.Options()
        options.idleSeconds = idleSeconds
        return DesktopBus(gio: gio, desktop: desktop, service: service, options: options, log: log).run()
    }
}
