import SystemPackage

/// Reads a TIFF's pixel size from its first image file directory, with three small reads.
///
/// gdk-pixbuf's TIFF loader buffers the whole file before it learns the size (libtiff needs random
/// access), so a 2 GB scan would cost 2 GB of memory; the width and height are two tags in the
/// first directory, which is all this reads. BigTIFF (version 43) is not read.
enum TIFFDimensions {
    /// Width and height of the first image in the open file `file`, or nil when the header or
    /// directory is malformed (or cannot be read).
    static func read(_ file: FileDescriptor) -> (width: Int, height: Int)? {
        guard let header = file.read(exactly: 8, atAbsoluteOffset: 0) else { return nil }
        let little: Bool
        switch (header[0], header[1]) {
        case (0x49, 0x49): little = true  // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return nil
        }
        func number(_ slice: ArraySlice<UInt8>) -> Int {
            let ordered = little ? Array(slice.reversed()) : Array(slice)
            return ordered.reduce(0) { $0 << 8 | Int($1) }
        }
        guard number(header[2..<4]) == 42 else { return nil }
        let directory = number(header[4..<8])
        guard directory >= 8,
            let countBytes = file.read(exactly: 2, atAbsoluteOffset: directory)
        else { return nil }
        let count = number(countBytes[...])
        guard count > 0, count <= 4096,
            let entries = file.read(exactly: count * 12, atAbsoluteOffset: directory + 2)
        else {
            return nil
        }
        var width: Int?
        var height: Int?
        for index in 0..<count {
            let entry = entries[(index * 12)..<(index * 12 + 12)]
            let tag = number(entry[entry.startIndex..<(entry.startIndex + 2)])
            let type = number(entry[(entry.startIndex + 2)..<(entry.startIndex + 4)])
            let valueStart = entry.startIndex + 8
            // SHORT (3) sits in the first two bytes of the value field, LONG (4) fills it.
            let value: Int
            switch type {
            case 3: value = number(entry[valueStart..<(valueStart + 2)])
            case 4: value = number(entry[valueStart..<(valueStart + 4)])
            default: continue
            }
            if tag == 256 { width = value }
            if tag == 257 { height = value }
        }
        guard let width, let height, width > 0, height > 0 else { return nil }
        return (width, height)
    }
}
