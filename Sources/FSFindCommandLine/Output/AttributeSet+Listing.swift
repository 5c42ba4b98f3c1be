import FSFindModel

extension AttributeSet {
    /// The attributes present, in registry order: what `show` and `mdls` list when not asked for
    /// some, the only writers that list an item's attributes whole.
    var attributes: [Attribute] { values.keys.sorted() }
}
