// Words cut once, in the extraction worker, and indexed later by the text store's writer without
// being cut again: the cutting (FTS5's unicode61 folding and a stemmer) is a third of what SQLite's
// thread spent on a first index with words, and that thread is the run's longest serial step.
#ifndef FSFIND_CWORDSTREAM_H
#define FSFIND_CWORDSTREAM_H

#include <sqlite3.h>
#include <stddef.h>

// A tokenizer of `db`'s FTS5, made from a `tokenize` argument such as
// "porter unicode61 remove_diacritics 2". Used by one thread at a time.
typedef struct fsfind_word_cutter fsfind_word_cutter;

// The cutter for `spec`, or NULL (an unknown tokenizer, bad arguments, no memory).
fsfind_word_cutter *fsfind_word_cutter_new(sqlite3 *db, const char *spec);
void fsfind_word_cutter_free(fsfind_word_cutter *cutter);

// Cuts `text` into the words FTS5 indexes for it: on SQLITE_OK, *words is a stream the caller
// frees with sqlite3_free (each word: a LEB128 varint of its length times two, plus one when it
// is colocated with the word before, then its bytes) and *length its size.
int fsfind_word_cutter_cut(
    fsfind_word_cutter *cutter, const char *text, int text_length, unsigned char **words, size_t *length);

// As fsfind_word_cutter_cut, the stream written into the caller's `buffer` of `capacity` bytes
// while it fits, so that a large text's words are not copied out of the cutter's memory: *words
// is then `buffer` (the caller's to free); a stream that outgrows it goes on in memory of its own,
// *words another pointer for sqlite3_free.
int fsfind_word_cutter_cut_into(fsfind_word_cutter *cutter, const char *text, int text_length, unsigned char *buffer,
                                size_t capacity, unsigned char **words, size_t *length);

// Wraps the tokenizers `porter`, `unicode61` and `snowball` (those registered) of `db`'s FTS5 so
// that, on a thread that armed a stream, the next call that cuts a document replays that stream
// instead; every other call (queries, snippets, deleting a document's words) cuts as before.
int fsfind_word_replay_register(sqlite3 *db);

// Arms this thread's next document cut with `words` (a stream made by fsfind_word_cutter_cut),
// which must stay alive until fsfind_word_disarm.
void fsfind_word_arm(const unsigned char *words, size_t length);

// Disarms this thread; returns 1 when the armed stream was replayed since the arming (0: it was
// not, so the words were not indexed from it), -1 when it was damaged.
int fsfind_word_disarm(void);

#endif
