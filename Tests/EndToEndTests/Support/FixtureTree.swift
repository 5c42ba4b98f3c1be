import FSFindTestSupport
import Foundation
import Glibc

/// A temporary folder for one test, removed (unreadable parts included) when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/fsfind-e2e-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        // Resolve /tmp symlinks so paths compare equal to what the indexer records.
        path = URL(fileURLWithPath: String(cString: made)).resolvingSymlinksInPath().path
    }

    deinit {
        _ = try? Shell.run("/bin/chmod", ["-R", "u+rwx", path])
        _ = try? Shell.run("/bin/rm", ["-rf", path])
    }

    func file(_ name: String) -> String { path + "/" + name }
}

/// Runs small helper programs (cp, touch, find) during test setup.
enum Shell {
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Spawning.pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try Spawning.run(process)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(
                domain: "Shell", code: Int(process.terminationStatus),
                userInfo: [NSLocalizedDescriptionKey: "\(executable) \(arguments) failed"])
        }
        return data
    }
}

/// The end-to-end fixture: a copy of the committed sample tree plus everything that cannot be
/// committed or that a crawler gets wrong: odd names (newline, invalid UTF-8, 250 bytes), a 60-deep
/// folder, a symlink loop, a dangling link, a link to its own folder, a FIFO, hidden entries.
final class FixtureTree {
    let folder = try! TemporaryFolder()  // test-only: a failure here is a broken machine
    var root: String { folder.path + "/tree" }
    var index: String { folder.path + "/index.fsfind" }

    /// Raw bytes of the odd names, relative to `root`.
    static let newlineName = Array("new\nline.txt".utf8)
    static let invalidUTF8Name: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array("name.txt".utf8)
    static let longName = String(repeating: "l", count: 246) + ".txt"
    static let deepFolders = (1...60).map { "d\($0)" }

    init(withOddEntries: Bool = true) throws {
        try Shell.run("/bin/cp", ["-a", FSFind.sample.path, root])
        guard withOddEntries else { return }
        try write(Array("with space.txt".utf8), "spaces in the name\n")
        try write(Self.newlineName, "newline in the name\n")
        try write(Self.invalidUTF8Name, "invalid UTF-8 in the name\n")
        try write(Array(Self.longName.utf8), "a long name\n")
        let deep = "deep/" + Self.deepFolders.joined(separator: "/")
        try FileManager.default.createDirectory(atPath: root + "/" + deep, withIntermediateDirectories: true)
        try write(Array((deep + "/bottom.txt").utf8), "sixty folders down\n")
        try FileManager.default.createDirectory(atPath: root + "/.hidden-folder", withIntermediateDirectories: true)
        try write(Array(".hidden-folder/inside.txt".utf8), "hidden\n")
        symlink("loop-b", root + "/loop-a")
        symlink("loop-a", root + "/loop-b")
        symlink("nowhere", root + "/dangling")
        symlink(".", root + "/Music/self")
        mkfifo(root + "/pipe", 0o644)
    }

    private func write(_ name: [UInt8], _ content: String) throws {
        let path = Array(root.utf8) + [UInt8(ascii: "/")] + name
        let fd = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        _ = content.utf8CString.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
    }

    /// Every path `find` sees below the root (the root itself included), skipping hidden entries,
    /// as raw bytes: the answer `query -0` must equal.
    func expectedPaths(includeHidden: Bool = false) throws -> Set<[UInt8]> {
        var arguments = [root]
        if !includeHidden { arguments += ["(", "-name", ".*", "-prune", ")", "-o"] }
        arguments += ["-print0"]
        let data = try Shell.run("/usr/bin/find", arguments)
        return Set(data.split(separator: 0).map(Array.init))
    }

    /// Indexes the tree into `index`, failing the test on a nonzero exit.
    @discardableResult
    func buildIndex(_ extra: [String] = []) throws -> RunResult {
        try FSFind.run(["index", "--index", index, "--verbose"] + extra + [root])
    }
}
