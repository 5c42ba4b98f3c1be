import FSFindIndex
import FSFindModel

/// The visible text of an HTML page, through libxml2's HTML parser (the one browsers' quirks
/// were written down for, not the XML parser, which gives up on ordinary tag soup).
///
/// libxml2 is loaded with `dlopen` on first use, like the other extractors' libraries, and no
/// header is needed: the one struct read, `xmlNode`, is mirrored by ``NodeLayout`` (public API,
/// unchanged across libxml2 2.x). Text nodes are kept in document order with a line break after
/// each block element; `head`, `script`, `style`, `noscript` and `template` give nothing.
enum HTMLText {
    /// The text of the page in `bytes`, at most about `limit` bytes.
    static func text(_ bytes: [UInt8], limit: Int) throws(ExtractionError) -> String {
        let library = try LibXML2.shared.get()
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                library.readMemory($0.baseAddress, Int32(min(buffer.count, Int(Int32.max))), nil, nil, LibXML2.options)
            }
        }
        guard let document else { throw ExtractionError("libxml2 cannot read the page") }
        defer { library.freeDocument(document) }
        var text = ""
        // Depth-first, children before siblings; a block element's line break is pushed as a
        // marker (nil node) to pop after its children.
        var pending: [(node: UnsafeMutableRawPointer?, closesBlock: Bool)] = []
        if let root = library.rootElement(document) { pending.append((root, false)) }
        while let (pointer, closesBlock) = pending.popLast(), text.utf8.count < limit {
            if closesBlock {
                if !text.isEmpty && text.last != "\n" { text += "\n" }
                continue
            }
            guard let pointer else { continue }
            let node = pointer.load(as: NodeLayout.self)
            switch node.type {
            case 1:  // element
                let name = node.name.map { String(cString: $0).lowercased() } ?? ""
                if skipped.contains(name) { break }
                if name == "br" {
                    text += "\n"
                    break
                }
                if blocks.contains(name) { pending.append((nil, true)) }
                var children: [UnsafeMutableRawPointer] = []
                var child = node.children
                while let current = child {
                    children.append(current)
                    child = current.load(as: NodeLayout.self).next
                }
                for child in children.reversed() { pending.append((child, false)) }
            case 3, 4:  // text, CDATA
                if let content = node.content { text += String(cString: content) }
            default:
                break
            }
        }
        return text
    }

    static let skipped: Set<String> = ["head", "script", "style", "noscript", "template"]
    static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "dt", "dd", "blockquote", "pre", "section",
        "article", "header", "footer", "table", "ul", "ol", "title",
    ]

    /// The common start of libxml2's `struct _xmlNode` (tree.h), as far as `content`.
    struct NodeLayout {
        var privateData: UnsafeMutableRawPointer?
        var type: Int32
        var name: UnsafePointer<CChar>?
        var children: UnsafeMutableRawPointer?
        var last: UnsafeMutableRawPointer?
        var parent: UnsafeMutableRawPointer?
        var next: UnsafeMutableRawPointer?
        var previous: UnsafeMutableRawPointer?
        var document: UnsafeMutableRawPointer?
        var namespace: UnsafeMutableRawPointer?
        var content: UnsafePointer<CChar>?
    }
}

/// The libxml2 functions ``HTMLText`` calls.
struct LibXML2: @unchecked Sendable {
    // @unchecked: C function pointers into a library that is never unloaded; immutable.
    let readMemory:
        @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) ->
            UnsafeMutableRawPointer?
    let rootElement: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    let freeDocument: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// Recover from broken markup, report nothing, never fetch anything from the network.
    static let options: Int32 = 1 << 0 | 1 << 5 | 1 << 6 | 1 << 11

    static let shared: Result<LibXML2, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libxml2.so.2", package: "libxml2")
        let initialize: @convention(c) () -> Void = try library.symbol("xmlInitParser")
        initialize()  // once, before threads parse documents
        return LibXML2(
            readMemory: try library.symbol("htmlReadMemory"), rootElement: try library.symbol("xmlDocGetRootElement"),
            freeDocument: try library.symbol("xmlFreeDoc"))
    }
}
