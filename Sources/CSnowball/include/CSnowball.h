// An FTS5 tokenizer that stems with Snowball (libstemmer), for the text store's languages.
#ifndef FSFIND_CSNOWBALL_H
#define FSFIND_CSNOWBALL_H

#include <sqlite3.h>

// Registers the tokenizer `snowball LANGUAGE [PARENT ARGS...]` with FTS5 on `db`: PARENT (by
// default unicode61) cuts and folds the words, then each is stemmed by LANGUAGE's Snowball
// stemmer. Returns an SQLite status; SQLITE_ERROR when libstemmer cannot be loaded.
int fsfind_snowball_register(sqlite3 *db);

// The FTS5 API of `db` (its extension point for tokenizers), or NULL when FTS5 is missing.
fts5_api *fsfind_fts5_api(sqlite3 *db);

// The NULL-terminated list of Snowball's languages (`english`, `french` …), or NULL when
// libstemmer cannot be loaded.
const char **fsfind_snowball_languages(void);

#endif
