import CPlatform

/// Turns a `SIGBUS` in a mapped index file into a message and an exit status.
///
/// A reader maps the index; if another program truncates the file in place meanwhile (`cp` over
/// it, a restore or sync tool), the next touch of a page past the new end raises `SIGBUS`, which
/// would kill the reader with a crash report. Every file mapping is registered here while it
/// lives, and the program installs one handler (in C: Swift cannot read the faulting address) that
/// names the file whose mapping faulted and exits. A table of address ranges, process-wide by
/// nature: a signal handler has no other way to know what is mapped.
package enum MappingFaults {
    /// Records `bytes`, read from the file `name`; returns the token for ``forget(_:)``.
    static func register(_ bytes: UnsafeRawBufferPointer, name: String) -> Int32 {
        fsfind_mapping_register(bytes.baseAddress, bytes.count, name)
    }

    /// Forgets a mapping before it is unmapped.
    static func forget(_ token: Int32) {
        fsfind_mapping_forget(token)
    }

    /// From now on a fault in a registered mapping is recovered from instead of ending the
    /// process: the rest of that mapping reads as zeros and ``hasFaulted(_:)`` says so, so the
    /// reader can throw its answer away. For a server, where one request should fail, not all.
    package static func recoverInstead() {
        fsfind_mapping_fault_recover(1)
    }

    /// True once a fault in the mapping of `token` was recovered from: what was read from it since
    /// may be zeros instead of the file's bytes.
    static func hasFaulted(_ token: Int32) -> Bool {
        fsfind_mapping_faulted(token) != 0
    }

    /// Installs the handler: a fault in a registered mapping calls `before` (async-signal-safe
    /// only), writes `prefix`, the file's name and `suffix` to stderr, and exits with `status`.
    /// Any other `SIGBUS` still kills the process (after `before`).
    package static func install(
        prefix: String, suffix: String, status: Int32, before: (@convention(c) () -> Void)? = nil
    ) {
        fsfind_mapping_fault_handler_install(prefix, suffix, status, before)
    }
}
