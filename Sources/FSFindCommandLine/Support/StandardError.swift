import SystemPackage

/// Writes to file descriptor 2 directly: C's `stderr` is a global Swift 6 cannot prove safe, and
/// unbuffered writes keep error lines whole and in order with the progress line.
///
/// Every diagnostic is written for a person, so control characters in it (from a file name, a tag,
/// a query) are escaped (``TerminalText``); only line breaks stay. The progress line's own cursor
/// codes go through ``writeTerminalCodes(_:)``.
enum StandardError {
    static func write(_ text: String) {
        writeBytes(TerminalText.escaped(text.utf8, keepingNewlines: true))
    }

    /// Control sequences fsfind itself sends (`\r`, erase line), written as they are.
    static func writeTerminalCodes(_ codes: String) {
        writeBytes(Array(codes.utf8))
    }

    private static func writeBytes(_ bytes: [UInt8]) {
        // Nowhere is left to report a failure to write an error.
        _ = try? bytes.withUnsafeBytes { try FileDescriptor.standardError.writeAll($0) }
    }
}
