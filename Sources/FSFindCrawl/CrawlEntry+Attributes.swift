import FSFindModel

extension CrawlEntry {
    /// The item the entry's status and name give: its path, identity and attributes (path and
    /// names, size, dates and owner), with the `.unreadable` problem of a folder that could not be
    /// listed. The identifier adds the content type to it and reads no status field itself: the
    /// status is the crawl's to read and word as an item.
    package var statusItem: IndexedItem {
        var attributes = AttributeSet()
        let displayName = PathBytes.display(Array(name))
        attributes[.path] = .text(PathBytes.display(path))
        attributes[.fsName] = .text(displayName)
        attributes[.displayName] = .text(displayName)
        if fileType != .directory { attributes[.fileSize] = .number(Double(identity.size)) }
        attributes[.contentModificationDate] = .date(modificationTime)
        attributes[.contentCreationDate] = .date(birthTime ?? modificationTime)
        if let birthTime { attributes[.fsCreationDate] = .date(birthTime) }
        attributes[.lastUsedDate] = .date(accessTime)
        attributes[.attributeChangeDate] = .date(changeTime)
        attributes[.fsOwnerUserID] = .number(Double(userID))
        attributes[.fsOwnerGroupID] = .number(Double(groupID))
        attributes[.fsInvisible] = .number(path[nameStart...].first == UInt8(ascii: ".") ? 1 : 0)
        return IndexedItem(
            path: path, identity: identity, attributes: attributes,
            problem: unreadableReason.map { ItemProblem(.unreadable, $0) })
    }
}
