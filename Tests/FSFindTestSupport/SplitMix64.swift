import Foundation

/// SplitMix64: a tiny seeded generator, so a failing case can be replayed from its seed.
///
/// Every random test in both test targets draws from one of these, never from the system
/// generator. Each test has its own fixed seed, so a run is the same run every time;
/// `FSFIND_TEST_SEED=N` (decimal or `0x…`) is mixed into every seed, to explore other cases, and
/// the same `N` replays a failure found that way.
package struct SplitMix64: RandomNumberGenerator {
    package var state: UInt64

    package init(seed: UInt64) { state = seed ^ Self.environmentSeed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `FSFIND_TEST_SEED`, 0 when unset or unreadable.
    package static let environmentSeed: UInt64 = {
        guard let text = ProcessInfo.processInfo.environment["FSFIND_TEST_SEED"] else { return 0 }
        if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) ?? 0 }
        return UInt64(text) ?? 0
    }()
}
