import FSFindModel

extension DynamicLibrary {
    /// Opens `soname` for a part of fsfind that cannot work without it (the text store's
    /// compressors, libmagic); the error names the Debian package that installs it. The
    /// extractors word theirs as extraction problems instead (`SharedLibrary`).
    package static func required(_ soname: String, package: String) throws(FSFindError) -> DynamicLibrary {
        guard let library = DynamicLibrary(soname) else {
            throw FSFindError(.io, "\(soname) cannot be loaded", remedy: .advice("install the \(package) package"))
        }
        return library
    }

    /// The function called `name` (its type from where the result goes); an error naming it when
    /// the library has none.
    package func function<Function>(_ name: String) throws(FSFindError) -> Function {
        guard let function: Function = symbol(name) else { throw FSFindError(.io, "\(soname) has no function \(name)") }
        return function
    }
}
