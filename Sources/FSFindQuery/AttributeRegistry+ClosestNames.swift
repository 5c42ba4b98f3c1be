import FSFindModel

/// "Did you mean …?" for a name that is no attribute's: the query checker's error and the command
/// line's `--attribute` both ask, and the lexer's `$time` names are measured by the same distance.
extension AttributeRegistry {
    /// Names within a small edit distance of `name`, closest first, for "did you mean …?".
    package static func closestNames(to name: String, limit: Int = 3) -> [String] {
        let needle = Array(name.lowercased())
        let scored: [(String, Int)] = allNames.compactMap { candidate in
            let distance = editDistance(needle, Array(candidate.lowercased()))
            let threshold = max(2, needle.count / 3)
            let prefix = candidate.lowercased().hasPrefix(name.lowercased()) && needle.count >= 3
            return distance <= threshold || prefix ? (candidate, prefix ? min(distance, 1) : distance) : nil
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
    }
}

/// Levenshtein distance over characters; names are short, so the quadratic table is fine.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
