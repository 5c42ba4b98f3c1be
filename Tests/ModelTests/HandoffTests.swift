import Foundation
import Testing

@testable import FSFindPlatform

/// A value worked out on a thread of its own is there for the reader once made, and taken once.
@Suite struct HandoffTests {
    @Test func aValueMadeElsewhereIsTakenOnce() throws {
        let handoff = Handoff<[Int]>()
        #expect(handoff.value == nil && handoff.take() == nil)
        handoff.fill { Array(0..<1000) }
        let deadline = Date().addingTimeInterval(10)
        while handoff.value == nil, Date() < deadline { usleep(1000) }
        #expect(handoff.value?.count == 1000)
        #expect(handoff.take()?.last == 999)
        #expect(handoff.take() == nil && handoff.value == nil)
    }
}
