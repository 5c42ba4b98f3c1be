import FSFindModel

extension FSFindError {
    /// The one line `fsfind` prints for this error, its remedy in the words of this command line.
    var sentence: String {
        sentence { remedy in
            switch remedy {
            case .createIndex: "run 'fsfind index PATH' to create one"
            case .rebuildIndex: "run 'fsfind index --full' to rebuild it"
            case .rebuildWords: "run 'fsfind index' to read the words again"
            case .nameFolders: "name the folders to index, for example 'fsfind index ~/Documents'"
            case .waitForLock: "wait for it to finish, or run without --no-wait"
            case .advice(let text): text
            }
        }
    }

    /// 2 for usage errors, 1 for every runtime failure (`docs/spec/cli.md`): the exit status is
    /// the command line's, so it is decided here from ``FSFindError/code``.
    var exitStatus: Int32 { code == .usage ? 2 : 1 }
}
