// Reads a POSIX extended regular expression, as glibc's regcomp reads it, for the strings every
// match must contain. Anything this reader does not know exactly (collating elements, a `)` with no
// `(`, a repetition with nothing before it, a non-ASCII byte, an escaped letter other than glibc's
// own operators) gives up on the whole pattern: no condition is always a correct answer.
#define _GNU_SOURCE 1
#include "prefilter.h"

#include <ctype.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

// What a part of a pattern says about the texts it matches.
typedef struct {
    bool exact_known; // every string it matches is in `exact`, whole
    prefilter_strings exact;
    bool required_known; // every string it matches contains one of `required`
    prefilter_strings required;
} facts;

// One atom with its repetitions: its facts, and for the leading condition, the bytes it can match
// when it is one byte long (a superset) and the fewest times it repeats.
typedef struct {
    facts facts;
    bool one_byte;
    bool bytes[256];
    int least;
    bool zero_width;
    bool caret; // `^`
} piece;

typedef struct {
    const unsigned char *at;
    const unsigned char *end;
    bool ignore_case;
    bool failed;
    int depth;
    // The leading condition, read from the first branch at the top level.
    int lead_state; // 0: expect `^`; 1: skippable bytes; 2: the leading run; 3: done
    prefilter_strings leading;
    bool skippable[256];
    bool branches; // a `|` at the top level: the first branch does not say where every match starts
} reader;

static unsigned char fold(unsigned char c, bool ignore_case) {
    return (ignore_case && c >= 'A' && c <= 'Z') ? (unsigned char)(c + ('a' - 'A')) : c;
}

static facts nothing_known(void) {
    facts f;
    memset(&f, 0, sizeof f);
    return f;
}

static facts only_empty(void) {
    facts f = nothing_known();
    f.exact_known = true;
    f.exact.count = 1;
    return f;
}

static bool add(prefilter_strings *set, const unsigned char *bytes, size_t length) {
    if (length > PREFILTER_LITERAL_MAX) return false;
    for (int i = 0; i < set->count; i++)
        if (set->length[i] == length && memcmp(set->bytes[i], bytes, length) == 0) return true;
    if (set->count == PREFILTER_SET_MAX) return false;
    set->length[set->count] = (unsigned char)length;
    memcpy(set->bytes[set->count], bytes, length);
    set->count++;
    return true;
}

// How much a set of required strings rules out: its shortest string's length (0: nothing).
static int strength(const prefilter_strings *set) {
    if (set->count == 0) return 0;
    int shortest = PREFILTER_LITERAL_MAX + 1;
    for (int i = 0; i < set->count; i++)
        if (set->length[i] < shortest) shortest = set->length[i];
    return shortest;
}

static bool stronger(const prefilter_strings *a, const prefilter_strings *b) {
    int sa = strength(a), sb = strength(b);
    return sa != sb ? sa > sb : a->count < b->count;
}

// An exact set as required strings: only when none of them is empty.
static bool as_required(const prefilter_strings *exact, prefilter_strings *out) {
    for (int i = 0; i < exact->count; i++)
        if (exact->length[i] == 0) return false;
    *out = *exact;
    return exact->count > 0;
}

// Keeps the stronger of `best` and `candidate`.
static void consider(prefilter_strings *best, bool *known, const prefilter_strings *candidate) {
    if (strength(candidate) == 0) return;
    if (!*known || stronger(candidate, best)) {
        *best = *candidate;
        *known = true;
    }
}

// The strongest condition of `f`: its required strings or its exact ones.
static bool strongest(const facts *f, prefilter_strings *out) {
    bool known = false;
    if (f->required_known) consider(out, &known, &f->required);
    prefilter_strings exact;
    if (f->exact_known && as_required(&f->exact, &exact)) consider(out, &known, &exact);
    return known;
}

// Every member of `a` followed by every member of `b`; false when that is too many or too long.
static bool product(const prefilter_strings *a, const prefilter_strings *b, prefilter_strings *out) {
    prefilter_strings joined = {0};
    for (int i = 0; i < a->count; i++)
        for (int j = 0; j < b->count; j++) {
            size_t length = (size_t)a->length[i] + b->length[j];
            if (length > PREFILTER_LITERAL_MAX) return false;
            unsigned char bytes[PREFILTER_LITERAL_MAX];
            memcpy(bytes, a->bytes[i], a->length[i]);
            memcpy(bytes + a->length[i], b->bytes[j], b->length[j]);
            if (!add(&joined, bytes, length)) return false;
        }
    *out = joined;
    return true;
}

static bool at(const reader *r, unsigned char c) { return r->at < r->end && *r->at == c; }

static bool at_repetition(const reader *r) {
    return r->at < r->end && (*r->at == '*' || *r->at == '+' || *r->at == '?' || *r->at == '{');
}

static facts give_up(reader *r) {
    r->failed = true;
    return nothing_known();
}

static void all_bytes(bool bytes[256]) { memset(bytes, 1, 256); }

static void add_byte(bool bytes[256], unsigned char c, bool ignore_case) {
    bytes[c] = true;
    if (ignore_case && isalpha(c)) bytes[c ^ 0x20] = true;
}

// A character class inside brackets, `[:` already read: the bytes it holds (a superset for the
// classes no condition here needs).
static void read_class(reader *r, bool bytes[256], bool *plain) {
    const unsigned char *name = r->at;
    while (r->at + 1 < r->end && !(r->at[0] == ':' && r->at[1] == ']')) r->at++;
    if (r->at + 1 >= r->end) {
        give_up(r);
        return;
    }
    size_t length = (size_t)(r->at - name);
    r->at += 2;
    *plain = false;
    bool space = length == 5 && memcmp(name, "space", 5) == 0;
    bool blank = length == 5 && memcmp(name, "blank", 5) == 0;
    for (int c = 0; c < 256; c++)
        if (space ? isspace(c) : blank ? isblank(c) : true) bytes[c] = true;
}

// A bracket expression, `[` already read. Its exact set when it lists a few plain bytes.
static facts read_bracket(reader *r, piece *p) {
    bool negated = false, plain = true;
    prefilter_strings members = {0};
    bool bytes[256] = {false};
    if (at(r, '^')) {
        negated = true;
        r->at++;
    }
    for (bool first = true;; first = false) {
        if (r->at >= r->end) return give_up(r);
        unsigned char c = *r->at;
        if (c == ']' && !first) {
            r->at++;
            break;
        }
        if (c >= 0x80) return give_up(r);
        if (c == '[' && r->at + 1 < r->end && (r->at[1] == '=' || r->at[1] == '.'))
            return give_up(r);
        if (c == '[' && r->at + 1 < r->end && r->at[1] == ':') {
            r->at += 2;
            read_class(r, bytes, &plain);
            if (r->failed) return nothing_known();
            continue;
        }
        // A range (a `-` that is not last): its bytes follow the collation order; all, here.
        if (r->at + 2 < r->end && r->at[1] == '-' && r->at[2] != ']') {
            if (r->at[2] == '[' || r->at[2] >= 0x80) return give_up(r);
            r->at += 3;
            plain = false;
            all_bytes(bytes);
            continue;
        }
        r->at++;
        add_byte(bytes, c, r->ignore_case);
        unsigned char folded = fold(c, r->ignore_case);
        if (!add(&members, &folded, 1)) plain = false;
    }
    p->one_byte = true;
    if (negated) all_bytes(p->bytes);
    else memcpy(p->bytes, bytes, sizeof bytes);
    if (negated || !plain || members.count == 0) return nothing_known();
    facts f = nothing_known();
    f.exact_known = true;
    f.exact = members;
    return f;
}

static facts read_alternatives(reader *r);

// One atom: a byte, an escaped byte, `.`, a bracket expression, an anchor or a group.
static facts read_atom(reader *r, piece *p) {
    unsigned char c = *r->at++;
    switch (c) {
    case '(': {
        r->depth++;
        facts f = read_alternatives(r);
        r->depth--;
        if (r->failed || !at(r, ')')) return give_up(r);
        r->at++;
        return f;
    }
    case '[': return read_bracket(r, p);
    case '.':
        p->one_byte = true;
        all_bytes(p->bytes);
        return nothing_known();
    case '^':
    case '$':
        p->zero_width = true;
        p->caret = c == '^';
        return only_empty();
    case '*':
    case '+':
    case '?':
    case '{':
    case ')':
    case '|': return give_up(r);
    case '\\': {
        if (r->at >= r->end) return give_up(r);
        unsigned char e = *r->at++;
        if (e >= '1' && e <= '9') return nothing_known(); // a back-reference
        if (e == 'w' || e == 'W' || e == 's' || e == 'S') {
            p->one_byte = true;
            all_bytes(p->bytes);
            return nothing_known();
        }
        if (e == 'b' || e == 'B' || e == '<' || e == '>' || e == '`' || e == '\'') {
            p->zero_width = true;
            return nothing_known();
        }
        if (e >= 0x80 || isalnum(e)) return give_up(r);
        c = e;
        break;
    }
    default:
        if (c >= 0x80) return give_up(r);
    }
    p->one_byte = true;
    add_byte(p->bytes, c, r->ignore_case);
    facts f = only_empty();
    f.exact.length[0] = 1;
    f.exact.bytes[0][0] = fold(c, r->ignore_case);
    return f;
}

// `{m}`, `{m,}`, `{m,n}` or `{,n}` after the `{`: the fewest repetitions, or -1 (given up).
static int read_interval(reader *r) {
    int least = 0, digits = 0;
    while (r->at < r->end && isdigit(*r->at) && least < 100000) {
        least = least * 10 + (*r->at++ - '0');
        digits++;
    }
    if (at(r, ',')) {
        r->at++;
        while (r->at < r->end && isdigit(*r->at)) r->at++;
    } else if (digits == 0) {
        return -1;
    }
    if (!at(r, '}')) return -1;
    r->at++;
    return least;
}

// One atom and the repetitions after it.
static void read_piece(reader *r, piece *p) {
    memset(p, 0, sizeof *p);
    p->least = 1;
    p->facts = read_atom(r, p);
    if (r->failed) return;
    if (p->zero_width && at_repetition(r)) {
        give_up(r);
        return;
    }
    while (at_repetition(r)) {
        unsigned char q = *r->at++;
        bool once = false;
        int least = q == '+' ? 1 : 0;
        if (q == '{') {
            const unsigned char *start = r->at;
            least = read_interval(r);
            if (least < 0) {
                give_up(r);
                return;
            }
            once = least == 1 && r->at - start == 2; // `{1}`
        }
        if (least == 0) p->least = 0;
        if (once) continue;
        facts f = nothing_known();
        if (least > 0) f.required_known = strongest(&p->facts, &f.required);
        p->facts = f;
    }
}

// Follows the first top-level branch's pieces for the leading condition: `^`, then pieces of one
// byte (repeated or not: any number of their bytes), then a run of exactly known pieces.
static void follow_lead(reader *r, const piece *p) {
    switch (r->lead_state) {
    case 0:
        r->lead_state = p->caret ? 1 : 3;
        if (r->lead_state == 1) r->leading.count = 0;
        return;
    case 1:
        if (p->one_byte && (p->least == 0 || !p->facts.exact_known)) {
            for (int c = 0; c < 256; c++) r->skippable[c] |= p->bytes[c];
            return;
        }
        if (!p->facts.exact_known) {
            r->lead_state = 3;
            return;
        }
        r->leading = p->facts.exact;
        r->lead_state = 2;
        return;
    case 2:
        if (p->facts.exact_known && product(&r->leading, &p->facts.exact, &r->leading)) return;
        r->lead_state = 3;
        return;
    }
}

static facts read_branch(reader *r, bool first_at_top) {
    bool all_exact = true;
    prefilter_strings run = only_empty().exact;
    prefilter_strings best = {0};
    bool known = false;
    while (r->at < r->end && !at(r, '|') && !(at(r, ')') && r->depth > 0)) {
        if (at(r, ')')) return give_up(r); // glibc reads a lone `)` as a byte; not worth knowing
        piece p;
        read_piece(r, &p);
        if (r->failed) return nothing_known();
        if (first_at_top) follow_lead(r, &p);
        if (p.facts.required_known) consider(&best, &known, &p.facts.required);
        prefilter_strings joined;
        if (p.facts.exact_known && product(&run, &p.facts.exact, &joined)) {
            run = joined;
            continue;
        }
        prefilter_strings ended;
        if (as_required(&run, &ended)) consider(&best, &known, &ended);
        all_exact = false;
        run = p.facts.exact_known ? p.facts.exact : only_empty().exact;
    }
    if (first_at_top && r->lead_state == 1) r->lead_state = 3;
    prefilter_strings ended;
    if (as_required(&run, &ended)) consider(&best, &known, &ended);
    facts f = nothing_known();
    f.exact_known = all_exact;
    if (all_exact) f.exact = run;
    f.required_known = known;
    if (known) f.required = best;
    return f;
}

// Branches joined by `|`: a match contains one of the strings of whichever branch it matched.
static facts read_alternatives(reader *r) {
    bool top = r->depth == 0;
    facts f = read_branch(r, top);
    while (!r->failed && at(r, '|')) {
        r->at++;
        if (top) r->branches = true;
        facts g = read_branch(r, false);
        if (r->failed) return nothing_known();
        facts both = nothing_known();
        if (f.exact_known && g.exact_known) {
            both.exact = f.exact;
            both.exact_known = true;
            for (int i = 0; i < g.exact.count && both.exact_known; i++)
                both.exact_known = add(&both.exact, g.exact.bytes[i], g.exact.length[i]);
        }
        prefilter_strings a, b;
        if (strongest(&f, &a) && strongest(&g, &b)) {
            both.required = a;
            both.required_known = true;
            for (int i = 0; i < b.count && both.required_known; i++)
                both.required_known = add(&both.required, b.bytes[i], b.length[i]);
        }
        f = both;
    }
    return f;
}

bool prefilter_make(const char *pattern, int cflags, prefilter *out) {
    if (!(cflags & REG_EXTENDED)) return false;
    reader r;
    memset(&r, 0, sizeof r);
    r.at = (const unsigned char *)pattern;
    r.end = r.at + strlen(pattern);
    r.ignore_case = (cflags & REG_ICASE) != 0;
    facts f = read_alternatives(&r);
    if (r.failed || r.at != r.end) return false;
    memset(out, 0, sizeof *out);
    out->ignore_case = r.ignore_case;
    out->lines = (cflags & REG_NEWLINE) != 0;
    if (!strongest(&f, &out->required)) out->required.count = 0;
    prefilter_strings leading;
    if (!r.branches && r.lead_state >= 2 && as_required(&r.leading, &leading)) {
        out->leading = leading;
        memcpy(out->skippable, r.skippable, sizeof r.skippable);
    }
    return out->required.count > 0 || out->leading.count > 0;
}

bool prefilter_locale_is_plain(void) {
    if (MB_CUR_MAX != 1) return false;
    for (int c = 0; c < 256; c++)
        if (toupper(c) != ((c >= 'a' && c <= 'z') ? c - ('a' - 'A') : c)) return false;
    return true;
}
