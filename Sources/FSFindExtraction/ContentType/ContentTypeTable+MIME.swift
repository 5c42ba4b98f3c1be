extension ContentTypeTable {
    private static let cFamily = [
        "public.c-source", "public.c-header", "public.c-plus-plus-source", "public.c-plus-plus-header",
        "public.objective-c-source", "public.objective-c-plus-plus-source",
    ]

    /// What each MIME type libmagic 5.44 reports means, keyed by the lowercased MIME type.
    ///
    /// Answers libmagic leaves generic list what an extension may refine them into (`text/plain`
    /// may become any text type; a bare ZIP may become an Office, OpenDocument or EPUB file). A
    /// specific answer is refined only into its own subtypes (`application/gzip` + `.tgz`), so an
    /// MP3 named `notes.txt` stays audio. `application/octet-stream` is never refined: libmagic did
    /// not recognise the content, and the type must not come from the extension alone.
    static let mimeMappings: [String: MIMEMapping] = [
        // Generic answers.
        "application/octet-stream": MIMEMapping("public.data", refinable: []),
        "inode/x-empty": MIMEMapping("public.data", kind: "Empty file", refinable: ["public.text"]),
        "application/x-empty": MIMEMapping("public.data", kind: "Empty file", refinable: ["public.text"]),
        "text/plain": MIMEMapping("public.plain-text", refinable: ["public.text"]),

        // Text and source code.
        "text/html": MIMEMapping("public.html"),
        "text/xml": MIMEMapping("public.xml", refinable: ["public.xml", "public.svg-image"]),
        "application/xml": MIMEMapping("public.xml", refinable: ["public.xml", "public.svg-image"]),
        "application/json": MIMEMapping("public.json"),
        "text/csv": MIMEMapping("public.comma-separated-values-text", refinable: ["public.delimited-values-text"]),
        "text/tab-separated-values": MIMEMapping("public.tab-separated-values-text"),
        "text/rtf": MIMEMapping("public.rtf"),
        "application/rtf": MIMEMapping("public.rtf"),
        "text/x-tex": MIMEMapping("org.tug.tex"),
        "text/vcard": MIMEMapping("public.vcard"),
        "text/x-vcard": MIMEMapping("public.vcard"),
        "text/troff": MIMEMapping("public.plain-text", kind: "troff document"),
        "text/x-diff": MIMEMapping("public.plain-text", kind: "Patch"),
        "text/x-po": MIMEMapping("public.plain-text", kind: "Gettext catalog"),
        "text/x-c": MIMEMapping("public.c-source", refinable: cFamily),
        "text/x-c++": MIMEMapping("public.c-plus-plus-source", refinable: cFamily),
        "text/x-objective-c": MIMEMapping("public.objective-c-source", refinable: cFamily),
        "text/x-java": MIMEMapping("com.sun.java-source"),
        "text/x-asm": MIMEMapping("public.assembly-source"),
        "text/x-makefile": MIMEMapping("public.make-source"),
        "text/x-script.python": MIMEMapping("public.python-script"),
        "text/x-python": MIMEMapping("public.python-script"),
        "text/x-shellscript": MIMEMapping("public.shell-script"),
        "application/x-shellscript": MIMEMapping("public.shell-script"),
        "text/x-perl": MIMEMapping("public.perl-script"),
        "text/x-ruby": MIMEMapping("public.ruby-script"),
        "text/x-php": MIMEMapping("public.php-script"),
        "text/x-lua": MIMEMapping("org.lua.lua-script"),
        "text/x-tcl": MIMEMapping("public.script", kind: "Tcl script"),
        "text/x-awk": MIMEMapping("public.script", kind: "AWK script"),
        "text/x-msdos-batch": MIMEMapping("public.script", kind: "Batch file"),
        "application/javascript": MIMEMapping("com.netscape.javascript-source"),
        "text/javascript": MIMEMapping("com.netscape.javascript-source"),
        "application/x-javascript": MIMEMapping("com.netscape.javascript-source"),
        "message/rfc822": MIMEMapping("public.email-message"),
        "message/news": MIMEMapping("public.email-message", kind: "News article"),

        // Images.
        "image/jpeg": MIMEMapping("public.jpeg"),
        "image/png": MIMEMapping("public.png"),
        "image/gif": MIMEMapping("com.compuserve.gif"),
        "image/tiff": MIMEMapping("public.tiff"),
        "image/webp": MIMEMapping("org.webmproject.webp"),
        "image/bmp": MIMEMapping("com.microsoft.bmp"),
        "image/x-ms-bmp": MIMEMapping("com.microsoft.bmp"),
        "image/svg+xml": MIMEMapping("public.svg-image"),
        "image/svg": MIMEMapping("public.svg-image"),
        "image/heic": MIMEMapping("public.heic"),
        "image/heif": MIMEMapping("public.heif"),
        "image/avif": MIMEMapping("public.avif"),
        "image/vnd.microsoft.icon": MIMEMapping("com.microsoft.ico"),
        "image/x-icon": MIMEMapping("com.microsoft.ico"),
        "image/vnd.adobe.photoshop": MIMEMapping("com.adobe.photoshop-image"),
        "image/jp2": MIMEMapping("public.jpeg-2000"),

        // Audio.
        "audio/mpeg": MIMEMapping("public.mp3"),
        "audio/mp3": MIMEMapping("public.mp3"),
        "audio/x-m4a": MIMEMapping("public.mpeg-4-audio"),
        "audio/mp4": MIMEMapping("public.mpeg-4-audio"),
        "audio/x-hx-aac-adts": MIMEMapping("public.aac-audio"),
        "audio/aac": MIMEMapping("public.aac-audio"),
        "audio/x-aiff": MIMEMapping("public.aiff-audio"),
        "audio/aiff": MIMEMapping("public.aiff-audio"),
        "audio/x-wav": MIMEMapping("com.microsoft.waveform-audio"),
        "audio/wav": MIMEMapping("com.microsoft.waveform-audio"),
        "audio/vnd.wave": MIMEMapping("com.microsoft.waveform-audio"),
        "audio/flac": MIMEMapping("org.xiph.flac"),
        "audio/x-flac": MIMEMapping("org.xiph.flac"),
        // libmagic's MIME answer does not tell Vorbis from Opus or FLAC inside Ogg.
        "audio/ogg": MIMEMapping(
            "org.xiph.ogg-vorbis", refinable: ["org.xiph.ogg-vorbis", "org.xiph.opus", "org.xiph.flac"]),
        "audio/opus": MIMEMapping("org.xiph.opus"),
        "audio/midi": MIMEMapping("public.midi-audio"),
        "audio/x-ms-wma": MIMEMapping("com.microsoft.windows-media-wma"),

        // Video.
        "video/mp4": MIMEMapping(
            "public.mpeg-4", refinable: ["public.mpeg-4", "public.mpeg-4-audio", "com.apple.m4v-video"]),
        "video/x-m4v": MIMEMapping("com.apple.m4v-video"),
        "video/quicktime": MIMEMapping("com.apple.quicktime-movie"),
        "video/x-msvideo": MIMEMapping("public.avi"),
        "video/avi": MIMEMapping("public.avi"),
        "video/x-matroska": MIMEMapping("org.matroska.mkv", refinable: ["org.matroska.mkv", "org.matroska.mka"]),
        "video/webm": MIMEMapping("org.webmproject.webm"),
        "video/mpeg": MIMEMapping("public.mpeg"),
        "video/mp2p": MIMEMapping("public.mpeg"),
        "video/mp2t": MIMEMapping("public.mpeg-2-transport-stream"),
        "video/3gpp": MIMEMapping("public.3gpp"),
        "video/3gpp2": MIMEMapping("public.3gpp2"),
        "video/x-flv": MIMEMapping("com.adobe.flash.video"),
        "video/x-ms-wmv": MIMEMapping("com.microsoft.windows-media-wmv"),
        "video/x-ms-asf": MIMEMapping(
            "com.microsoft.advanced-systems-format",
            refinable: [
                "com.microsoft.advanced-systems-format", "com.microsoft.windows-media-wmv",
                "com.microsoft.windows-media-wma",
            ]),

        // Documents.
        "application/pdf": MIMEMapping("com.adobe.pdf"),
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document":
            MIMEMapping("org.openxmlformats.wordprocessingml.document"),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":
            MIMEMapping("org.openxmlformats.spreadsheetml.sheet"),
        "application/vnd.openxmlformats-officedocument.presentationml.presentation":
            MIMEMapping("org.openxmlformats.presentationml.presentation"),
        "application/vnd.oasis.opendocument.text": MIMEMapping("org.oasis-open.opendocument.text"),
        "application/vnd.oasis.opendocument.spreadsheet": MIMEMapping("org.oasis-open.opendocument.spreadsheet"),
        "application/vnd.oasis.opendocument.presentation": MIMEMapping("org.oasis-open.opendocument.presentation"),
        "application/epub+zip": MIMEMapping("org.idpf.epub-container"),
        "application/x-mobipocket-ebook": MIMEMapping("com.amazon.mobipocket-ebook"),
        "application/msword": MIMEMapping("com.microsoft.word.doc"),
        "application/vnd.ms-excel": MIMEMapping("com.microsoft.excel.xls"),
        "application/vnd.ms-powerpoint": MIMEMapping("com.microsoft.powerpoint.ppt"),
        // An OLE compound file libmagic could not place: a legacy Office file or something else.
        "application/cdfv2": MIMEMapping(
            "public.data", kind: "OLE compound document",
            refinable: [
                "com.microsoft.word.doc", "com.microsoft.excel.xls", "com.microsoft.powerpoint.ppt",
            ]),
        "application/x-ole-storage": MIMEMapping(
            "public.data", kind: "OLE compound document",
            refinable: [
                "com.microsoft.word.doc", "com.microsoft.excel.xls", "com.microsoft.powerpoint.ppt",
            ]),
        "application/postscript": MIMEMapping("com.adobe.postscript"),

        // Archives.
        "application/zip": MIMEMapping(
            "public.zip-archive",
            refinable: [
                "public.zip-archive", "org.openxmlformats.wordprocessingml.document",
                "org.openxmlformats.spreadsheetml.sheet", "org.openxmlformats.presentationml.presentation",
                "org.oasis-open.opendocument.text", "org.oasis-open.opendocument.spreadsheet",
                "org.oasis-open.opendocument.presentation", "org.idpf.epub-container",
            ]),
        "application/java-archive": MIMEMapping("com.sun.java-archive"),
        "application/vnd.android.package-archive": MIMEMapping("com.android.package-archive"),
        "application/gzip": MIMEMapping("org.gnu.gnu-zip-archive"),
        "application/x-gzip": MIMEMapping("org.gnu.gnu-zip-archive"),
        "application/x-tar": MIMEMapping("public.tar-archive"),
        "application/x-bzip2": MIMEMapping("org.bzip.bzip2-archive"),
        "application/x-xz": MIMEMapping("org.tukaani.xz-archive"),
        "application/x-7z-compressed": MIMEMapping("org.7-zip.7-zip-archive"),
        "application/x-rar": MIMEMapping("com.rarlab.rar-archive"),
        "application/vnd.rar": MIMEMapping("com.rarlab.rar-archive"),
        "application/x-cpio": MIMEMapping("public.cpio-archive"),
        "application/vnd.debian.binary-package": MIMEMapping("org.debian.deb-archive"),
        "application/x-rpm": MIMEMapping("com.redhat.rpm-archive"),
        "application/x-iso9660-image": MIMEMapping("public.iso-image"),
        "application/x-archive": MIMEMapping("public.archive", kind: "ar archive"),
        "application/zstd": MIMEMapping("public.archive", kind: "Zstandard archive"),
        "application/x-lzma": MIMEMapping("public.archive", kind: "LZMA archive"),
        "application/x-lzip": MIMEMapping("public.archive", kind: "Lzip archive"),
        "application/x-compress": MIMEMapping("public.archive", kind: "compress archive"),

        // Executables and other binary data.
        "application/x-executable": MIMEMapping("public.unix-executable"),
        "application/x-pie-executable": MIMEMapping("public.unix-executable"),
        "application/x-sharedlib": MIMEMapping("public.unix-executable", kind: "Shared library"),
        "application/x-dosexec": MIMEMapping("com.microsoft.windows-executable"),
        "application/x-mach-binary": MIMEMapping("com.apple.mach-o-binary"),
        "application/x-object": MIMEMapping("public.object-code"),
        "application/x-coredump": MIMEMapping("public.data", kind: "Core dump"),
        "application/x-java-applet": MIMEMapping("com.sun.java-class"),
        "application/x-bytecode.python": MIMEMapping("org.python.bytecode"),
        "application/x-gettext-translation": MIMEMapping("public.data", kind: "Gettext translation"),
        "application/vnd.sqlite3": MIMEMapping("org.sqlite.sqlite3"),
        "application/x-sqlite3": MIMEMapping("org.sqlite.sqlite3"),
        "application/pgp-keys": MIMEMapping("public.data", kind: "PGP keys"),
        "application/pgp-signature": MIMEMapping("public.data", kind: "PGP signature"),
        "font/sfnt": MIMEMapping("public.truetype-ttf-font", refinable: ["public.font"]),
        "font/ttf": MIMEMapping("public.truetype-ttf-font"),
        "application/x-font-ttf": MIMEMapping("public.truetype-ttf-font"),
        "font/otf": MIMEMapping("public.opentype-font"),
        "application/vnd.ms-opentype": MIMEMapping("public.opentype-font"),
    ]

    /// The mapping for a MIME type the table does not list, from its top-level type alone.
    static func fallbackMapping(forLowercased mime: String) -> MIMEMapping {
        let top = mime.prefix { $0 != "/" }
        switch top {
        case "text": return MIMEMapping("public.plain-text", refinable: ["public.text"])
        case "image": return MIMEMapping("public.image")
        case "audio": return MIMEMapping("public.audio")
        case "video": return MIMEMapping("public.video")
        case "font": return MIMEMapping("public.font")
        default: return MIMEMapping("public.data", refinable: [])
        }
    }
}
