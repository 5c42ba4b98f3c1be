import Testing

@testable import FSFindExtraction
@testable import FSFindModel

@Suite struct ContentTypeTableTests {
    private func info(_ mime: String, _ name: String) -> ContentTypeInfo {
        ContentTypeTable.info(mimeType: mime, fileName: Array(name.utf8))
    }

    private func expectTree(
        _ mime: String, _ name: String, uti: String, contains ancestors: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let result = info(mime, name)
        #expect(result.uti == uti, sourceLocation: sourceLocation)
        #expect(result.tree.first == uti, sourceLocation: sourceLocation)
        #expect(result.tree.last == "public.item", sourceLocation: sourceLocation)
        for ancestor in ancestors {
            #expect(result.tree.contains(ancestor), "\(uti) lacks \(ancestor)", sourceLocation: sourceLocation)
        }
    }

    static let audio = ["public.audio", "public.audiovisual-content", "public.content", "public.data"]
    static let video = ["public.movie", "public.video", "public.audiovisual-content", "public.content", "public.data"]
    static let image = ["public.image", "public.content", "public.data"]
    static let document = ["public.composite-content", "public.content"]
    static let text = ["public.text", "public.content", "public.data"]
    static let code = ["public.source-code", "public.plain-text", "public.text", "public.content", "public.data"]
    static let archive = ["public.archive", "public.data"]

    @Test func attributesTableAncestors() {
        expectTree("audio/mpeg", "a.mp3", uti: "public.mp3", contains: Self.audio)
        expectTree("audio/x-m4a", "a.m4a", uti: "public.mpeg-4-audio", contains: Self.audio)
        expectTree("audio/x-aiff", "a.aiff", uti: "public.aiff-audio", contains: Self.audio)
        expectTree("audio/x-wav", "a.wav", uti: "com.microsoft.waveform-audio", contains: Self.audio)
        expectTree("audio/flac", "a.flac", uti: "org.xiph.flac", contains: Self.audio)
        expectTree("audio/ogg", "a.ogg", uti: "org.xiph.ogg-vorbis", contains: Self.audio)
        expectTree("audio/ogg", "a.opus", uti: "org.xiph.opus", contains: Self.audio)
        expectTree("video/mp4", "a.mp4", uti: "public.mpeg-4", contains: Self.video)
        expectTree("video/quicktime", "a.mov", uti: "com.apple.quicktime-movie", contains: Self.video)
        expectTree("video/x-msvideo", "a.avi", uti: "public.avi", contains: Self.video)
        expectTree("video/x-matroska", "a.mkv", uti: "org.matroska.mkv", contains: Self.video)
        expectTree("video/webm", "a.webm", uti: "org.webmproject.webm", contains: Self.video)
        expectTree("video/mpeg", "a.mpg", uti: "public.mpeg", contains: Self.video)
        expectTree("image/jpeg", "a.jpg", uti: "public.jpeg", contains: Self.image)
        expectTree("image/png", "a.png", uti: "public.png", contains: Self.image)
        expectTree("image/gif", "a.gif", uti: "com.compuserve.gif", contains: Self.image)
        expectTree("image/tiff", "a.tif", uti: "public.tiff", contains: Self.image)
        expectTree("image/webp", "a.webp", uti: "org.webmproject.webp", contains: Self.image)
        expectTree("image/bmp", "a.bmp", uti: "com.microsoft.bmp", contains: Self.image)
        expectTree("image/svg+xml", "a.svg", uti: "public.svg-image", contains: Self.image)
        expectTree("application/pdf", "a.pdf", uti: "com.adobe.pdf", contains: Self.document)
        expectTree(
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "a.docx",
            uti: "org.openxmlformats.wordprocessingml.document", contains: Self.document)
        expectTree(
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "a.xlsx",
            uti: "org.openxmlformats.spreadsheetml.sheet", contains: Self.document)
        expectTree(
            "application/vnd.openxmlformats-officedocument.presentationml.presentation", "a.pptx",
            uti: "org.openxmlformats.presentationml.presentation", contains: Self.document)
        expectTree(
            "application/vnd.oasis.opendocument.text", "a.odt", uti: "org.oasis-open.opendocument.text",
            contains: Self.document)
        expectTree(
            "application/vnd.oasis.opendocument.spreadsheet", "a.ods",
            uti: "org.oasis-open.opendocument.spreadsheet", contains: Self.document)
        expectTree(
            "application/vnd.oasis.opendocument.presentation", "a.odp",
            uti: "org.oasis-open.opendocument.presentation", contains: Self.document)
        expectTree("application/epub+zip", "a.epub", uti: "org.idpf.epub-container", contains: Self.document)
        expectTree("application/msword", "a.doc", uti: "com.microsoft.word.doc", contains: Self.document)
        expectTree("text/rtf", "a.rtf", uti: "public.rtf", contains: Self.document + Self.text)
        expectTree("text/plain", "a.txt", uti: "public.plain-text", contains: Self.text)
        expectTree("text/html", "a.html", uti: "public.html", contains: Self.text)
        expectTree("application/json", "a.json", uti: "public.json", contains: Self.text)
        expectTree("text/xml", "a.xml", uti: "public.xml", contains: Self.text)
        expectTree(
            "text/plain", "a.md", uti: "net.daringfireball.markdown", contains: Self.text + ["public.plain-text"])
        expectTree("text/x-c", "a.c", uti: "public.c-source", contains: Self.code)
        expectTree("text/x-c", "a.h", uti: "public.c-header", contains: Self.code)
        expectTree("text/x-c++", "a.cpp", uti: "public.c-plus-plus-source", contains: Self.code)
        expectTree("text/plain", "a.swift", uti: "public.swift-source", contains: Self.code)
        expectTree("text/x-script.python", "a.py", uti: "public.python-script", contains: Self.code)
        expectTree("text/x-shellscript", "a.sh", uti: "public.shell-script", contains: Self.code)
        expectTree("text/x-perl", "a.pl", uti: "public.perl-script", contains: Self.code)
        expectTree("text/x-ruby", "a.rb", uti: "public.ruby-script", contains: Self.code)
        expectTree("application/javascript", "a.js", uti: "com.netscape.javascript-source", contains: Self.code)
        expectTree("application/zip", "a.zip", uti: "public.zip-archive", contains: Self.archive)
        expectTree("application/gzip", "a.gz", uti: "org.gnu.gnu-zip-archive", contains: Self.archive)
        expectTree("application/x-tar", "a.tar", uti: "public.tar-archive", contains: Self.archive)
        expectTree("application/x-bzip2", "a.bz2", uti: "org.bzip.bzip2-archive", contains: Self.archive)
        expectTree("application/x-xz", "a.xz", uti: "org.tukaani.xz-archive", contains: Self.archive)
        expectTree("application/x-7z-compressed", "a.7z", uti: "org.7-zip.7-zip-archive", contains: Self.archive)
        expectTree("application/x-rar", "a.rar", uti: "com.rarlab.rar-archive", contains: Self.archive)
        expectTree(
            "application/x-pie-executable", "true", uti: "public.unix-executable", contains: ["public.executable"])
        expectTree("application/x-executable", "tool", uti: "public.unix-executable", contains: ["public.executable"])
        expectTree("application/x-sharedlib", "libx.so", uti: "public.unix-executable", contains: ["public.executable"])
        #expect(ContentTypeTable.folder.tree == ["public.folder", "public.directory", "public.item"])
        #expect(ContentTypeTable.folder.kind == "Folder")
        #expect(ContentTypeTable.symlink.tree == ["public.symlink", "public.item"])
        #expect(ContentTypeTable.symlink.kind == "Symbolic link")
    }

    @Test func scopesFindTheirTypes() {
        #expect(Scope.document.contains(tree: info("application/pdf", "x.pdf").tree))
        #expect(Scope.audio.contains(tree: info("audio/mpeg", "x.mp3").tree))
        #expect(Scope.video.contains(tree: info("video/webm", "x.webm").tree))
        #expect(Scope.code.contains(tree: info("text/x-c", "x.c").tree))
        #expect(Scope.app.contains(tree: info("application/x-pie-executable", "x").tree))
        #expect(Scope.folder.contains(tree: ContentTypeTable.folder.tree))
        // Office files are documents, not archives (unlike macOS, where they conform to ZIP).
        let docx = info("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "x.docx").tree
        #expect(!Scope.archive.contains(tree: docx))
        #expect(!Scope.document.contains(tree: info("text/plain", "x.txt").tree))
    }

    @Test func kindsArePeoplesNames() {
        #expect(info("audio/mpeg", "a.mp3").kind == "MP3 audio")
        #expect(info("application/pdf", "a.pdf").kind == "PDF document")
        #expect(info("image/jpeg", "a.jpg").kind == "JPEG image")
        #expect(info("application/x-sharedlib", "libc.so.6").kind == "Shared library")
        #expect(info("inode/x-empty", "empty").kind == "Empty file")
        #expect(info("audio/mpeg", "a.mp3").mimeType == "audio/mpeg")
    }

    @Test func extensionNeverOverridesSpecificContent() {
        #expect(info("audio/mpeg", "notes.txt").uti == "public.mp3")
        #expect(info("image/jpeg", "photo.png").uti == "public.jpeg")
        #expect(info("application/pdf", "paper.docx").uti == "com.adobe.pdf")
        #expect(info("text/plain", "song.mp3").uti == "public.plain-text")
        // Unrecognised bytes stay data: the type never comes from the extension alone.
        #expect(info("application/octet-stream", "song.mp3").uti == "public.data")
        #expect(info("inode/x-empty", "song.mp3").uti == "public.data")
    }

    @Test func extensionRefinesGenericAnswers() {
        #expect(info("text/plain", "README.MD").uti == "net.daringfireball.markdown")
        #expect(info("text/plain", "data.json").uti == "public.json")
        #expect(info("text/plain", "x.ts").uti == "com.microsoft.typescript")
        #expect(info("video/MP2T", "x.ts").uti == "public.mpeg-2-transport-stream")
        #expect(info("application/zip", "report.docx").uti == "org.openxmlformats.wordprocessingml.document")
        #expect(info("application/zip", "book.epub").uti == "org.idpf.epub-container")
        #expect(info("application/zip", "app.jar").uti == "com.sun.java-archive")
        #expect(info("application/gzip", "src.tar.gz").uti == "org.gnu.gnu-zip-tar-archive")
        #expect(info("application/gzip", "src.tar.gz").tree.contains("public.tar-archive"))
        #expect(info("application/CDFV2", "old.doc").uti == "com.microsoft.word.doc")
        #expect(info("inode/x-empty", "todo.md").uti == "net.daringfireball.markdown")
        #expect(info("inode/x-empty", "empty").uti == "public.data")
        #expect(info("text/x-c", "x.hpp").uti == "public.c-plus-plus-header")
    }

    @Test func unknownMIMETypesFallBackByTopLevel() {
        #expect(info("image/x-portable-pixmap", "a.ppm").tree.contains("public.image"))
        #expect(info("audio/x-ape", "a.ape").tree.contains("public.audio"))
        #expect(info("video/x-foo", "a.foo").tree.contains("public.video"))
        #expect(info("text/x-something", "a").tree.contains("public.text"))
        #expect(info("application/x-weird", "a").uti == "public.data")
        #expect(ContentTypeTable.tree(of: "com.example.unknown") == ["com.example.unknown", "public.item"])
    }

    @Test func everyDeclarationIsConsistent() {
        let declared = Set(TypeCatalog.declarations.map(\.uti))
        #expect(declared.count == TypeCatalog.declarations.count, "duplicate UTI")
        for declaration in TypeCatalog.declarations {
            for parent in declaration.parents { #expect(declared.contains(parent), "\(declaration.uti) → \(parent)") }
            let tree = ContentTypeTable.tree(of: declaration.uti)
            #expect(tree.last == "public.item")
            #expect(Set(tree).count == tree.count)
            if tree.contains("public.composite-content") { #expect(tree.contains("public.content")) }
        }
        for mapping in ContentTypeTable.mimeMappings.values {
            #expect(declared.contains(mapping.uti), "\(mapping.uti)")
            for uti in mapping.refinable ?? [] { #expect(declared.contains(uti), "\(uti)") }
        }
        for key in ContentTypeTable.mimeMappings.keys { #expect(key == key.lowercased()) }
    }

    @Test func extensionParsing() {
        #expect(ContentTypeTable.extensions(of: Array("a.tar.gz".utf8)) == ["tar.gz", "gz"])
        #expect(ContentTypeTable.extensions(of: Array(".bashrc".utf8)) == [])
        #expect(ContentTypeTable.extensions(of: Array("x.JPG".utf8)) == ["jpg"])
        #expect(ContentTypeTable.extensions(of: [0x61, 0x2E, 0xFF]) == [])
        #expect(ContentTypeTable.extensions(of: Array("noext".utf8)) == [])
    }
}
