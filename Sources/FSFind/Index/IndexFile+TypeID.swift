extension IndexFile {
    /// The row's entry in the type table. Rows with one id share `contentType`, `contentTypeTree`,
    /// `kind` and `mimeType`, so per-type work (which scopes an item is in) can be done once per id
    /// instead of once per row. Nil when the type column is damaged past its checksum.
    func typeID(at row: Int) -> UInt32? {
        if sections[fixed.typeColumn].format == 2 {
            return (try? perItem(fixed.typeColumn, recordSize: 2).littleEndianUInt16(at: 2 * row)).map(UInt32.init)
        }
        return try? perItem(fixed.typeColumn, recordSize: 4).littleEndianUInt32(at: 4 * row)
    }
}
