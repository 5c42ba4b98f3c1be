import Testing

@testable import FSFindExtraction

/// A page's text read as its tree is built (``LibXML2/streamHTML(_:options:_:)``) is the text the
/// walk of the whole tree gives, tag soup included.
@Suite struct HTMLStreamTests {
    /// The text of `html` by the walk of the whole tree, as pages were read before.
    static func walked(_ html: String, limit: Int = 1 << 20) throws -> String? {
        let library = try LibXML2.shared.get()
        var text = ""
        let read: Void? = Array(html.utf8).withUnsafeBytes { buffer in
            library.withDocument(buffer, html: true, options: LibXML2.recover | LibXML2.quiet) { root in
                LibXML2.walk(root) { HTMLText.visit($0, into: &text, limit: limit) }
            }
        }
        return read == nil ? nil : text
    }

    static func streamed(_ html: String, limit: Int = 1 << 20) throws -> String? {
        try? HTMLText.text(Array(html.utf8), limit: limit)
    }

    static let pages = [
        "<html><head><title>T</title><style>p{}</style></head><body><p>One</p>\n  <p>Two</p></body></html>",
        "<p>unclosed <b>bold <i>both</b> after\n<p>next <br>line<div> block </div> tail",
        "text before any tag <span>and a span</span>   \n\n  <div>\n  <p>  spaced  </p>\n  </div>",
        "<ul>\n <li>a\n <li>b <!-- a comment --> c\n</ul>\n<table><tr><td>1<td>2<tr><td>3</table>",
        "<script>var a = '<p>not text</p>';</script><noscript>no</noscript><p>&amp; &lt;ok&gt; &eacute;t&eacute;</p>",
        "<html><body><p>in</p></body></html>\n<p>after the end</p> trailing words",
        "<!DOCTYPE html><html><body><pre>  keep\n   these  spaces </pre><template><p>no</p></template>x</body></html>",
        "<h1>Head<h2>nested heads</h2></h1><blockquote><p>q</blockquote><dl><dt>t<dd>d</dl>",
        "<b>   </b> <i> </i>\n<span> </span><p> </p>\n<em>e</em> <strong>s</strong>",
        "<p>\u{E9}t\u{E9} \u{1F600} caf\u{E9}</p><p><![CDATA[cdata]]></p><?pi target?><p>end</p>",
        "<!DOCTYPE html><!-- first --><html><body><p>in</p></body></html><p>after the end</p> tail",
        "<!-- a comment first --><p>a</p></html><div>b</div> c",
        "<title>only a title</title>",
        "   ",
    ]

    @Test(arguments: pages) func theTextIsTheWalkedTreesText(page: String) throws {
        #expect(try Self.streamed(page) == Self.walked(page))
    }

    @Test func aLargePageGivesTheSameTextAndStopsAtTheLimit() throws {
        var page = "<html><head><title>big</title></head><body>"
        for section in 0..<2_000 {
            page += "<div class=\"s\"><h2>Section \(section)</h2>\n"
            for item in 0..<5 { page += "  <p>Item <a href=\"#\(item)\">\(item)</a> of <code>\(section)</code>.</p>\n" }
            page += "<ul><li>one<li>two</ul></div>\n"
        }
        page += "</body></html>"
        let whole = try #require(try Self.streamed(page))
        #expect(whole == (try Self.walked(page)))
        #expect(whole.contains("Section 1999"))
        let cut = try #require(try Self.streamed(page, limit: 10_000))
        #expect(cut.utf8.count >= 10_000 && cut.utf8.count < 10_200)
        #expect(whole.hasPrefix(cut))
    }

    @Test func noDocumentIsAnError() {
        #expect(throws: ExtractionError.self) { try HTMLText.text([], limit: 100) }
    }
}
