/// `mdfind`, `mdls` and `mdutil` as links to fsfind (`make install MDTOOLS=yes`): the name the
/// program was run by picks the subcommand, and the tool's own options are read as it reads them.
///
/// - `mdfind ARGS` is `fsfind query ARGS` (which takes `-onlyin`, `-name`, `-count`, `-0`,
///   `-attr`, `-interpret`, `-literal`).
/// - `mdls FILE…` is `fsfind show` in `mdls`'s form, with `-name`, `-raw` and `-nullMarker`.
/// - `mdutil -s` is `fsfind status`, `mdutil -E` a full re-read of every indexed folder
///   (`fsfind index --full`). Volume paths are accepted and ignored: fsfind keeps one index for
///   all its folders. Other `mdutil` options (`-i on|off`, `-a`, `-p` …) are refused: what is
///   indexed is what `fsfind index` is given.
enum MdToolLinks {
    /// A usage error of the link, printed as it is (no fsfind usage after it), exit 2.
    struct UsageError: Error {
        let message: String
    }

    /// The fsfind arguments for `arguments` given to the program named `program` (argv[0]); nil
    /// when it is fsfind itself.
    static func arguments(program: String, _ arguments: [String]) throws(UsageError) -> [String]? {
        let name = program.split(separator: "/").last.map(String.init) ?? program
        switch name {
        case "mdfind": return ["query"] + arguments
        case "mdls": return ["show", "--mdls"] + arguments
        case "mdutil": return try mdutil(arguments)
        default: return nil
        }
    }

    private static func mdutil(_ arguments: [String]) throws(UsageError) -> [String] {
        var action: [String]?
        for argument in arguments {
            switch argument {
            case "-s": action = ["status"]
            case "-E": action = ["index", "--full"]
            case "-v": continue
            case "-h", "--help":
                throw UsageError(message: usage)
            default:
                if argument.hasPrefix("-") { throw UsageError(message: "mdutil: unknown option \(argument)\n\(usage)") }
            }
        }
        guard let action else { throw UsageError(message: usage) }
        return action
    }

    private static let usage = """
        usage: mdutil -s | -E [volume …]
          -s  print the index's status (fsfind status)
          -E  read every indexed folder again (fsfind index --full)
        fsfind keeps one index for all its folders; what it indexes is what 'fsfind index' is given.
        """
}
