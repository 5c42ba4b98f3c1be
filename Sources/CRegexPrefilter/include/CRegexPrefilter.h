// glibc's regcomp, regexec and regfree, interposed for libmagic (interpose.c says why). Linked into
// every executable that loads libmagic; what this header declares is for the tests.
#pragma once
#include <regex.h>
#include <stdbool.h>
#include <stddef.h>

// glibc's own regexec, without the interposed conditions: the answer the interposed one must give.
int fsfind_regexec_unfiltered(const regex_t *preg, const char *string, size_t nmatch, regmatch_t *pmatch, int eflags);

// The conditions regcomp read for `preg` in words ("contains:a|b leads:c"), written into `out`;
// false when it has none (or `out` is too small).
bool fsfind_regex_conditions(const regex_t *preg, char *out, size_t capacity);

// What a library loaded with dlopen gets for "regexec" (the loader's global scope), and this
// target's regexec: equal when the executable exports it, as libmagic needs.
const void *fsfind_regexec_bound(void);
const void *fsfind_regexec_here(void);
