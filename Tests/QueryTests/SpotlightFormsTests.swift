import Testing

@testable import FSFindModel
@testable import FSFindQuery

/// Issue 43 item 3: the forms real Spotlight queries use that the grammar used to refuse, each
/// read with the meaning mdfind (or NSPredicate, for NSMetadataQuery's predicates) gives it, and
/// the forms that stay invalid, each refused with its caret.
@Suite struct SpotlightFormsTests {
    /// The canonical form `text` reads as.
    func canonical(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        do {
            return try Query.parse(text).description
        } catch {
            Issue.record("\(error.rendered(query: text))", sourceLocation: sourceLocation)
            return nil
        }
    }

    @Test func stringOperatorsArePatterns() {
        #expect(canonical(#"kMDItemDisplayName CONTAINS[cd] "report""#) == #"displayName == "*report*"cd"#)
        #expect(canonical(#"kMDItemFSName BEGINSWITH[c] "rep""#) == #"fsName == "rep*"c"#)
        #expect(canonical(#"kMDItemFSName ENDSWITH ".pdf""#) == #"fsName == "*.pdf""#)
        #expect(canonical("kMDItemFSName LIKE[cd] '*.pdf'") == #"fsName == "*.pdf"cd"#)
        // NSPredicate's keywords in any case, its modifiers with or without a space before them.
        #expect(canonical("kMDItemFSName like[c] '*.realm'") == #"fsName == "*.realm"c"#)
        #expect(canonical(#"kMDItemFSName endswith [cd] ".x""#) == #"fsName == "*.x"cd"#)
        #expect(canonical(#"kMDItemDisplayName BEGINSWITH[cdw] "tel""#) == #"displayName == "tel*"cdw"#)
        // CONTAINS, BEGINSWITH and ENDSWITH take a plain string: a star in it is a star.
        #expect(canonical(#"kMDItemFSName CONTAINS "a*b""#) == #"fsName == "*a\*b*""#)
        #expect(canonical(#"kMDItemFSName CONTAINS """#) == #"fsName == "*""#)
        #expect(matches(#"kMDItemDisplayName CONTAINS[cd] "resume""#, .displayName, "My Résumé.pdf"))
        #expect(!matches(#"kMDItemFSName BEGINSWITH "rep""#, .fsName, "a report"))
    }

    @Test func nilIsAbsence() {
        #expect(canonical("kMDItemWhereFroms != nil") == #"whereFroms == "*""#)
        #expect(canonical("kMDItemTitle == NULL") == #"title != "*""#)
        #expect(canonical("kMDItemLastUsedDate != null") == #"lastUsedDate == "*""#)
        #expect(matches("kMDItemAlbum == nil", .title, "x"))
        #expect(!matches("kMDItemAlbum != nil", .title, "x"))
    }

    @Test func wordsAmongPredicatesAreFreeText() throws {
        #expect(
            try Query.parse(#"kMDItemContentType == "com.adobe.pdf" && invoice"#).expression
                == .and([
                    .comparison(
                        Comparison(
                            target: .attribute(.contentType), op: .equal, value: .text(.literal("com.adobe.pdf")))),
                    .freeText(["invoice"]),
                ]))
        #expect(canonical(#"kMDItemFSName == "*.pdf" && o'reilly"#) == #"fsName == "*.pdf" && ** == "o'reilly""#)
        #expect(canonical(#"kMDItemFSName == "*.pdf" && tax return"#) == #"fsName == "*.pdf" && ** == "tax return""#)
        #expect(canonical(#"(關鍵詞 || kMDItemFSName == "a")"#) == #"** == "關鍵詞" || fsName == "a""#)
    }

    @Test func oneAttributeSeveralValues() {
        #expect(
            canonical(#"kMDItemFSName == "id_rsa" || "id_ed25519" || "*.pem""#)
                == #"fsName == "id_rsa" || fsName == "id_ed25519" || fsName == "*.pem""#)
        #expect(
            canonical(#"kMDItemFSName ==[c] "a" || "b"d && kMDItemFSSize > 1"#)
                == #"fsName == "a"c || fsName == "b"cd && fileSize > 1"#)
        #expect(canonical(#"kMDItemFSName ENDSWITH ".jpg" || ".png""#) == #"fsName == "*.jpg" || fsName == "*.png""#)
        #expect(canonical("kMDItemPixelHeight == 1080 || 2160") == "pixelHeight == 1080 || pixelHeight == 2160")
    }

    @Test func keywordsInsidePredicates() {
        #expect(
            canonical(#"(kMDItemFSName == "*.txt"&&kind:text)"#)
                == #"fsName == "*.txt" && contentType == "public.text""#)
        #expect(
            canonical(#"(kind:folder) || kMDItemFSName == "a""#) == #"contentType == "public.folder" || fsName == "a""#)
        #expect(
            canonical(#"kMDItemFSName == "x" && !kind:image"#) == #"fsName == "x" && !contentType == "public.image""#)
    }

    @Test func bareValuesOfTheirOwn() {
        #expect(
            canonical("kMDItemFSName == .git && kMDItemContentType == public.folder")
                == #"fsName == ".git" && contentType == "public.folder""#)
        #expect(canonical("kMDItemFSName=.DS_Store") == #"fsName == ".DS_Store""#)
        // `\` escapes the next character, as in a quoted string: `\*` is a star, not a wildcard.
        #expect(canonical(#"kMDItemFSName=\*.scpt"#) == #"fsName == "\*.scpt""#)
        #expect(canonical("kMDItemPath == /Applications/*") == #"path == "/Applications/*""#)
    }

    @Test func predicateWordsAndConstants() {
        #expect(
            canonical(#"kMDItemFSName == "a" and kMDItemTitle == "b" or kMDItemAlbum == "c""#)
                == #"fsName == "a" && title == "b" || album == "c""#)
        #expect(canonical(#"not kMDItemFSName ENDSWITH[cd] ".x""#) == #"!fsName == "*.x"cd"#)
        #expect(canonical("TRUEPREDICATE AND NOT (kMDItemFSName BEGINSWITH '.')") == #"true && !fsName == ".*""#)
        // Alone, as `true` alone, it is a word someone searches for; in parentheses the constant.
        #expect(canonical("(FALSEPREDICATE)") == "(false)")
        // A kind of thing said in words stays words.
        #expect(canonical("a kind like this") == "a kind like this")
    }

    /// Finder's groups, read through Samba's table: each is the `kind:` that finds the same files.
    @Test func groupIDs() throws {
        for (id, kind) in SpotlightNames.groupKinds {
            guard case .token(let token) = SearchTokenParser.parse("kind:" + kind) else {
                Issue.record("kind:\(kind) is no kind")
                continue
            }
            #expect(try Query.parse("_kMDItemGroupId == \(id)") == Query.parse(token.predicate))
            #expect(
                try Query.parse("_kMDItemGroupId != '\(id)'").expression
                    == .not(Query.parse(token.predicate).expression))
        }
        #expect(canonical("((_kMDItemGroupId = 8))") == #"contentType == "public.executable""#)
        #expect(canonical(#"_kMDItemGroupId == "9""#) == #"contentType == "public.folder""#)
    }

    @Test func namesNoFileHas() throws {
        let query = try Query.parse(#"completionDate > $time.today && domainIdentifier == "x" || kMDPath == "/a""#)
        // Each predicate is false; the repeated falses fold into one.
        #expect(query.expression == .or([]))
        #expect(query.unknownSpotlightNames == ["completionDate", "domainIdentifier", "kMDPath"])
        #expect(try Query.parse("_kMDItemFinderFlags == 1").unknownSpotlightNames == ["_kMDItemFinderFlags"])
        // Its syntax still counts; and a name that is neither Spotlight's nor Core Spotlight's is a typo.
        #expect(throws: QueryError.self) { try Query.parse("dueDate >") }
        #expect(throws: QueryError.self) { try Query.parse("completionDat > 3") }
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        var marked: String
        var message: String
        var testDescription: String { marked }

        init(_ marked: String, _ message: String) {
            self.marked = marked
            self.message = message
        }
    }

    /// The forms that stay invalid, with `1️⃣` where the caret starts.
    static let refused: [Refused] = [
        Refused(#"kMDItemFSName 1️⃣MATCHES "a.*""#, "MATCHES (a regular expression) is not a Spotlight operator"),
        Refused(#"kMDItemFSName LIKE 1️⃣"a?b""#, "'?' in LIKE (any one character) is not supported"),
        Refused(#"kMDItemFSSize 1️⃣CONTAINS "3""#, "CONTAINS works only with text; 'fileSize' is a number"),
        Refused(#"kMDItemFSName CONTAINS[1️⃣x] "a""#, "unknown modifier 'x'"),
        Refused("kMDItemFSName < 1️⃣nil", "nil compares only with == and !="),
        Refused("_kMDItemGroupId == 1️⃣18", "not a Finder group _kMDItemGroupId has"),
        Refused("_kMDItemGroupId 1️⃣> 8", "_kMDItemGroupId compares only with == and !="),
        Refused("1️⃣completionDat > 3", "unknown attribute 'completionDat'"),
        Refused(#"kMDItemFSName == "a" && 1️⃣"b""#, "expected an attribute name, '(' or '!'"),
        Refused(#"1️⃣"b" || kMDItemFSName == "a""#, "expected an attribute name, '(' or '!'"),
        Refused(#"kMDItemFSName == "a" || 1️⃣== "b""#, "expected an attribute name, '(' or '!'"),
        Refused(#"tax return 1️⃣== "x""#, "expected '&&', '||' or the end of the query"),
        Refused(#"kMDItemFSName == "a" && 1️⃣(invoice"#, "unbalanced parentheses"),
        Refused(#"title 1️⃣"Paris""#, "expected a comparison operator"),
        Refused("kMDItemTextContent == '*AKIA*' 1️⃣-onlyin ~", "unexpected character '-'"),
    ]

    @Test(arguments: refused)
    func refusedWithACaret(_ row: Refused) throws {
        let markerIndex = try #require(row.marked.firstIndex(of: QueryErrorTests.marker))
        let column = row.marked.distance(from: row.marked.startIndex, to: markerIndex)
        let query = row.marked.filter { $0 != QueryErrorTests.marker }
        let error = try #require(parseError(query))
        #expect(error.message.contains(row.message), "\(error.message)")
        #expect(error.range.lowerBound == column, "\(error.rendered(query: query))")
    }
}
