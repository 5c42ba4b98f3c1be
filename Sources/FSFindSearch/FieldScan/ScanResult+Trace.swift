import Foundation

extension ScanResult {
    /// What the scan cost, as the search trace (`FSFIND_SEARCH_TRACE`) writes it after how the
    /// answer was found: `visited V scored S bounded B matched M content MS scan MS cpu MS` (cpu:
    /// the scan's CPU time on every core), which `benchmarks/search-keystroke` reads.
    package var trace: String {
        "visited \(work.visited) scored \(work.scored) bounded \(work.bounded) matched \(matched.count) "
            + "content \(Self.milliseconds(work.content)) scan \(Self.milliseconds(work.scan)) "
            + "cpu \(Self.milliseconds(work.scanCPU))"
    }

    /// `duration` in milliseconds with three decimals, as the traces write every time.
    private static func milliseconds(_ duration: Duration) -> String {
        String(
            format: "%.3f", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }
}
