/// The content types fsfind knows, shared by the indexer (which names files with them) and the
/// query front end (which checks `kind:` and type names against them).
package enum TypeCatalog {
    /// Every type fsfind declares, with its direct parents. Conformance is defined here once; the
    /// trees are derived from it. UTIs are Apple's where Apple publishes one, else the format
    /// owner's reverse-DNS name.
    ///
    /// Document types (PDF, word processing, spreadsheets, presentations, e-books) conform to
    /// `public.composite-content`, which is what the `document` scope looks for. Office and
    /// OpenDocument files deliberately do not conform to `public.zip-archive` (as they do on macOS),
    /// so the `archive` scope holds only archives.
    static let declarations: [TypeDeclaration] = [
        // Roots and abstract types.
        TypeDeclaration("public.item", [], "Item"),
        TypeDeclaration("public.content", ["public.item"], "Content"),
        TypeDeclaration("public.data", ["public.item"], "Document"),
        TypeDeclaration("public.directory", ["public.item"], "Folder"),
        TypeDeclaration("public.folder", ["public.directory"], "Folder"),
        TypeDeclaration("public.symlink", ["public.item"], "Symbolic link"),
        TypeDeclaration("public.executable", ["public.item"], "Executable"),
        TypeDeclaration("public.composite-content", ["public.content"], "Document"),
        TypeDeclaration("public.archive", ["public.data"], "Archive"),
        TypeDeclaration("public.disk-image", ["public.archive"], "Disk image"),
        TypeDeclaration("public.database", ["public.data"], "Database"),
        TypeDeclaration("public.font", ["public.data", "public.content"], "Font"),
        TypeDeclaration("public.audiovisual-content", ["public.data", "public.content"], "Media"),
        TypeDeclaration("public.audio", ["public.audiovisual-content"], "Audio"),
        TypeDeclaration("public.movie", ["public.audiovisual-content"], "Movie"),
        TypeDeclaration("public.video", ["public.movie"], "Video"),
        TypeDeclaration("public.image", ["public.data", "public.content"], "Image"),
        TypeDeclaration("public.text", ["public.data", "public.content"], "Text document"),
        TypeDeclaration("public.plain-text", ["public.text"], "Plain text document", ext: ["txt", "text"]),
        TypeDeclaration("public.source-code", ["public.plain-text"], "Source code"),
        TypeDeclaration("public.script", ["public.source-code"], "Script"),
        TypeDeclaration("public.delimited-values-text", ["public.text"], "Delimited text"),

        // Text.
        TypeDeclaration(
            "net.daringfireball.markdown", ["public.plain-text"], "Markdown document",
            ext: ["md", "markdown", "mdown", "mkd"]),
        TypeDeclaration("public.json", ["public.text"], "JSON document", ext: ["json"]),
        TypeDeclaration("public.xml", ["public.text"], "XML document", ext: ["xml", "xsd", "xsl", "xslt"]),
        TypeDeclaration("public.html", ["public.text"], "HTML document", ext: ["html", "htm", "xhtml"]),
        TypeDeclaration(
            "public.comma-separated-values-text", ["public.delimited-values-text"], "CSV document",
            ext: ["csv"]),
        TypeDeclaration(
            "public.tab-separated-values-text", ["public.delimited-values-text"], "TSV document",
            ext: ["tsv"]),
        TypeDeclaration("public.yaml", ["public.plain-text"], "YAML document", ext: ["yaml", "yml"]),
        TypeDeclaration("public.rtf", ["public.text", "public.composite-content"], "RTF document", ext: ["rtf"]),
        TypeDeclaration("org.tug.tex", ["public.plain-text"], "TeX document", ext: ["tex", "ltx"]),
        TypeDeclaration("public.vcard", ["public.text"], "vCard", ext: ["vcf"]),

        // Source code.
        TypeDeclaration("public.c-source", ["public.source-code"], "C source", ext: ["c"]),
        TypeDeclaration("public.c-header", ["public.source-code"], "C header", ext: ["h"]),
        TypeDeclaration(
            "public.c-plus-plus-source", ["public.source-code"], "C++ source",
            ext: ["cpp", "cc", "cxx", "c++"]),
        TypeDeclaration(
            "public.c-plus-plus-header", ["public.source-code"], "C++ header",
            ext: ["hpp", "hh", "hxx", "h++"]),
        TypeDeclaration("public.objective-c-source", ["public.source-code"], "Objective-C source", ext: ["m"]),
        TypeDeclaration(
            "public.objective-c-plus-plus-source", ["public.source-code"], "Objective-C++ source",
            ext: ["mm"]),
        TypeDeclaration("public.swift-source", ["public.source-code"], "Swift source", ext: ["swift"]),
        TypeDeclaration("com.sun.java-source", ["public.source-code"], "Java source", ext: ["java"]),
        TypeDeclaration("public.assembly-source", ["public.source-code"], "Assembly source", ext: ["s", "asm"]),
        TypeDeclaration("public.make-source", ["public.source-code"], "Makefile", ext: ["mk", "mak"]),
        TypeDeclaration("org.golang.go-source", ["public.source-code"], "Go source", ext: ["go"]),
        TypeDeclaration("org.rust-lang.rust-source", ["public.source-code"], "Rust source", ext: ["rs"]),
        TypeDeclaration("com.microsoft.typescript", ["public.source-code"], "TypeScript source", ext: ["ts", "tsx"]),
        TypeDeclaration("public.css", ["public.source-code"], "CSS style sheet", ext: ["css"]),
        TypeDeclaration("org.iso.sql", ["public.source-code"], "SQL source", ext: ["sql"]),
        TypeDeclaration(
            "com.netscape.javascript-source", ["public.script"], "JavaScript source",
            ext: ["js", "mjs", "cjs"]),
        TypeDeclaration("public.shell-script", ["public.script"], "Shell script", ext: ["sh", "bash", "zsh", "ksh"]),
        TypeDeclaration("public.python-script", ["public.script"], "Python script", ext: ["py", "pyw", "pyi"]),
        TypeDeclaration("public.perl-script", ["public.script"], "Perl script", ext: ["pl", "pm"]),
        TypeDeclaration("public.ruby-script", ["public.script"], "Ruby script", ext: ["rb"]),
        TypeDeclaration("public.php-script", ["public.script"], "PHP script", ext: ["php"]),
        TypeDeclaration("org.lua.lua-script", ["public.script"], "Lua script", ext: ["lua"]),

        // Images.
        TypeDeclaration("public.jpeg", ["public.image"], "JPEG image", ext: ["jpg", "jpeg", "jpe"]),
        TypeDeclaration("public.png", ["public.image"], "PNG image", ext: ["png"]),
        TypeDeclaration("com.compuserve.gif", ["public.image"], "GIF image", ext: ["gif"]),
        TypeDeclaration("public.tiff", ["public.image"], "TIFF image", ext: ["tif", "tiff"]),
        TypeDeclaration("org.webmproject.webp", ["public.image"], "WebP image", ext: ["webp"]),
        TypeDeclaration("com.microsoft.bmp", ["public.image"], "BMP image", ext: ["bmp"]),
        TypeDeclaration("public.svg-image", ["public.image"], "SVG image", ext: ["svg"]),
        TypeDeclaration("public.heic", ["public.image"], "HEIC image", ext: ["heic"]),
        TypeDeclaration("public.heif", ["public.image"], "HEIF image", ext: ["heif"]),
        TypeDeclaration("public.avif", ["public.image"], "AVIF image", ext: ["avif"]),
        TypeDeclaration("com.microsoft.ico", ["public.image"], "Windows icon", ext: ["ico"]),
        TypeDeclaration("com.adobe.photoshop-image", ["public.image"], "Photoshop image", ext: ["psd"]),
        TypeDeclaration("public.jpeg-2000", ["public.image"], "JPEG 2000 image", ext: ["jp2"]),

        // Audio.
        TypeDeclaration("public.mp3", ["public.audio"], "MP3 audio", ext: ["mp3"]),
        TypeDeclaration("public.mpeg-4-audio", ["public.audio"], "MPEG-4 audio", ext: ["m4a", "m4b"]),
        TypeDeclaration("public.aac-audio", ["public.audio"], "AAC audio", ext: ["aac"]),
        TypeDeclaration("public.aiff-audio", ["public.audio"], "AIFF audio", ext: ["aif", "aiff", "aifc"]),
        TypeDeclaration("com.microsoft.waveform-audio", ["public.audio"], "WAVE audio", ext: ["wav", "wave"]),
        TypeDeclaration("org.xiph.flac", ["public.audio"], "FLAC audio", ext: ["flac"]),
        TypeDeclaration("org.xiph.ogg-vorbis", ["public.audio"], "Ogg Vorbis audio", ext: ["ogg", "oga"]),
        TypeDeclaration("org.xiph.opus", ["public.audio"], "Opus audio", ext: ["opus"]),
        TypeDeclaration("public.midi-audio", ["public.audio"], "MIDI audio", ext: ["mid", "midi"]),
        TypeDeclaration("com.microsoft.windows-media-wma", ["public.audio"], "Windows Media audio", ext: ["wma"]),
        TypeDeclaration("org.matroska.mka", ["public.audio"], "Matroska audio", ext: ["mka"]),

        // Video: every movie type conforms to public.video, so trees hold public.movie and public.video.
        TypeDeclaration("public.mpeg-4", ["public.video"], "MPEG-4 movie", ext: ["mp4"]),
        TypeDeclaration("com.apple.m4v-video", ["public.video"], "MPEG-4 video", ext: ["m4v"]),
        TypeDeclaration("com.apple.quicktime-movie", ["public.video"], "QuickTime movie", ext: ["mov", "qt"]),
        TypeDeclaration("public.avi", ["public.video"], "AVI movie", ext: ["avi"]),
        TypeDeclaration("org.matroska.mkv", ["public.video"], "Matroska video", ext: ["mkv"]),
        TypeDeclaration("org.webmproject.webm", ["public.video"], "WebM video", ext: ["webm"]),
        TypeDeclaration("public.mpeg", ["public.video"], "MPEG movie", ext: ["mpg", "mpeg", "m2v"]),
        TypeDeclaration(
            "public.mpeg-2-transport-stream", ["public.video"], "MPEG-2 transport stream",
            ext: ["ts", "m2ts", "mts"]),
        TypeDeclaration("public.3gpp", ["public.video"], "3GPP movie", ext: ["3gp"]),
        TypeDeclaration("public.3gpp2", ["public.video"], "3GPP2 movie", ext: ["3g2"]),
        TypeDeclaration("com.adobe.flash.video", ["public.video"], "Flash video", ext: ["flv"]),
        TypeDeclaration("com.microsoft.windows-media-wmv", ["public.video"], "Windows Media video", ext: ["wmv"]),
        TypeDeclaration(
            "com.microsoft.advanced-systems-format", ["public.video"], "Windows Media file",
            ext: ["asf"]),

        // Documents.
        TypeDeclaration("com.adobe.pdf", ["public.data", "public.composite-content"], "PDF document", ext: ["pdf"]),
        TypeDeclaration(
            "org.openxmlformats.wordprocessingml.document", ["public.data", "public.composite-content"],
            "Microsoft Word document", ext: ["docx"]),
        TypeDeclaration(
            "org.openxmlformats.spreadsheetml.sheet", ["public.data", "public.composite-content"],
            "Microsoft Excel spreadsheet", ext: ["xlsx"]),
        TypeDeclaration(
            "org.openxmlformats.presentationml.presentation",
            ["public.data", "public.composite-content"], "Microsoft PowerPoint presentation",
            ext: ["pptx"]),
        TypeDeclaration(
            "org.oasis-open.opendocument.text", ["public.data", "public.composite-content"],
            "OpenDocument text", ext: ["odt"]),
        TypeDeclaration(
            "org.oasis-open.opendocument.spreadsheet", ["public.data", "public.composite-content"],
            "OpenDocument spreadsheet", ext: ["ods"]),
        TypeDeclaration(
            "org.oasis-open.opendocument.presentation", ["public.data", "public.composite-content"],
            "OpenDocument presentation", ext: ["odp"]),
        TypeDeclaration(
            "org.idpf.epub-container", ["public.data", "public.composite-content"], "EPUB book",
            ext: ["epub"]),
        TypeDeclaration(
            "com.amazon.mobipocket-ebook", ["public.data", "public.composite-content"],
            "Mobipocket e-book", ext: ["mobi", "azw"]),
        TypeDeclaration(
            "com.microsoft.word.doc", ["public.data", "public.composite-content"],
            "Microsoft Word 97-2004 document", ext: ["doc"]),
        TypeDeclaration(
            "com.microsoft.excel.xls", ["public.data", "public.composite-content"],
            "Microsoft Excel 97-2004 spreadsheet", ext: ["xls"]),
        TypeDeclaration(
            "com.microsoft.powerpoint.ppt", ["public.data", "public.composite-content"],
            "Microsoft PowerPoint 97-2004 presentation", ext: ["ppt"]),
        TypeDeclaration(
            "com.adobe.postscript", ["public.data", "public.content"], "PostScript document",
            ext: ["ps", "eps"]),
        TypeDeclaration("public.email-message", ["public.data", "public.content"], "Email message", ext: ["eml"]),

        // Archives.
        TypeDeclaration("public.zip-archive", ["public.archive"], "ZIP archive", ext: ["zip"]),
        TypeDeclaration("com.sun.java-archive", ["public.zip-archive"], "Java archive", ext: ["jar"]),
        TypeDeclaration("com.android.package-archive", ["public.zip-archive"], "Android package", ext: ["apk"]),
        TypeDeclaration("org.gnu.gnu-zip-archive", ["public.archive"], "Gzip archive", ext: ["gz", "gzip"]),
        TypeDeclaration(
            "org.gnu.gnu-zip-tar-archive", ["org.gnu.gnu-zip-archive", "public.tar-archive"],
            "Gzip tar archive", ext: ["tgz", "tar.gz"]),
        TypeDeclaration("public.tar-archive", ["public.archive"], "Tar archive", ext: ["tar"]),
        TypeDeclaration("org.bzip.bzip2-archive", ["public.archive"], "Bzip2 archive", ext: ["bz2"]),
        TypeDeclaration("org.tukaani.xz-archive", ["public.archive"], "XZ archive", ext: ["xz"]),
        TypeDeclaration("org.7-zip.7-zip-archive", ["public.archive"], "7-Zip archive", ext: ["7z"]),
        TypeDeclaration("com.rarlab.rar-archive", ["public.archive"], "RAR archive", ext: ["rar"]),
        TypeDeclaration("public.cpio-archive", ["public.archive"], "cpio archive", ext: ["cpio"]),
        TypeDeclaration("org.debian.deb-archive", ["public.archive"], "Debian package", ext: ["deb"]),
        TypeDeclaration("com.redhat.rpm-archive", ["public.archive"], "RPM package", ext: ["rpm"]),
        TypeDeclaration("public.iso-image", ["public.disk-image"], "ISO disk image", ext: ["iso"]),

        // Executables and other binary data.
        TypeDeclaration("public.unix-executable", ["public.data", "public.executable"], "Unix executable"),
        TypeDeclaration(
            "com.microsoft.windows-executable", ["public.data", "public.executable"],
            "Windows executable", ext: ["exe"]),
        TypeDeclaration("com.apple.mach-o-binary", ["public.data", "public.executable"], "Mach-O binary"),
        TypeDeclaration("public.object-code", ["public.data"], "Object code", ext: ["o"]),
        TypeDeclaration("com.sun.java-class", ["public.data"], "Java class", ext: ["class"]),
        TypeDeclaration("org.python.bytecode", ["public.data"], "Python bytecode", ext: ["pyc"]),
        TypeDeclaration("org.sqlite.sqlite3", ["public.database"], "SQLite database", ext: ["sqlite", "db"]),
        TypeDeclaration("public.truetype-ttf-font", ["public.font"], "TrueType font", ext: ["ttf"]),
        TypeDeclaration("public.opentype-font", ["public.font"], "OpenType font", ext: ["otf"]),
    ]
}

extension TypeCatalog {
    /// Names the indexer gives beside the declared types' own, for MIME types it names more
    /// precisely than their type (`application/x-sharedlib` is a "Shared library"). The MIME table
    /// must use only these (a test checks), so `kind:` knows every kind an item can carry.
    static let otherKinds = [
        "AWK script", "Batch file", "Core dump", "Empty file", "Gettext catalog", "Gettext translation",
        "LZMA archive", "Lzip archive", "News article", "OLE compound document", "PGP keys", "PGP signature",
        "Patch", "Shared library", "Tcl script", "Zstandard archive", "ar archive", "compress archive",
        "troff document",
    ]

    /// Every word a kind can be asked for by: the words of each kind name, each extension, and
    /// each part of each UTI, lowercased.
    private static let kindWords: Set<String> = {
        var words = Set<String>()
        func add(_ text: String) {
            for word in text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
                words.insert(String(word))
            }
        }
        for declaration in declarations {
            add(declaration.kind)
            add(declaration.uti)
            declaration.extensions.forEach(add)
        }
        otherKinds.forEach(add)
        return words
    }()

    /// True when `value` (what follows `kind:`) can name a kind: each of its words starts a word
    /// of some kind name, extension or UTI (`kind:jpeg`, `kind:"word document"`, `kind:mp3`).
    /// A typo (`kind:imgae`) is not, and gets an error rather than silently finding nothing.
    package static func isKindName(_ value: String) -> Bool {
        let words = value.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        guard !words.isEmpty else { return false }
        return words.allSatisfy { word in kindWords.contains { $0.hasPrefix(word) } }
    }
}
