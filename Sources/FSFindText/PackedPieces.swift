import FSFindModel

/// A large text packed in pieces, so that its words can be cut after the text itself is let go.
///
/// An extraction worker holds a text, its packed form, its spelling words and its words at once
/// while it makes them, and the words are about as long as the text: for the largest texts that
/// was the worker's peak. Packed in Zstandard frames of about ``pieceBytes`` of text each, the
/// text can go once packed, and the words are cut from one frame's text at a time. The stored
/// form is the same format (``StoredText/pack(_:)``'s header, then Zstandard, whose one-shot
/// decompression reads any number of frames one after the other), so readers do not change.
struct PackedPieces: Sendable {
    /// The stored form: ``StoredText``'s header, then the frames.
    let packed: [UInt8]
    /// Each frame's bytes in ``packed`` and the length of the text it holds, in order.
    let frames: [(bytes: Range<Int>, length: Int)]

    /// About this many bytes of text a frame: Zstandard's fast level looks back 512 KiB, so
    /// frames of a MiB pack nearly as small as one frame of the whole text.
    static let pieceBytes = 1 << 20

    /// `text` packed in pieces, each ending after an ASCII byte that is neither a letter nor a
    /// digit (where no word goes on, so each piece is cut into words alone: see
    /// ``WordCutter/cut(_:spec:)-(PackedPieces,_)``); nil without Zstandard.
    init?(_ text: borrowing String, pieceBytes: Int = PackedPieces.pieceBytes) {
        guard let zstd = try? Zstd.shared.get() else { return nil }
        var text = copy text  // a reference, for withUTF8 (a native string's bytes are not copied)
        let made = text.withUTF8 { utf8 -> (packed: [UInt8], frames: [(bytes: Range<Int>, length: Int)])? in
            var packed = StoredText.header(utf8.count)
            var frames: [(bytes: Range<Int>, length: Int)] = []
            var start = 0
            while start < utf8.count {
                let end = Self.end(of: utf8, from: start, pieceBytes: pieceBytes)
                let piece = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[start..<end]))
                guard let frame = try? zstd.compress(piece, after: []) else { return nil }
                frames.append((packed.count..<packed.count + frame.count, end - start))
                packed += frame
                start = end
            }
            return (packed, frames)
        }
        guard let made else { return nil }
        packed = made.packed
        frames = made.frames
    }

    /// Where the piece that starts at `start` ends: after the last byte where a word cannot go on
    /// at most `pieceBytes` on, else after the first one past that, else at the text's end.
    static func end(of utf8: UnsafeBufferPointer<UInt8>, from start: Int, pieceBytes: Int) -> Int {
        let limit = min(utf8.count, start + pieceBytes)
        guard limit < utf8.count else { return utf8.count }
        if let last = utf8[start..<limit].lastIndex(where: endsWord) { return last + 1 }
        return utf8[limit...].firstIndex(where: endsWord).map { $0 + 1 } ?? utf8.count
    }

    /// An ASCII byte that is neither a letter nor a digit: FTS5's `unicode61` ends a word there.
    static func endsWord(_ byte: UInt8) -> Bool { byte < 0x80 && !ASCIIText.isWord(byte) }

    /// The text again, whole (for a text whose words could not be cut after all).
    var text: String {
        String(decoding: packed.withUnsafeBytes { StoredText.unpack($0) } ?? [], as: UTF8.self)
    }

    /// The text of each frame in turn, given to `body` (which must not keep it).
    func forEachPiece(_ body: (UnsafeBufferPointer<UInt8>) throws(FSFindError) -> Void) throws(FSFindError) {
        let zstd = try Zstd.shared.get()
        for frame in frames {
            let text = packed.withUnsafeBytes { bytes in
                zstd.decompress(UnsafeRawBufferPointer(rebasing: bytes[frame.bytes]), length: frame.length)
            }
            guard let text else { throw FSFindError(.io, "zstd could not read back a text it packed") }
            var failure: FSFindError?
            text.withUnsafeBufferPointer { piece in
                do throws(FSFindError) { try body(piece) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }
}
