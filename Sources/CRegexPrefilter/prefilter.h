// What a compiled regular expression's pattern says every text it matches must contain, so that a
// search of a text without it can answer "no match" without running glibc's matcher
// (interpose.c says why and when). Internal to this target.
#pragma once
#include <stdbool.h>
#include <stddef.h>

enum { PREFILTER_SET_MAX = 8, PREFILTER_LITERAL_MAX = 32 };

// A few byte strings, none longer than PREFILTER_LITERAL_MAX.
typedef struct {
    int count;
    unsigned char length[PREFILTER_SET_MAX];
    unsigned char bytes[PREFILTER_SET_MAX][PREFILTER_LITERAL_MAX];
} prefilter_strings;

// Necessary conditions for a match; a text that fails one cannot match.
typedef struct {
    // The strings are lower-case and compared ignoring ASCII case (REG_ICASE).
    bool ignore_case;
    // Every match contains one of `required` (none: no such condition).
    prefilter_strings required;
    // Every match starts at a line start (string start, or after a newline under REG_NEWLINE),
    // then any number of bytes of `skippable`, then one of `leading` (none: no such condition).
    prefilter_strings leading;
    bool skippable[256];
    bool lines; // REG_NEWLINE: `^` also matches after each newline
} prefilter;

// The conditions of an ERE compiled with `cflags` in the calling thread's locale, or false when
// its pattern says nothing usable or is not one this reader understands exactly. Call only where
// glibc reads the pattern as single bytes with ASCII case (prefilter_locale_is_plain).
bool prefilter_make(const char *pattern, int cflags, prefilter *out);

// Whether glibc's regex, in the calling thread's locale, reads single bytes and folds only ASCII
// letters, which is what prefilter_make's strings assume.
bool prefilter_locale_is_plain(void);

// False when `text` (up to its NUL, where glibc's regexec stops too) cannot match.
bool prefilter_may_match(const prefilter *filter, const char *text);
