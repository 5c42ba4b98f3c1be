import CLibraryTypes

extension LibXML2 {
    /// Reads `bytes` as HTML, handing `visit` what ``walk(_:_:)`` hands over for the tree that
    /// ``withDocument(_:html:options:_:)`` builds of them, in the same order, until it says stop;
    /// false when libxml2 makes no document of them.
    ///
    /// The parser is made as `htmlReadMemory` makes it and builds its tree with its own callbacks,
    /// which ours wrap: each decision it takes from the tree so far (whether blanks between
    /// elements are text, where an element after the end of `<html>` goes) is the same. What it
    /// never looks at again is freed as it goes: when an element ends, its children and the nodes
    /// before it (the parser looks back at the last child only). Elements outside the first one at
    /// the top are skipped, as the walk from the root skips them.
    func streamHTML(_ bytes: UnsafeRawBufferPointer, options: Int32, _ visit: (Event) -> Step) -> Bool {
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        guard let parser = newParser(base, Int32(min(bytes.count, Int(Int32.max)))) else { return false }
        let context = UnsafeMutablePointer<fsfind_html_parser_ctxt>(parser)
        defer {
            if let document = context.pointee.myDoc {
                freeDocument(document)
                context.pointee.myDoc = nil
            }
            freeHTMLParser(parser)
        }
        guard let handler = context.pointee.sax else { return false }
        handler.pointee.initialized = 0  // else the HTML callbacks are not set
        useHTMLCallbacks(OpaquePointer(handler))
        _ = useHTMLOptions(parser, options)
        context.pointee.html = 1
        return withoutActuallyEscaping(visit) { visit in
            let stream = HTMLStream(library: self, handler: handler.pointee, visit: visit)
            let retained = Unmanaged.passRetained(stream)
            defer { retained.release() }
            handler.pointee._private = retained.toOpaque()
            handler.pointee.startElement = { context, name, attributes in
                HTMLStream.of(context)?.start(context, name, attributes)
            }
            handler.pointee.endElement = { context, name in HTMLStream.of(context)?.end(context, name) }
            handler.pointee.characters = { context, characters, length in
                HTMLStream.of(context)?.characters(context, characters, length, cdata: false)
            }
            handler.pointee.cdataBlock = { context, characters, length in
                HTMLStream.of(context)?.characters(context, characters, length, cdata: true)
            }
            _ = parseHTML(parser)
            return context.pointee.myDoc != nil
        }
    }
}

/// The state of one ``LibXML2/streamHTML(_:options:_:)``: the parser's own callbacks, the visitor,
/// and where the walk stands. Used by the one thread that parses.
private final class HTMLStream {
    let library: LibXML2
    let startElement: fsfind_sax_start_element?
    let endElement: fsfind_sax_end_element?
    let addCharacters: fsfind_sax_characters?
    let addCDATA: fsfind_sax_characters?
    let visit: (LibXML2.Event) -> LibXML2.Step
    /// Elements still open under one the visitor skipped (it included); 0 when none is skipped.
    var skipped = 0
    var stopped = false

    init(library: LibXML2, handler: fsfind_xml_sax_handler, visit: @escaping (LibXML2.Event) -> LibXML2.Step) {
        self.library = library
        startElement = handler.startElement
        endElement = handler.endElement
        addCharacters = handler.characters
        addCDATA = handler.cdataBlock
        self.visit = visit
    }

    /// The stream a callback's context (the parser) belongs to.
    static func of(_ context: UnsafeMutableRawPointer?) -> HTMLStream? {
        guard let handler = parser(context)?.pointee.sax, let stream = handler.pointee._private else { return nil }
        return Unmanaged<HTMLStream>.fromOpaque(stream).takeUnretainedValue()
    }

    private static func parser(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<fsfind_html_parser_ctxt>? {
        context?.assumingMemoryBound(to: fsfind_html_parser_ctxt.self)
    }

    func start(
        _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<UInt8>?,
        _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        let parent = Self.parser(context)?.pointee.node
        startElement?(context, name, attributes)
        if stopped { return }
        if skipped > 0 {
            skipped += 1
            return
        }
        guard let node = Self.parser(context)?.pointee.node, node != parent, parent != nil || Self.isRoot(node)
        else {
            skipped = 1  // no element of the tree, or not under the root: the walk never meets it
            return
        }
        let element = LibXML2.Element(local: Self.string(name), namespace: "", node: node)
        switch visit(.start(element)) {
        case .enter: break
        case .skip: skipped = 1
        case .stop: stopped = true
        }
    }

    func end(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<UInt8>?) {
        let ended = Self.parser(context)?.pointee.node
        endElement?(context, name)
        if !stopped {
            if skipped > 0 {
                skipped -= 1
            } else if case .stop = visit(.end(Self.string(name))) {
                stopped = true
            }
        }
        if let ended { release(before: ended) }
    }

    func characters(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<UInt8>?, _ length: Int32, cdata: Bool) {
        let parent = Self.parser(context)?.pointee.node
        (cdata ? addCDATA : addCharacters)?(context, text, length)
        // The tree keeps no text outside an element, so the walk never meets it.
        guard !stopped, skipped == 0, parent != nil, let text, length > 0 else { return }
        let characters = String(decoding: UnsafeBufferPointer(start: text, count: Int(length)), as: UTF8.self)
        if case .stop = visit(.characters(characters)) { stopped = true }
    }

    /// True when `node`, begun where no element was open, is in the root's tree: put under the
    /// first node at the top (when that is an element, the parser adds what comes after the end of
    /// `<html>` to it), or the first element at the top itself.
    private static func isRoot(_ node: UnsafeMutablePointer<fsfind_xml_node>) -> Bool {
        if let parent = node.pointee.parent, parent.pointee.type == LibXML2.NodeType.element.rawValue { return true }
        var earlier = node.pointee.prev
        while let sibling = earlier {
            if sibling.pointee.type == LibXML2.NodeType.element.rawValue { return false }
            earlier = sibling.pointee.prev
        }
        return true
    }

    /// Frees what the parser is done with once `node` has ended: its children, and its earlier
    /// siblings with theirs (at the top, where the first node decides where a later element goes,
    /// they stay). `node` itself stays, the last child the parser may look back at.
    private func release(before node: UnsafeMutablePointer<fsfind_xml_node>) {
        if let children = node.pointee.children {
            node.pointee.children = nil
            node.pointee.last = nil
            library.freeNodeList(OpaquePointer(children))
        }
        guard let parent = node.pointee.parent, parent.pointee.type == LibXML2.NodeType.element.rawValue else {
            return
        }
        while let earlier = node.pointee.prev {
            library.unlinkNode(OpaquePointer(earlier))
            library.freeNode(OpaquePointer(earlier))
        }
    }

    private static func string(_ text: UnsafePointer<UInt8>?) -> String {
        text.map { String(cString: $0) } ?? ""
    }
}
