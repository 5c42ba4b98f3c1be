// What FSFindPlatform offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `BoundedQueue` (class, BoundedQueue.swift): fsfind's one queue between threads, first in, first out
// - `DynamicLibrary` (struct, DynamicLibrary.swift): A C library opened with `dlopen` and never closed, and the
//   functions looked up in it
// - `Handoff` (class, Handoff.swift): One value worked out on a thread of its own and taken by the thread that waits
//   for it
// - `JoinedThreads` (class, JoinedThreads.swift): Threads that are always joined, fsfind's one way to start a thread
// - `prefetchForReading` (func, MemoryHint.swift): Asks the processor to bring `address`'s cache line in for
//   reading, without waiting for it
// - `retryingOnInterrupt` (func, FileDescriptor+Reading.swift): `body`'s result, calling it again while it fails with
//   `EINTR`
