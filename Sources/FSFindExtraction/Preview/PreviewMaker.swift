import FSFindCrawl
import FSFindModel
import Foundation
import SystemPackage

/// Makes a file's preview: its picture (an image, a PDF's first page, a video's poster frame, a
/// song's cover art) or its first lines (text), or says why there is none. Runs in the preview
/// worker (`fsfind preview-worker`), whose memory and CPU limits contain a hostile file.
enum PreviewMaker {
    /// What a file can show.
    enum Kind: Sendable, Equatable {
        case image, pdf, video, audio, text
    }

    /// The kind of preview for an item of this type and name, or nil for one with none (an
    /// archive, a font …), for which the pane shows its attributes only. The content type decides;
    /// the name only adds text files that libmagic calls data (a `.txt` that is binary gets a
    /// "no preview" line saying so, rather than silence).
    static func kind(tree: [String], name: [UInt8]) -> Kind? {
        if tree.contains("com.adobe.pdf") { return .pdf }
        if tree.contains("public.image") { return .image }
        if tree.contains("public.movie") || tree.contains("public.video") { return .video }
        if tree.contains("public.audio") { return .audio }
        if tree.contains("public.text") { return .text }
        let dot = name.lastIndex(of: UInt8(ascii: "."))
        let suffix = dot.map { String(decoding: name[($0 + 1)...], as: UTF8.self).lowercased() }
        if let suffix, textSuffixes.contains(suffix) { return .text }
        return nil
    }

    /// Names that promise text whatever libmagic says of the content.
    static let textSuffixes: Set<String> = [
        "txt", "text", "md", "markdown", "log", "csv", "tsv", "json", "xml", "yaml", "yml", "ini", "conf", "cfg",
        "c", "h", "cpp", "hpp", "swift", "py", "rs", "go", "js", "ts", "sh", "rb", "java", "tex",
    ]

    /// Bytes of a text file read for its first lines.
    static let textBytes = 16 << 10

    /// The preview `request` asks for; every failure becomes a reason.
    static func make(_ request: PreviewOrder) -> PreviewReply {
        let name = Array(request.path[PathBytes.nameStart(of: request.path)...])
        guard let kind = kind(tree: request.tree, name: name) else { return .unavailable("not a kind fsfind draws") }
        let file: CrawledFile
        do throws(CrawledFile.Refusal) {
            file = try CrawledFile(opening: request.path, expected: request.identity)
        } catch {
            if case .cannotOpen(.noSuchFileOrDirectory) = error { return .unavailable("the file is gone") }
            return .unavailable("the file \(error.description)")
        }
        do throws(ExtractionError) {
            let (width, height) = PreviewPixels.decodeSize(
                columns: request.columns, rows: request.rows, forTerminal: request.pixels)
            let pixels: PreviewPixels
            switch kind {
            case .text:
                return try lines(of: file, rows: request.rows)
            case .image:
                pixels = try PixbufDecoder.shared.get().pixels(path: try file.pathForLibrary(), fitting: width, height)
            case .pdf:
                pixels = try PDFDocumentHandle(path: try file.pathForLibrary()).firstPagePixels(fitting: width, height)
            case .video, .audio:
                let media = try MediaFile(path: try file.pathForLibrary())
                do throws(ExtractionError) {
                    pixels = try VideoDecoder.shared.get().posterFrame(of: media, fitting: width, height)
                } catch {
                    if kind == .audio { return .unavailable("no cover art") }
                    throw error
                }
            }
            if request.pixels { return try pixels.image(columns: request.columns, rows: request.rows) }
            return try pixels.picture(columns: request.columns, rows: request.rows, monochrome: request.monochrome)
        } catch {
            return .unavailable(error.reason)
        }
    }

    /// The file's first `rows` lines, tabs as four spaces, trailing blanks dropped.
    static func lines(of file: CrawledFile, rows: Int) throws(ExtractionError) -> PreviewReply {
        let bytes = try file.prefix(textBytes)
        guard let text = PlainText.decode(bytes) else { return .unavailable("binary data, not text") }
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows) {
            var shown = line.replacingOccurrences(of: "\t", with: "    ")
            while let last = shown.last, last.isWhitespace { shown.removeLast() }
            lines.append(shown)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.isEmpty ? .unavailable("the file is empty") : .lines(lines)
    }
}
