import FSFindCrawl
import FSFindExtraction
import FSFindModel
import FSFindPlatform
import Glibc

/// Files of one run whose bytes are the same, so that their words are read, cut and indexed once.
///
/// A tree holds copies: the same license in many packages, a document saved twice, a photo
/// library's backup. On `/usr/share/doc` a quarter of the text is in files whose bytes another
/// file has (one changelog eleven times), and reading, cutting and indexing words is most of a
/// first index with words (`benchmarks/RESULTS.md`, "The first index with words under 3× the
/// metadata-only one"). Here the first file of a run with given
/// bytes is its twins' *original*: it is read as before, and each twin gets its metadata from its
/// own extraction but names the original's document in the text store
/// (``TextStore/Writer/link(path:identity:document:)``), whose words stay while any file names
/// them.
///
/// Two files are twins only when they have the same size, the same content type (an extractor
/// may read a file by its type, and a type can come from the name) and the same bytes: two
/// 64-bit SipHash values of the whole file, whose keys Swift draws at random for each process,
/// so no file can be made to collide with another on purpose. Only files an extractor reads
/// words from, of ``minimumSize`` to ``maximumSize`` bytes, and only sizes that two files of the
/// run share are read for this: a tree of distinct sizes costs no read at all.
///
/// Used by the indexer's thread only.
final class TextTwins {
    /// What the indexer does with one item's words.
    enum Role {
        /// The first file of the run with these bytes: read as before; ``settle(_:document:failed:)``
        /// records what it got.
        case original(Slot)
        /// A file with the bytes of the original at the slot: its words are not read.
        case twin(Slot)

        var isTwin: Bool { if case .twin = self { true } else { false } }
    }

    /// An original's place: its group and its position there.
    struct Slot {
        fileprivate let key: Key
        fileprivate let index: Int
    }

    /// Files smaller than this are not compared: the words of a small file cost less than the
    /// record of it.
    static let minimumSize: Int64 = 16 << 10
    /// Files larger than this are not compared: reading a large file once more to compare it
    /// costs more than its words (the text taken from one file is capped anyway).
    static let maximumSize: Int64 = 64 << 20

    fileprivate struct Key: Hashable {
        let size: Int64
        let type: String
    }

    private struct Digest: Hashable {
        let first: UInt64
        let second: UInt64
    }

    /// One original.
    private struct Original {
        let path: [UInt8]
        let identity: FileIdentity
        /// Nil until a second file of its size asks; then its digest, or nil again for ever when it
        /// could not be read as crawled (``unreadable``).
        var digest: Digest?
        var unreadable = false
        /// Its document in the text store, once settled; nil when it has none.
        var document: UInt32?
        /// Settled with a problem, or written to while read: its words may not be those of the
        /// bytes compared, so its twins read their own.
        var failed = false
    }

    /// The originals of each size and type, in the order they came.
    private var groups: [Key: [Original]] = [:]

    /// A file with several names (a hard link): one file, whatever it is called.
    private struct Inode: Hashable {
        let device: UInt64
        let inode: UInt64
        let type: String
    }

    /// The original of each file with several names met in the run: its other names are its
    /// twins without a byte read, whatever their size (a tree of a million links to a few hundred
    /// files stores a few hundred documents).
    private var linked: [Inode: Slot] = [:]

    /// The role of each item of a batch that the extractors are about to read (positions in
    /// `items`); items without one are read as before. `linkCounts`: each item's number of names.
    func roles(of items: [IndexedItem], linkCounts: [UInt32], pipeline: ExtractionPipeline) -> [Int: Role] {
        var roles: [Int: Role] = [:]
        for (position, item) in items.enumerated() {
            let size = item.identity.size
            let isLink = position < linkCounts.count && linkCounts[position] > 1
            guard isLink || (size >= Self.minimumSize && size <= Self.maximumSize), pipeline.textBytes(for: item) > 0,
                case .textList(let tree)? = item.attributes[.contentTypeTree], let type = tree.first
            else { continue }
            let key = Key(size: size, type: type)
            if isLink {
                let inode = Inode(device: item.identity.device, inode: item.identity.inode, type: type)
                if let slot = linked[inode], groups[slot.key]?[slot.index].identity == item.identity {
                    roles[position] = .twin(slot)
                    continue
                }
                guard size >= Self.minimumSize, size <= Self.maximumSize, groups[key] != nil else {
                    // Its first name, and nothing of its size to compare it with: read as before.
                    groups[key, default: []].append(Original(path: item.path, identity: item.identity))
                    let slot = Slot(key: key, index: groups[key, default: []].count - 1)
                    linked[inode] = slot
                    roles[position] = .original(slot)
                    continue
                }
                // Its first name, compared with the others of its size below.
            }
            guard var originals = groups[key] else {
                // The first of its size: nothing to compare it with yet, so nothing is read.
                groups[key] = [Original(path: item.path, identity: item.identity)]
                roles[position] = .original(Slot(key: key, index: 0))
                continue
            }
            // Another of its size: both are read (the earlier one once for the run).
            guard let digest = digest(of: item.path, identity: item.identity) else { continue }
            var twinOf: Int?
            for index in originals.indices {
                if originals[index].digest == nil && !originals[index].unreadable {
                    originals[index].digest = self.digest(
                        of: originals[index].path, identity: originals[index].identity)
                    originals[index].unreadable = originals[index].digest == nil
                }
                if originals[index].digest == digest {
                    twinOf = index
                    break
                }
            }
            let slot: Slot
            if let twinOf {
                slot = Slot(key: key, index: twinOf)
                roles[position] = .twin(slot)
            } else {
                originals.append(Original(path: item.path, identity: item.identity, digest: digest))
                slot = Slot(key: key, index: originals.count - 1)
                roles[position] = .original(slot)
            }
            groups[key] = originals
            if isLink {
                linked[Inode(device: item.identity.device, inode: item.identity.inode, type: type)] = slot
            }
        }
        return roles
    }

    /// Records what the original at `slot` got: its document (nil: it has no words), and whether
    /// its reading failed (then its twins read their own words).
    func settle(_ slot: Slot, document: UInt32?, failed: Bool) {
        groups[slot.key]?[slot.index].document = document
        groups[slot.key]?[slot.index].failed = failed
    }

    /// For a twin of the original at `slot`: that original's document, or nil when it has none.
    func document(of slot: Slot) -> UInt32? { groups[slot.key]?[slot.index].document }

    /// True when the original at `slot` could not be read, so its twin must read its own words.
    func originalFailed(_ slot: Slot) -> Bool { groups[slot.key]?[slot.index].failed ?? true }

    /// The digest of the file at `path`, read whole, when it is still the crawled file (same
    /// device, inode, size, modification and change times); nil otherwise.
    private func digest(of path: [UInt8], identity: FileIdentity) -> Digest? {
        guard let file = try? CrawledFile(opening: path, expected: identity), file.stillHas(identity) else {
            return nil
        }
        var first = Hasher()
        var second = Hasher()
        first.combine(UInt8(1))
        second.combine(UInt8(2))
        var remaining = Int(identity.size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 16)
        defer { buffer.deallocate() }
        while remaining > 0 {
            let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, remaining)])
            // Shorter than it was crawled (or unreadable): not the crawled file's bytes any more.
            guard let count = try? file.descriptor.read(into: chunk), count > 0 else { return nil }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            first.combine(bytes: bytes)
            second.combine(bytes: bytes)
            remaining -= count
        }
        return Digest(
            first: UInt64(bitPattern: Int64(first.finalize())), second: UInt64(bitPattern: Int64(second.finalize())))
    }
}
