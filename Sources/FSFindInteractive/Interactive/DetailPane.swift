import FSFindModel
import Foundation

/// What `fsfind search` shows about the selected result: a summary for its kind of file (a
/// song's title, artist, album and duration; a photo's camera, date and size …), then every other
/// attribute, each with a value a person reads (`12.3 KB`, `3:05`, `Today 01:44`, `640 × 480`),
/// then the words inside the file when the text store has them.
///
/// `show`, `--json` and `--attr` stay exact for scripts; only the pane rounds and relabels.
struct DetailPane: Sendable {
    let now: Date
    let timeZone: TimeZone

    /// The local day `now` falls on, as ``localTime(_:)`` counts days.
    private let today: Int64

    init(now: Date = Date(), timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
        today = Self.localTime(now, in: timeZone).day
    }

    /// One line of the pane: a label and its value, or a line of the file's text.
    struct Line: Sendable, Equatable {
        var label: String
        var value: String
    }

    /// The pane's lines for an item: the summary, a blank line, the other attributes, and
    /// `text` (a snippet around the matched words, or the file's first lines) under "Text".
    func lines(_ set: AttributeSet, problem: ItemProblem?, text: [String] = []) -> [String] {
        var rows = summary(set)
        let shown = Set(rows.map(\.label))
        let rest = Attribute.allCases.compactMap { attribute -> Line? in
            guard !Self.hidden.contains(attribute), let value = set[attribute] else { return nil }
            let line = self.line(attribute, value, in: set)
            return line.flatMap { shown.contains($0.label) ? nil : $0 }
        }
        // Width and height, latitude and longitude are one line each; keep the first of a pair.
        var seen = Set<String>()
        let others = rest.filter { seen.insert($0.label).inserted }
        if let problem { rows.append(Line(label: "Problem", value: "\(problem.kind): \(problem.reason)")) }
        let width = (rows + others).map(\.label.count).max() ?? 0
        func render(_ line: Line) -> String {
            Self.padded(line.label, to: width) + "  " + line.value
        }
        var result = rows.map(render)
        if !others.isEmpty { result += [""] + others.map(render) }
        if !text.isEmpty {
            result += ["", "Text"] + text.flatMap { Self.wrap($0, width: Self.textWidth) }.map { "  " + $0 }
        }
        return result
    }

    /// Text lines are wrapped to this many columns, which fit the pane beside a list from 100
    /// columns and under it at 80.
    static let textWidth = 56

    /// `text` cut into lines of at most `width` characters at spaces (a longer word is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            while word.count > width {
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                }
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A result row's facts: kind, size and modified date, each in a column of fixed width so the
    /// rows line up.
    func facts(_ kind: String?, size: Double?, modified: Date?) -> String {
        let kindColumn = Self.padded(String((kind ?? "").prefix(18)), to: 18)
        let sizeText = size.map(Self.size) ?? ""
        let sizeColumn = String(repeating: " ", count: max(0, 10 - sizeText.count)) + sizeText
        let dateColumn = Self.padded(modified.map(date) ?? "", to: 17)
        return kindColumn + sizeColumn + "  " + dateColumn
    }

    /// Attributes the pane does not list: the title bar shows the path, and the type tree is for
    /// queries.
    static let hidden: Set<Attribute> = [.path, .fsName, .displayName, .contentTypeTree, .textContent]

    /// The lines that matter most for this kind of item, in the order a person reads them.
    func summary(_ set: AttributeSet) -> [Line] {
        let tree: [String]
        if case .textList(let list)? = set[.contentTypeTree] { tree = list } else { tree = [] }
        let order: [Attribute]
        if tree.contains("public.audio") {
            order = [.kind, .title, .artist, .album, .duration, .fileSize]
        } else if tree.contains("public.movie") {
            order = [.kind, .title, .duration, .pixelWidth, .fileSize]
        } else if tree.contains("public.image") {
            order = [.kind, .acquisitionMake, .contentCreationDate, .pixelWidth, .latitude, .fileSize]
        } else if tree.contains("public.composite-content") || tree.contains("public.email-message") {
            order = [.kind, .title, .authorNames, .pageCount, .fileSize, .contentModificationDate]
        } else {
            order = [.kind, .fileSize, .contentModificationDate]
        }
        return order.compactMap { attribute in set[attribute].flatMap { line(attribute, $0, in: set) } }
    }

    /// One attribute as a labelled human line; nil when it says nothing on its own (a height,
    /// shown with its width).
    func line(_ attribute: Attribute, _ value: AttributeValue, in set: AttributeSet) -> Line? {
        switch attribute {
        case .pixelWidth, .pixelHeight:
            guard case .number(let width)? = set[.pixelWidth], case .number(let height)? = set[.pixelHeight] else {
                return Line(label: Self.label(attribute), value: plain(value))
            }
            return Line(label: "Dimensions", value: "\(Int(width)) × \(Int(height))")
        case .latitude, .longitude:
            guard case .number(let latitude)? = set[.latitude], case .number(let longitude)? = set[.longitude] else {
                return nil
            }
            return Line(label: "Location", value: Self.coordinate(latitude) + ", " + Self.coordinate(longitude))
        case .acquisitionMake, .acquisitionModel:
            let parts = [set[.acquisitionMake], set[.acquisitionModel]].compactMap { value -> String? in
                if case .text(let text)? = value { return text }
                return nil
            }
            // "Canon Canon EOS 5D": the model often repeats the make.
            let camera =
                parts.count == 2 && parts[1].lowercased().hasPrefix(parts[0].lowercased())
                ? parts[1] : parts.joined(separator: " ")
            return Line(label: "Camera", value: camera)
        default:
            return Line(label: Self.label(attribute), value: human(attribute, value))
        }
    }

    /// A person's name for an attribute.
    static func label(_ attribute: Attribute) -> String {
        switch attribute {
        case .kind: "Kind"
        case .fileSize: "Size"
        case .contentModificationDate: "Modified"
        case .contentCreationDate: "Created"
        case .fsCreationDate: "Created on disk"
        case .lastUsedDate: "Opened"
        case .addedDate: "Added"
        case .attributeChangeDate: "Changed"
        case .fsOwnerUserID: "Owner"
        case .fsOwnerGroupID: "Group"
        case .fsInvisible: "Hidden"
        case .userTags: "Tags"
        case .whereFroms: "From"
        case .comment: "Comment"
        case .title: "Title"
        case .authorNames: "Authors"
        case .artist: "Artist"
        case .album: "Album"
        case .composer: "Composer"
        case .musicalGenre: "Genre"
        case .keywords: "Keywords"
        case .subject: "Subject"
        case .contentDescription: "Description"
        case .creator: "Made with"
        case .duration: "Duration"
        case .pixelWidth: "Width"
        case .pixelHeight: "Height"
        case .codecs: "Codecs"
        case .audioSampleRate: "Sample rate"
        case .audioChannelCount: "Channels"
        case .audioBitRate: "Audio bit rate"
        case .totalBitRate: "Bit rate"
        case .pageCount: "Pages"
        case .acquisitionMake, .acquisitionModel: "Camera"
        case .latitude, .longitude: "Location"
        case .contentType: "Type"
        case .mimeType: "MIME type"
        case .path: "Path"
        case .fsName, .displayName: "Name"
        case .contentTypeTree: "Conforms to"
        case .textContent: "Text"
        }
    }

    /// `value` as a person reads it.
    func human(_ attribute: Attribute, _ value: AttributeValue) -> String {
        switch (attribute, value) {
        case (.fileSize, .number(let bytes)): return Self.size(bytes)
        case (.duration, .number(let seconds)): return Self.duration(seconds)
        case (.audioSampleRate, .number(let hertz)):
            return hertz >= 1000 ? Self.decimal(hertz / 1000) + " kHz" : Self.decimal(hertz) + " Hz"
        case (.audioBitRate, .number(let rate)), (.totalBitRate, .number(let rate)):
            return Self.decimal((rate / 1000).rounded()) + " kbit/s"
        case (.fsInvisible, .number(let flag)): return flag != 0 ? "yes" : "no"
        case (_, .date(let date)): return self.date(date)
        default: return plain(value)
        }
    }

    private func plain(_ value: AttributeValue) -> String {
        switch value {
        case .text(let text): text
        case .textList(let list): list.joined(separator: ", ")
        case .number(let number): Self.decimal(number)
        case .date(let date): self.date(date)
        }
    }

    /// `text` cut or filled with spaces to `count` characters: a column of the list. Foundation's
    /// `padding(toLength:withPad:startingAt:)` went through `NSString` for every row painted, a
    /// tenth of a key's paint (`benchmarks/RESULTS.md`, "The search field's paint without
    /// Foundation's calendar").
    static func padded(_ text: String, to count: Int) -> String {
        let length = text.count
        if length == count { return text }
        if length > count { return String(text.prefix(count)) }
        return text + String(repeating: " ", count: count - length)
    }

    /// `Today 01:44`, `Yesterday 18:02`, `3 Mar 2024` (in the pane's time zone).
    ///
    /// Worked out from the zone's offset at that moment and the proleptic Gregorian calendar's
    /// arithmetic, not with `Calendar`: a calendar made, a date split and two days compared for
    /// each row of the list were a sixth of a key's paint. Years outside 1–9999 take the
    /// calendar's way, which names eras.
    func date(_ date: Date) -> String {
        let local = Self.localTime(date, in: timeZone)
        guard (1...9999).contains(local.year) else { return calendarDate(date) }
        let time = Self.twoDigits(local.hour) + ":" + Self.twoDigits(local.minute)
        if local.day == today { return "Today " + time }
        if local.day == today - 1 { return "Yesterday " + time }
        return "\(local.dayOfMonth) \(Self.months[local.month - 1]) \(local.year)"
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    /// A moment's wall-clock time in `timeZone`: its day (days since 1970-01-01 there), year,
    /// month, day of the month, hour and minute.
    static func localTime(_ date: Date, in timeZone: TimeZone) -> (
        day: Int64, year: Int, month: Int, dayOfMonth: Int, hour: Int, minute: Int
    ) {
        let interval = date.timeIntervalSince1970
        let whole = interval.isFinite ? Int64(max(-1e15, min(1e15, interval.rounded(.down)))) : 0
        let seconds = whole + Int64(timeZone.secondsFromGMT(for: date))
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = Int(seconds - day * 86_400)
        // Howard Hinnant's `civil_from_days`: days since 1970-01-01 to a Gregorian date.
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        let year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        return (day, year, month, dayOfMonth, inDay / 3600, inDay % 3600 / 60)
    }

    /// ``date(_:)`` by `Calendar`, for years the arithmetic does not name as people do.
    func calendarDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        if calendar.isDate(date, inSameDayAs: now) { return "Today " + time }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: now),
            calendar.isDate(date, inSameDayAs: yesterday)
        {
            return "Yesterday " + time
        }
        let month = Self.months[max(0, min(11, (parts.month ?? 1) - 1))]
        return "\(parts.day ?? 1) \(month) \(parts.year ?? 0)"
    }

    /// `512 bytes`, `12.3 KB`, `4.1 MB` (powers of 1,000, as file managers show them).
    static func size(_ bytes: Double) -> String {
        if bytes < 1000 { return "\(Int(bytes)) bytes" }
        let units = ["KB", "MB", "GB", "TB", "PB"]
        var value = bytes / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return fixed(value, decimals: value < 100 ? 1 : 0) + " " + units[unit]
    }

    /// `0:03`, `3:05`, `1:02:05`: seconds rounded.
    static func duration(_ seconds: Double) -> String {
        let total = Int(max(0, seconds).rounded())
        let (hours, minutes, rest) = (total / 3600, total % 3600 / 60, total % 60)
        return hours > 0
            ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    /// Four decimals: about ten metres, as precise as a phone's GPS.
    static func coordinate(_ degrees: Double) -> String { fixed(degrees, decimals: 4) }

    /// A whole number without a fraction, else at most two decimals.
    static func decimal(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = fixed(value, decimals: 2)
        // Trailing zeros, then a bare point: `2.50` is `2.5`, `2.00` is `2`.
        guard text.contains(".") else { return text }
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }

    /// `value` with `decimals` digits after the point, rounded as `printf`'s `%.Nf` rounds:
    /// `String(format:)` went through Foundation's formatter for every row painted.
    static func fixed(_ value: Double, decimals: Int) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 352) { buffer in
            let written = withVaList([Int32(decimals), value]) {
                vsnprintf(buffer.baseAddress, buffer.count, "%.*f", $0)
            }
            guard written >= 0, Int(written) < buffer.count else { return String(format: "%.*f", decimals, value) }
            return String(cString: buffer.baseAddress!)
        }
    }
}
