extension GIOLibrary {
    /// `value` as a new floating GVariant (what a reply or a container takes ownership of).
    ///
    /// Strings are valid UTF-8 (a Swift `String` always is), which `g_variant_new_string` requires.
    func variant(_ value: DBusValue) -> OpaquePointer? {
        switch value {
        case .string(let text):
            return text.withCString { newString($0) }
        case .int32(let number):
            return newInt32(number)
        case .uint32(let number):
            return newUInt32(number)
        case .double(let number):
            return newDouble(number)
        case .boolean(let flag):
            return newBoolean(flag ? 1 : 0)
        case .variant(let inner):
            return newVariant(variant(inner))
        case .array(let element, let items):
            let children: [OpaquePointer?] = items.map { variant($0) }
            let type = element.withCString { typeNew($0) }
            defer { typeFree(type) }
            return children.withUnsafeBufferPointer { newArray(type, $0.baseAddress, UInt($0.count)) }
        case .dictEntry(let key, let value):
            return newDictEntry(variant(key), variant(value))
        case .tuple(let items):
            let children: [OpaquePointer?] = items.map { variant($0) }
            return children.withUnsafeBufferPointer { newTuple($0.baseAddress, UInt($0.count)) }
        }
    }

    /// The GVariant as GLib prints it with its types (`g_variant_print`), taking and releasing it:
    /// what the tests compare.
    func printed(_ variant: OpaquePointer?) -> String {
        guard let variant, let owned = refSink(variant) else { return "" }
        defer { unref(owned) }
        return take(print(owned, 0)) ?? ""
    }

    /// `value`'s D-Bus signature as GLib reads the GVariant built from it.
    func typeSignature(of value: DBusValue) -> String {
        guard let built = variant(value), let owned = refSink(built) else { return "" }
        defer { unref(owned) }
        return typeString(owned).map { String(cString: $0) } ?? ""
    }

    /// A call's parameters read back: each child of the tuple as a string, a string list or a
    /// number; nil for another type (the interface's XML lets GDBus refuse those before us).
    func arguments(_ parameters: OpaquePointer?) -> [DBusArgument] {
        guard let parameters else { return [] }
        return (0..<childCount(parameters)).map { position in
            guard let child = childValue(parameters, position) else { return .other("") }
            defer { unref(child) }
            let type = typeString(child).map { String(cString: $0) } ?? ""
            switch type {
            case "s":
                return .string(getString(child, nil).map { String(cString: $0) } ?? "")
            case "as":
                var count: UInt = 0
                guard let list = getStrv(child, &count) else { return .strings([]) }
                defer { free(UnsafeMutableRawPointer(mutating: list)) }
                return .strings((0..<Int(count)).map { list[$0].map { String(cString: $0) } ?? "" })
            case "u":
                return .number(0)
            default:
                return .other(type)
            }
        }
    }
}

/// One argument of a method call, as the handlers read it.
enum DBusArgument: Equatable, Sendable {
    case string(String)
    case strings([String])
    /// A number the handlers do not read (a timestamp): its value is not kept.
    case number(Int)
    case other(String)

    var strings: [String] {
        if case .strings(let list) = self { return list }
        return []
    }

    var string: String {
        if case .string(let text) = self { return text }
        return ""
    }
}
