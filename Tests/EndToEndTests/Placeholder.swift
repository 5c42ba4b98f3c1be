import Testing
@Test func fixturesPresent() {}
