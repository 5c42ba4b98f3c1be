import FSFindModel
import Glibc
import Synchronization

/// ``DesktopEnvironment`` as GNOME and KDE do it, through GIO: content-type icons and thumbnails
/// serialized by `g_icon_serialize`, the default application by `g_app_info_launch_default_for_uri`,
/// the file manager by org.freedesktop.FileManager1.
final class GIODesktop: DesktopEnvironment {
    private let gio: GIOLibrary
    /// `$XDG_CACHE_HOME/thumbnails` (or `~/.cache/thumbnails`), nil without either variable.
    private let thumbnails: String?
    /// This program, for `fsfind search` (the reader, when this is it, runs `search` the same).
    private let executable: String
    /// The session bus, once GDBus has it: ShowItems goes out on it.
    private let connection = Mutex<SendablePointer?>(nil)

    init(gio: GIOLibrary, environment: [String: String], executable: String) {
        self.gio = gio
        self.executable = executable
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            thumbnails = cache + "/thumbnails"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            thumbnails = home + "/.cache/thumbnails"
        } else {
            thumbnails = nil
        }
    }

    func use(connection pointer: OpaquePointer) {
        connection.withLock { $0 = SendablePointer(pointer) }
    }

    func icon(path: [UInt8]?, uri: String, contentType: String?) -> DBusValue {
        if path != nil, let thumbnail = thumbnail(of: uri), let icon = fileIcon(thumbnail) { return icon }
        let type = contentType ?? path.flatMap(guessedType) ?? "application/octet-stream"
        guard let icon = type.withCString({ gio.contentTypeGetIcon($0) }) else {
            return .themedIcon(["text-x-generic"])
        }
        defer { gio.objectUnref(UnsafeMutableRawPointer(icon)) }
        return serialized(icon) ?? .themedIcon(["text-x-generic"])
    }

    func iconName(path: [UInt8], contentType: String?) -> String {
        let type = contentType ?? guessedType(path) ?? "application/octet-stream"
        guard let icon = type.withCString({ gio.contentTypeGetIcon($0) }) else { return "text-x-generic" }
        defer { gio.objectUnref(UnsafeMutableRawPointer(icon)) }
        guard case .tuple(let parts)? = serialized(icon), parts.first == .string("themed"), parts.count == 2,
            case .variant(.array(_, let names)) = parts[1], case .string(let first)? = names.first
        else { return "text-x-generic" }
        return first
    }

    func open(uri: String) -> String? {
        var error: OpaquePointer?
        guard uri.withCString({ gio.launchDefaultForURI($0, nil, &error) }) == 0 else { return nil }
        return gio.consume(error, "no application opens it")
    }

    func showItems(uris: [String]) {
        guard let connection = connection.withLock({ $0 }) else { return }
        let parameters = gio.variant(.tuple([.strings(uris), .string("")]))
        // Nothing waits for the answer: a desktop without a file manager on the bus logs nothing.
        gio.connectionCall(
            connection.pointer, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
            "org.freedesktop.FileManager1", "ShowItems", parameters, nil, 0, -1, nil, nil, nil)
    }

    func launchSearch(terms: [String]) -> String? {
        let words = [executable, "search", "--"] + terms
        let line = words.compactMap { word in word.withCString { gio.take(gio.shellQuote($0)) } }.joined(separator: " ")
        var error: OpaquePointer?
        // G_APP_INFO_CREATE_NEEDS_TERMINAL: GIO picks the desktop's terminal.
        guard let app = line.withCString({ gio.appInfoCreateFromCommandline($0, "Fsfind", 1, &error) }) else {
            return gio.consume(error, "no terminal")
        }
        defer { gio.objectUnref(UnsafeMutableRawPointer(app)) }
        guard gio.appInfoLaunch(app, nil, nil, &error) == 0 else { return nil }
        return gio.consume(error, "no terminal")
    }

    /// The freedesktop thumbnail of `uri` (`MD5(uri).png`, large first), when it exists.
    private func thumbnail(of uri: String) -> String? {
        guard let thumbnails,
            let digest = uri.withCString({ gio.take(gio.computeChecksumForString(0, $0, -1)) })
        else { return nil }
        for size in ["large", "normal"] {
            let candidate = "\(thumbnails)/\(size)/\(digest).png"
            if access(candidate, R_OK) == 0 { return candidate }
        }
        return nil
    }

    private func fileIcon(_ path: String) -> DBusValue? {
        guard let file = path.withCString({ gio.fileNewForPath($0) }) else { return nil }
        defer { gio.objectUnref(UnsafeMutableRawPointer(file)) }
        guard let icon = gio.fileIconNew(file) else { return nil }
        defer { gio.objectUnref(UnsafeMutableRawPointer(icon)) }
        return serialized(icon)
    }

    /// The content type GIO guesses from the name alone (no read: the file may be gone).
    private func guessedType(_ path: [UInt8]) -> String? {
        let name = PathBytes.display(path[PathBytes.nameStart(of: path)...])
        return name.withCString { gio.take(gio.contentTypeGuess($0, nil, 0, nil)) }
    }

    /// `g_icon_serialize`'s `(sv)` read back as a ``DBusValue`` (themed names or a file URI).
    private func serialized(_ icon: OpaquePointer) -> DBusValue? {
        guard let variant = gio.iconSerialize(icon) else { return nil }
        defer { gio.unref(variant) }
        guard gio.typeString(variant).map({ String(cString: $0) }) == "(sv)" else { return nil }
        guard let tag = gio.childValue(variant, 0) else { return nil }
        defer { gio.unref(tag) }
        guard let boxed = gio.childValue(variant, 1) else { return nil }
        defer { gio.unref(boxed) }
        guard let inner = gio.getVariant(boxed) else { return nil }
        defer { gio.unref(inner) }
        let kind = gio.getString(tag, nil).map { String(cString: $0) } ?? ""
        switch gio.arguments(tupleOf: inner) {
        case .strings(let names): return .tuple([.string(kind), .variant(.strings(names))])
        case .string(let text): return .tuple([.string(kind), .variant(.string(text))])
        default: return nil
        }
    }
}

/// A GLib object pointer passed between threads: GDBusConnection and GDBusMethodInvocation are
/// documented as usable from any thread, and each is used for what GLib allows there.
struct SendablePointer: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

extension GIOLibrary {
    /// One value (not a tuple) read as ``arguments(_:)`` reads a tuple's children.
    func arguments(tupleOf value: OpaquePointer) -> DBusArgument {
        guard let tuple = newTuple([Optional(value)], 1), let wrapped = refSink(tuple) else { return .other("") }
        defer { unref(wrapped) }
        return arguments(wrapped).first ?? .other("")
    }
}
