// CPlatform is mostly header-only (static inline functions); what needs storage of its own (the
// table of index mappings the SIGBUS handler consults) or headers Swift's Glibc module clashes
// with (sys/resource.h's enums) lives here.
#include "CPlatform.h"

#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { fsfind_mapping_slots = 32 };

// A slot is taken when `starts[slot]` is non-zero; `ends` and `names` are written before the
// start is published and read only after it is seen.
static _Atomic(uintptr_t) starts[fsfind_mapping_slots];
static _Atomic(uintptr_t) ends[fsfind_mapping_slots];
static _Atomic(char *) names[fsfind_mapping_slots];
static _Atomic(int) claimed[fsfind_mapping_slots];
// Set when a fault in the slot's mapping was recovered from (its rest now reads as zeros).
static _Atomic(int) faulted[fsfind_mapping_slots];
// Recover instead of exiting (a server: the request fails, the process goes on).
static _Atomic(int) fault_recovers;
static uintptr_t fault_page_size = 4096;

static char *fault_prefix;
static char *fault_suffix;
static int fault_status = 1;
static void (*fault_before)(void);

int fsfind_mapping_register(const void *start, size_t length, const char *name) {
    if (start == NULL || length == 0) return -1;
    for (int slot = 0; slot < fsfind_mapping_slots; slot++) {
        int expected = 0;
        if (!atomic_compare_exchange_strong(&claimed[slot], &expected, 1)) continue;
        atomic_store(&names[slot], strdup(name));
        atomic_store(&ends[slot], (uintptr_t)start + length);
        atomic_store(&faulted[slot], 0);
        atomic_store(&starts[slot], (uintptr_t)start);
        return slot;
    }
    return -1;
}

void fsfind_mapping_forget(int slot) {
    if (slot < 0 || slot >= fsfind_mapping_slots) return;
    atomic_store(&starts[slot], 0);
    // The name is not freed: a handler on another thread may be reading it. It is one short
    // string per index opened, and a process opens few.
    atomic_store(&names[slot], NULL);
    atomic_store(&claimed[slot], 0);
}

static void write_all(const char *text) {
    if (text == NULL) return;
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t written = write(2, text, left);
        if (written <= 0) return;
        text += written;
        left -= (size_t)written;
    }
}

static void on_bus_error(int number, siginfo_t *info, void *context) {
    (void)context;
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int slot = 0; slot < fsfind_mapping_slots; slot++) {
        uintptr_t start = atomic_load(&starts[slot]);
        if (start == 0 || address < start || address >= atomic_load(&ends[slot])) continue;
        if (atomic_load(&fault_recovers)) {
            // The pages from the faulting one to the mapping's end become zeros (mmap is a plain
            // system call, safe here in practice), the slot says so, and the read goes on.
            uintptr_t page = address & ~(fault_page_size - 1);
            uintptr_t end = (atomic_load(&ends[slot]) + fault_page_size - 1) & ~(fault_page_size - 1);
            void *replaced = mmap((void *)page, end - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
            if (replaced != MAP_FAILED) {
                atomic_store(&faulted[slot], 1);
                return;
            }
        }
        if (fault_before != NULL) fault_before();
        write_all(fault_prefix);
        write_all(atomic_load(&names[slot]));
        write_all(fault_suffix);
        _exit(fault_status);
    }
    // Not an index mapping: die of the signal, as without this handler.
    if (fault_before != NULL) fault_before();
    signal(number, SIG_DFL);
    raise(number);
}

void fsfind_mapping_fault_recover(int recovers) {
    long size = sysconf(_SC_PAGESIZE);
    if (size > 0) fault_page_size = (uintptr_t)size;
    atomic_store(&fault_recovers, recovers);
}

int fsfind_mapping_faulted(int slot) {
    if (slot < 0 || slot >= fsfind_mapping_slots) return 0;
    return atomic_load(&faulted[slot]);
}

void fsfind_mapping_fault_handler_install(const char *prefix, const char *suffix, int status, void (*before)(void)) {
    fault_prefix = strdup(prefix);
    fault_suffix = strdup(suffix);
    fault_status = status;
    fault_before = before;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, NULL);
}

#include <sys/xattr.h>

long fsfind_llistxattr(const char *path, char *list, size_t size) { return llistxattr(path, list, size); }

long fsfind_lgetxattr(const char *path, const char *name, void *value, size_t size) {
    return lgetxattr(path, name, value, size);
}

long fsfind_flistxattr(int descriptor, char *list, size_t size) { return flistxattr(descriptor, list, size); }

long fsfind_fgetxattr(int descriptor, const char *name, void *value, size_t size) {
    return fgetxattr(descriptor, name, value, size);
}

int fsfind_lsetxattr(const char *path, const char *name, const void *value, size_t size) {
    return lsetxattr(path, name, value, size, 0);
}

static void termination_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
}

void fsfind_block_termination(void) {
    sigset_t set;
    termination_signals(&set);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
}

static pthread_t exit_thread;

static void *exit_on_termination(void *unused) {
    (void)unused;
    sigset_t set;
    termination_signals(&set);
    int number = 0;
    if (sigwait(&set, &number) == 0) _exit(0);
    return NULL;
}

int fsfind_exit_on_termination_start(void) { return pthread_create(&exit_thread, NULL, exit_on_termination, NULL); }

void fsfind_exit_on_termination_stop(void) {
    // sigwait is a cancellation point.
    pthread_cancel(exit_thread);
    pthread_join(exit_thread, NULL);
}

int fsfind_lower_priority(void) {
    int failed = 0;
    if (setpriority(PRIO_PROCESS, 0, 19) != 0) failed++;
    struct sched_param param = { .sched_priority = 0 };
    if (sched_setscheduler(0, SCHED_IDLE, &param) != 0) failed++;
    // IOPRIO_WHO_PROCESS is 1; the class (IOPRIO_CLASS_IDLE, 3) sits above IOPRIO_CLASS_SHIFT, 13.
    if (syscall(SYS_ioprio_set, 1, 0, 3 << 13) != 0) failed++;
    return failed;
}

int fsfind_lower_thread_priority(int increment) {
    errno = 0;
    int current = getpriority(PRIO_PROCESS, 0);
    if (current == -1 && errno != 0) return -1;
    return setpriority(PRIO_PROCESS, 0, current + increment);
}

int fsfind_attr_avoid_current_cpu(pthread_attr_t *attr) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
    int current = sched_getcpu();
    if (current < 0 || current >= CPU_SETSIZE || !CPU_ISSET(current, &allowed) || CPU_COUNT(&allowed) < 2) return -1;
    CPU_CLR(current, &allowed);
    return pthread_attr_setaffinity_np(attr, sizeof allowed, &allowed) == 0 ? 0 : -1;
}

void fsfind_release_free_memory(void) { malloc_trim(0); }

int fsfind_modified_at(const char *path, int64_t *seconds, int64_t *nanoseconds) {
    struct stat status;
    if (lstat(path, &status) != 0) return -1;
    *seconds = status.st_mtim.tv_sec;
    *nanoseconds = status.st_mtim.tv_nsec;
    return 0;
}

void fsfind_realtime(int64_t *seconds, int64_t *nanoseconds) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    *seconds = now.tv_sec;
    *nanoseconds = now.tv_nsec;
}

int fsfind_set_times(const char *path, int64_t seconds, int64_t nanoseconds) {
    struct timespec times[2] = {{seconds, nanoseconds}, {seconds, nanoseconds}};
    return utimensat(AT_FDCWD, path, times, 0);
}

void fsfind_use_one_malloc_arena(void) { mallopt(M_ARENA_MAX, 1); }

void fsfind_map_large_allocations(size_t bytes) { mallopt(M_MMAP_THRESHOLD, (int)bytes); }

void fsfind_keep_free_heap_top(size_t bytes) { mallopt(M_TRIM_THRESHOLD, (int)bytes); }

// The heap's top when free pages were last given back; only the one thread that serves a worker's
// requests calls this.
static uintptr_t fsfind_trimmed_top;

void fsfind_release_free_memory_after_growth(size_t bytes) {
    uintptr_t top = (uintptr_t)sbrk(0);
    if (fsfind_trimmed_top == 0 || top < fsfind_trimmed_top) fsfind_trimmed_top = top;
    if (top - fsfind_trimmed_top < bytes) return;
    malloc_trim(0);
    fsfind_trimmed_top = (uintptr_t)sbrk(0);
}

#include <spawn.h>

int fsfind_spawn_close_from(void *actions, int fd) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, fd);
}

// dl_iterate_phdr visits the main program first; returning non-zero stops the walk there.
static int fsfind_first_image_bias(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    *(ElfW(Addr) *)data = info->dlpi_addr;
    return 1;
}

int fsfind_main_image_is_fixed(void) {
    ElfW(Addr) bias = 1;
    dl_iterate_phdr(fsfind_first_image_bias, &bias);
    return bias == 0;
}
