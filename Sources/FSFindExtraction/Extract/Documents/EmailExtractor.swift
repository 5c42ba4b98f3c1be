import FSFindCrawl
import FSFindModel
import Foundation
import SystemPackage

/// Reads e-mail messages (`.eml`, a maildir's files, news articles) through GMime: the subject
/// (as `title` and `subject`), the sender (`authorNames`), the `Date:` header
/// (`contentCreationDate`) and, for the full-text store, the subject and the body.
///
/// The body is every text/plain part that is not an attachment, in order; a message with none
/// (HTML-only mail) gives its text/html parts' visible text instead. Attachments, nested messages
/// and binary parts are not read. GMime decodes encoded words, quoted-printable and base64, and
/// converts every charset to UTF-8.
struct EmailExtractor: Extractor {
    init() {}

    var name: String { "email" }

    func handles(tree: [String]) -> Bool { tree.contains("public.email-message") }

    var readsText: Bool { true }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        let message = try Message(file)
        var attributes: [Attribute: AttributeValue] = [:]
        if let subject = message.subject.flatMap(LegacyText.cleaned) {
            attributes[.title] = .text(subject)
            attributes[.subject] = .text(subject)
        }
        if let from = message.from.flatMap(LegacyText.cleaned) { attributes[.authorNames] = .textList([from]) }
        if let date = message.date { attributes[.contentCreationDate] = .date(date) }
        return attributes
    }

    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        let message = try Message(file)
        var text = message.subject.map { $0 + "\n" } ?? ""
        let plain = message.bodyParts(subtype: "plain", limit: limit - text.utf8.count)
        if !plain.isEmpty {
            text += plain.joined(separator: "\n")
        } else {
            for html in message.bodyParts(subtype: "html", limit: limit) where text.utf8.count < limit {
                text += try HTMLText.text(Array(html.utf8), limit: limit - text.utf8.count) + "\n"
            }
        }
        if text.utf8.count > limit { text = String(decoding: text.utf8.prefix(limit), as: UTF8.self) }
        return text.isEmpty ? nil : text
    }

    /// One parsed message; released with the last reference.
    private final class Message {
        let library: GMimeLibrary
        let message: OpaquePointer

        init(_ file: CrawledFile) throws(ExtractionError) {
            let library = try GMimeLibrary.shared.get()
            self.library = library
            // The stream owns and closes what it is given: a duplicate, read from the start.
            let descriptor: FileDescriptor
            do { descriptor = try file.descriptor.duplicate() } catch { throw ExtractionError("cannot read: \(error)") }
            _ = try? descriptor.seek(offset: 0, from: .start)
            guard let stream = library.streamFromDescriptor(descriptor.rawValue) else {
                _ = try? descriptor.close()
                throw ExtractionError("GMime cannot read the file")
            }
            defer { library.objectUnref(UnsafeMutableRawPointer(stream)) }
            guard let parser = library.parserWithStream(stream) else { throw ExtractionError("GMime: out of memory") }
            defer { library.objectUnref(UnsafeMutableRawPointer(parser)) }
            guard let message = library.constructMessage(parser, nil) else {
                throw ExtractionError("not a readable e-mail message")
            }
            self.message = message
        }

        deinit { library.objectUnref(UnsafeMutableRawPointer(message)) }

        var subject: String? { library.subject(message).map { String(cString: $0) } }

        var from: String? {
            guard let list = library.from(message), let text = library.addressListToString(list, nil, 0) else {
                return nil
            }
            defer { library.free(text) }
            return String(cString: text)
        }

        var date: Date? {
            guard let dateTime = library.date(message) else { return nil }
            return Date(timeIntervalSince1970: Double(library.dateTimeToUnix(dateTime)))
        }

        /// The decoded text of every `text/SUBTYPE` part that is not an attachment, in order,
        /// until `limit` bytes.
        func bodyParts(subtype: String, limit: Int) -> [String] {
            let collector = Collector(library: library, subtype: subtype, limit: limit)
            let box = Unmanaged.passRetained(collector)
            defer { box.release() }
            library.foreach(
                message,
                { _, part, context in
                    guard let context else { return }
                    Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue().visit(part)
                }, box.toOpaque())
            return collector.texts
        }
    }

    /// What `g_mime_message_foreach` calls back into: keeps the wanted parts' text.
    private final class Collector {
        let library: GMimeLibrary
        let subtype: String
        let limit: Int
        var texts: [String] = []
        var bytes = 0

        init(library: GMimeLibrary, subtype: String, limit: Int) {
            self.library = library
            self.subtype = subtype
            self.limit = limit
        }

        func visit(_ part: OpaquePointer?) {
            guard bytes < limit, let part, let type = library.contentType(part),
                library.contentTypeIsType(type, "text", subtype) != 0
            else { return }
            if let disposition = library.disposition(part), String(cString: disposition).lowercased() == "attachment" {
                return
            }
            // GMime makes every text/* part a GMimeTextPart, which get_text requires.
            guard let raw = library.textPartText(part) else { return }
            defer { library.free(raw) }
            let text = String(cString: raw)
            texts.append(text)
            bytes += text.utf8.count
        }
    }
}
