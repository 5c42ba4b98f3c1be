import Foundation
import Testing

@testable import FSFindInteractive
@testable import FSFindModel

/// The search pane's human values (issue 19, item 1): a summary for the kind of file, then the
/// other attributes, each rounded and labelled for people.
@Suite struct DetailPaneTests {
    static let utc = TimeZone(identifier: "UTC")!
    // 2024-03-05 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_709_640_000)
    let pane = DetailPane(now: now, timeZone: utc)

    @Test func aSongReadsAsASong() {
        let song = AttributeSet([
            .path: .text("/m/a.mp3"), .kind: .text("MP3 audio"), .title: .text("Intro"), .artist: .text("Steve Reich"),
            .album: .text("Été"), .duration: .number(185.4), .fileSize: .number(12_562),
            .contentTypeTree: .textList(["public.mp3", "public.audio", "public.item"]),
            .audioSampleRate: .number(22050), .audioBitRate: .number(32000),
            .contentModificationDate: .date(Self.now.addingTimeInterval(-3600)),
            .lastUsedDate: .date(Self.now.addingTimeInterval(-86_400)),
            .addedDate: .date(Date(timeIntervalSince1970: 1_600_000_000)),
        ])
        let lines = pane.lines(song, problem: nil)
        #expect(
            Array(lines.prefix(6)) == [
                "Kind            MP3 audio", "Title           Intro", "Artist          Steve Reich",
                "Album           Été", "Duration        3:05", "Size            12.6 KB",
            ], "\(lines)")
        #expect(lines.contains("Modified        Today 11:00"))
        #expect(lines.contains("Opened          Yesterday 12:00"))
        #expect(lines.contains("Added           13 Sep 2020"))
        #expect(lines.contains("Sample rate     22.05 kHz"))
        #expect(lines.contains("Audio bit rate  32 kbit/s"))
        #expect(!lines.contains { $0.contains("/m/a.mp3") || $0.contains("public.audio") })
    }

    /// The list's dates, worked out from the zone's offset, are the calendar's, day for day:
    /// around midnight, the changes of summer time, zones of half and three-quarter hours, leap
    /// days, and dates long before and after now.
    @Test(arguments: [
        "UTC", "America/New_York", "Europe/Paris", "Asia/Kolkata", "Pacific/Chatham", "Australia/Lord_Howe",
    ])
    func datesAreTheCalendarsInEveryZone(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var generator = SystemRandomNumberGenerator()
        // Moments near 2024's changes of summer time in the north and the south, a leap day,
        // and at random from 1901 to 2100.
        var moments: [Double] = [1_710_054_000, 1_730_613_600, 1_711_846_800, 1_728_136_800, 1_709_164_800, 0, -1]
        for _ in 0..<300 { moments.append(Double.random(in: -2_200_000_000...4_100_000_000, using: &generator)) }
        for now in moments {
            let pane = DetailPane(now: Date(timeIntervalSince1970: now), timeZone: timeZone)
            for offset in [
                0.0, -1, 1, -3600, -7200, -43_200, -86_399, -86_400, -90_000, -172_800, 3600, 86_400, -31e6, 2.5,
            ] {
                let date = Date(timeIntervalSince1970: now + offset)
                #expect(pane.date(date) == pane.calendarDate(date), "\(zone) now \(now) offset \(offset)")
            }
        }
    }

    @Test func paddingCutsOrFillsToTheColumn() {
        #expect(DetailPane.padded("MP3 audio", to: 12) == "MP3 audio   ")
        #expect(DetailPane.padded("Today 11:00", to: 5) == "Today")
        #expect(DetailPane.padded("Été", to: 4) == "Été ")
        #expect(DetailPane.padded("", to: 2) == "  ")
    }

    @Test func aPhotoReadsAsAPhoto() {
        let photo = AttributeSet([
            .kind: .text("JPEG image"), .contentTypeTree: .textList(["public.jpeg", "public.image"]),
            .acquisitionMake: .text("Canon"), .acquisitionModel: .text("Canon EOS 5D Mark IV"),
            .pixelWidth: .number(6720), .pixelHeight: .number(4480), .latitude: .number(48.858_370_1),
            .longitude: .number(2.294_481_3), .contentCreationDate: .date(Date(timeIntervalSince1970: 1_689_359_400)),
            .fileSize: .number(4_123_456_789),
        ])
        let lines = pane.lines(photo, problem: ItemProblem(.unparsable, "no EXIF"), text: ["first line"])
        #expect(
            lines == [
                "Kind        JPEG image", "Camera      Canon EOS 5D Mark IV", "Created     14 Jul 2023",
                "Dimensions  6720 × 4480", "Location    48.8584, 2.2945", "Size        4.1 GB",
                "Problem     unparsable: no EXIF", "", "Text", "  first line",
            ], "\(lines)")
    }

    @Test func valuesForPeople() {
        #expect(DetailPane.size(999) == "999 bytes")
        #expect(DetailPane.size(1000) == "1.0 KB")
        #expect(DetailPane.size(999_999) == "1.0 MB")
        #expect(DetailPane.size(25_300_000) == "25.3 MB")
        #expect(DetailPane.size(412_000_000) == "412 MB")
        #expect(DetailPane.duration(3.4) == "0:03")
        #expect(DetailPane.duration(3725) == "1:02:05")
        #expect(DetailPane.decimal(2.5) == "2.5" && DetailPane.decimal(3) == "3")
        #expect(DetailPane.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(DetailPane.wrap("abcdefghijkl x", width: 5) == ["abcde", "fghij", "kl x"])
    }
}
