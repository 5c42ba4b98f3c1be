import FSFindIndexFormat
import FSFindModel
import FSFindQuery

/// The work ahead of ``LetterAnswers``, on the summaries' thread once they are made: the answer of
/// every letter a–z that starts a word in at least ``InteractiveScan/parallelRows`` rows (a letter
/// of fewer is scanned on one core in a few milliseconds), most rows first, each ranked by a scan
/// of its own (its own views and tables: the session's belong to the keys' thread).
struct LettersAhead: Sendable {
    let reader: IndexReader
    let ranker: ResultRanker
    let limit: Int
    let signatures: SignatureStore
    let scope: Scope
    let context: QueryContext
    /// The fewest rows a letter starts a word in for its answer to be worked out ahead.
    var leastRows = InteractiveScan.parallelRows

    /// Keeps each letter's best rows in what `letters` gives, waiting while keys are typed and
    /// starting a letter again when a key's scan stopped it; stops when `letters` gives nil (the
    /// session dropped the scan: another index was opened).
    func answer(into letters: () -> LetterAnswers?) {
        guard let starts = signatures.current?.starts else { return }
        let scan = InteractiveScan(
            reader: reader, ranker: ranker, limit: limit, signatures: signatures, letters: nil)
        var order: [(rows: Int, query: FieldQuery, key: LetterAnswers.Key)] = []
        for letter in UInt8(ascii: "a")...UInt8(ascii: "z") {
            let query = FieldQuery(chips: [], text: String(UnicodeScalar(letter)), context: context)
            guard let filter = SignatureFilter(query), filter.isOneLetter else { continue }
            let required = filter.requiredStarts(content: nil)
            guard required.count == 1, let plane = starts.plane(ofStart: required[0]) else { continue }
            let rows = plane.reduce(0) { $0 + $1.nonzeroBitCount }
            guard rows >= leastRows else { continue }
            order.append((rows, query, LetterAnswers.Key(start: required[0], scope: scope, limit: limit)))
        }
        for entry in order.sorted(by: { $0.rows > $1.rows }) {
            while let answers = letters() {
                answers.waitForQuiet()
                do {
                    // Nil: a key's scan began, so this one stopped; it starts again once keys rest.
                    let stop = { answers.keyScanRunning }
                    guard let result = try scan.run(entry.query, scope: scope, onlyIn: nil, shouldStop: stop) else {
                        continue
                    }
                    answers.keep(result.rows, for: entry.key)
                } catch {
                    // A section that cannot be read: the key's own scan says so.
                }
                break
            }
        }
    }
}
