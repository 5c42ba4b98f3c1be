import Foundation

/// Where the index lives (`docs/spec/cli.md`): `--index FILE`, else `$FSFIND_INDEX`, else
/// `$XDG_DATA_HOME/fsfind/index.fsfind`, else `~/.local/share/fsfind/index.fsfind`.
package enum IndexLocation {
    package static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["FSFIND_INDEX"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/fsfind/index.fsfind"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/fsfind/index.fsfind"
    }
}
