import Testing

@testable import FSFindModel

/// A problem's reason names the library that was not installed and its package, and reads back
/// from the text stored in the index (`fsfind status`'s "Not installed" lines).
@Suite struct MissingLibraryTests {
    @Test func reasonReadsBack() {
        let library = MissingLibrary(soname: "libpoppler-glib.so.8", package: "libpoppler-glib8")
        #expect(library.reason == "libpoppler-glib.so.8 cannot be loaded; install the libpoppler-glib8 package")
        #expect(MissingLibrary(reason: library.reason) == library)
    }

    @Test func foundInsideALongerReason() {
        let reason = "its words could not be read: libarchive.so.13 cannot be loaded; install the libarchive13 package"
        #expect(MissingLibrary(reason: reason) == MissingLibrary(soname: "libarchive.so.13", package: "libarchive13"))
    }

    @Test func otherReasonsNameNoLibrary() {
        #expect(MissingLibrary(reason: "malformed TIFF header") == nil)
        #expect(MissingLibrary(reason: "pdf extractor timed out after 30 s") == nil)
        #expect(MissingLibrary(reason: " cannot be loaded; install the  package") == nil)
    }

    @Test func tallyCountsEachLibraryMostFirst() {
        let exif = MissingLibrary(soname: "libexif.so.12", package: "libexif12")
        let poppler = MissingLibrary(soname: "libpoppler-glib.so.8", package: "libpoppler-glib8")
        let problems = [
            ItemProblem(.unparsable, poppler.reason),
            ItemProblem(.unparsable, "its camera, date and place could not be read: \(exif.reason)"),
            ItemProblem(.unparsable, poppler.reason),
            ItemProblem(.unreadable, "Permission denied"),
        ]
        let tally = MissingLibrary.tally(problems)
        #expect(tally.map(\.library) == [poppler, exif])
        #expect(tally.map(\.files) == [2, 1])
    }
}
