// Measures the two ways to watch a tree that issue 13 names, on the same tree in the same run:
// inotify with one watch per folder (what `fsfind watch` uses) and fanotify with one mark per
// folder (FAN_REPORT_DFID_NAME, as Tracker does; no privilege needed), plus fanotify's one
// whole-file-system mark (FAN_MARK_FILESYSTEM, needs CAP_SYS_ADMIN).
//
//   cc -O2 -o /tmp/watch-mechanisms benchmarks/watch-mechanisms.c
//   /tmp/watch-mechanisms TREE
//
// Prints, for each: the time to mark every folder, the kernel memory the marks cost (the
// process's and the slab's growth is not separable here, so MemAvailable before/after), and the
// time from creating a file in the deepest folder to its event being read (median of 50).
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

static char **folders;
static size_t folderCount, folderCapacity;

static int collect(const char *path, const struct stat *st, int type, struct FTW *ftw) {
    (void)st;
    (void)ftw;
    if (type != FTW_D) return 0;
    if (folderCount == folderCapacity) {
        folderCapacity = folderCapacity ? folderCapacity * 2 : 1024;
        folders = realloc(folders, folderCapacity * sizeof *folders);
    }
    folders[folderCount++] = strdup(path);
    return 0;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static long availableKiB(void) {
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    long value = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %ld kB", &value) == 1) break;
    if (f) fclose(f);
    return value;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/// Creates and removes a file in `folder` 50 times, each time waiting for `fd` to be readable
/// and draining it; prints the median and the largest wait.
static void latency(const char *name, int fd, const char *folder) {
    double waits[50];
    char path[4096], buffer[65536];
    for (int i = 0; i < 50; i++) {
        snprintf(path, sizeof path, "%s/.watch-probe-%d", folder, i);
        double start = now();
        int file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        close(file);
        struct pollfd p = { .fd = fd, .events = POLLIN };
        poll(&p, 1, 5000);
        waits[i] = now() - start;
        while (read(fd, buffer, sizeof buffer) > 0) {}
        unlink(path);
        usleep(2000);
        while (read(fd, buffer, sizeof buffer) > 0) {}
    }
    qsort(waits, 50, sizeof *waits, compare);
    printf("%s: event after a create, median %.1f µs, max %.1f µs\n", name, waits[25] * 1e6, waits[49] * 1e6);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s TREE\n", argv[0]);
        return 2;
    }
    nftw(argv[1], collect, 64, FTW_PHYS);
    const char *deepest = folders[0];
    for (size_t i = 0; i < folderCount; i++)
        if (strlen(folders[i]) > strlen(deepest)) deepest = folders[i];
    printf("%zu folders under %s\n", folderCount, argv[1]);

    long before = availableKiB();
    double start = now();
    int in = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    size_t added = 0;
    uint32_t mask = IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK;
    for (size_t i = 0; i < folderCount; i++)
        if (inotify_add_watch(in, folders[i], mask) >= 0) added++;
    double took = now() - start;
    printf("inotify, a watch per folder: %zu watches in %.3f s, about %ld KiB of memory\n", added, took,
        before - availableKiB());
    latency("inotify", in, deepest);
    close(in);

    before = availableKiB();
    start = now();
    int fan = fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_DFID_NAME | FAN_NONBLOCK | FAN_CLOEXEC, O_RDONLY);
    if (fan < 0) {
        printf("fanotify with FAN_REPORT_DFID_NAME: unavailable (%s)\n", strerror(errno));
    } else {
        uint64_t fanMask = FAN_CREATE | FAN_DELETE | FAN_MOVED_FROM | FAN_MOVED_TO | FAN_CLOSE_WRITE | FAN_ATTRIB
            | FAN_DELETE_SELF | FAN_MOVE_SELF | FAN_ONDIR | FAN_EVENT_ON_CHILD;
        added = 0;
        for (size_t i = 0; i < folderCount; i++)
            if (fanotify_mark(fan, FAN_MARK_ADD | FAN_MARK_DONT_FOLLOW, fanMask, AT_FDCWD, folders[i]) == 0) added++;
        took = now() - start;
        printf("fanotify, a mark per folder: %zu marks in %.3f s, about %ld KiB of memory\n", added, took,
            before - availableKiB());
        latency("fanotify per folder", fan, deepest);
        close(fan);

        fan = fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_DFID_NAME | FAN_NONBLOCK | FAN_CLOEXEC, O_RDONLY);
        start = now();
        int whole = fanotify_mark(fan, FAN_MARK_ADD | FAN_MARK_FILESYSTEM, fanMask, AT_FDCWD, argv[1]);
        took = now() - start;
        if (whole != 0) {
            printf("fanotify, one file-system mark: refused (%s; needs CAP_SYS_ADMIN)\n", strerror(errno));
        } else {
            printf("fanotify, one file-system mark: in %.6f s\n", took);
            latency("fanotify file system", fan, deepest);
        }
        close(fan);
    }
    return 0;
}
