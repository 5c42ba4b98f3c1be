import FSFindTestSupport
import Foundation
import Glibc
import Testing

/// The test processes' spawn: only a descriptor closed under it (`EBADF`) is tried again.
@Suite struct SpawningTests {
    @Test func onlyAClosedDescriptorIsTriedAgain() {
        let posix = { (code: Int32) in NSError(domain: NSPOSIXErrorDomain, code: Int(code)) }
        let wrapped = { (code: Int32) in
            NSError(domain: NSCocoaErrorDomain, code: 256, userInfo: [NSUnderlyingErrorKey: posix(code)])
        }
        #expect(Spawning.isClosedDescriptor(posix(EBADF)))
        #expect(Spawning.isClosedDescriptor(wrapped(EBADF)))
        #expect(!Spawning.isClosedDescriptor(posix(ENOENT)))
        #expect(!Spawning.isClosedDescriptor(wrapped(EACCES)))
        #expect(!Spawning.isClosedDescriptor(NSError(domain: NSCocoaErrorDomain, code: 256)))
    }

    @Test func aMissingProgramStillFails() {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/nonexistent/fsfind-test-program")
        #expect(throws: (any Error).self) { try Spawning.run(process) }
    }
}
