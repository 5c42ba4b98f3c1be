import FSFindExtraction
import FSFindModel
import FSFindText

/// Files whose words are already known, so that they are read, cut and stored once: other names
/// of one file, copies of one file's bytes in this run, and files the text store already holds
/// from an earlier run.
///
/// A tree holds copies: the same license in many packages, a document saved twice, a photo
/// library's backup, a tree of hard links. On `/usr/share/doc` a quarter of the text is in files
/// whose bytes another file has (one changelog eleven times), and reading, cutting and indexing
/// words is most of a first index with words (`benchmarks/RESULTS.md`, "The first index with
/// words under 3× the metadata-only one"). Here the first file of a run with given bytes is
/// its twins' *original*: it is read as before, and each twin gets its metadata from its own
/// extraction but names the original's document in the text store
/// (``TextStore/Writer/link(source:document:)``).
///
/// Looked up in order: another name of a file met in the run (same device, inode and identity,
/// whatever its size: no byte read); a source the store knows (``TextStore/document(for:)``);
/// then the bytes' digest under the store's key (``KeyedDigest``, so no file can be made to
/// collide with another on purpose), among the run's originals and the store's documents
/// (``TextStore/document(digest:)``: a copy made next week is the same document). Only files an
/// extractor reads words from are looked up, and only those of at most ``maximumSize`` bytes are
/// read for a digest. The content type is part of every key: an extractor may read a file by its
/// type, and a type can come from the name.
///
/// Used by the indexer's thread only.
final class TextTwins {
    /// What the indexer does with one item's words.
    enum Role {
        /// The first file with these bytes (its digest, when it was read for one): read as before;
        /// ``settle(_:document:failed:)`` records what it got.
        case original(Slot, digest: KeyedDigest?)
        /// A file whose words are those of the original at the slot (or of a stored document):
        /// its words are not read.
        case twin(Slot)

        var isTwin: Bool { if case .twin = self { true } else { false } }
    }

    /// An original's place.
    struct Slot {
        fileprivate let index: Int32
    }

    /// Files larger than this are not read for a digest: reading a large file once more to
    /// compare it costs more than its words (the text taken from one file is capped anyway).
    static let maximumSize: Int64 = 64 << 20

    /// One original: a few bytes, since a run with words has one per file that has any.
    private struct Original {
        /// Its document in the text store, once settled (or found there); nil when it has none.
        var document: UInt32?
        /// Settled with a problem, or written to while read: its words may not be those of the
        /// bytes compared, so its twins read their own.
        var failed = false
    }

    private var originals: [Original] = []
    /// The original of each digest met in the run.
    private var byDigest: [KeyedDigest: Int32] = [:]
    /// The original of each file with several names met in the run: its other names are its
    /// twins without a byte read, whatever their size (a tree of a million links to a few hundred
    /// files stores a few hundred documents).
    private var linked: [DocumentSource: Int32] = [:]

    /// Where earlier runs' documents are looked up (a reading connection: the run's own
    /// transaction is written on another thread); nil for a store that holds nothing yet.
    private let stored: TextStore?
    /// The key of the store's digests; nil: no digest is made.
    private let key: KeyedDigest.Key?

    /// Twins for a run writing into `store`.
    init(store: TextStore?) throws(FSFindError) {
        key = store?.digestKey
        if let store, !store.isNew {
            stored = try TextStore(path: store.path, create: false)
        } else {
            stored = nil
        }
    }

    /// The role of each item of a batch that the extractors are about to read (positions in
    /// `items`); items without one are read as before. `linkCounts`: each item's number of names.
    func roles(of items: [IndexedItem], linkCounts: [UInt32], pipeline: ExtractionPipeline) throws(FSFindError)
        -> [Int: Role]
    {
        var roles: [Int: Role] = [:]
        for (position, item) in items.enumerated() {
            guard pipeline.textBytes(for: item) > 0, case .textList(let tree)? = item.attributes[.contentTypeTree],
                let type = tree.first
            else { continue }
            let source = DocumentSource(identity: item.identity, type: type)
            let isLink = position < linkCounts.count && linkCounts[position] > 1
            if isLink, let index = linked[source] {
                roles[position] = .twin(Slot(index: index))
                continue
            }
            let index = Int32(originals.count)
            if let document = try stored?.document(for: source) {
                originals.append(Original(document: document))
                roles[position] = .twin(Slot(index: index))
            } else {
                let digest = item.identity.size <= Self.maximumSize ? digest(of: item, type: type) : nil
                if let digest, let earlier = byDigest[digest] {
                    roles[position] = .twin(Slot(index: earlier))
                    if isLink { linked[source] = earlier }
                    continue
                }
                if let digest, let document = try stored?.document(digest: digest) {
                    originals.append(Original(document: document))
                    roles[position] = .twin(Slot(index: index))
                } else {
                    originals.append(Original())
                    roles[position] = .original(Slot(index: index), digest: digest)
                }
                if let digest { byDigest[digest] = index }
            }
            if isLink { linked[source] = index }
        }
        return roles
    }

    /// Records what the original at `slot` got: its document (nil: it has no words), and whether
    /// its reading failed (then its twins read their own words).
    func settle(_ slot: Slot, document: UInt32?, failed: Bool) {
        originals[Int(slot.index)].document = document
        originals[Int(slot.index)].failed = failed
    }

    /// For a twin of the original at `slot`: that original's document, or nil when it has none.
    func document(of slot: Slot) -> UInt32? { originals[Int(slot.index)].document }

    /// True when the original at `slot` could not be read, so its twin must read its own words.
    func originalFailed(_ slot: Slot) -> Bool { originals[Int(slot.index)].failed }

    /// The digest of `type` and of the bytes of `item`'s file, read whole, when it is still the
    /// crawled file; nil otherwise, or when the store makes no digests.
    private func digest(of item: IndexedItem, type: String) -> KeyedDigest? {
        guard let key else { return nil }
        return KeyedDigest(file: item.path, crawledAs: item.identity, type: type, key: key)
    }
}
