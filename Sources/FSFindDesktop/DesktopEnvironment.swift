/// What the provider asks of the desktop: icons as GNOME draws them, and opening things. GIO's
/// in the running provider (``GIODesktop``); a stand-in in the unit tests, which need no bus.
protocol DesktopEnvironment: Sendable {
    /// The serialized GIcon (`(sv)`, as `g_icon_serialize` writes it) for a file: its freedesktop
    /// thumbnail when there is one, else the icon of its content type (guessed from the name
    /// when `contentType` is nil).
    func icon(path: [UInt8]?, uri: String, contentType: String?) -> DBusValue
    /// A themed icon name for the content type (KRunner's `iconName`).
    func iconName(path: [UInt8], contentType: String?) -> String
    /// Opens the URI with the user's default application; nil, or why it could not.
    func open(uri: String) -> String?
    /// Shows the items in the file manager (org.freedesktop.FileManager1.ShowItems).
    func showItems(uris: [String])
    /// Opens `fsfind search` on the terms in a terminal; nil, or why it could not.
    func launchSearch(terms: [String]) -> String?
}

extension DBusValue {
    /// A themed icon as `g_icon_serialize` writes one: `('themed', <['name', …]>)`.
    static func themedIcon(_ names: [String]) -> DBusValue {
        .tuple([.string("themed"), .variant(.strings(names))])
    }

    /// A file icon (a thumbnail): `('file', <'file:///…'>)`.
    static func fileIcon(uri: String) -> DBusValue {
        .tuple([.string("file"), .variant(.string(uri))])
    }
}
