import Foundation

/// Which characters of a result's name the typed words matched, to draw them highlighted: for
/// each word, its first occurrence at the start of a word of the name, else its first occurrence
/// anywhere (the scan also matches inside names). Compared as the scan compares, without case and
/// accents, character by character so the ranges count the name's own characters.
enum NameHighlight {
    /// Character ranges of `name`, sorted and not overlapping.
    static func ranges(in name: String, words: [String]) -> [Range<Int>] {
        guard !words.isEmpty, !name.isEmpty else { return [] }
        return asciiRanges(in: name, words: words) ?? characterRanges(in: name, words: words)
    }

    /// ``ranges(in:words:)`` character by character, each folded: any name and words.
    static func characterRanges(in name: String, words: [String]) -> [Range<Int>] {
        let characters = Array(name)
        let folded = characters.map(fold)
        var found: [Range<Int>] = []
        for word in words {
            let target = Array(word).map(fold)
            guard !target.isEmpty, target.count <= folded.count else { continue }
            let starts = (0...(folded.count - target.count)).filter { start in
                folded[start..<start + target.count].elementsEqual(target)
            }
            let atWordStart = starts.first { $0 == 0 || !characters[$0 - 1].isLetter && !characters[$0 - 1].isNumber }
            if let start = atWordStart ?? starts.first { found.append(start..<start + target.count) }
        }
        return merged(found)
    }

    /// ``ranges(in:words:)`` of an ASCII name and words, compared byte by byte (a character a
    /// byte, folded by lowering A–Z): a character array and a string per character of every
    /// visible name were most of a paint's reading of its rows. Nil for anything else, and for a
    /// carriage return, which a following line feed joins into one character.
    static func asciiRanges(in name: String, words: [String]) -> [Range<Int>]? {
        func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D } }
        var words = words
        for k in words.indices where !words[k].withUTF8(isPlainASCII) { return nil }
        var name = name
        return name.withUTF8 { bytes -> [Range<Int>]? in
            guard isPlainASCII(bytes) else { return nil }
            var found: [Range<Int>] = []
            for k in words.indices {
                if let range = words[k].withUTF8({ firstMatch(of: $0, in: bytes) }) { found.append(range) }
            }
            return merged(found)
        }
    }

    /// Where `target` (ASCII) first starts a word of `name` (ASCII), else where it first occurs.
    private static func firstMatch(of target: UnsafeBufferPointer<UInt8>, in name: UnsafeBufferPointer<UInt8>) -> Range<
        Int
    >? {
        guard !target.isEmpty, target.count <= name.count else { return nil }
        var first: Int?
        for start in 0...(name.count - target.count) {
            var k = 0
            while k < target.count, lowered(name[start + k]) == lowered(target[k]) { k += 1 }
            guard k == target.count else { continue }
            if start == 0 || !isAlphanumeric(name[start - 1]) { return start..<start + target.count }
            if first == nil { first = start }
        }
        return first.map { $0..<$0 + target.count }
    }

    @inline(__always) private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }

    /// `Character.isLetter || isNumber` for an ASCII byte.
    @inline(__always) private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }

    /// `found` sorted, overlaps (two words matching the same letters) merged.
    private static func merged(_ found: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in found.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// ASCII by arithmetic (names are mostly ASCII, and this runs for every visible row on every
    /// paint); anything else through Foundation's folding.
    private static func fold(_ character: Character) -> String {
        if let ascii = character.asciiValue {
            return String(UnicodeScalar((65...90).contains(ascii) ? ascii + 32 : ascii))
        }
        return String(character).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
