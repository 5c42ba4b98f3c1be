import FSFindCrawl
import FSFindModel
import FSFindPlatform
import Foundation
import Synchronization
import SystemPackage

/// Turns crawl entries into index items: content type from libmagic for regular files, the
/// file-system attributes from the crawl's `statx` for everything.
///
/// Only regular files are opened. Folders are `public.folder`, symlinks `public.symlink` (never
/// followed). FIFOs, sockets and devices are kept as items but never opened: their type is just
/// `public.item` (there is no content to conform to anything), with a kind such as "Named pipe" and
/// the `inode/…` MIME type `file --mime-type` prints for them. A regular file that cannot be
/// opened or read is `public.data` with an `.unreadable` problem; an unlistable folder is still
/// `public.folder`, with an `.unreadable` problem.
package enum Identifier {
    /// Identifies `entries` on `workers` threads (one libmagic cookie each) and returns one item per
    /// entry, in the same order, whatever the scheduling.
    static func identify(
        _ entries: [CrawlEntry], workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> [IndexedItem] {
        var opened = 0
        return identify(entries, workers: workers, filesOpened: &opened)
    }

    /// ``identify(_:workers:)`` that also adds the number of files it opened to `filesOpened`.
    static func identify(
        _ entries: [CrawlEntry], workers: Int = ProcessInfo.processInfo.activeProcessorCount, filesOpened: inout Int
    ) -> [IndexedItem] {
        let count = entries.count
        guard count > 0 else { return [] }
        let workerCount = max(1, min(workers, (count + chunkSize - 1) / chunkSize))
        return [IndexedItem](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            // Non-nil: capacity is at least one.
            let slots = Slots(base: buffer.baseAddress!)
            let cursor = Cursor()
            let answers = MagicAnswers()
            if workerCount == 1 {
                work(entries, slots: slots, cursor: cursor, answers: answers)
            } else {
                JoinedThreads.start(count: workerCount) { _ in
                    work(entries, slots: slots, cursor: cursor, answers: answers)
                }.join()
            }
            // Every index below `count` was claimed by exactly one worker and initialized.
            initializedCount = count
            filesOpened += cursor.opened.load(ordering: .relaxed)
        }
    }

    /// Identifies one entry with the given cookie; what each worker does per entry.
    /// - Parameter magic: the calling thread's cookie; only regular files use it.
    static func item(for entry: CrawlEntry, magic: Magic) -> IndexedItem {
        var reader = ExtendedAttributeReader()
        return item(for: entry, magic: .success(magic), extendedAttributes: &reader)
    }

    /// How a run's identify threads get their workers: each thread calls the result once for its
    /// own, and the workers it makes share one table of answers (``MagicAnswers``), so a copy of a
    /// small file that another thread identified is not identified again. The table is the
    /// identifier's: its threads' caller never names it.
    package static func workers() -> @Sendable () -> Worker {
        let answers = MagicAnswers()
        return { Worker(answers: answers) }
    }

    /// One thread's identifier: its own libmagic cookie, made on first use (a cookie must never be
    /// shared between threads), and the number of files it opened.
    package struct Worker {
        private var magic: Result<Magic, FSFindError>?
        private var extendedAttributes = ExtendedAttributeReader()
        private let answers: MagicAnswers?

        /// - Parameter answers: the run's answers for small files, shared by its workers, so a copy
        ///   of a file another worker identified is not identified again; nil asks libmagic always.
        init(answers: MagicAnswers? = nil) {
            self.answers = answers
        }

        /// Files this worker's cookie opened.
        package var filesOpened: Int {
            if case .success(let cookie) = magic { return cookie.filesOpened }
            return 0
        }

        /// The item for `entry`; only regular files are opened.
        package mutating func item(for entry: CrawlEntry) -> IndexedItem {
            if entry.fileType == .regular, magic == nil {
                magic = Result { () throws(FSFindError) in try Magic(answers: answers) }
            }
            return Identifier.item(for: entry, magic: magic, extendedAttributes: &extendedAttributes)
        }
    }

    /// Entries a worker claims at a time: large enough to keep the shared counter cold, small enough
    /// to balance slow files across workers.
    private static let chunkSize = 16

    /// Where the workers write their items. Unsafe but sound: each slot is initialized by exactly
    /// one worker (indices are handed out by an atomic counter), and the array is read only after
    /// the threads are joined, which orders every write before the read.
    private final class Slots: @unchecked Sendable {
        let base: UnsafeMutablePointer<IndexedItem>
        init(base: UnsafeMutablePointer<IndexedItem>) { self.base = base }
    }

    private final class Cursor: Sendable {
        let next = Atomic<Int>(0)
        /// Files the workers' cookies opened, added as each worker finishes.
        let opened = Atomic<Int>(0)
    }

    private static func work(_ entries: [CrawlEntry], slots: Slots, cursor: Cursor, answers: MagicAnswers) {
        var worker = Worker(answers: answers)
        defer { cursor.opened.add(worker.filesOpened, ordering: .relaxed) }
        while true {
            let start = cursor.next.wrappingAdd(chunkSize, ordering: .relaxed).oldValue
            guard start < entries.count else { return }
            for index in start..<min(start + chunkSize, entries.count) {
                (slots.base + index).initialize(to: worker.item(for: entries[index]))
            }
        }
    }

    /// - Parameter magic: nil only when `entry` is not a regular file (the cookie is made lazily).
    private static func item(
        for entry: CrawlEntry, magic: Result<Magic, FSFindError>?, extendedAttributes: inout ExtendedAttributeReader
    ) -> IndexedItem {
        let name = Array(entry.name)
        // The status's attributes, and the problem of a folder that could not be listed.
        var item = entry.statusItem
        let info: ContentTypeInfo
        // A regular file stays open until its extended attributes are read through it.
        var opened: CrawledFile?
        switch entry.fileType {
        case .directory: info = ContentTypeTable.folder
        case .symlink: info = ContentTypeTable.symlink
        case .fifo: info = ContentTypeTable.namedPipe
        case .socket: info = ContentTypeTable.socket
        case .characterDevice: info = ContentTypeTable.characterDevice
        case .blockDevice: info = ContentTypeTable.blockDevice
        case .unknown: info = ContentTypeTable.unknownItem
        case .regular:
            do throws(FSFindError) {
                let cookie = try (magic ?? .failure(FSFindError(.io, "libmagic was not started"))).get()
                let file = try Magic.open(entry.path, expected: entry.identity)
                opened = file
                let mimeType = try cookie.mimeType(of: file, path: entry.path)
                info = ContentTypeTable.info(mimeType: mimeType, fileName: name)
            } catch {
                info = ContentTypeTable.unreadable
                item.problem = ItemProblem(.unreadable, reason(error))
            }
        }

        item.attributes[.contentType] = .text(info.uti)
        item.attributes[.contentTypeTree] = .textList(info.tree)
        if !info.mimeType.isEmpty { item.attributes[.mimeType] = .text(info.mimeType) }
        item.attributes[.kind] = .text(info.kind)
        for (attribute, value) in extendedAttributes.attributes(of: entry, descriptor: opened?.descriptor) {
            item.attributes[attribute] = value
        }
        withExtendedLifetime(opened) {}
        return item
    }

    /// A short reason for `show`: the errno text when there is one (`Permission denied`).
    private static func reason(_ error: FSFindError) -> String {
        if let underlying = error.underlying { return "\(error.message): \(underlying.description)" }
        return error.message
    }
}
