import CLibraryTypes

/// The libxml2 functions the HTML and XML readers call, loaded with `dlopen` the first time a
/// worker reads a page or an Office, OpenDocument or EPUB part. Linked instead (as Foundation's
/// `XMLParser` links it), libxml2 and the ICU and liblzma it needs were loaded by every start of
/// every command, a fifth of a small query (`benchmarks/RESULTS.md`, "Start-up: no text store or
/// time zone a query does not need, libxml2 loaded only by the extractors"). The function types and
/// the node fields read are libxml2's headers' (`CLibraryTypes`, checked by
/// `Tests/CLibraryTypeChecks`).
///
/// XML is read with the streaming reader (`xmlTextReader`), which holds one node at a time, as
/// `XMLParser`'s callbacks did: the tree of a large `document.xml` cost a worker nearly twice
/// the document's size (same section).
/// HTML is read by the parser that builds a tree (libxml2's HTML parser has no streaming reader),
/// its callbacks wrapped (``streamHTML(_:options:_:)``): the text is handed over as the tree is
/// built and each element's children are freed when it ends, since the whole tree of a large page
/// cost a worker many times the page (`benchmarks/RESULTS.md`, "Memory of the whole process tree").
/// A damaged XML part whose text is wanted is read into a tree too: the reader gives up on the
/// chunk that holds the damage, the tree parser recovers what came before it.
struct LibXML2: Sendable {
    typealias Node = UnsafeMutablePointer<fsfind_xml_node>

    let readHTML: fsfind_htmlReadMemory
    let readXML: fsfind_xmlReadMemory
    let rootElement: fsfind_xmlDocGetRootElement
    let freeDocument: fsfind_xmlFreeDoc
    let newReader: fsfind_xmlReaderForMemory
    let read: fsfind_xmlTextReaderInt
    let nodeType: fsfind_xmlTextReaderInt
    let isEmptyElement: fsfind_xmlTextReaderInt
    let nextAttribute: fsfind_xmlTextReaderInt
    let backToElement: fsfind_xmlTextReaderInt
    let skipChildren: fsfind_xmlTextReaderInt
    let localName: fsfind_xmlTextReaderString
    let namespaceURI: fsfind_xmlTextReaderString
    let value: fsfind_xmlTextReaderString
    let freeReader: fsfind_xmlFreeTextReader
    let newParser: fsfind_xmlCreateMemoryParserCtxt
    let useHTMLCallbacks: fsfind_xmlSAX2InitHtmlDefaultSAXHandler
    let useHTMLOptions: fsfind_htmlCtxtUseOptions
    let parseHTML: fsfind_htmlParseDocument
    let freeHTMLParser: fsfind_htmlFreeParserCtxt
    let freeNodeList: fsfind_xmlNodeFunction
    let unlinkNode: fsfind_xmlNodeFunction
    let freeNode: fsfind_xmlNodeFunction

    /// `XML_PARSE_RECOVER` (`HTML_PARSE_RECOVER`): keep what was read before damage.
    static let recover: Int32 = 1 << 0
    /// Report nothing on stderr, never fetch anything from the network (the same bits in both
    /// parsers). Entities are not substituted and no DTD is loaded: an entity reference stays a
    /// node of its own, which the readers skip, so no expansion bomb is ever expanded.
    static let quiet: Int32 = 1 << 5 | 1 << 6 | 1 << 11

    /// `xmlElementType`'s values the tree walk looks at.
    enum NodeType: Int32 {
        case element = 1
        case text = 3
        case cdata = 4
    }

    /// The namespace of namespace declarations (`xmlns`, `xmlns:dc`).
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// `xmlReaderTypes`' values the streaming reader looks at.
    enum ReaderType: Int32 {
        case element = 1
        case text = 3
        case cdata = 4
        case whitespace = 13
        case significantWhitespace = 14
        case endElement = 15
    }

    static let shared: Result<LibXML2, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libxml2.so.2", package: "libxml2")
        let initialize: fsfind_xmlInitParser = try library.symbol("xmlInitParser")
        initialize()  // once, before threads parse documents
        return LibXML2(
            readHTML: try library.symbol("htmlReadMemory"), readXML: try library.symbol("xmlReadMemory"),
            rootElement: try library.symbol("xmlDocGetRootElement"),
            freeDocument: try library.symbol("xmlFreeDoc"), newReader: try library.symbol("xmlReaderForMemory"),
            read: try library.symbol("xmlTextReaderRead"), nodeType: try library.symbol("xmlTextReaderNodeType"),
            isEmptyElement: try library.symbol("xmlTextReaderIsEmptyElement"),
            nextAttribute: try library.symbol("xmlTextReaderMoveToNextAttribute"),
            backToElement: try library.symbol("xmlTextReaderMoveToElement"),
            skipChildren: try library.symbol("xmlTextReaderNext"),
            localName: try library.symbol("xmlTextReaderConstLocalName"),
            namespaceURI: try library.symbol("xmlTextReaderConstNamespaceUri"),
            value: try library.symbol("xmlTextReaderConstValue"), freeReader: try library.symbol("xmlFreeTextReader"),
            newParser: try library.symbol("xmlCreateMemoryParserCtxt"),
            useHTMLCallbacks: try library.symbol("xmlSAX2InitHtmlDefaultSAXHandler"),
            useHTMLOptions: try library.symbol("htmlCtxtUseOptions"),
            parseHTML: try library.symbol("htmlParseDocument"),
            freeHTMLParser: try library.symbol("htmlFreeParserCtxt"),
            freeNodeList: try library.symbol("xmlFreeNodeList"), unlinkNode: try library.symbol("xmlUnlinkNode"),
            freeNode: try library.symbol("xmlFreeNode"))
    }

    /// An element met by a walk, valid only during the call that hands it over.
    struct Element {
        /// Its local name (libxml2 keeps the prefix apart, in its namespace).
        let local: String
        /// The URI of its namespace; empty for none.
        let namespace: String
        fileprivate let source: Source

        /// An element of a tree (``walk(_:_:)``, ``streamHTML(_:options:_:)``).
        init(local: String, namespace: String, node: Node) {
            self.local = local
            self.namespace = namespace
            source = .node(node)
        }

        fileprivate init(local: String, namespace: String, source: Source) {
            self.local = local
            self.namespace = namespace
            self.source = source
        }

        fileprivate enum Source {
            case node(Node)
            case reader(OpaquePointer, LibXML2)
        }

        /// Its attributes by local name.
        func attributes() -> [String: String] {
            var result: [String: String] = [:]
            switch source {
            case .node(let node):
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
            case .reader(let reader, let library):
                // The reader lists namespace declarations among the attributes; the tree does not.
                while library.nextAttribute(reader) == 1 {
                    if LibXML2.string(library.namespaceURI(reader)) == LibXML2.xmlnsNamespace { continue }
                    result[LibXML2.string(library.localName(reader))] = LibXML2.string(library.value(reader))
                }
                _ = library.backToElement(reader)
            }
            return result
        }
    }

    /// What a walk meets, in document order.
    enum Event {
        case start(Element)
        /// A text or CDATA node's text.
        case characters(String)
        /// The end of an element (its local name).
        case end(String)
    }

    /// What a walk does after an event.
    enum Step {
        /// Go on (into the element's children, after a start).
        case enter
        /// After a start: leave the element's children and its end out.
        case skip
        case stop
    }

    private static func string(_ text: UnsafePointer<UInt8>?) -> String {
        text.map { String(cString: $0) } ?? ""
    }

    /// `body` with the root element of `bytes` read into a tree, as HTML (`html`) or as UTF-8 XML;
    /// nil when libxml2 makes no document of them.
    func withDocument<Result>(
        _ bytes: UnsafeRawBufferPointer, html: Bool, options: Int32, _ body: (Node?) -> Result
    ) -> Result? {
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        let size = Int32(min(bytes.count, Int(Int32.max)))
        guard let document = html ? readHTML(base, size, nil, nil, options) : readXML(base, size, nil, "UTF-8", options)
        else { return nil }
        defer { freeDocument(document) }
        return body(rootElement(document).map { Node($0) })
    }

    /// Visits the tree under `root` depth first, children before siblings, until `visit` says
    /// stop. Comments, processing instructions and entity references give nothing.
    static func walk(_ root: Node?, _ visit: (Event) -> Step) {
        guard let root else { return }
        // A pushed element is visited twice: opened (its children pushed after it), then closed.
        var pending: [(node: Node, closing: Bool)] = [(root, false)]
        while let (node, closing) = pending.popLast() {
            let local = string(node.pointee.name)
            if closing {
                if case .stop = visit(.end(local)) { return }
                continue
            }
            switch NodeType(rawValue: node.pointee.type) {
            case .element:
                let element = Element(local: local, namespace: string(node.pointee.ns?.pointee.href), node: node)
                switch visit(.start(element)) {
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

    /// Reads `bytes` as UTF-8 XML with the streaming reader, handing `visit` what ``walk(_:_:)``
    /// would, in the same order, until it says stop or the document ends. False when libxml2
    /// gave up on the document (with ``recover``, what was handed over before stays good).
    func stream(_ bytes: UnsafeRawBufferPointer, options: Int32, _ visit: (Event) -> Step) -> Bool {
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        guard let reader = newReader(base, Int32(min(bytes.count, Int(Int32.max))), nil, "UTF-8", options) else {
            return false
        }
        defer { freeReader(reader) }
        var status = read(reader)
        while status == 1 {
            var step = Step.enter
            switch ReaderType(rawValue: nodeType(reader)) {
            case .element:
                let local = Self.string(localName(reader))
                let empty = isEmptyElement(reader) == 1
                step = visit(
                    .start(
                        Element(
                            local: local, namespace: Self.string(namespaceURI(reader)), source: .reader(reader, self))))
                if case .enter = step, empty { step = visit(.end(local)) }
                if case .skip = step, !empty {
                    status = skipChildren(reader)
                    continue
                }
            case .text, .cdata, .whitespace, .significantWhitespace:
                step = visit(.characters(Self.string(value(reader))))
            case .endElement:
                step = visit(.end(Self.string(localName(reader))))
            case nil:
                break
            }
            if case .stop = step { return true }
            status = read(reader)
        }
        return status == 0
    }
}
