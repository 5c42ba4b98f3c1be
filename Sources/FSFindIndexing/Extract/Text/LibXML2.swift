import CLibraryTypes
import FSFindModel

/// The libxml2 functions the HTML and XML readers call, loaded with `dlopen` the first time a
/// worker reads a page or an Office, OpenDocument or EPUB part. Linked instead (as Foundation's
/// `XMLParser` links it), libxml2 and the ICU and liblzma it needs were loaded by every start of
/// every command: 1.5–1.9 ms of a 7 ms query (`benchmarks/RESULTS.md`). The function types and
/// the node fields read are `tree.h`'s (`CLibraryTypes`, checked by `Tests/CLibraryTypeChecks`).
struct LibXML2: @unchecked Sendable {
    // @unchecked: C function pointers into a library that is never unloaded; immutable.
    typealias Node = UnsafeMutablePointer<fsfind_xml_node>

    let readHTML: fsfind_htmlReadMemory
    let readXML: fsfind_xmlReadMemory
    let rootElement: fsfind_xmlDocGetRootElement
    let freeDocument: fsfind_xmlFreeDoc

    /// `XML_PARSE_RECOVER` (`HTML_PARSE_RECOVER`): keep what was read before damage.
    static let recover: Int32 = 1 << 0
    /// Report nothing on stderr, never fetch anything from the network (the same bits in both
    /// parsers). Entities are not substituted and no DTD is loaded: an entity reference stays a
    /// node of its own, which the readers skip, so no expansion bomb is ever expanded.
    static let quiet: Int32 = 1 << 5 | 1 << 6 | 1 << 11

    /// `xmlElementType`'s values the readers look at.
    enum NodeType: Int32 {
        case element = 1
        case text = 3
        case cdata = 4
    }

    static let shared: Result<LibXML2, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libxml2.so.2", package: "libxml2")
        let initialize: fsfind_xmlInitParser = try library.symbol("xmlInitParser")
        initialize()  // once, before threads parse documents
        return LibXML2(
            readHTML: try library.symbol("htmlReadMemory"), readXML: try library.symbol("xmlReadMemory"),
            rootElement: try library.symbol("xmlDocGetRootElement"), freeDocument: try library.symbol("xmlFreeDoc"))
    }

    /// `body` with the root element of `bytes` read as HTML (`html`) or as UTF-8 XML; nil when
    /// libxml2 makes no document of them (malformed XML without `recover`).
    func withDocument<Result>(
        _ bytes: UnsafeRawBufferPointer, html: Bool, options: Int32, _ body: (Node?) -> Result
    ) -> Result? {
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        let size = Int32(min(bytes.count, Int(Int32.max)))
        let document = html ? readHTML(base, size, nil, nil, options) : readXML(base, size, nil, "UTF-8", options)
        guard let document else { return nil }
        defer { freeDocument(document) }
        return body(rootElement(document).map { Node($0) })
    }

    /// What ``walk(_:_:)`` meets, in document order.
    enum Event {
        case start(Node)
        /// A text or CDATA node's text.
        case characters(String)
        case end(Node)
    }

    /// What ``walk(_:_:)`` does after an event.
    enum Step {
        /// Go on (into the element's children, after a start).
        case enter
        /// After a start: leave the element's children and its end out.
        case skip
        case stop
    }

    /// Visits the tree under `root` depth first, children before siblings, until `visit` says
    /// stop. Comments, processing instructions and entity references give nothing.
    static func walk(_ root: Node?, _ visit: (Event) -> Step) {
        guard let root else { return }
        // A pushed element is visited twice: opened (its children pushed after it), then closed.
        var pending: [(node: Node, closing: Bool)] = [(root, false)]
        while let (node, closing) = pending.popLast() {
            if closing {
                if case .stop = visit(.end(node)) { return }
                continue
            }
            switch NodeType(rawValue: node.pointee.type) {
            case .element:
                switch visit(.start(node)) {
                case .stop: return
                case .skip: continue
                case .enter: pending.append((node, true))
                }
                var children: [Node] = []
                var child = node.pointee.children
                while let current = child {
                    children.append(current)
                    child = current.pointee.next
                }
                for child in children.reversed() { pending.append((child, false)) }
            case .text, .cdata:
                if let content = node.pointee.content, case .stop = visit(.characters(String(cString: content))) {
                    return
                }
            case nil:
                break
            }
        }
    }

    /// An element's local name (libxml2 keeps the prefix apart, in its namespace).
    static func localName(_ node: Node) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// The URI of an element's namespace; empty for none.
    static func namespace(_ node: Node) -> String {
        node.pointee.ns?.pointee.href.map { String(cString: $0) } ?? ""
    }

    /// An element's attributes by local name, each value its text nodes' text.
    static func attributes(_ node: Node) -> [String: String] {
        var result: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            var value = ""
            var part = current.pointee.children
            while let text = part {
                if text.pointee.type == NodeType.text.rawValue, let content = text.pointee.content {
                    value += String(cString: content)
                }
                part = text.pointee.next
            }
            result[current.pointee.name.map { String(cString: $0) } ?? ""] = value
            attribute = current.pointee.next
        }
        return result
    }
}
