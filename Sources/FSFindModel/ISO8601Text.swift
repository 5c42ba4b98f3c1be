import Foundation

/// The ISO-8601 forms `$time.iso(…)` and `FSFIND_NOW` accept, parsed by hand.
///
/// Foundation's `ISO8601DateFormatter` cannot tell a bare date (a whole local day) from an instant,
/// and differs between platforms, so this small parser reads exactly: `YYYY-MM-DD`, optionally
/// followed by `T` (or a space) and `hh:mm`, `hh:mm:ss` or `hh:mm:ss.fff`, optionally followed by
/// `Z` or an offset `±hh`, `±hhmm`, `±hh:mm`. A time without a zone is local time.
package struct ISO8601Text: Sendable {
    var year: Int
    var month: Int
    var day: Int
    /// Hour, minute and (fractional) second; nil for a bare date.
    package var time: (hour: Int, minute: Int, second: Double)?
    /// Seconds east of UTC; nil when no zone was written (local time).
    var offset: Int?

    package init?(_ text: String) {
        let s = Array(text.utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= s.count else { return nil }
            var value = 0
            for k in 0..<n {
                let c = s[i + k]
                guard c >= 0x30, c <= 0x39 else { return nil }
                value = value * 10 + Int(c - 0x30)
            }
            i += n
            return value
        }
        func eat(_ c: UInt8) -> Bool {
            guard i < s.count, s[i] == c else { return false }
            i += 1
            return true
        }
        guard let y = digits(4), eat(UInt8(ascii: "-")), let m = digits(2), eat(UInt8(ascii: "-")),
            let d = digits(2)
        else { return nil }
        guard (1...12).contains(m), d >= 1, d <= Self.daysIn(month: m, year: y) else { return nil }
        year = y
        month = m
        day = d
        time = nil
        offset = nil
        if i == s.count { return }
        guard eat(UInt8(ascii: "T")) || eat(UInt8(ascii: "t")) || eat(UInt8(ascii: " ")) else { return nil }
        guard let hh = digits(2), eat(UInt8(ascii: ":")), let mm = digits(2), hh <= 23, mm <= 59 else { return nil }
        var second = 0.0
        if eat(UInt8(ascii: ":")) {
            guard let ss = digits(2), ss <= 59 else { return nil }
            second = Double(ss)
            if eat(UInt8(ascii: ".")) || eat(UInt8(ascii: ",")) {
                var scale = 0.1
                var any = false
                while i < s.count, s[i] >= 0x30, s[i] <= 0x39 {
                    second += Double(s[i] - 0x30) * scale
                    scale /= 10
                    i += 1
                    any = true
                }
                guard any else { return nil }
            }
        }
        time = (hh, mm, second)
        if i == s.count { return }
        if eat(UInt8(ascii: "Z")) || eat(UInt8(ascii: "z")) {
            offset = 0
        } else {
            let sign: Int
            if eat(UInt8(ascii: "+")) {
                sign = 1
            } else if eat(UInt8(ascii: "-")) {
                sign = -1
            } else {
                return nil
            }
            guard let oh = digits(2), oh <= 23 else { return nil }
            var om = 0
            if i < s.count {
                _ = eat(UInt8(ascii: ":"))
                guard let minutes = digits(2), minutes <= 59 else { return nil }
                om = minutes
            }
            offset = sign * (oh * 3600 + om * 60)
        }
        guard i == s.count else { return nil }
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given civil date (proleptic Gregorian; Howard Hinnant's
    /// `days_from_civil`), so zoned instants need no calendar at all.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The interval this text stands for, in seconds since 2001-01-01T00:00:00Z: an instant, or for a bare date the whole local day
    /// (23 or 25 hours long on a daylight-saving change). Nil only if the calendar cannot place it.
    package func interval(in calendar: Calendar) -> (start: Double, end: Double)? {
        guard let time else {
            var components = DateComponents()
            components.year = year
            components.month = month
            components.day = day
            components.hour = 12  // noon exists on every day, unlike midnight in a few zones
            guard let noon = calendar.date(from: components),
                let interval = calendar.dateInterval(of: .day, for: noon)
            else { return nil }
            return (interval.start.timeIntervalSinceReferenceDate, interval.end.timeIntervalSinceReferenceDate)
        }
        if let offset {
            let days = Self.daysFromCivil(year: year, month: month, day: day)
            let unix = Double(days * 86_400 + time.hour * 3600 + time.minute * 60 - offset) + time.second
            return Self.instant(unix - Date.timeIntervalBetween1970AndReferenceDate)
        }
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = day
        components.hour = time.hour
        components.minute = time.minute
        components.second = Int(time.second)
        guard let date = calendar.date(from: components) else { return nil }
        return Self.instant(date.timeIntervalSinceReferenceDate + (time.second - Double(Int(time.second))))
    }

    private static func instant(_ seconds: Double) -> (start: Double, end: Double) { (seconds, seconds) }
}
