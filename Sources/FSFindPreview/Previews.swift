import FSFindInteractive

/// What this target offers the command line: the search screen's previewer, as the screen's own
/// protocol. The client's type stays internal, and with it the witnesses of that protocol (a
/// witness needs only the lesser of its type's and its protocol's access).
package enum Previews {
    /// A client that runs the preview worker (`arguments`, its argv after the running executable:
    /// `["preview-worker"]`) one request at a time.
    package static func client(arguments: [String]) -> any FilePreviewer {
        PreviewClient(arguments: arguments)
    }
}
