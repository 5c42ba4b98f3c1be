// A text held against a prefilter's conditions: memchr-speed scans where glibc's matcher would try
// its automaton at every byte its first state accepts.
#define _GNU_SOURCE 1
#include "prefilter.h"

#include <string.h>

static unsigned char lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? (unsigned char)(c + ('a' - 'A')) : c; }

// How common a byte is in the texts libmagic's regular expressions are tried on (source code and
// prose): the scan looks for a string's least common byte, then compares the rest.
static int commonness(unsigned char c) {
    if (c == ' ') return 9;
    if (strchr("etaoinsrhl", c) && c != 0) return 8;
    if (c >= 'a' && c <= 'z') return 6;
    if (c == '\n' || c == '\t' || c == '.' || c == ',' || c == '(' || c == ')' || c == '=') return 5;
    if (c >= '0' && c <= '9') return 4;
    if (c >= 'A' && c <= 'Z') return 3;
    if (c >= 0x21 && c <= 0x7e) return 2;
    return 1;
}

static bool equal_folded(const unsigned char *text, const unsigned char *lowered, size_t length) {
    for (size_t i = 0; i < length; i++)
        if (lower(text[i]) != lowered[i]) return false;
    return true;
}

// Whether `text` holds `string`; with `ignore_case`, `string` is lower-case and ASCII case is ignored.
static bool contains(const unsigned char *text, size_t length, const unsigned char *string, size_t count,
                     bool ignore_case) {
    if (count > length) return false;
    // The rarest byte's place in the string; under ignore_case, the rarest that is not a letter.
    size_t pick = 0;
    int best = 100;
    for (size_t i = 0; i < count; i++) {
        bool letter = string[i] >= 'a' && string[i] <= 'z';
        int score = commonness(string[i]) + (ignore_case && letter ? 50 : 0);
        if (score < best) {
            best = score;
            pick = i;
        }
    }
    unsigned char rare = string[pick];
    bool both_cases = ignore_case && rare >= 'a' && rare <= 'z';
    const unsigned char *last = text + (length - count); // the last place `string` can start
    for (const unsigned char *from = text + pick; from <= last + pick;) {
        const unsigned char *hit = memchr(from, rare, (size_t)(last + pick - from) + 1);
        if (both_cases) {
            const unsigned char *upper = memchr(from, rare - ('a' - 'A'), (size_t)(last + pick - from) + 1);
            if (upper != NULL && (hit == NULL || upper < hit)) hit = upper;
        }
        if (hit == NULL) return false;
        const unsigned char *start = hit - pick;
        if (ignore_case ? equal_folded(start, string, count) : memcmp(start, string, count) == 0) return true;
        from = hit + 1;
    }
    return false;
}

static bool contains_any(const unsigned char *text, size_t length, const prefilter_strings *set, bool ignore_case) {
    for (int i = 0; i < set->count; i++)
        if (contains(text, length, set->bytes[i], set->length[i], ignore_case)) return true;
    return false;
}

static bool starts_with_any(const unsigned char *text, size_t length, const prefilter_strings *set,
                            bool ignore_case) {
    for (int i = 0; i < set->count; i++) {
        size_t count = set->length[i];
        if (count <= length &&
            (ignore_case ? equal_folded(text, set->bytes[i], count) : memcmp(text, set->bytes[i], count) == 0))
            return true;
    }
    return false;
}

// Whether some line start is followed by skippable bytes and then one of the leading strings. A
// leading string may begin inside the skippable run (its first byte may be skippable too), so every
// place of the run is tried; a line start inside a run (skippable newlines) ends at the same place,
// so the next line start is looked for after the run.
static bool leads(const prefilter *filter, const unsigned char *text, size_t length) {
    const unsigned char *end = text + length;
    for (const unsigned char *line = text;;) {
        const unsigned char *run = line;
        while (run < end && filter->skippable[*run]) run++;
        for (const unsigned char *place = line; place <= run; place++)
            if (starts_with_any(place, (size_t)(end - place), &filter->leading, filter->ignore_case)) return true;
        if (!filter->lines || run == end) return false;
        const unsigned char *newline = memchr(run, '\n', (size_t)(end - run));
        if (newline == NULL) return false;
        line = newline + 1;
    }
}

bool prefilter_may_match(const prefilter *filter, const char *text) {
    const unsigned char *bytes = (const unsigned char *)text;
    size_t length = strlen(text);
    if (filter->required.count > 0 && !contains_any(bytes, length, &filter->required, filter->ignore_case))
        return false;
    if (filter->leading.count > 0 && !leads(filter, bytes, length)) return false;
    return true;
}
