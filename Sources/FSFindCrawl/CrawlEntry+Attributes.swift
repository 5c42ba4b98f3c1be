import FSFindModel

extension CrawlEntry {
    /// Sets the attributes the entry's status and name give (its path and names, size, dates and
    /// owner), so the identifier that adds the content type reads no status field itself: the
    /// status is the crawl's to read and word as attributes.
    package func addStatusAttributes(to attributes: inout AttributeSet) {
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
    }
}
