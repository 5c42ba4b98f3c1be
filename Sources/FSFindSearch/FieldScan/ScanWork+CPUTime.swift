import Glibc

// Apart from InteractiveScan.swift, which imports Foundation: there `timespec` resolves to
// CoreFoundation's copy of the type, which MemberImportVisibility then asks to be imported.
extension ScanWork {
    /// The CPU time every thread of this process has used: a scan's, taken before and after it,
    /// is what its parts cost on every core, which other processes' load does not lengthen.
    static func processCPUTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }

    /// Sets the times of a scan that started at `started`, whose pass over the rows started at
    /// `scanStarted` with the process at `cpu` of CPU time, now that it is over.
    mutating func timed(started: ContinuousClock.Instant, scanStarted: ContinuousClock.Instant, cpu: Duration) {
        content = scanStarted - started
        scan = ContinuousClock.now - scanStarted
        scanCPU = Self.processCPUTime() - cpu
    }
}
