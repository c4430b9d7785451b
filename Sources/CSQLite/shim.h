#pragma once
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import: hand it over from C.
   It tells SQLite to copy a bound value before the call returns. */
static inline sqlite3_destructor_type lectern_sqlite_transient(void) { return SQLITE_TRANSIENT; }
