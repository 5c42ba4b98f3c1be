/// A D-Bus value as the provider builds its replies: plain Swift, so the replies' shapes are
/// tested without a bus (and without GIO), then turned into a GVariant in one place
/// (``GIOLibrary/variant(_:)``).
indirect enum DBusValue: Equatable, Sendable {
    case string(String)
    case int32(Int32)
    case uint32(UInt32)
    case double(Double)
    case boolean(Bool)
    /// `v`: a value that carries its own type.
    case variant(DBusValue)
    /// `aT`: `elementSignature` says T, so an empty array still has its type.
    case array(elementSignature: String, [DBusValue])
    /// `{KV}`, only inside an array.
    case dictEntry(DBusValue, DBusValue)
    case tuple([DBusValue])

    /// `as`.
    static func strings(_ strings: [String]) -> DBusValue {
        .array(elementSignature: "s", strings.map(DBusValue.string))
    }

    /// `a{sv}`, in the order given.
    static func dictionary(_ entries: [(String, DBusValue)]) -> DBusValue {
        .array(elementSignature: "{sv}", entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// The D-Bus type signature (`s`, `aa{sv}`, `(sssida{sv})` …).
    var signature: String {
        switch self {
        case .string: "s"
        case .int32: "i"
        case .uint32: "u"
        case .double: "d"
        case .boolean: "b"
        case .variant: "v"
        case .array(let element, _): "a" + element
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .tuple(let items): "(" + items.map(\.signature).joined() + ")"
        }
    }

    /// The entries of an `a{sv}` by key (nil for anything else): what tests read.
    var entries: [String: DBusValue]? {
        guard case .array(_, let items) = self else { return nil }
        var result: [String: DBusValue] = [:]
        for case .dictEntry(.string(let key), .variant(let value)) in items { result[key] = value }
        return result
    }
}
