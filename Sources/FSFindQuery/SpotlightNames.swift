import FSFindModel

/// Spotlight names fsfind has no attribute for but reads all the same: Core Spotlight's
/// attribute names no file carries, Finder's private `_kMDItem…` names, and `_kMDItemGroupId`,
/// the number Finder's kinds are searched by.
enum SpotlightNames {
    /// `CSSearchableItemAttributeSet`'s properties (and `CSSearchableItem`'s identifiers) that a
    /// file on Linux never has: events, places, messages, containment, app-defined identifiers.
    /// As with an unknown `kMDItem…` name, their predicates are false with a warning; any other
    /// unknown name stays an error (a typo of a real one).
    static let coreSpotlightOnly: Set<String> = [
        "accountHandles", "accountIdentifier", "actionIdentifiers", "additionalRecipients", "allDay",
        "alternateNames", "audiences", "authorAddresses", "authorEmailAddresses", "completionDate",
        "containerDisplayName", "containerIdentifier", "containerOrder", "containerTitle",
        "contentRating", "contentSources", "contentURL", "darkThumbnailURL", "deliveryType",
        "domainIdentifier", "downloadedDate", "dueDate", "emailAddresses", "emailHeaders",
        "endDate", "expirationDate", "fullyFormattedAddress", "hiddenAdditionalRecipients",
        "HTMLContent", "identifier", "importantDates", "instantMessageAddresses", "isLikelyJunk",
        "isPriority", "likelyJunk", "mailboxIdentifiers", "metadataModificationDate", "namedLocation",
        "phoneNumbers", "postalCode", "primaryRecipients", "providerDataTypeIdentifiers",
        "providerFileTypeIdentifiers", "providerInPlaceFileTypeIdentifiers", "rankingHint",
        "recipientAddresses", "recipientEmailAddresses", "recipientNames", "relatedUniqueIdentifier",
        "sharedItemContentType", "startDate", "stateOrProvince", "subThoroughfare",
        "supportsNavigation", "supportsPhoneCall", "thoroughfare", "thumbnailData", "thumbnailURL",
        "uniqueIdentifier", "userCreated", "userCurated", "userOwned", "weakRelatedUniqueIdentifier",
    ]

    /// Finder's kind groups, as Samba's Spotlight server maps them
    /// (`source3/rpc_server/mdssvc/`: `MDTypeMap` and `elasticsearch_mappings.json`): each
    /// `_kMDItemGroupId` number and the `kind:` value that finds the same files here. 3
    /// (preference panes) and 5 (bookmarks) have no Linux type and find nothing, as `kind:` does.
    static let groupKinds: [Int: String] = [
        1: "email", 2: "contact", 3: "preferences", 4: "font", 5: "bookmark", 6: "contact",
        7: "movie", 8: "app", 9: "folder", 10: "music", 11: "pdf", 12: "presentation", 13: "image",
    ]

    /// Finder's group attribute, read through ``groupKinds``.
    static let groupID = "_kMDItemGroupId"

    /// True for a name no item has: an unknown Spotlight name (`kMDItem…`, `kMD…` such as
    /// `kMDPath`, Finder's `_kMDItem…`), or a Core Spotlight name from ``coreSpotlightOnly``.
    /// Known attributes and `_kMDItemGroupId` are not.
    static func isAbsent(_ name: String) -> Bool {
        guard name != groupID, AttributeRegistry.attribute(named: name) == nil else { return false }
        return name.hasPrefix("kMD") || name.hasPrefix("_kMD") || coreSpotlightOnly.contains(name)
    }
}
