import Glibc

// Apart from LiveIndexer.swift, which imports Foundation: there `timespec` resolves to
// CoreFoundation's copy of the type, which MemberImportVisibility then asks to be imported.
extension LiveIndexer {
    /// The CPU time every thread of this process has used (not the extraction workers').
    static func processCPUTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }
}
