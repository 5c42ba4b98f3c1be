import FSFindModel

/// The problems section read whole: counted, listed, each listed row's problem decoded.
extension IndexFile {
    /// How many items are unreadable and how many unparsable, from one pass over the problems.
    func problemCounts() throws(FSFindError) -> (unreadable: Int, unparsable: Int) {
        do throws(IndexDamage) {
            let problems = try problemsView()
            var result = (unreadable: 0, unparsable: 0)
            for entry in 0..<problems.count {
                switch ItemProblem.Kind(rawValue: UInt8(truncatingIfNeeded: problems.kind(entry))) {
                case .unreadable?: result.unreadable += 1
                case .unparsable?: result.unparsable += 1
                case nil: throw IndexDamage("problem kind")
                }
            }
            return result
        } catch {
            throw damaged(error)
        }
    }

    /// The rows that have a problem, ascending.
    func problemRows() throws(FSFindError) -> [Int] {
        do throws(IndexDamage) {
            let problems = try problemsView()
            return (0..<problems.count).map(problems.row)
        } catch {
            throw damaged(error)
        }
    }

    /// The problem of a row ``problemRows()`` lists: one that does not decode (a kind no fsfind
    /// writes, a reason past the strings) is damage, never a problem left out of `status`.
    func listedProblem(at row: Int) throws(FSFindError) -> ItemProblem {
        do throws(IndexDamage) {
            guard let problem = try decodeProblem(at: row) else { throw IndexDamage("problem row") }
            return problem
        } catch {
            throw damaged(error)
        }
    }
}
