import FSFindModel

extension PathBytes {
    /// True when the bytes are valid UTF-8: only the command line asks, to write a path that is
    /// not beside its exact bytes (`pathBase64`) and to refuse one as `--index`.
    static func isValidUTF8(_ path: [UInt8]) -> Bool {
        String(validating: path, as: UTF8.self) != nil
    }
}
