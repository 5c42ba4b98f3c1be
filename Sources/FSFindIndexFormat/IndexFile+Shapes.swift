import FSFindModel
import Synchronization

/// The shapes of a file's sections (counts, order, numbers), checked when a reader is made and
/// remembered per section, so a long-running reader opening the same base again checks nothing.
extension IndexFile {
    /// Checks the shape of every section that reading `attributes` and `reads` touches (each
    /// already checksummed): the views a scan reads are made once, and a section they refuse
    /// (a count its length cannot hold, rows out of order, a row numbering an identity past the
    /// table) is `.indexCorrupt` here rather than a row that reads as absent later. A section
    /// found sound is not checked again in this process (``VerifiedFiles``).
    ///
    /// - Returns: whether any section was checked now (and its pages read).
    @discardableResult
    func checkShapes(of attributes: Set<Attribute>, reads: IndexReader.Reads) throws(FSFindError) -> Bool {
        let sections = unshaped(
            sectionsRead(
                by: attributes, identities: reads.contains(.identities), problems: reads.contains(.problems),
                paths: reads.contains(.paths), textDocuments: reads.contains(.textDocuments)))
        for section in sections {
            let sound: Bool
            switch section {
            case fixed.strings: sound = stringsView() != nil
            case fixed.lists: sound = listsView() != nil
            case fixed.names: sound = namesView() != nil
            case fixed.derivedFlags: sound = derivedFlagsView() != nil
            case fixed.identities, fixed.identityTable: sound = identitiesView() != nil
            case fixed.typeColumn: sound = typeColumnView() != nil
            case fixed.typeTable:
                let count = (try? decodeTypeCount()) ?? Int.max
                sound = count <= (self.sections[section].length - 8) / 16
            case fixed.problems: sound = (try? problemsView()) != nil
            case fixed.textDocuments: sound = (try? textDocuments()) != nil
            default:
                let entry = self.sections[section]
                guard entry.kind == .column, let attribute = Attribute(indexCode: entry.param) else { continue }
                sound = columnView(attribute) != nil
            }
            guard sound else {
                throw FSFindError.indexCorrupt(path, "is damaged (its \(self.sections[section].name) section)")
            }
        }
        recordShapes(sections)
        return !sections.isEmpty
    }

    /// The sections of `candidates` whose shapes are not known sound yet (in this process).
    func unshaped(_ candidates: [Int]) -> [Int] {
        let known = shaped.load(ordering: .acquiring)
        return candidates.filter { known & (UInt64(1) << UInt64($0)) == 0 }
    }

    /// Records that `indexes`' shapes passed ``checkShapes(of:reads:)``, here and for every later
    /// opening of the same file in this process (``VerifiedFiles``).
    func recordShapes(_ indexes: [Int]) {
        let bits = indexes.reduce(UInt64(0)) { $0 | UInt64(1) << UInt64($1) }
        guard bits != 0 else { return }
        shaped.bitwiseOr(bits, ordering: .releasing)
        if let verifiedKey { VerifiedFiles.record(bits, .shape, of: verifiedKey) }
    }
}
