import CPlatform

/// Asks the processor to bring `address`'s cache line in for reading, without waiting for it
/// (`__builtin_prefetch`): for scans whose rows are scattered, a row's lines asked for a few rows
/// before it is read. A hint only: an address outside the mapping is ignored, never a fault.
@inlinable @inline(__always) package func prefetchForReading(_ address: UnsafeRawPointer) {
    fsfind_prefetch(address)
}
