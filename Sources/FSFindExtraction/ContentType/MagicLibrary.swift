import CMagic
import FSFindModel
import FSFindPlatform

/// libmagic's functions, found with `dlopen`/`dlsym` the first time a file is identified (their
/// types from magic.h, `CMagic/shim.h`).
///
/// Linked, libmagic and the compression libraries it needs (liblzma, libbz2, zlib) were loaded and
/// relocated by every start of every command, a share of every `fsfind query`, which never
/// identifies a file (`benchmarks/RESULTS.md`, "Start-up: the C++ runtime linked in").
struct MagicLibrary: Sendable {
    let open: fsfind_magic_open
    let close: fsfind_magic_close
    let load: fsfind_magic_load
    let loadBuffers: fsfind_magic_load_buffers
    let getpath: fsfind_magic_getpath
    let error: fsfind_magic_error
    let errno: fsfind_magic_errno
    let descriptor: fsfind_magic_descriptor
    let getparam: fsfind_magic_getparam
    let setparam: fsfind_magic_setparam

    /// libmagic, loaded once per process; or why it could not be.
    static let shared: Result<MagicLibrary, FSFindError> = Result { () throws(FSFindError) in
        let library = try DynamicLibrary.required("libmagic.so.1", package: "libmagic1")
        return MagicLibrary(
            open: try library.function("magic_open"), close: try library.function("magic_close"),
            load: try library.function("magic_load"), loadBuffers: try library.function("magic_load_buffers"),
            getpath: try library.function("magic_getpath"), error: try library.function("magic_error"),
            errno: try library.function("magic_errno"), descriptor: try library.function("magic_descriptor"),
            getparam: try library.function("magic_getparam"), setparam: try library.function("magic_setparam"))
    }
}
