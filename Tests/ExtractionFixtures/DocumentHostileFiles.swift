import Foundation

/// Builders for hostile inputs made at test time: ZIP archives assembled byte by byte (so a bomb
/// costs a few MiB of compressed data, never its inflated size) and PDFs with a given body.
package enum DocumentHostileFiles {
    /// One ZIP entry as it will be written: `data` is already compressed when `deflated`.
    package struct ZipEntry {
        package var name: String
        package var data: [UInt8]
        package var deflated: Bool
        package var crc: UInt32
        /// The uncompressed size written in both headers (a bomb may lie here).
        package var declaredSize: UInt32

        package init(name: String, data: [UInt8], deflated: Bool, crc: UInt32, declaredSize: UInt32) {
            self.name = name
            self.data = data
            self.deflated = deflated
            self.crc = crc
            self.declaredSize = declaredSize
        }

        /// A stored entry of raw bytes with its true size and checksum.
        package static func stored(_ name: String, bytes: [UInt8]) -> ZipEntry {
            ZipEntry(name: name, data: bytes, deflated: false, crc: crc32(bytes), declaredSize: UInt32(bytes.count))
        }

        /// A stored (uncompressed) entry with its true size and checksum.
        package static func stored(_ name: String, _ text: String) -> ZipEntry {
            stored(name, bytes: Array(text.utf8))
        }
    }

    /// A ZIP archive holding `entries`: local headers, data, central directory, end record.
    package static func zip(_ entries: [ZipEntry]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        func u16(_ value: Int, into bytes: inout [UInt8]) {
            bytes += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]
        }
        func u32(_ value: UInt32, into bytes: inout [UInt8]) {
            bytes += (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) }
        }
        for entry in entries {
            let offset = UInt32(out.count)
            let name = Array(entry.name.utf8)
            let method = entry.deflated ? 8 : 0
            u32(0x0403_4B50, into: &out)
            u16(20, into: &out)
            u16(0, into: &out)
            u16(method, into: &out)
            u16(0, into: &out)
            u16(0x21, into: &out)  // 1980-01-01
            u32(entry.crc, into: &out)
            u32(UInt32(entry.data.count), into: &out)
            u32(entry.declaredSize, into: &out)
            u16(name.count, into: &out)
            u16(0, into: &out)
            out += name
            out += entry.data
            u32(0x0201_4B50, into: &central)
            u16(20, into: &central)
            u16(20, into: &central)
            u16(0, into: &central)
            u16(method, into: &central)
            u16(0, into: &central)
            u16(0x21, into: &central)
            u32(entry.crc, into: &central)
            u32(UInt32(entry.data.count), into: &central)
            u32(entry.declaredSize, into: &central)
            u16(name.count, into: &central)
            for _ in 0..<4 { u16(0, into: &central) }  // extra, comment, disk, internal attributes
            u32(0, into: &central)
            u32(offset, into: &central)
            central += name
        }
        let centralOffset = UInt32(out.count)
        out += central
        u32(0x0605_4B50, into: &out)
        u16(0, into: &out)
        u16(0, into: &out)
        u16(entries.count, into: &out)
        u16(entries.count, into: &out)
        u32(UInt32(central.count), into: &out)
        u32(centralOffset, into: &out)
        u16(0, into: &out)
        return out
    }

    /// A raw deflate stream (fixed Huffman codes) that inflates to `count` spaces: one literal,
    /// then length-258 distance-1 copies at 13 bits each, so 1 GiB costs about 6.5 MiB. After the
    /// first copy the stream is byte-aligned and every 8 copies are the same 13 bytes, so those are
    /// repeated instead of written bit by bit.
    package static func deflatedSpaces(count: Int) -> [UInt8] {
        precondition(count > 258)
        var head = BitWriter()
        head.write(0b1, bits: 1)  // BFINAL
        head.write(0b01, bits: 2)  // fixed Huffman
        head.writeHuffman(0x30 + 0x20, bits: 8)  // literal 0x20: fixed code 0x30 + 0x20
        head.writeCopy()  // 3 + 8 + 13 = 24 bits: aligned from here on
        var block = BitWriter()
        for _ in 0..<8 { block.writeCopy() }
        let copies = (count - 1) / 258 - 1
        var out = head.finished
        out.reserveCapacity(out.count + copies / 8 * 13 + 16)
        let unit = block.finished
        for _ in 0..<(copies / 8) { out += unit }
        var tail = BitWriter()
        for _ in 0..<(copies % 8) { tail.writeCopy() }
        for _ in 0..<((count - 1) % 258) { tail.writeHuffman(0x30 + 0x20, bits: 8) }
        tail.writeHuffman(0, bits: 7)  // end of block (256)
        return out + tail.finished
    }

    /// Writes deflate's bit stream: values least significant bit first, Huffman codes most
    /// significant bit first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var current: UInt8 = 0
        private var used = 0

        mutating func write(_ value: UInt32, bits: Int) {
            for bit in 0..<bits { push(UInt8((value >> UInt32(bit)) & 1)) }
        }

        /// Length 258 (code 285, no extra bits), distance 1 (code 0).
        mutating func writeCopy() {
            writeHuffman(0b1100_0101, bits: 8)
            writeHuffman(0, bits: 5)
        }

        mutating func writeHuffman(_ code: UInt32, bits: Int) {
            for bit in stride(from: bits - 1, through: 0, by: -1) { push(UInt8((code >> UInt32(bit)) & 1)) }
        }

        private mutating func push(_ bit: UInt8) {
            current |= bit << UInt8(used)
            used += 1
            if used == 8 {
                bytes.append(current)
                current = 0
                used = 0
            }
        }

        var finished: [UInt8] { used == 0 ? bytes : bytes + [current] }
    }

    /// CRC-32 (IEEE, as ZIP uses).
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A PDF with the given objects (numbered from 1) and a correct cross-reference table.
    package static func pdf(objects: [String], root: Int = 1, info: Int? = nil) -> [UInt8] {
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            table += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n"
        }
        let infoEntry = info.map { " /Info \($0) 0 R" } ?? ""
        table += "trailer\n<< /Size \(objects.count + 1) /Root \(root) 0 R\(infoEntry) >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(table.utf8)
    }
}
