import Foundation

/// A library fsfind loads on first use that is not installed, as an item's problem names it.
///
/// The extractors' libraries (poppler, FFmpeg, gdk-pixbuf, libexif …) are a Debian package's
/// Recommends, so a machine may lack one: its files are then indexed without what it reads, with
/// this as their problem. The reason is stored in the index as text; ``init(reason:)`` reads it
/// back, so `fsfind status` can say which package to install.
package struct MissingLibrary: Sendable, Hashable {
    /// The soname fsfind opens (`libpoppler-glib.so.8`).
    package var soname: String
    /// The Debian package that installs it (`libpoppler-glib8`).
    package var package: String

    package init(soname: String, package: String) {
        self.soname = soname
        self.package = package
    }

    /// The problem's reason: "SONAME cannot be loaded; install the PACKAGE package".
    package var reason: String { "\(soname)\(Self.middle)\(package) package" }

    private static let middle = " cannot be loaded; install the "

    /// The library a problem's reason names, wherever in the reason (a failure to read a file's
    /// words is recorded as "its words could not be read: …"); nil for any other reason.
    init?(reason: String) {
        guard let middle = reason.range(of: Self.middle),
            let end = reason[middle.upperBound...].range(of: " package")
        else { return nil }
        let soname = reason[..<middle.lowerBound].split(separator: " ").last.map(String.init) ?? ""
        let package = String(reason[middle.upperBound..<end.lowerBound])
        guard !soname.isEmpty, !package.isEmpty, !package.contains(" ") else { return nil }
        self.init(soname: soname, package: package)
    }

    /// The libraries `problems` name and how many items each, most first (then by soname).
    package static func tally(_ problems: [ItemProblem]) -> [(library: MissingLibrary, files: Int)] {
        var counts: [MissingLibrary: Int] = [:]
        for problem in problems {
            if let library = MissingLibrary(reason: problem.reason) { counts[library, default: 0] += 1 }
        }
        return counts.map { (library: $0.key, files: $0.value) }.sorted {
            $0.files != $1.files ? $0.files > $1.files : $0.library.soname < $1.library.soname
        }
    }
}
