// What Swift's Glibc module cannot import, from the real headers: statx(2) and its struct (behind
// _GNU_SOURCE), the offset of dirent's d_name, and the GNU open flags. Inline, so nothing is
// linked and the compiler checks every type against glibc's own declarations.
#pragma once
#define _GNU_SOURCE 1
#include <dirent.h>
#include <fcntl.h>
#include <stddef.h>
#include <sys/stat.h>

static inline int fsfind_statx(int dirfd, const char *path, int flags, unsigned int mask, struct statx *buffer) {
    return statx(dirfd, path, flags, mask, buffer);
}

static inline size_t fsfind_dirent_name_offset(void) { return offsetof(struct dirent, d_name); }

static const int fsfind_O_PATH = O_PATH;
static const int fsfind_O_NOATIME = O_NOATIME;
static const int fsfind_AT_NO_AUTOMOUNT = AT_NO_AUTOMOUNT;
static const unsigned int fsfind_STATX_BASIC_STATS_BTIME = STATX_BASIC_STATS | STATX_BTIME;
static const unsigned int fsfind_STATX_BTIME = STATX_BTIME;
