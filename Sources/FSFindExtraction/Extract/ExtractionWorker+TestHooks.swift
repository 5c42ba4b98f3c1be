import Foundation
import Glibc

extension ExtractionWorker {
    /// Ways to make a worker misbehave on one file by name, so the tests can prove that a crash,
    /// a hang or a runaway allocation in a parser costs that file only.
    ///
    /// Debug builds only (the tests run them): a release worker reads no such variable, so nobody
    /// can make a shipped `fsfind` crash through its environment. Read only in the worker, never
    /// in the indexer's own process.
    struct TestHooks {
        #if DEBUG
            private let crashName: [UInt8]?
            private let hangName: [UInt8]?
            private let allocateName: [UInt8]?
            private let slowName: [UInt8]?
        #endif

        static func fromEnvironment() -> TestHooks {
            #if DEBUG
                let environment = ProcessInfo.processInfo.environment
                return TestHooks(
                    crashName: environment[crashVariable].map { Array($0.utf8) },
                    hangName: environment[hangVariable].map { Array($0.utf8) },
                    allocateName: environment[allocateVariable].map { Array($0.utf8) },
                    slowName: environment[slowVariable].map { Array($0.utf8) })
            #else
                return TestHooks()
            #endif
        }

        /// Crashes, hangs or fills memory when `name` is the file named for that.
        func misbehave(reading name: [UInt8]) {
            #if DEBUG
                if let crashName, name == crashName { abort() }
                if let hangName, name == hangName { while true { sleep(3600) } }
                if let allocateName, name == allocateName { Self.fillMemory(bytes: 2 << 30) }
                if let slowName, name == slowName { usleep(1_000_000) }
            #endif
        }

        #if DEBUG
            /// Allocates and touches `bytes`, like a runaway parser; fails under the memory limit.
            private static func fillMemory(bytes: Int) {
                guard let block = malloc(bytes) else {
                    fatalError("allocation of \(bytes) bytes refused by the memory limit")
                }
                memset(block, 1, bytes)
                free(block)
            }
        #endif
    }

    #if DEBUG
        /// A worker asked to read a file with this name calls `abort()`.
        static let crashVariable = "FSFIND_TEST_CRASH_ON"
        /// A worker asked to read a file with this name sleeps until it is killed.
        static let hangVariable = "FSFIND_TEST_HANG_ON"
        /// A worker asked to read a file with this name tries to fill 2 GiB of memory, as a parser
        /// fooled by a huge length field would; the address-space limit must stop it.
        static let allocateVariable = "FSFIND_TEST_ALLOCATE_ON"
        /// A worker asked to read a file with this name waits a second first, as a slow decoder
        /// would (the search screen's tests resize the window meanwhile).
        static let slowVariable = "FSFIND_TEST_SLOW_ON"
    #endif
}
