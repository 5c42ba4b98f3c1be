import FSFindModel
import Foundation

/// How attribute values are written for people (`show`, `--attr`) and for JSON.
///
/// Dates are ISO-8601 with the offset of the time zone in force (`TZ`), whole numbers print without
/// a fraction, and everything else in the shortest form that reads back to the same Double.
package struct ValueFormatter: Sendable {
    let timeZone: TimeZone

    package init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    package func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = timeZone.secondsFromGMT(for: date)
        let zone: String
        if offset == 0 {
            zone = "Z"
        } else {
            let sign = offset < 0 ? "-" : "+"
            zone = sign + pad(abs(offset) / 3600) + ":" + pad(abs(offset) % 3600 / 60)
        }
        return "\(pad(c.year ?? 0, 4))-\(pad(c.month ?? 0))-\(pad(c.day ?? 0))T"
            + "\(pad(c.hour ?? 0)):\(pad(c.minute ?? 0)):\(pad(c.second ?? 0))\(zone)"
    }

    package func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    private func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
