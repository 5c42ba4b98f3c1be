/// Which of a row's free-text values a query word can start a word of, as the row's summary
/// (``RowSignatures``) tells a scan before the row is scored: only those need measuring.
enum MeasuredValues: Sendable {
    /// Every value (nothing is known, or some value other than the name has words).
    case all
    /// The name alone: no other value has a word.
    case name
    /// None: no query word starts a word of any value, so only the files' words can hold them.
    case none
    /// Those whose bits (``RowSignatures/valueBit(_:)``) are set: the values that have a word.
    case withWords(UInt32)
    /// The name, and the other values as the set the row shares with others
    /// (``RowSignatures/otherSets``), measured once per set.
    case nameAndSet(UInt32)
}
