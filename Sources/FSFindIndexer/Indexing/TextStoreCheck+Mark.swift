import CPlatform

extension TextStoreCheck {
    /// Sets the modification time of `committed` (the index or delta a run just replaced) to now,
    /// or to just after the store's when the clock has not moved past it (file times come from a
    /// coarser clock than `clock_gettime`'s): the next refresh then skips the store's check. Does
    /// nothing when the store's time is ahead of the clock (it is checked then, as it should be).
    static func markNewer(_ committed: String, thanStoreOf indexPath: String) {
        guard let store = storeModified(forIndex: indexPath) else { return }
        var seconds: Int64 = 0
        var nanoseconds: Int64 = 0
        fsfind_realtime(&seconds, &nanoseconds)
        let now = Time(seconds: seconds, nanoseconds: nanoseconds)
        guard store < Time(seconds: now.seconds + 1, nanoseconds: now.nanoseconds) else { return }
        let after =
            store.nanoseconds == 999_999_999
            ? Time(seconds: store.seconds + 1, nanoseconds: 0)
            : Time(seconds: store.seconds, nanoseconds: store.nanoseconds + 1)
        let stamp = max(now, after)
        _ = fsfind_set_times(committed, stamp.seconds, stamp.nanoseconds)
    }
}
