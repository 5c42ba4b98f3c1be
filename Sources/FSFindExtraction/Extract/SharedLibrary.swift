import FSFindModel
import FSFindPlatform

/// A C library opened with `dlopen` and never closed, and the functions looked up in it.
///
/// The extractors' libraries (FFmpeg, poppler-glib, gdk-pixbuf, libexif) are loaded this way
/// instead of being linked, so a plain `fsfind query` starts without mapping them and their
/// dependencies; only a process that reads such a file (an extraction worker) pays. `dlsym` on
/// the handle also searches the library's own dependencies, so glib's functions are found through
/// poppler-glib's handle.
struct SharedLibrary: Sendable {
    private let library: DynamicLibrary
    let soname: String

    /// Opens `soname`; `package` names the Debian package to install when it is missing.
    init(_ soname: String, package: String) throws(ExtractionError) {
        guard let library = DynamicLibrary(soname) else {
            throw ExtractionError(MissingLibrary(soname: soname, package: package).reason)
        }
        self.library = library
        self.soname = soname
    }

    /// The function called `name`; its type comes from where the result goes (a stored property
    /// of `@convention(c)` function type).
    func symbol<Function>(_ name: String) throws(ExtractionError) -> Function {
        guard let function: Function = library.symbol(name) else {
            throw ExtractionError("\(soname) has no function \(name)")
        }
        return function
    }
}
