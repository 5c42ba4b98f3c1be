import CMagic
import FSFindModel
import FSFindPlatform

/// libmagic's functions, found with `dlopen`/`dlsym` the first time a file is identified (their
/// types from magic.h, `CMagic/shim.h`).
///
/// Linked, libmagic and the compression libraries it needs (liblzma, libbz2, zlib) were loaded and
/// relocated by every start of every command: 0.2 ms of a 5 ms `fsfind query`, which never
/// identifies a file (`benchmarks/RESULTS.md`, "Start-up").
struct MagicLibrary: @unchecked Sendable {
    // @unchecked: C function pointers into a library that is never unloaded; immutable.
    let open: fsfind_magic_open
    let close: fsfind_magic_close
    let load: fsfind_magic_load
    let error: fsfind_magic_error
    let errno: fsfind_magic_errno
    let descriptor: fsfind_magic_descriptor
    let getparam: fsfind_magic_getparam
    let setparam: fsfind_magic_setparam

    /// libmagic, loaded once per process; or why it could not be.
    static let shared: Result<MagicLibrary, FSFindError> = Result { () throws(FSFindError) in
        guard let library = DynamicLibrary("libmagic.so.1") else {
            throw FSFindError(
                .io, "libmagic.so.1 cannot be loaded", remedy: .advice("check that libmagic1 is installed"))
        }
        func symbol<Function>(_ name: String) throws(FSFindError) -> Function {
            guard let function: Function = library.symbol(name) else {
                throw FSFindError(.io, "libmagic.so.1 has no function \(name)")
            }
            return function
        }
        return MagicLibrary(
            open: try symbol("magic_open"), close: try symbol("magic_close"), load: try symbol("magic_load"),
            error: try symbol("magic_error"), errno: try symbol("magic_errno"),
            descriptor: try symbol("magic_descriptor"), getparam: try symbol("magic_getparam"),
            setparam: try symbol("magic_setparam"))
    }
}
