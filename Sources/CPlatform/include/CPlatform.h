// What Swift's Glibc module cannot import, from the real headers: statx(2) and its struct (behind
// _GNU_SOURCE), the offset of dirent's d_name, and the GNU open flags. Inline, so nothing is
// linked and the compiler checks every type against glibc's own declarations. Then the one thing
// Swift cannot do at all: a signal handler that reads siginfo (the SIGBUS guard, below).
#pragma once
#define _GNU_SOURCE 1
#include <dirent.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>
#include <pthread.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/stat.h>

static inline int fsfind_statx(int dirfd, const char *path, int flags, unsigned int mask, struct statx *buffer) {
    return statx(dirfd, path, flags, mask, buffer);
}

static inline size_t fsfind_dirent_name_offset(void) { return offsetof(struct dirent, d_name); }

// A spawned worker closes every descriptor from `fd` up (glibc 2.34's GNU extension): a pipe, a
// lock or a socket the parent has open, and that some library made without close-on-exec, must
// not stay open in a worker that lives for a whole run (a reader of that pipe would wait for its
// end until the worker exits).
// (`actions` is a posix_spawn_file_actions_t; spawn.h is included in platform.c only, since its
// fd_set under _GNU_SOURCE clashes with Dispatch's.)
int fsfind_spawn_close_from(void *actions, int fd);

// signalfd(2), which Swift's Glibc module does not import: `fsfind watch` reads SIGTERM and
// SIGINT in the same poll as its inotify events. Returns the signal number read, 0 for none yet.
static inline int fsfind_signalfd(int fd, const sigset_t *mask) { return signalfd(fd, mask, SFD_CLOEXEC | SFD_NONBLOCK); }
static inline int fsfind_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    return read(fd, &info, sizeof info) == (ssize_t)sizeof info ? (int)info.ssi_signo : 0;
}

// SIGTERM and SIGINT for `fsfind watch`. `fsfind_block_termination` blocks both in the calling
// thread, and so in every thread started after it: call it first, while the process has one
// thread, and no thread is ever interrupted by them; they wait to be read through signalfd
// between batches. While the first index is built (which may take minutes), a thread of
// `fsfind_exit_on_termination_start` waits for them instead and ends the process at once with
// status 0: the index is replaced atomically, so what was begun is dropped whole and the next
// start finds it again. `fsfind_exit_on_termination_stop` ends that thread.
void fsfind_block_termination(void);
int fsfind_exit_on_termination_start(void);
void fsfind_exit_on_termination_stop(void);

// Background priority for `fsfind watch`, as Baloo runs: nice 19, the idle scheduling class
// (runs only when a core would otherwise idle) and the idle IO class (ioprio_set has no glibc
// wrapper). Inherited by threads and extraction workers started afterwards. Returns how many of
// the three failed (a kernel without one of them still runs the watcher).
int fsfind_lower_priority(void);

// Raises the calling thread's nice value by `increment` (Linux keeps one per thread; POSIX says
// per process). For the libmagic threads of a run that reads words, so the text store's single
// writing thread, the run's longest serial step, is not starved by them. Returns setpriority's
// result.
int fsfind_lower_thread_priority(int increment);

// Sets `attr`'s CPU affinity to the cores the calling thread may run on, but the one it runs on
// now: a scan's new thread then starts on another core at once, where Linux put it beside its
// busy parent and a virtual machine's idle core took milliseconds to pull it over. Returns 0
// when set, -1 when there is no other core (or the calls fail), `attr` then unchanged.
int fsfind_attr_avoid_current_cpu(pthread_attr_t *attr);

// A file's modification time (`lstat`), the clock's time, and setting a file's times, as seconds
// and nanoseconds: Swift's view of `struct stat` and `struct timespec` is CoreFoundation's or
// Glibc's depending on which files a compiler job holds, which MemberImportVisibility then
// rejects in one build and not another (the text store's check, `TextStoreCheck`). -1 with errno
// when the file cannot be looked at or changed.
int fsfind_modified_at(const char *path, int64_t *seconds, int64_t *nanoseconds);
void fsfind_realtime(int64_t *seconds, int64_t *nanoseconds);
int fsfind_set_times(const char *path, int64_t seconds, int64_t nanoseconds);

// One malloc arena for the whole process (glibc's M_ARENA_MAX), for `fsfind watch`: a batch's
// crawl, libmagic and text threads each took an arena of their own, a batch freed into one what
// the next batch allocated from another, and a 50,000-file burst on a million items peaked at
// 112–144 MiB (108–120 with one arena). Called before the threads start.
void fsfind_use_one_malloc_arena(void);

// Gives pages malloc keeps after a large free back to the kernel (glibc's malloc_trim), so an
// idle `fsfind watch` does not hold the memory of its last batch.
void fsfind_release_free_memory(void);

// Blocks of at least `bytes` get a mapping of their own, unmapped when freed, from now on (glibc's
// M_MMAP_THRESHOLD, which also stops glibc from raising that threshold and the trim threshold
// itself). By default the first large block freed raises the threshold to its size (up to 32 MiB),
// and from then on a large text's buffers come from the heap, where what is freed stays resident
// (docs/decisions.md, "The memory of the whole process tree"). Called before the threads start.
void fsfind_map_large_allocations(size_t bytes);

// Free space at the top of a heap is given back to the kernel only once it reaches `bytes` (glibc's
// M_TRIM_THRESHOLD, which M_MMAP_THRESHOLD leaves at 128 KiB). libmagic allocates and frees its
// buffers of up to 256 KiB for every file; with a 128 KiB threshold each free gave the pages back
// and the next file faulted them in and cleared them again (docs/decisions.md, "libmagic's
// buffers stay mapped"). Called before the threads start.
void fsfind_keep_free_heap_top(size_t bytes);

// Gives free pages back (malloc_trim) when the heap's top has moved up by at least `bytes` since the
// last call that gave them back: for an extraction worker after each file, so the tree a large
// page was parsed into is not kept until the worker ends, and the common small file costs no trim.
void fsfind_release_free_memory_after_growth(size_t bytes);

static const int fsfind_O_PATH = O_PATH;
static const int fsfind_O_NOATIME = O_NOATIME;
static const int fsfind_AT_NO_AUTOMOUNT = AT_NO_AUTOMOUNT;
static const unsigned int fsfind_STATX_BASIC_STATS_BTIME = STATX_BASIC_STATS | STATX_BTIME;
static const unsigned int fsfind_STATX_BTIME = STATX_BTIME;

// Index mappings a SIGBUS may hit (platform.c). A file mapped with mmap and then truncated by
// another program raises SIGBUS on the next touch of a page past its new end; Swift has no way to
// catch that, so the handler is C: it looks the faulting address up among the registered
// mappings and, when it is one of them, writes a prepared message naming the file and exits 1
// instead of dying of the signal. Everything the handler touches is prepared beforehand
// (async-signal-safe: atomics, write, _exit).

/// Records a live mapping of `length` bytes at `start` read from the file named `name` (copied).
/// Returns the slot to pass to `fsfind_mapping_forget`, or -1 when every slot is taken (that
/// mapping then faults as before).
int fsfind_mapping_register(const void *start, size_t length, const char *name);

/// Forgets the mapping in `slot` (before it is unmapped).
void fsfind_mapping_forget(int slot);

/// Installs the SIGBUS handler. On a fault inside a registered mapping it calls `before` (may be
/// NULL; it must be async-signal-safe, e.g. restoring the terminal), writes `prefix`, the file's
/// name and `suffix` to stderr and calls `_exit(status)`. Any other SIGBUS calls `before` and
/// dies of the signal as usual. The strings are copied.
void fsfind_mapping_fault_handler_install(const char *prefix, const char *suffix, int status, void (*before)(void));

/// With `recovers` non-zero, a fault in a registered mapping no longer exits: the mapping's pages
/// from the faulting one to its end are replaced by zeros, the slot is marked
/// (`fsfind_mapping_faulted`), and the read goes on. What a server sets, so that one request
/// fails instead of the process.
void fsfind_mapping_fault_recover(int recovers);

/// Non-zero once a fault in `slot`'s mapping was recovered from.
int fsfind_mapping_faulted(int slot);

// Extended attributes (platform.c). <sys/xattr.h> is not included here: in this module it would
// clash with the C library's own module over `fd_set`. Same contracts as llistxattr(2) and
// lgetxattr(2): the last component is not followed.

/// `llistxattr(path, list, size)`.
long fsfind_llistxattr(const char *path, char *list, size_t size);

/// `lgetxattr(path, name, value, size)`.
long fsfind_lgetxattr(const char *path, const char *name, void *value, size_t size);

/// `flistxattr(descriptor, list, size)`: for a file already open, without a second path lookup.
long fsfind_flistxattr(int descriptor, char *list, size_t size);

/// `fgetxattr(descriptor, name, value, size)`.
long fsfind_fgetxattr(int descriptor, const char *name, void *value, size_t size);

/// `lsetxattr(path, name, value, size, 0)`: how the tests give files the attributes users' tools write.
int fsfind_lsetxattr(const char *path, const char *name, const void *value, size_t size);

// The running executable (platform.c).

/// 1 when the main program was linked at a fixed address (not position-independent: its load
/// bias, as `dl_iterate_phdr` reports it, is 0), 0 when the loader placed it at a random one.
int fsfind_main_image_is_fixed(void);

// SipHash-2-4 with a 128-bit tag, fed in pieces (siphash.c): the text store's digest of a file's
// bytes, under a secret key each store draws once, so no file can be made to share another's
// digest on purpose (Swift's own Hasher draws its key per process, and the store keeps digests
// from one run to the next).
#include <stdint.h>
struct fsfind_siphash {
    uint64_t v[4];
    uint64_t length;
    uint8_t tail[8];
    unsigned pending;
};
void fsfind_siphash_start(struct fsfind_siphash *state, uint64_t k0, uint64_t k1);
void fsfind_siphash_add(struct fsfind_siphash *state, const void *bytes, size_t count);
void fsfind_siphash_finish(struct fsfind_siphash *state, uint64_t tag[2]);

// A hint that `address` will be read soon (GCC's and Clang's builtin; Swift has no way to say
// it): a scan over scattered rows asks for a row's cache lines several rows ahead, so their
// loads overlap the rows in between instead of each waiting on memory in turn. Never faults.
static inline void fsfind_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
