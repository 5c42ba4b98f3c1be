/// Images drawn by the terminal itself, with the kitty graphics protocol and its Unicode
/// placeholders (kitty 0.28+, Ghostty): the pixels are sent once under a small image id, a
/// virtual placement says how many cells they cover, and the screen then writes ordinary text
/// cells (U+10EEEE, a row and a column mark, the id as the foreground colour) where the image
/// goes. So the picture is part of the text the painter diffs, and moves, clips and repaints with
/// it; nothing is drawn at a cursor position the screen does not own.
///
/// Spec: https://sw.kovidgoyal.net/kitty/graphics-protocol/ (Unicode placeholders).
enum KittyGraphics {
    /// Which way previews are drawn in this terminal: kitty's protocol where the terminal says it
    /// is kitty or Ghostty and no multiplexer sits between (tmux and screen swallow the image
    /// data), else chafa's symbols. `FSFIND_PREVIEW_GRAPHICS=kitty|symbols` overrides.
    static func isSupported(_ environment: [String: String]) -> Bool {
        switch environment["FSFIND_PREVIEW_GRAPHICS"] {
        case "kitty": return true
        case "symbols": return false
        default: break
        }
        if environment["TMUX"] != nil || environment["STY"] != nil { return false }
        let term = environment["TERM", default: ""]
        return term == "xterm-kitty" || term == "xterm-ghostty" || environment["KITTY_WINDOW_ID"] != nil
            || environment["TERM_PROGRAM"] == "ghostty"
    }

    /// The placeholder character a cell of an image is written as.
    static let placeholder: Unicode.Scalar = "\u{10EEEE}"

    /// Base64 characters per escape sequence (the protocol's limit is 4096).
    static let chunk = 4096

    /// The sequences that send `image` under `id` (zlib-packed RGB, `f=24,o=z`, in chunks) and
    /// make its virtual placement over `image.columns × image.rows` cells; `q=2` keeps the
    /// terminal from answering on the keyboard input. Built as bytes: a megabyte of base64 cut
    /// into chunks by `String` indices would walk every character for grapheme breaks.
    static func transmit(_ image: PreviewImage, id: Int) -> String {
        let data = base64(image.packedPixels)
        var output: [UInt8] = []
        output.reserveCapacity(data.count + data.count / chunk * 16 + 128)
        var start = 0
        repeat {
            let end = min(start + chunk, data.count)
            let more = end < data.count ? 1 : 0
            let keys =
                start == 0 ? "a=t,f=24,o=z,s=\(image.width),v=\(image.height),i=\(id),q=2,m=\(more)" : "m=\(more)"
            output += Array("\u{1B}_G\(keys);".utf8)
            output += data[start..<end]
            output += [0x1B, UInt8(ascii: "\\")]
            start = end
        } while start < data.count
        output += Array("\u{1B}_Ga=p,U=1,i=\(id),c=\(image.columns),r=\(image.rows),q=2\u{1B}\\".utf8)
        return String(decoding: output, as: UTF8.self)
    }

    /// The sequence that deletes image `id` and its data from the terminal.
    static func delete(id: Int) -> String {
        "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"
    }

    /// Row `row` of the image's cells: each a placeholder with its row and column marks.
    static func placeholders(row: Int, columns: Int) -> String {
        var text = String.UnicodeScalarView()
        let rowMark = diacritics[min(row, diacritics.count - 1)]
        for column in 0..<min(columns, diacritics.count) {
            text.append(placeholder)
            text.append(rowMark)
            text.append(diacritics[column])
        }
        return String(text)
    }

    /// The most cells on a side a placement may have: the marks below number each row and
    /// column.
    static var largestSide: Int { diacritics.count }

    /// The first 128 of kitty's row and column marks, in the order of its
    /// `rowcolumn-diacritics.txt`: mark i stands for row or column i.
    static let diacritics: [Unicode.Scalar] = [
        0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C, 0x0350,
        0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369, 0x036A, 0x036B,
        0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592, 0x0593, 0x0594, 0x0595,
        0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1, 0x05A8, 0x05A9, 0x05AB, 0x05AC,
        0x05AF, 0x05C4, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615, 0x0616, 0x0617, 0x0657, 0x0658, 0x0659,
        0x065A, 0x065B, 0x065D, 0x065E, 0x06D6, 0x06D7, 0x06D8, 0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DF, 0x06E0,
        0x06E1, 0x06E2, 0x06E4, 0x06E7, 0x06E8, 0x06EB, 0x06EC, 0x0730, 0x0732, 0x0733, 0x0735, 0x0736, 0x073A,
        0x073D, 0x073F, 0x0740, 0x0741, 0x0743, 0x0745, 0x0747, 0x0749, 0x074A, 0x07EB, 0x07EC, 0x07ED, 0x07EE,
        0x07EF, 0x07F0, 0x07F1, 0x07F3, 0x0816, 0x0817, 0x0818, 0x0819, 0x081B, 0x081C, 0x081D, 0x081E, 0x081F,
        0x0820, 0x0821, 0x0822, 0x0823, 0x0825, 0x0826, 0x0827, 0x0829, 0x082A, 0x082B, 0x082C,
    ].map { Unicode.Scalar($0)! }

    /// Standard base64 (RFC 4648) with padding, as ASCII bytes.
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = UInt32(bytes[index])
            let b1 = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let b2 = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let triple = b0 << 16 | b1 << 8 | b2
            output.append(alphabet[Int(triple >> 18 & 63)])
            output.append(alphabet[Int(triple >> 12 & 63)])
            output.append(index + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
            output.append(index + 2 < bytes.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return output
    }
}
