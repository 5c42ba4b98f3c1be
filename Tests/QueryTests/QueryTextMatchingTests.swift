import Foundation
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindQuery

/// The examples table of the Core Spotlight reference and the text rules of `docs/spec/query-language.md`.
@Suite struct QueryTextMatchingTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var query: String
        var matching: [String]
        var notMatching: [String]
        var testDescription: String { query }
    }

    static let referenceTable: [Row] = [
        Row(query: "title == “Paris”", matching: ["Paris"], notMatching: ["paris", "I love Paris"]),
        Row(query: "title == “Paris”c", matching: ["Paris", "paris", "PARIS"], notMatching: ["I love Paris"]),
        Row(
            query: "title == “Paris”wc", matching: ["Paris", "paris", "I love Paris", "paris-france.jpg"],
            notMatching: ["Comparison", "Parisol"]),
        Row(
            query: "title == “Window”w", matching: ["MyWindowClass", "Broken Window", "Window"],
            notMatching: ["NSWindow", "Windows", "window"]),
        Row(query: "title == “paris*”", matching: ["paris", "parisol"], notMatching: ["comparison", "Paris"]),
        Row(query: "title == “*paris”", matching: ["paris", "comparis", "I love paris"], notMatching: ["parisol"]),
        Row(
            query: "title == “*paris*”", matching: ["paris", "parisol", "comparison"], notMatching: ["pari", "Paris"]),
        Row(query: "title == ‘paris’", matching: ["paris"], notMatching: ["Paris", "parisol"]),
        Row(query: "title == 'paris'", matching: ["paris"], notMatching: ["Paris"]),
        Row(
            query: "title == \"Window*\"w", matching: ["Windows", "MyWindowClass", "Window"], notMatching: ["NSWindow"]),
        Row(
            query: "title == \"*Window\"w", matching: ["NSWindow", "Broken Window", "MyWindowClass"],
            notMatching: ["Windows"]),
        Row(
            query: "title == \"Frédéric\"cd", matching: ["Frédéric", "Frederic", "FREDERIC", "frédéric"],
            notMatching: ["Fred"]),
        Row(query: "title == \"Frédéric\"d", matching: ["Frédéric", "Frederic"], notMatching: ["frederic"]),
        Row(query: "title == \"love par\"tc", matching: ["I love Paris", "Paris, love"], notMatching: ["I love Rome"]),
        Row(
            query: "title == \"paris-fr\"t", matching: ["paris-france", "france paris"], notMatching: ["Paris-france"]),
        Row(query: "title == \"a*b*c\"", matching: ["abc", "aXbYc", "abbc"], notMatching: ["acb", "abcd"]),
        Row(query: "title == \"a\\*b\"", matching: ["a*b"], notMatching: ["aXb", "ab"]),
        Row(query: "title == \"say \\\"hi\\\"\"", matching: ["say \"hi\""], notMatching: ["say hi"]),
        Row(query: "title == \"Straße\"c", matching: ["STRASSE", "strasse", "Straße"], notMatching: ["Strase"]),
        Row(query: "title == \"Win*Class\"w", matching: ["MyWindowClass"], notMatching: ["MyWindowClassic"]),
        Row(query: "title != \"Paris\"", matching: ["paris", "Rome"], notMatching: ["Paris"]),
        Row(query: "title = \"Paris\"", matching: ["Paris"], notMatching: ["paris"]),
    ]

    @Test(arguments: referenceTable)
    func referenceExamples(_ row: Row) {
        for value in row.matching {
            #expect(matches(row.query, .title, value), "\(row.query) should match \(value)")
        }
        for value in row.notMatching {
            #expect(!matches(row.query, .title, value), "\(row.query) should not match \(value)")
        }
    }

    @Test func authorNamesDiacritics() {
        #expect(matches("authorNames == “Frédéric”", [.authorNames: .textList(["Frédéric"])]))
        #expect(!matches("authorNames == “Frédéric”", [.authorNames: .textList(["Frederic"])]))
        #expect(matches("authorNames == “Frédéric”cd", [.authorNames: .textList(["Frederic"])]))
        #expect(matches("authorNames == “Frédéric”cd", [.authorNames: .textList(["FRÉDÉRIC"])]))
    }

    @Test func canonicalEquivalenceAlwaysHolds() {
        let nfc = "Fr\u{E9}d\u{E9}ric"
        let nfd = "Fre\u{301}de\u{301}ric"
        #expect(matches("title == \"\(nfc)\"", .title, nfd))
        #expect(matches("title == \"\(nfd)\"", .title, nfc))
        #expect(matches("title == \"\(nfd)\"w", .title, "Monsieur \(nfc)"))
        #expect(!matches("title == \"Fr\"w", .title, nfd))
        // A combining mark belongs to its letter: "e" is not a whole word of "é", nor a part of it.
        #expect(!matches("title == \"e\"w", .title, "caf\u{E9}"))
        #expect(!matches("title == \"*e*\"", .title, "caf\u{E9}"))
        #expect(matches("title == \"caf*\"", .title, "cafe\u{301}"))
        #expect(!matches("title == \"cafe*\"", .title, "caf\u{E9}"))
        #expect(!matches("title == \"cafe\"t", .title, "caf\u{E9} noir"))
        #expect(matches("title == \"cafe\"td", .title, "caf\u{E9} noir"))
        #expect(matches("title == \"*e\u{301}\"", .title, "caf\u{E9}"))
        #expect(matches("title == \"*\u{301}\"", .title, "caf\u{E9}"))
    }

    @Test func stevesAudio() {
        let query = "authorNames == \"Steve\"wc && (contentType == \"audio\"wc || contentType == \"video\"wc)"
        let song: [Attribute: AttributeValue] = [
            .authorNames: .textList(["Steve Jobs"]), .contentType: .text("public.mp3"),
            .contentTypeTree: .textList([
                "public.mp3", "public.audio", "public.audiovisual-content", "public.data", "public.item",
            ]),
        ]
        var pdf = song
        pdf[.contentType] = .text("com.adobe.pdf")
        pdf[.contentTypeTree] = .textList([
            "com.adobe.pdf", "public.composite-content", "public.content", "public.data",
        ])
        var other = song
        other[.authorNames] = .textList(["Tim"])
        #expect(matches(query, song))
        #expect(!matches(query, pdf))
        #expect(!matches(query, other))
    }

    @Test func contentTypeConforms() {
        let mp3: [Attribute: AttributeValue] = [
            .contentType: .text("public.mp3"),
            .contentTypeTree: .textList(["public.mp3", "public.audio", "public.data", "public.item"]),
        ]
        #expect(matches("contentType == \"public.data\"", mp3))
        #expect(matches("contentType == \"public.mp3\"", mp3))
        #expect(matches("contentType == \"audio\"wc", mp3))
        #expect(!matches("contentType == \"public.image\"", mp3))
        #expect(matches("contentType != \"public.image\"", mp3))
        #expect(!matches("contentType != \"public.audio\"", mp3))
        #expect(matches("kMDItemContentTypeTree == \"public.audio\"", mp3))
        let referenced = compiled("contentType == \"x\"")?.referencedAttributes
        #expect(referenced == [.contentType, .contentTypeTree])
    }

    @Test func listsMatchAnyElement() {
        let item: [Attribute: AttributeValue] = [.keywords: .textList(["jazz", "live"])]
        #expect(matches("keywords == \"live\"", item))
        #expect(!matches("keywords == \"rock\"", item))
        #expect(matches("keywords != \"rock\"", item))
        #expect(!matches("keywords != \"jazz\"", item))
        #expect(!matches("keywords == \"x\"", [.keywords: .textList([])]))
        #expect(!matches("keywords != \"x\"", [.keywords: .textList([])]))
    }

    @Test func missingAttributesAndPresence() {
        let item: [Attribute: AttributeValue] = [.title: .text("Paris")]
        #expect(!matches("album == \"x\"", item))
        #expect(!matches("album != \"x\"", item))
        #expect(!matches("album == \"*\"", item))
        #expect(matches("album != \"*\"", item))
        #expect(matches("title == \"*\"", item))
        #expect(!matches("title != \"*\"", item))
        #expect(!matches("fileSize > 0", item))
        #expect(!matches("fileSize != 0", item))
        #expect(matches("fileSize != \"*\"", item))
        #expect(matches("fileSize == \"*\"", [.fileSize: .number(0)]))
        #expect(!matches("contentModificationDate < $time.now", item))
        #expect(!matches("contentModificationDate != $time.now", item))
        #expect(!matches("InRange(duration, 0, 10)", item))
    }

    @Test func starMeansAnyTextAttribute() {
        let item: [Attribute: AttributeValue] = [
            .title: .text("Holiday"), .keywords: .textList(["Beach"]), .fileSize: .number(5),
        ]
        #expect(matches("* == \"beach\"c", item))
        #expect(matches("* == \"Holiday\"", item))
        #expect(!matches("* == \"5\"", item))
        #expect(matches("* != \"Rome\"", item))
        #expect(!matches("* != \"Holiday\"", item))
        #expect(matches("* == \"*\"", item))
        #expect(!matches("* == \"*\"", [.fileSize: .number(5)]))
        let referenced = compiled("* == \"x\"")?.referencedAttributes ?? []
        #expect(referenced == Set(AttributeRegistry.textAttributes))
    }

    @Test func numbers() {
        let item: [Attribute: AttributeValue] = [.duration: .number(180.5), .fileSize: .number(1000)]
        #expect(matches("duration > 60", item))
        #expect(matches("duration == 180.5", item))
        #expect(!matches("duration == 180", item))
        #expect(matches("duration != 180", item))
        #expect(matches("duration <= 1.805e2", item))
        #expect(matches("duration >= +180.5", item))
        #expect(matches("fileSize == \"1000\"", item))
        #expect(matches("fileSize < 1E4", item))
        #expect(matches("kMDItemFSSize == 1000", item))
        #expect(matches("InRange(duration, 180.5, 200)", item))
        #expect(matches("inRange(duration, 100, 180.5)", item))
        #expect(matches("InRange(fileSize, \"999\", \"1000\")", item))
        #expect(!matches("InRange(duration, 181, 200)", item))
        #expect(matches("latitude < -10", [.latitude: .number(-33.9)]))
    }

    @Test func booleanStructure() {
        let item: [Attribute: AttributeValue] = [.title: .text("Paris"), .fileSize: .number(10)]
        #expect(matches("title == \"Paris\" && fileSize == 10", item))
        #expect(!matches("title == \"Paris\" && fileSize == 11", item))
        #expect(matches("title == \"Rome\" || fileSize == 10", item))
        #expect(matches("title == \"Rome\" && fileSize == 11 || fileSize == 10", item))
        #expect(!matches("title == \"Rome\" && (fileSize == 11 || fileSize == 10)", item))
        #expect(matches("!title == \"Rome\"", item))
        #expect(!matches("!!title == \"Rome\"", item))
        #expect(matches("!(title == \"Rome\" || fileSize == 11)", item))
    }

    @Test func emptyPatterns() {
        #expect(matches("title == \"\"", .title, ""))
        #expect(!matches("title == \"\"", .title, "a"))
        #expect(!matches("title == \"\"w", .title, "a b"))
        #expect(matches("title == \"\"wc", .title, ""))
        #expect(matches("title == \"*\"w", .title, "a b"))
    }

    @Test func wordBoundaries() {
        #expect(matches("title == \"2024\"w", .title, "report-2024-final"))
        #expect(!matches("title == \"report\"w", .title, "report2024"))  // letters and digits form one word
        #expect(matches("title == \"my window\"wc", .title, "Open My Window now"))
        #expect(!matches("title == \"indo\"w", .title, "Window"))
        #expect(matches("title == \"Class\"w", .title, "MyWindowClass"))
        #expect(matches("title == \"東京\"w", .title, "旅行 東京"))
    }

    @Test func freeText() throws {
        let query = try Query.parse("love par")
        #expect(query.isFreeText)
        let compiledQuery = try CompiledQuery(query, context: fixedContext)
        let named = AttributeSet([.displayName: .text("I love Paris.txt")])
        let split = AttributeSet([.displayName: .text("love.txt"), .album: .text("Parade")])
        let neither = AttributeSet([.displayName: .text("love.txt"), .path: .text("/paris/love.txt")])
        #expect(compiledQuery.matches(named))
        #expect(compiledQuery.matches(split))
        #expect(!compiledQuery.matches(neither))
        #expect(compiledQuery.relevance(named) > compiledQuery.relevance(split))
        #expect(compiledQuery.relevance(neither) == 0)
        #expect(compiledQuery.referencedAttributes == Set(AttributeRegistry.freeTextAttributes))

        let accents = try CompiledQuery(Query.parse("FREDERIC"), context: fixedContext)
        #expect(accents.matches(AttributeSet([.authorNames: .textList(["Frédéric Chopin"])])))
        let exact = AttributeSet([.displayName: .text("paris")])
        let prefix = AttributeSet([.displayName: .text("parisian")])
        let title = AttributeSet([.title: .text("paris")])
        let paris = try CompiledQuery(Query.parse("paris"), context: fixedContext)
        #expect(paris.relevance(exact) > paris.relevance(prefix))
        #expect(paris.relevance(exact) > paris.relevance(title))
        #expect(paris.relevance(title) > paris.relevance(AttributeSet([.keywords: .textList(["paris"])])))
    }

    @Test func freeTextDetection() throws {
        for text in [
            "paris", "love par", "paris-france.jpg", "!paris", "(paris)", "a|b", "-x y", "true", "a & b", "über", "42",
            "\"buy bread\"", "“paris”",
            "milk \"buy  bread\" eggs",
        ] {
            #expect(try Query.parse(text).isFreeText, "\(text)")
        }
        for text in [
            "title == \"x\"", "(true)", "( (false) )", "'paris'", "\"buy bread", "a && b", "a || b", "a = b", "a<b",
            "x != y",
            "$time.today", "InRange", "inRange x", "---", "   *  ", "\"\"", "title \"Paris\"",
            "kMDItemTitle  “Paris”",
        ] {
            #expect(!FreeText.isFreeText(Array(text.unicodeScalars)), "\(text)")
        }
        #expect(try Query.parse("title == \"x\"").isFreeText == false)
        #expect(try Query.parse("InRange(fileSize, 1, 2)").isFreeText == false)
        // A quoted phrase is one element, its words joined by one space, and prints back quoted.
        let phrase = try Query.parse("milk \"buy  bread\" eggs")
        #expect(phrase.expression == .freeText(["milk", "buy bread", "eggs"]))
        #expect(QueryPrinter.print(phrase.expression) == "milk \"buy bread\" eggs")
        #expect(try Query.parse(QueryPrinter.print(phrase.expression)).expression == phrase.expression)
    }

    @Test func anUnknownSpotlightAttributeIsAbsentNotAnError() throws {
        let query = try Query.parse("kMDItemAppStoreCategory == \"Games\"cd || kMDItemFSName == \"*.mp3\"")
        #expect(query.unknownSpotlightNames == ["kMDItemAppStoreCategory"])
        let compiled = try CompiledQuery(query, context: QueryContext(now: Date(), timeZone: .gmt))
        #expect(compiled.matches(AttributeSet([.fsName: .text("a.mp3")])))
        #expect(!compiled.matches(AttributeSet([.fsName: .text("a.txt")])))
        // Only `kMDItem…` names: any other unknown name is an error; and the syntax still counts.
        #expect(throws: QueryError.self) { try Query.parse("appStoreCategory == \"Games\"") }
        #expect(throws: QueryError.self) { try Query.parse("kMDItemAppStoreCategory ==") }
        #expect(throws: QueryError.self) { try Query.parse("kMDItemAppStoreCategory \"Games\"") }
    }

    @Test func valuesWithoutQuotesAsMdfindTakesThem() throws {
        func matches(_ query: String, _ item: [Attribute: AttributeValue]) throws -> Bool {
            try CompiledQuery(Query.parse(query), context: QueryContext(now: Date(), timeZone: .gmt))
                .matches(AttributeSet(item))
        }
        let pdf: [Attribute: AttributeValue] = [
            .fsName: .text("paper.pdf"), .kind: .text("Application"),
            .contentTypeTree: .textList(["com.adobe.pdf", "public.data"]),
        ]
        #expect(try matches("kMDItemFSName = *.pdf", pdf))
        #expect(try !matches("kMDItemFSName = *.txt", pdf))
        #expect(try matches("kMDItemKind == Application", pdf))
        #expect(try matches("kMDItemContentTypeTree = com.adobe.pdf && fsName == paper.pdf", pdf))
        #expect(try matches("title != * ", pdf), "a bare * is the presence test")
        #expect(try Query.parse("kMDItemFSName = *.pdf") == Query.parse("kMDItemFSName == \"*.pdf\""))
        // The whole bare value is what the error names.
        #expect(throws: QueryError.self) { try Query.parse("fileSize > big.value") }
    }

    @Test func bracketModifiersAfterTheOperator() throws {
        #expect(try Query.parse("kMDItemFSName ==[cd] \"tone*\"") == Query.parse("fsName == \"tone*\"cd"))
        #expect(try Query.parse("fsName ==[c] \"x\"d") == Query.parse("fsName == \"x\"cd"))
        #expect(try Query.parse("fsName ==[w] paris") == Query.parse("fsName == \"paris\"w"))
        for bad in ["fsName ==[x] \"a\"", "fsName ==[c \"a\""] {
            #expect(throws: QueryError.self, "\(bad)") { try Query.parse(bad) }
        }
        // Modifiers on a number are refused, as `5c` always was (when the query is compiled).
        #expect(throws: QueryError.self) {
            try CompiledQuery(Query.parse("fileSize ==[c] 5"), context: QueryContext(now: Date(), timeZone: .gmt))
        }
    }

    @Test func searchFieldKeywordsInsideAQuery() throws {
        // The chip grammar: `kind:image` is the predicate its chip holds, never free text.
        #expect(try Query.parse("kind:image") == Query.parse("contentType == \"public.image\""))
        #expect(
            try Query.parse("kind:image paris").expression
                == .and([.freeText(["paris"]), try Query.parse("contentType == \"public.image\"").expression]))
        #expect(
            try Query.parse("paris kind:image").expression
                == .and([.freeText(["paris"]), try Query.parse("contentType == \"public.image\"").expression]))
        #expect(
            try Query.parse("kind:image && kMDItemPixelHeight > 2000")
                == Query.parse("(contentType == \"public.image\") && kMDItemPixelHeight > 2000"))
        #expect(try Query.parse("date:\"this week\"") == Query.parse("date:this_week"))
        // A known key without a good value is an error; an unknown key is text.
        for bad in ["kind:", "duration:>>5", "date:someday", "kind:nosuchkind", "kind:imgae paris"] {
            #expect(throws: QueryError.self, "\(bad)") { try Query.parse(bad) }
        }
        #expect(try Query.parse("10:30 meeting").isFreeText)
        #expect(try Query.parse("title == \"a:b\"") == Query.parse("title == \"a:b\""))
    }

    @Test func andOrNotAsWords() throws {
        #expect(
            try Query.parse("fsName == \"a\" AND duration > 2 OR NOT title == \"b\"")
                == Query.parse("fsName == \"a\" && duration > 2 || !title == \"b\""))
        #expect(try Query.parse("tone AND flac").expression == .freeText(["tone", "flac"]))
        #expect(throws: QueryError.self) { try Query.parse("AND") }
        // Only capitals: `and` stays a word (an attribute could not be called that anyway).
        #expect(try Query.parse("rock and roll").expression == .freeText(["rock", "and", "roll"]))
    }

    @Test func mdfindFreeTextOperators() throws {
        func parsed(_ text: String) throws -> QueryExpression { try Query.parse(text).expression }
        let image = try parsed("contentType == \"public.image\"")
        let pdf = try parsed("(kind == \"pdf\"cdt || contentType == \"pdf\"c)")
        // `|` and `OR`: either; juxtaposition binds tighter, as in a search box.
        #expect(try parsed("paris|london") == .or([.freeText(["paris"]), .freeText(["london"])]))
        #expect(try parsed("paris OR london") == parsed("paris | london"))
        #expect(try parsed("eiffel paris | london") == .or([.freeText(["eiffel", "paris"]), .freeText(["london"])]))
        // `-word`, `NOT word`: without; the words beside stay one ranked leaf.
        #expect(try parsed("paris -draft 2024") == .and([.freeText(["paris", "2024"]), .not(.freeText(["draft"]))]))
        #expect(try parsed("paris NOT draft") == parsed("paris -draft"))
        #expect(try parsed("paris -\"first draft\"") == .and([.freeText(["paris"]), .not(.freeText(["first draft"]))]))
        // A dash inside or between words is not an operator.
        #expect(try parsed("e-mail 2019 - 2020") == .freeText(["e-mail", "2019", "-", "2020"]))
        // Grouping.
        #expect(
            try parsed("(paris | london) -(draft | old)")
                == .and([
                    .or([.freeText(["paris"]), .freeText(["london"])]),
                    .not(.or([.freeText(["draft"]), .freeText(["old"])])),
                ]))
        // Keywords take part: `kind:image OR kind:pdf`, `-kind:image`.
        #expect(try parsed("kind:image OR kind:pdf") == .or([image, pdf]))
        #expect(try parsed("paris -kind:image") == .and([.freeText(["paris"]), .not(image)]))
        #expect(
            try parsed("kind:image (paris | london)")
                == .and([image, .or([.freeText(["paris"]), .freeText(["london"])])]))
        // Mistakes are errors with a caret, never words.
        for (bad, message) in [
            ("paris |", "expected a word at the end"), ("(paris", "never closed"), ("paris)", "no matching '('"),
            ("| paris", "expected a word before '|'"), ("paris NOT", "needs a word after it"),
            ("AND", "needs a word before it"),
            ("paris AND | x", "'AND' needs a word after it"),
        ] {
            #expect(throws: QueryError.self, "\(bad)") { try Query.parse(bad) }
            do {
                _ = try Query.parse(bad)
            } catch {
                #expect(error.message.contains(message), "\(bad): \(error.message)")
            }
        }
    }

    @Test func finderRawQueryForms() throws {
        func parsed(_ text: String) throws -> QueryExpression { try Query.parse(text).expression }
        // `**`: name or content, as Finder's RawQuery writes what is typed into its field.
        #expect(try parsed("** == \"paris*\"cdw") == .freeText(["paris"]))
        #expect(
            try parsed("(** == \"paris*\"cdw) && (kMDItemContentTypeTree == \"public.image\")")
                == .and([
                    .freeText(["paris"]), try parsed("contentTypeTree == \"public.image\""),
                ]))
        #expect(try parsed("** != \"draft\"") == .not(.freeText(["draft"])))
        #expect(throws: QueryError.self) { try Query.parse("** > \"x\"") }
        #expect(throws: QueryError.self) { try Query.parse("** == 5") }
        #expect(throws: QueryError.self) { try Query.parse("** == \"*\"") }
        // `true` and `false`: constants in the grammar, and `(true)` alone; a bare `true` is a word.
        #expect(try parsed("(true) && (fsName == \"a\")") == .and([.and([]), try parsed("fsName == \"a\"")]))
        #expect(try parsed("false || fsName == \"a\"") == .or([.or([]), try parsed("fsName == \"a\"")]))
        #expect(try parsed("(true)") == .and([]))
        #expect(try parsed("true") == .freeText(["true"]))
        // Free text inside a tree prints as `**` and reads back the same.
        let tree = try Query.parse("paris -kind:image")
        #expect(tree.description == "** == \"paris\" && !contentType == \"public.image\"")
        #expect(try Query.parse(tree.description) == tree)
        #expect(try Query.parse("(true)").description == "(true)")
    }

    /// Every form issue 14 names, items 1 and 2, each read as the grammar form it means.
    @Test func everyFormOfTheIssueHasAnExample() throws {
        let pairs: [(String, String)] = [
            // 1. Values without quotes.
            ("kMDItemKind == Application", "kind == \"Application\""),
            ("kMDItemContentTypeTree = public.movie", "contentTypeTree == \"public.movie\""),
            ("kMDItemContentType = public.truetype-ttf-font", "contentType == \"public.truetype-ttf-font\""),
            ("kMDItemFSName = *.pdf", "fsName == \"*.pdf\""),
            ("kMDItemUserTags = *", "userTags == \"*\""),
            ("kMDItemLastUsedDate != *", "lastUsedDate != \"*\""),
            // 2. Search-field keywords (a date is its whole period).
            ("kind:image", "contentType == \"public.image\""),
            ("kind:music", "contentType == \"public.audio\""),
            ("kind:folder", "contentType == \"public.folder\""),
            ("kind:pdf", "(kind == \"pdf\"cdt || contentType == \"pdf\"c)"),
            ("kind:presentation", "(kind == \"presentation\"cdt || contentType == \"presentation\"c)"),
            ("date:today", "InRange(contentModificationDate, $time.today, $time.today)"),
            ("date:yesterday", "InRange(contentModificationDate, $time.yesterday, $time.yesterday)"),
            ("date:\"this week\"", "InRange(contentModificationDate, $time.this_week, $time.this_week)"),
            ("created:today", "InRange(contentCreationDate, $time.today, $time.today)"),
            ("modified:yesterday", "InRange(contentModificationDate, $time.yesterday, $time.yesterday)"),
            ("author:Steve", "authorNames == \"Steve\"cdt"),
            ("duration:>=600", "duration >= 600"),
            ("make:canon", "acquisitionMake == \"canon\"cdt"),
            ("kind:image && kMDItemPixelHeight > 2000", "contentType == \"public.image\" && pixelHeight > 2000"),
            (
                "kind:image AND NOT kind:pdf",
                "contentType == \"public.image\" && !(kind == \"pdf\"cdt || contentType == \"pdf\"c)"
            ),
        ]
        for (form, meaning) in pairs {
            #expect(try Query.parse(form) == Query.parse(meaning), "\(form)")
        }
    }
}
