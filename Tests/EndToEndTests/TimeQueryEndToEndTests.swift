import Foundation
import Testing

@testable import FSFindManual

/// Every `$time` form against files with set modification times, at a pinned `FSFIND_NOW`
/// (Monday 2026-06-15 12:00 UTC) in UTC.
@Suite(.ownThreads, .serialized) struct TimeQueryEndToEndTests {
    static let files: [(String, String)] = [
        ("now.txt", "2026-06-15 12:00:00"),
        ("today-early.txt", "2026-06-15 00:30:00"),
        ("future-tomorrow.txt", "2026-06-16 09:00:00"),
        ("yesterday.txt", "2026-06-14 10:00:00"),
        ("last-week.txt", "2026-06-10 10:00:00"),
        ("ten-days.txt", "2026-06-05 10:00:00"),
        ("eleven-days.txt", "2026-06-04 23:59:59"),
        ("month-start.txt", "2026-06-01 00:00:00"),
        ("last-month.txt", "2026-05-31 23:59:59"),
        ("year-start.txt", "2026-01-01 00:00:00"),
        ("last-year.txt", "2025-12-31 23:59:59"),
        ("iso-day.txt", "2025-06-01 13:00:00"),
    ]

    let folder: TemporaryFolder
    var root: String { folder.path + "/dates" }
    var index: String { folder.path + "/index.fsfind" }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (name, stamp) in Self.files {
            _ = FileManager.default.createFile(atPath: root + "/" + name, contents: Data(name.utf8))
            try Shell.run("/usr/bin/touch", ["-m", "-d", stamp + " UTC", root + "/" + name])
        }
        // The folder itself would match today's ranges by its mtime; pin it far away.
        try Shell.run("/usr/bin/touch", ["-m", "-d", "2000-01-01 00:00:00 UTC", root])
        let run = try FSFind.run(["index", "--index", index, root])
        #expect(run.status == 0, "\(run.stderr)")
    }

    func names(_ query: String) throws -> Set<String> {
        let result = try FSFind.run(["query", "--index", index, query])
        #expect(result.status == 0, "\(query): \(result.stderr)")
        // Only the dated files: the folder itself (pinned to 2000) is not what these tests are about.
        return Set(result.lines.map { String($0.split(separator: "/").last ?? "") }.filter { $0.hasSuffix(".txt") })
    }

    @Test func today() throws {
        #expect(try names("contentModificationDate == $time.today") == ["now.txt", "today-early.txt"])
        #expect(try names("contentModificationDate == $time.today(1)") == ["future-tomorrow.txt"])
        #expect(try names("contentModificationDate == $time.yesterday") == ["yesterday.txt"])
        #expect(try names("contentModificationDate == $time.today(-1)") == ["yesterday.txt"])
    }

    @Test func inRangeOfTenDays() throws {
        #expect(
            try names("InRange(contentModificationDate, $time.today(-10), $time.today)")
                == ["now.txt", "today-early.txt", "yesterday.txt", "last-week.txt", "ten-days.txt"])
    }

    @Test func now() throws {
        #expect(try names("contentModificationDate == $time.now") == ["now.txt"])
        #expect(try names("contentModificationDate > $time.now") == ["future-tomorrow.txt"])
        #expect(
            try names("contentModificationDate >= $time.now(-43200)")
                == ["now.txt", "today-early.txt", "future-tomorrow.txt"])
    }

    @Test func weeks() throws {
        let thisWeek = try names("contentModificationDate == $time.this_week")
        #expect(thisWeek.isSuperset(of: ["now.txt", "today-early.txt", "future-tomorrow.txt"]))
        #expect(!thisWeek.contains("last-week.txt"))
        let lastWeek = try names("contentModificationDate == $time.last_week")
        #expect(lastWeek.contains("last-week.txt"))
        #expect(lastWeek.isDisjoint(with: ["now.txt", "ten-days.txt", "eleven-days.txt"]))
        #expect(try names("contentModificationDate == $time.this_week(-1)") == lastWeek)
    }

    @Test func months() throws {
        #expect(
            try names("contentModificationDate == $time.this_month")
                == [
                    "now.txt", "today-early.txt", "future-tomorrow.txt", "yesterday.txt", "last-week.txt",
                    "ten-days.txt",
                    "eleven-days.txt", "month-start.txt",
                ])
        #expect(try names("contentModificationDate == $time.this_month(-1)") == ["last-month.txt"])
        #expect(
            try names("contentModificationDate < $time.this_month")
                == ["last-month.txt", "year-start.txt", "last-year.txt", "iso-day.txt"])
    }

    @Test func years() throws {
        #expect(try names("contentModificationDate == $time.this_year(-1)") == ["last-year.txt", "iso-day.txt"])
        #expect(try names("contentModificationDate >= $time.this_year").count == 10)
    }

    @Test func isoAndNumbers() throws {
        #expect(try names("contentModificationDate == $time.iso(2025-06-01)") == ["iso-day.txt"])
        #expect(try names("contentModificationDate == $time.iso(2025-06-01T13:00:00Z)") == ["iso-day.txt"])
        // 2026-06-15T12:00:00Z in seconds since 2001-01-01T00:00:00Z.
        let seconds = Int(ISO8601DateFormatter().date(from: "2026-06-15T12:00:00Z")!.timeIntervalSinceReferenceDate)
        #expect(try names("contentModificationDate == \(seconds)") == ["now.txt"])
    }
}
