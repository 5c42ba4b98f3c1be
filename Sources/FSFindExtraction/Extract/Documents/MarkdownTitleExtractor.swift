import FSFindCrawl
import FSFindModel

/// Takes a Markdown file's first level-one ATX heading (`# Title`) from the first 64 KiB as its title.
///
/// YAML front matter (`---` … `---` at the top) and fenced code blocks are skipped, so a shell
/// comment in a code sample never becomes the title. Setext headings (`Title` over `====`) are not
/// read: the spec asks for the first `#` heading.
struct MarkdownTitleExtractor: Extractor {
    /// How much of the file is read.
    static let prefixLimit = 64 * 1024

    init() {}

    var name: String { "markdown" }

    func handles(tree: [String]) -> Bool { tree.contains("net.daringfireball.markdown") }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        let bytes = try file.prefix(Self.prefixLimit)
        guard let title = Self.title(in: LegacyText.decode(bytes)) else { return [:] }
        return [.title: .text(title)]
    }

    var readsText: Bool { true }

    /// The whole text (Markdown is meant to be read as it is written).
    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        PlainText.decode(try file.prefix(limit))
    }

    /// The text of the first `# ` heading outside front matter and code fences.
    static func title(in text: String) -> String? {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)[...]
        if lines.first.map({ $0.trimmingTrailingSpaces() == "---" }) ?? false {
            lines = lines.dropFirst()
            guard let end = lines.firstIndex(where: { ["---", "..."].contains($0.trimmingTrailingSpaces()) })
            else { return nil }
            lines = lines[(end + 1)...]
        }
        var fence: Substring?
        for line in lines {
            let indented = line.prefix(while: { $0 == " " })
            guard indented.count <= 3 else { continue }  // four spaces: an indented code block
            let body = line.dropFirst(indented.count)
            if let open = fence {
                if body.hasPrefix(open) { fence = nil }
                continue
            }
            if body.hasPrefix("```") || body.hasPrefix("~~~") {
                fence = body.prefix(3)
                continue
            }
            guard body.hasPrefix("# ") || body.hasPrefix("#\t") || body == "#" else { continue }
            var heading = body.dropFirst().trimmingTrailingSpaces()
            // An optional closing sequence: `# Title ##`.
            if let hashes = heading.lastIndex(where: { $0 != "#" }), hashes < heading.index(before: heading.endIndex),
                heading[hashes] == " " || heading[hashes] == "\t"
            {
                heading = heading[..<hashes]
            }
            return LegacyText.cleaned(String(heading))
        }
        return nil
    }
}

extension Substring {
    /// The substring without trailing spaces, tabs and carriage returns.
    fileprivate func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, [" ", "\t", "\r"].contains(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
