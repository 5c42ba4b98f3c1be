/// Decodes HTML character references (`&amp;`, `&eacute;`, `&#233;`, `&#xE9;`) in a title.
///
/// The named table covers the markup characters, HTML 4's Latin-1 set and the typographic marks
/// titles use; an unknown name is left as written, as browsers do, rather than dropped.
enum HTMLEntities {
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            guard scalar == "&", let (decoded, length) = reference(in: scalars, at: i) else {
                output.append(scalar)
                i += 1
                continue
            }
            output.append(contentsOf: decoded.unicodeScalars)
            i += length
        }
        return String(output)
    }

    /// The reference starting at `start` (an `&`) and how many scalars it spans, `;` included.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var end = start + 1
        // Longest named reference is short; numeric ones are at most `&#x10FFFF;`.
        while end < scalars.count, end - start <= 32, scalars[end] != ";" { end += 1 }
        guard end < scalars.count, scalars[end] == ";", end > start + 1 else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        let length = end - start + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value else { return nil }
            // Invalid and NUL code points become U+FFFD, as the HTML standard says.
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (String(scalar ?? "\u{FFFD}"), length)
        }
        guard let decoded = named[body] else { return nil }
        return (decoded, length)
    }

    /// HTML 4's Latin-1 entity names, for U+00A0 to U+00FF in order.
    private static let latin1Names = """
        nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn \
        sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave \
        Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml \
        ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN \
        szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute \
        icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml \
        yacute thorn yuml
        """.split(separator: " ")

    private static let named: [String: String] = {
        var table: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "AMP": "&", "LT": "<", "GT": ">",
            "QUOT": "\"", "ndash": "\u{2013}", "mdash": "\u{2014}", "lsquo": "\u{2018}", "rsquo": "\u{2019}",
            "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}",
            "hellip": "\u{2026}", "bull": "\u{2022}", "euro": "\u{20AC}", "trade": "\u{2122}",
            "OElig": "\u{0152}", "oelig": "\u{0153}", "Scaron": "\u{0160}", "scaron": "\u{0161}",
            "Yuml": "\u{0178}", "dagger": "\u{2020}", "Dagger": "\u{2021}", "thinsp": "\u{2009}",
            "ensp": "\u{2002}", "emsp": "\u{2003}", "lsaquo": "\u{2039}", "rsaquo": "\u{203A}",
        ]
        for (offset, name) in latin1Names.enumerated() {
            if let scalar = Unicode.Scalar(0xA0 + offset) { table[String(name)] = String(scalar) }
        }
        return table
    }()
}
