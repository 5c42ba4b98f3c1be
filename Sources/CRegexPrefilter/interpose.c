// regcomp, regexec and regfree, defined in the executable so that libmagic's calls (it is loaded
// with dlopen, and the executable comes first in the loader's global scope) come here, and passed
// on to glibc's own through dlsym(RTLD_NEXT).
//
// Why: a text file is tried against every one of libmagic's regular-expression tests, and glibc's
// matcher, run over each test's region of the file (up to a few kilobytes), was the largest cost
// of a first index of /usr after libmagic itself (benchmarks/RESULTS.md, "libmagic's regular
// expressions answered without glibc's matcher"). libmagic 5.42 and later compile each pattern
// once per cookie already; the cost is the search itself. Most tests fail, and most fail on a text that
// does not even contain the pattern's literal part (`typeof`, `ha:pcb-rnd-board-v`), or has no
// line starting with it (`^[ \t]*#include`). So regcomp reads each pattern once for those
// conditions (prefilter_parse.c), and regexec answers REG_NOMATCH at once for a text that fails
// one; every other call is glibc's, so every answer is the one glibc gives.
#define _GNU_SOURCE 1
#include "CRegexPrefilter.h"
#include "prefilter.h"

#include <dlfcn.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int (*regcomp_function)(regex_t *, const char *, int);
typedef int (*regexec_function)(const regex_t *, const char *, size_t, regmatch_t *, int);
typedef void (*regfree_function)(regex_t *);

static struct {
    regcomp_function compile;
    regexec_function execute;
    regfree_function free;
} glibc;
static pthread_once_t glibc_once = PTHREAD_ONCE_INIT;

static void find_glibc(void) {
    glibc.compile = (regcomp_function)dlsym(RTLD_NEXT, "regcomp");
    // The version with REG_STARTEND, the one a program linked today calls.
    glibc.execute = (regexec_function)dlvsym(RTLD_NEXT, "regexec", "GLIBC_2.3.4");
    if (glibc.execute == NULL) glibc.execute = (regexec_function)dlsym(RTLD_NEXT, "regexec");
    glibc.free = (regfree_function)dlsym(RTLD_NEXT, "regfree");
}

// The conditions of the compiled expressions alive, by their regex_t's address: linear probing
// with deletion by backward shift (no tombstones, so a process that compiles and frees patterns
// for ever never fills it). Bounded: past TABLE_LIMIT, a new expression simply gets no conditions.
// One lock: regexec holds it only to find its entry; the conditions are immutable and freed by
// regfree, which a caller may not run while the same expression is in use.
enum { TABLE_SIZE = 4096, TABLE_LIMIT = 2048 };
typedef struct {
    const regex_t *key;
    prefilter *filter;
    locale_t locale; // the thread's locale when compiled: regexec uses conditions only under it
} entry;
static entry table[TABLE_SIZE];
static size_t table_count;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t home(const regex_t *key) {
    return (size_t)((((uintptr_t)key >> 4) * UINT64_C(0x9E3779B97F4A7C15)) >> 52) & (TABLE_SIZE - 1);
}

static size_t find_locked(const regex_t *key) {
    for (size_t i = home(key), probes = 0; probes < TABLE_SIZE; i = (i + 1) & (TABLE_SIZE - 1), probes++) {
        if (table[i].key == key) return i;
        if (table[i].key == NULL) return TABLE_SIZE;
    }
    return TABLE_SIZE;
}

// Removes `key`'s entry, returning its conditions for the caller to free outside the lock.
static prefilter *remove_locked(const regex_t *key) {
    size_t hole = find_locked(key);
    if (hole == TABLE_SIZE) return NULL;
    prefilter *filter = table[hole].filter;
    table[hole].key = NULL;
    table_count--;
    for (size_t i = (hole + 1) & (TABLE_SIZE - 1); table[i].key != NULL; i = (i + 1) & (TABLE_SIZE - 1)) {
        size_t wanted = home(table[i].key);
        // Move the entry into the hole when the hole lies between its home and where it is.
        bool movable = hole <= i ? (wanted <= hole || wanted > i) : (wanted <= hole && wanted > i);
        if (movable) {
            table[hole] = table[i];
            table[i].key = NULL;
            hole = i;
        }
    }
    return filter;
}

static void insert_locked(const regex_t *key, prefilter *filter, locale_t locale) {
    size_t i = home(key);
    while (table[i].key != NULL) i = (i + 1) & (TABLE_SIZE - 1);
    table[i] = (entry){key, filter, locale};
    table_count++;
}

int regcomp(regex_t *restrict preg, const char *restrict pattern, int cflags) {
    pthread_once(&glibc_once, find_glibc);
    if (glibc.compile == NULL) return REG_ESPACE;
    int result = glibc.compile(preg, pattern, cflags);
    // glibc's regex fixes the locale's byte width and case when it compiles; only a locale of
    // single bytes and ASCII case (libmagic's "C") is one the conditions are read for.
    prefilter *filter = NULL;
    locale_t locale = uselocale((locale_t)0);
    if (result == 0 && locale != LC_GLOBAL_LOCALE && prefilter_locale_is_plain()) {
        filter = malloc(sizeof *filter);
        if (filter != NULL && !prefilter_make(pattern, cflags, filter)) {
            free(filter);
            filter = NULL;
        }
    }
    pthread_mutex_lock(&table_lock);
    prefilter *old = remove_locked(preg); // a regex_t compiled again without regfree
    if (filter != NULL && table_count < TABLE_LIMIT) {
        insert_locked(preg, filter, locale);
        filter = NULL;
    }
    pthread_mutex_unlock(&table_lock);
    free(old);
    free(filter);
    return result;
}

int regexec(const regex_t *restrict preg, const char *restrict string, size_t nmatch, regmatch_t pmatch[_Restrict_arr_ _REGEX_NELTS(nmatch)],
            int eflags) {
    pthread_once(&glibc_once, find_glibc);
    if (glibc.execute == NULL) return REG_ESPACE;
    // REG_STARTEND bounds the text by pmatch[0], not by its NUL: not what the conditions read.
    if (!(eflags & REG_STARTEND)) {
        const prefilter *filter = NULL;
        locale_t locale = uselocale((locale_t)0);
        pthread_mutex_lock(&table_lock);
        size_t i = find_locked(preg);
        if (i != TABLE_SIZE && table[i].locale == locale) filter = table[i].filter;
        pthread_mutex_unlock(&table_lock);
        // No match leaves pmatch as glibc leaves it then: untouched.
        if (filter != NULL && !prefilter_may_match(filter, string)) return REG_NOMATCH;
    }
    return glibc.execute(preg, string, nmatch, pmatch, eflags);
}

void regfree(regex_t *preg) {
    pthread_once(&glibc_once, find_glibc);
    pthread_mutex_lock(&table_lock);
    prefilter *filter = remove_locked(preg);
    pthread_mutex_unlock(&table_lock);
    free(filter);
    if (glibc.free != NULL) glibc.free(preg);
}

int fsfind_regexec_unfiltered(const regex_t *preg, const char *string, size_t nmatch, regmatch_t *pmatch, int eflags) {
    pthread_once(&glibc_once, find_glibc);
    return glibc.execute == NULL ? REG_ESPACE : glibc.execute(preg, string, nmatch, pmatch, eflags);
}

bool fsfind_regex_conditions(const regex_t *preg, char *out, size_t capacity) {
    if (capacity == 0) return false;
    out[0] = 0;
    pthread_mutex_lock(&table_lock);
    size_t i = find_locked(preg);
    prefilter filter;
    bool found = i != TABLE_SIZE;
    if (found) filter = *table[i].filter;
    pthread_mutex_unlock(&table_lock);
    if (!found) return false;
    size_t used = 0;
    const prefilter_strings *sets[2] = {&filter.required, &filter.leading};
    const char *names[2] = {"contains", "leads"};
    for (int s = 0; s < 2; s++) {
        if (sets[s]->count == 0) continue;
        used += (size_t)snprintf(out + used, used < capacity ? capacity - used : 0, "%s%s:", used ? " " : "", names[s]);
        for (int k = 0; k < sets[s]->count; k++)
            used += (size_t)snprintf(out + used, used < capacity ? capacity - used : 0, "%s%.*s", k ? "|" : "",
                                     (int)sets[s]->length[k], (const char *)sets[s]->bytes[k]);
    }
    return used < capacity;
}

const void *fsfind_regexec_bound(void) { return dlsym(RTLD_DEFAULT, "regexec"); }

const void *fsfind_regexec_here(void) { return (const void *)&regexec; }
