import FSFindCrawl
import FSFindModel
import FSFindPlatform
import FSFindText
import Foundation

/// The bytes the indexer and its extraction workers exchange over a socket.
///
/// Every message is a frame: a little-endian `UInt32` payload length, then the payload. Inside,
/// integers are little-endian `UInt32`, text is a length and UTF-8 bytes, numbers and dates are
/// the `Double`'s bit pattern as little-endian `UInt64` (a date counts seconds since 2001, like
/// `AttributeValue`). Attributes travel by name, so a value never lands in the wrong column.
///
/// Request: extractor name, path bytes, the crawled identity (device, inode, size, mtime and ctime
/// as `UInt64`), tree count, each tree UTI, the text limit (`UInt64`, 0 for no text), the text
/// store's tokenizer (empty for none). The text travels back as the `textContent` attribute, or,
/// when a tokenizer was named, packed and cut into words (``CutText``).
/// Reply: `0`, count, then (name, value) pairs, then `1` with the packed text and the words (two
/// blobs) or `0`; `2`, why the words could not be read, then as `0`; or `1` and the failure reason.
/// Value: tag `1` text, `2` text list (count, texts), `3` number, `4` date.
enum ExtractionWire {
    /// Frames larger than this are a broken peer, not a reply (a title list of 64 MiB is absurd).
    static let maximumFrame = 64 << 20

    /// One file for a worker to read.
    struct Request: Sendable, Hashable {
        var extractor: String
        var path: [UInt8]
        /// What the crawl saw at `path`: the worker reads the file only if it is still that one.
        var identity: FileIdentity
        var tree: [String]
        /// The most bytes of text to take (as `textContent`); 0 for none.
        var textLimit: Int = 0
        /// The text store's tokenizer (``TextStore/wordCutterSpec``): when set, the text comes
        /// back packed and cut (``Extracted/cutText``) instead of as `textContent`.
        var wordCutter: String = ""
    }

    /// What an extractor found in one file: its attributes (the words as `textContent`), and why a
    /// part of it (its words, or what a library that is not installed reads) could not be read
    /// when the rest could.
    struct Extracted: Sendable, Equatable, ExpressibleByDictionaryLiteral {
        var attributes: [Attribute: AttributeValue]
        var problem: String?
        /// The words, packed and cut for the text store, when the request named its tokenizer.
        var cutText: CutText?
        /// The file's size, modification or change time was not the request's once it was read.
        var changedWhileRead = false

        init(
            _ attributes: [Attribute: AttributeValue], problem: String? = nil, cutText: CutText? = nil,
            changedWhileRead: Bool = false
        ) {
            self.attributes = attributes
            self.problem = problem
            self.cutText = cutText
            self.changedWhileRead = changedWhileRead
        }

        init(dictionaryLiteral elements: (Attribute, AttributeValue)...) {
            self.init(Dictionary(elements, uniquingKeysWith: { $1 }))
        }
    }

    /// What a worker says about one file.
    typealias Reply = Result<Extracted, ExtractionError>

    static func encode(_ request: Request) -> [UInt8] {
        var writer = Writer()
        writer.text(request.extractor)
        writer.blob(request.path)
        writer.file(identity: request.identity, tree: request.tree)
        writer.u64(UInt64(request.textLimit))
        writer.text(request.wordCutter)
        return writer.framed()
    }

    static func decodeRequest(_ payload: [UInt8]) throws(ExtractionError) -> Request {
        var reader = Reader(payload)
        let extractor = try reader.text()
        let path = try reader.blob()
        let (identity, tree) = try reader.file()
        let textLimit = Int(truncatingIfNeeded: try reader.u64())
        let wordCutter = try reader.text()
        try reader.end()
        return Request(
            extractor: extractor, path: path, identity: identity, tree: tree, textLimit: max(0, textLimit),
            wordCutter: wordCutter)
    }

    static func encode(_ reply: Reply) -> [UInt8] { Array(encodeParts(reply).joined()) }

    /// A reply's frame in parts, to be sent one after the other: the words and the
    /// packed text are parts of their own, not copied into one buffer, so a worker holds a large
    /// file's words once, not twice, while it sends them.
    static func encodeParts(_ reply: Reply) -> [ArraySlice<UInt8>] {
        var writer = Writer()
        switch reply {
        case .success(let extracted):
            let attributes = extracted.attributes
            if let problem = extracted.problem {
                writer.byte(2)
                writer.text(problem)
            } else {
                writer.byte(0)
            }
            writer.u32(attributes.count)
            for attribute in attributes.keys.sorted() {
                writer.text(attribute.rawValue)
                // Non-nil: the key comes from the same dictionary.
                writer.value(attributes[attribute]!)
            }
            if let cut = extracted.cutText {
                writer.byte(1)
                writer.attach(cut.packed)
                writer.attach(cut.words)
                writer.attach(cut.spelling)
            } else {
                writer.byte(0)
            }
            writer.byte(extracted.changedWhileRead ? 1 : 0)
        case .failure(let error):
            writer.byte(1)
            writer.text(error.reason)
        }
        return writer.framedParts()
    }

    /// Attributes by their names, as replies carry them: a hash lookup, where `init(rawValue:)`
    /// compares the name with every case in turn.
    private static let byName = Dictionary(uniqueKeysWithValues: Attribute.allCases.map { ($0.rawValue, $0) })

    static func decodeReply(_ payload: [UInt8]) throws(ExtractionError) -> Reply {
        var reader = Reader(payload)
        switch try reader.byte() {
        case let tag where tag == 0 || tag == 2:
            let problem = tag == 2 ? try reader.text() : nil
            var attributes: [Attribute: AttributeValue] = [:]
            for _ in 0..<(try reader.count()) {
                let name = try reader.text()
                guard let attribute = byName[name] else {
                    throw ExtractionError("unknown attribute \(name)")
                }
                let value = try reader.value()
                guard value.type == attribute.type else { throw ExtractionError("\(name) has the wrong type") }
                attributes[attribute] = value
            }
            var cutText: CutText?
            switch try reader.byte() {
            case 0: break
            case 1:
                // Slices of the reply: its bytes are kept, not copied (``CutText``).
                cutText = CutText(packed: try reader.slice(), words: try reader.slice(), spelling: try reader.slice())
            case let flag: throw ExtractionError("unknown cut-text flag \(flag)")
            }
            let changed = try reader.byte()
            guard changed <= 1 else { throw ExtractionError("unknown changed flag \(changed)") }
            try reader.end()
            return .success(
                Extracted(attributes, problem: problem, cutText: cutText, changedWhileRead: changed == 1))
        case 1:
            let reason = try reader.text()
            try reader.end()
            return .failure(ExtractionError(reason))
        case let tag:
            throw ExtractionError("unknown reply tag \(tag)")
        }
    }

    /// Runs the request's extractor on the file it names, if that is still the crawled file, and
    /// caps what it found (``ExtractedValueLimits``): what a worker does with a request, and what
    /// the pipeline does in process.
    static func perform(_ request: Request, registry: ExtractorRegistry) -> Reply {
        do throws(ExtractionError) {
            guard let extractor = registry.extractor(named: request.extractor) else {
                throw ExtractionError("no extractor named \(request.extractor)")
            }
            let file = try CrawledFile.forExtraction(request.path, expected: request.identity)
            // Text that cannot be read (a part over the limits, damage in the body) costs the words
            // only: the metadata already read stays, and the reason becomes the item's problem.
            var reading = try extractor.read(file, tree: request.tree, textLimit: request.textLimit)
            var attributes = ExtractedValueLimits.capped(reading.attributes)
            var cutText: CutText?
            // Taken out of the reading, so that a large text's only holder can let it go (``cut(_:spec:file:)``).
            if let text = reading.text.take() {
                switch Self.wordsOrText(text, spec: request.wordCutter, file: file) {
                case .cut(let cut): cutText = cut
                case .text(let text): attributes[.textContent] = .text(text)
                }
            }
            return .success(
                Extracted(
                    attributes, problem: reading.problem, cutText: cutText,
                    changedWhileRead: !file.stillHas(request.identity)))
        } catch {
            return .failure(error)
        }
    }

    /// `text` packed and cut by the tokenizer `spec`, here rather than on the text store's
    /// writing thread; nil (the text then travels as it is, and the indexer cuts it) for no spec,
    /// no words, or when cutting fails or would not fit in a frame.
    static func cut(_ text: String, spec: String, file: CrawledFile? = nil) -> CutText? {
        if case .cut(let cut) = wordsOrText(text, spec: spec, file: file) { cut } else { nil }
    }

    /// ``cut(_:spec:file:)``, or the text back (``WordsOrText``, which consumes `text`: its caller
    /// must not keep it), with the parts at most half a frame.
    static func wordsOrText(_ text: consuming String, spec: String, file: CrawledFile? = nil) -> WordsOrText {
        WordsOrText(consume text, spec: spec, maximum: maximumFrame / 2) { length in gzipFile(file, length: length) }
    }

    /// `file` as it is when it is a gzip file whose trailer gives `length` as its contents'
    /// length, read once more (it is the compressed size; at most 64 MiB): perhaps the stored form
    /// of its text (``WordsOrText``). A file whose trailer gives another length (a compressed tar)
    /// is not read again.
    private static func gzipFile(_ file: CrawledFile?, length: Int) -> [UInt8]? {
        guard let file, file.size >= 18, file.size <= 64 << 20, (try? file.prefix(3)) == [0x1F, 0x8B, 8],
            let trailer = try? file.descriptor.read(upTo: 4, atAbsoluteOffset: file.size - 4),
            case let length = UInt32(truncatingIfNeeded: length),
            trailer == (0..<4).map({ UInt8(truncatingIfNeeded: length >> (8 * UInt32($0))) }),
            let bytes = try? file.prefix(file.size), bytes.count == file.size
        else { return nil }
        return bytes
    }

    /// The payload length a frame header announces, or nil when it is not a sane size.
    static func frameLength(_ header: [UInt8]) -> Int? {
        guard header.count == 4 else { return nil }
        let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
        return length <= maximumFrame ? length : nil
    }

    struct Writer {
        var buffer: [UInt8] = [0, 0, 0, 0]
        /// The frame's parts before ``buffer``, when blobs were attached (``attach(_:)``).
        private var parts: [ArraySlice<UInt8>] = []

        init() {}

        mutating func byte(_ value: UInt8) { buffer.append(value) }

        mutating func u32(_ value: Int) {
            let value = UInt32(truncatingIfNeeded: value)
            for shift in stride(from: 0, to: 32, by: 8) { buffer.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }

        mutating func u64(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { buffer.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }

        mutating func blob(_ value: [UInt8]) {
            u32(value.count)
            buffer.append(contentsOf: value)
        }

        mutating func text(_ value: String) { blob(Array(value.utf8)) }

        /// A blob written as ``blob(_:)`` writes it, but kept as a part of its own of the frame
        /// (``framedParts()``), not copied into it.
        mutating func attach(_ value: ArraySlice<UInt8>) {
            u32(value.count)
            parts.append(buffer[...])
            parts.append(value)
            buffer = []
        }

        /// A file's identity (five u64) and its content-type tree: the part of a request that
        /// names the file, the same in an extraction and a preview request.
        mutating func file(identity: FileIdentity, tree: [String]) {
            u64(identity.device)
            u64(identity.inode)
            u64(UInt64(bitPattern: identity.size))
            u64(UInt64(bitPattern: identity.mtimeNanos))
            u64(UInt64(bitPattern: identity.ctimeNanos))
            u32(tree.count)
            for uti in tree { text(uti) }
        }

        mutating func value(_ value: AttributeValue) {
            switch value {
            case .text(let text):
                byte(1)
                self.text(text)
            case .textList(let list):
                byte(2)
                u32(list.count)
                for text in list { self.text(text) }
            case .number(let number):
                byte(3)
                u64(number.bitPattern)
            case .date(let date):
                byte(4)
                u64(date.timeIntervalSinceReferenceDate.bitPattern)
            }
        }

        /// The frame as parts to send in order, the payload's length written into the first
        /// part's first four bytes.
        mutating func framedParts() -> [ArraySlice<UInt8>] {
            // Moved out, so the first part is not shared and takes its length in place.
            parts.append(buffer[...])
            buffer = []
            var result = parts
            parts = []
            let length = UInt32(truncatingIfNeeded: result.reduce(0) { $0 + $1.count } - 4)
            for index in 0..<4 {
                result[0][result[0].startIndex + index] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(index)))
            }
            return result
        }

        /// The payload with its length written into the first four bytes.
        func framed() -> [UInt8] {
            var result = buffer
            let length = UInt32(truncatingIfNeeded: buffer.count - 4)
            for index in 0..<4 { result[index] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(index))) }
            return result
        }
    }

    /// Bounds-checked reads through the shared cursor (`FSFindModel/ByteCursor.swift`); running
    /// out of bytes is a damaged message, never a trap.
    struct Reader {
        private var cursor: ByteCursor<[UInt8]>

        init(_ data: [UInt8]) { cursor = ByteCursor(data) }

        private static let truncated = ExtractionError("truncated message")

        mutating func byte() throws(ExtractionError) -> UInt8 {
            do { return try cursor.u8() } catch { throw Self.truncated }
        }

        mutating func u32() throws(ExtractionError) -> UInt32 {
            do { return try cursor.u32() } catch { throw Self.truncated }
        }

        mutating func u64() throws(ExtractionError) -> UInt64 {
            do { return try cursor.u64() } catch { throw Self.truncated }
        }

        /// What ``Writer/file(identity:tree:)`` wrote.
        mutating func file() throws(ExtractionError) -> (identity: FileIdentity, tree: [String]) {
            let identity = FileIdentity(
                device: try u64(), inode: try u64(), size: Int64(bitPattern: try u64()),
                mtimeNanos: Int64(bitPattern: try u64()), ctimeNanos: Int64(bitPattern: try u64()))
            var tree: [String] = []
            for _ in 0..<(try count()) { tree.append(try text()) }
            return (identity, tree)
        }

        /// A count of things that each take at least one byte, so it cannot exceed what is left.
        mutating func count() throws(ExtractionError) -> Int {
            let value = Int(try u32())
            guard value <= cursor.remaining else { throw Self.truncated }
            return value
        }

        /// A blob as a slice of the message, not a copy: it keeps the message's bytes as long as
        /// it lives.
        mutating func slice() throws(ExtractionError) -> ArraySlice<UInt8> {
            let length = try count()
            do { return try cursor.take(length) } catch { throw Self.truncated }
        }

        mutating func blob() throws(ExtractionError) -> [UInt8] {
            let length = try count()
            do { return Array(try cursor.take(length)) } catch { throw Self.truncated }
        }

        mutating func text() throws(ExtractionError) -> String {
            String(decoding: try blob(), as: UTF8.self)
        }

        mutating func value() throws(ExtractionError) -> AttributeValue {
            switch try byte() {
            case 1: return .text(try text())
            case 2:
                var list: [String] = []
                for _ in 0..<(try count()) { list.append(try text()) }
                return .textList(list)
            case 3: return .number(Double(bitPattern: try u64()))
            case 4: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try u64())))
            case let tag: throw ExtractionError("unknown value tag \(tag)")
            }
        }

        func end() throws(ExtractionError) {
            guard cursor.remaining == 0 else { throw ExtractionError("trailing bytes in message") }
        }
    }
}
