import Foundation

/// Where the index lives (`docs/spec/cli.md`): `--index FILE`, else `$FSFIND_INDEX`, else
/// `$XDG_DATA_HOME/fsfind/index.fsfind`, else `~/.local/share/fsfind/index.fsfind`.
enum IndexLocation {
    /// `environment` nil: the process's, read only when no path is given (building it is a
    /// dictionary of every variable, a few percent of a small query's start).
    static func resolve(explicit: String?, environment: [String: String]? = nil) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        let environment = environment ?? ProcessInfo.processInfo.environment
        if let fromEnvironment = environment["FSFIND_INDEX"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/fsfind/index.fsfind"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/fsfind/index.fsfind"
    }
}
