import Glibc

/// A C library opened with `dlopen` and never closed, and the functions looked up in it: the one
/// mechanism behind every library fsfind loads on first use instead of linking (zlib and
/// Zstandard for the text store, the extractors' FFmpeg, poppler, libexif … through
/// `SharedLibrary`). Each caller words its own failure, so this answers nil instead of throwing.
///
/// Unchecked because a raw pointer is not `Sendable`, and safe to send: the handle from `dlopen`
/// is never closed, and `dlsym` on it is thread-safe.
package struct DynamicLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    let soname: String

    /// Opens `soname` (`RTLD_NOW | RTLD_LOCAL`); nil when it cannot be loaded.
    package init?(_ soname: String) {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { return nil }
        self.handle = handle
        self.soname = soname
    }

    /// The function called `name`, nil when the library has none; its type comes from where the
    /// result goes (a stored property of `@convention(c)` function type). `dlsym` on the handle
    /// also searches the library's own dependencies.
    package func symbol<Function>(_ name: String) -> Function? {
        dlsym(handle, name).map { unsafeBitCast($0, to: Function.self) }
    }
}
