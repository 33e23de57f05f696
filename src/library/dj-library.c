/* dj-library.c: every game of the user's folders, indexed by position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#include "dj-library.h"
#include "dj-node.h"
#include "dj-notation.h"
#include "dj-xml.h"

/* "DjnL" in the database header: a database without it is not ours. */
#define APPLICATION_ID   0x446a6e4c
/* Below this size the whole database is checked at every opening (fast);
 * in a larger one, damage is found by the statement that meets it, and the
 * database is then dropped at closing, to be made again. */
#define ALWAYS_CHECK_BYTES (1024 * 1024)
/* Entries gathered before they are sorted and written. */
#define FLUSH_ENTRIES    (1000 * 1000)
/* Changes to the moves table gathered before they are written. */
#define FLUSH_DELTAS     (1000 * 1000)
/* A move byte for "the game ended here" in the entries table. */
#define END_MOVE         DJ_NO_MOVE
/* A (position, move) played in at least this many games when the index is
 * merged gets a row of sums in the moves table; the explorer sums the
 * others from their few entries. */
#define HEAVY_GAMES      4
/* The entries added and removed since they were last merged into the
 * entries table wait while they are fewer than 1/MERGE_FLOOR of its rows;
 * above 1/MERGE_ALL they are merged at once; between, those of one slice
 * of the positions holding 1/MERGE_SLICES of the added ones, the next
 * slice at the next update (a whole merge rewrites most pages of the
 * entries table, a slice only its share). */
#define MERGE_FLOOR      32
#define MERGE_ALL        2
#define MERGE_SLICES     8

struct _DjLibrary
{
  GObject    parent_instance;

  char      *dir;
  char      *db_path;
  char      *folders_path;
  GPtrArray *folders;    /* char *, NULL-terminated */
  sqlite3   *db;
  char      *notice;
  gboolean   damaged;    /* a statement found the database damaged: delete it on close */
  GHashTable *statements; /* SQL → sqlite3_stmt *, the queries' statements kept prepared */
};

G_DEFINE_FINAL_TYPE (DjLibrary, dj_library, G_TYPE_OBJECT)
G_DEFINE_QUARK (dj-library-error-quark, dj_library_error)

static const char schema[] =
  "CREATE TABLE files ("
  "  id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, folder TEXT NOT NULL,"
  "  size INTEGER NOT NULL, mtime INTEGER NOT NULL, n_games INTEGER NOT NULL, error TEXT);"
  /* AUTOINCREMENT: an id is never given to another game, so that entries
   * of a forgotten game waiting for the merge never count for a new one. */
  "CREATE TABLE games ("
  "  id INTEGER PRIMARY KEY AUTOINCREMENT, file INTEGER NOT NULL, number INTEGER NOT NULL,"
  "  rules INTEGER NOT NULL, start BLOB, moves BLOB NOT NULL, result INTEGER NOT NULL,"
  "  diff INTEGER, south TEXT, north TEXT, event TEXT, site TEXT, date TEXT, round TEXT);"
  /* The position index, one row per position, move and game (the result
   * and final difference are the game's), in three tables: entries, the
   * merged bulk; added, the entries of games indexed since the last merge;
   * removed, the merged entries of games forgotten since.  The library's
   * entries are entries − removed + added.  One file's positions are spread
   * over the whole index, so writing them into the bulk would rewrite most
   * of its pages; the two small tables take them until they are worth a
   * merge (MERGE_FLOOR). */
  "CREATE TABLE entries ("
  "  pos INTEGER NOT NULL, move INTEGER NOT NULL, game INTEGER NOT NULL,"
  "  PRIMARY KEY (pos, move, game)) WITHOUT ROWID;"
  "CREATE TABLE added ("
  "  pos INTEGER NOT NULL, move INTEGER NOT NULL, game INTEGER NOT NULL,"
  "  PRIMARY KEY (pos, move, game)) WITHOUT ROWID;"
  "CREATE TABLE removed ("
  "  pos INTEGER NOT NULL, move INTEGER NOT NULL, game INTEGER NOT NULL,"
  "  PRIMARY KEY (pos, move, game)) WITHOUT ROWID;"
  /* The explorer's sums (South's side) for the (position, move) pairs
   * played in HEAVY_GAMES games or more when they were merged: what it
   * shows then costs a few rows, however many games reach the position.
   * A row, once there, is kept equal to the sums of the library's entries. */
  "CREATE TABLE moves ("
  "  pos INTEGER NOT NULL, move INTEGER NOT NULL, games INTEGER NOT NULL,"
  "  south INTEGER NOT NULL, north INTEGER NOT NULL, draws INTEGER NOT NULL,"
  "  with_diff INTEGER NOT NULL, sum_diff INTEGER NOT NULL,"
  "  PRIMARY KEY (pos, move)) WITHOUT ROWID;"
  /* clean: no update was left half done; merged_entries: the rows of the
   * entries table; merge_cursor: where the next slice to merge begins. */
  "CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER) WITHOUT ROWID;"
  /* The text searched by dj_library_match_text(), one row a game (its
   * rowid the game's): players, event, site and every comment, case-folded
   * by GLib, so the trigram index needs no folding of its own; without
   * token positions (detail = none), half the size, SQLite checking each
   * candidate against the pattern; no column sizes (they serve ranking). */
  "CREATE VIRTUAL TABLE search USING fts5 (body, tokenize = 'trigram case_sensitive 1',"
  "  detail = none, columnsize = 0);"
  "INSERT INTO meta VALUES ('clean', 1), ('merged_entries', 0), ('merge_cursor', 0);";

/* Made after the first bulk load, not before (faster). */
static const char indexes[] =
  "CREATE INDEX IF NOT EXISTS games_file ON games (file);"
  "CREATE INDEX IF NOT EXISTS games_south ON games (south COLLATE NOCASE);"
  "CREATE INDEX IF NOT EXISTS games_north ON games (north COLLATE NOCASE);";

static void
dj_library_finalize (GObject *object)
{
  DjLibrary *self = DJ_LIBRARY (object);

  g_clear_pointer (&self->statements, g_hash_table_unref);
  if (self->db != NULL)
    sqlite3_close (self->db);
  /* A cache found damaged is dropped; the next opening makes it again. */
  if (self->damaged)
    g_unlink (self->db_path);
  g_free (self->dir);
  g_free (self->db_path);
  g_free (self->folders_path);
  g_clear_pointer (&self->folders, g_ptr_array_unref);
  g_free (self->notice);

  G_OBJECT_CLASS (dj_library_parent_class)->finalize (object);
}

static void
dj_library_class_init (DjLibraryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dj_library_finalize;
}

static void
finalize_statement (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

static void
dj_library_init (DjLibrary *self)
{
  self->folders = g_ptr_array_new_null_terminated (4, g_free, TRUE);
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, finalize_statement);
}

/* Sets @error from the database's last error, noting damage. */
static gboolean
db_fail (DjLibrary  *self,
         int         rc,
         GError    **error)
{
  if (rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB)
    self->damaged = TRUE;
  if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
    {
      /* Someone's database, not damage: never rebuilt for it. */
      /* Translators: the database file */
      g_set_error (error, DJ_LIBRARY_ERROR, DJ_LIBRARY_ERROR_DATABASE,
                   _("%s: the library database is in use by another program; try again "
                     "when it is done"), self->db_path);
      return FALSE;
    }
  /* Translators: the database file, then SQLite's reason */
  g_set_error (error, DJ_LIBRARY_ERROR, DJ_LIBRARY_ERROR_DATABASE,
               _("%s: the library database failed: %s"), self->db_path,
               self->db != NULL ? sqlite3_errmsg (self->db) : sqlite3_errstr (rc));
  return FALSE;
}

static gboolean
exec (DjLibrary   *self,
      const char  *sql,
      GError     **error)
{
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);

  return rc == SQLITE_OK || db_fail (self, rc, error);
}

static sqlite3_stmt *
prepare (DjLibrary   *self,
         const char  *sql,
         GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    {
      db_fail (self, rc, error);
      return NULL;
    }
  return stmt;
}

/* A statement of a query kept prepared for the library's life: the explorer
 * and the position search are asked again and again, and preparing cost
 * more than answering.  @sql must be a literal; reset the statement after
 * use, never finalize it. */
static sqlite3_stmt *
cached (DjLibrary   *self,
        const char  *sql,
        GError     **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (self->statements, sql);
  int rc;

  if (stmt != NULL)
    return stmt;
  rc = sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      db_fail (self, rc, error);
      return NULL;
    }
  g_hash_table_insert (self->statements, (gpointer) sql, stmt);
  return stmt;
}

/* Runs a statement that gives at most one integer. */
static gboolean
query_int (DjLibrary   *self,
           const char  *sql,
           gint64      *value,
           GError     **error)
{
  sqlite3_stmt *stmt = prepare (self, sql, error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  rc = sqlite3_step (stmt);
  *value = rc == SQLITE_ROW ? sqlite3_column_int64 (stmt, 0) : 0;
  sqlite3_finalize (stmt);
  return rc == SQLITE_ROW || rc == SQLITE_DONE || db_fail (self, rc, error);
}

typedef enum
{
  DB_GOOD,
  DB_EMPTY,      /* a new database: make the tables */
  DB_BAD,        /* rebuild it: *why says why */
  DB_FAILED,     /* cannot be used (locked …): error set */
} DbState;

/* A file shorter than its header says was cut short (read before SQLite
 * opens it, which would only call it malformed). */
static gboolean
is_truncated (const char *path)
{
  guint8 header[100];
  gsize page_size;
  guint64 pages;
  GStatBuf st;
  FILE *file = g_fopen (path, "rb");
  gboolean read;

  if (file == NULL)
    return FALSE;
  read = fread (header, 1, sizeof header, file) == sizeof header;
  fclose (file);
  if (!read || memcmp (header, "SQLite format 3", 16) != 0 || g_stat (path, &st) != 0)
    return FALSE;
  page_size = header[16] << 8 | header[17];
  if (page_size == 1)
    page_size = 65536;
  pages = (guint64) header[28] << 24 | header[29] << 16 | header[30] << 8 | header[31];
  return (guint64) st.st_size < pages * page_size;
}

/* Why the database cannot be used, from SQLite's last error. */
static char *
damaged (DjLibrary *self)
{
  /* Translators: SQLite's complaint follows */
  return g_strdup_printf (_("it is damaged (%s)"), sqlite3_errmsg (self->db));
}

/* Whether the opened database is a library of this version, whole. */
static DbState
check_db (DjLibrary  *self,
          char      **why,
          GError    **error)
{
  gint64 app_id = 0, version = 0, tables = 0, clean = 0;
  GStatBuf st;
  int rc;

  if (is_truncated (self->db_path))
    {
      *why = g_strdup (_("it is truncated"));
      return DB_BAD;
    }
  rc = sqlite3_exec (self->db, "SELECT count(*) FROM sqlite_schema", NULL, NULL, NULL);
  if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
    {
      db_fail (self, rc, error);
      return DB_FAILED;
    }
  if (rc == SQLITE_NOTADB)
    {
      *why = g_strdup (_("it is not a database"));
      return DB_BAD;
    }
  if (rc != SQLITE_OK ||
      !query_int (self, "PRAGMA application_id", &app_id, NULL) ||
      !query_int (self, "PRAGMA user_version", &version, NULL) ||
      !query_int (self, "SELECT count(*) FROM sqlite_schema", &tables, NULL))
    {
      *why = damaged (self);
      return DB_BAD;
    }
  if (app_id == 0 && version == 0 && tables == 0)
    return DB_EMPTY;
  if (app_id != APPLICATION_ID)
    {
      *why = g_strdup (_("it is not a Djenon library"));
      return DB_BAD;
    }
  if (version != DJ_LIBRARY_SCHEMA_VERSION)
    {
      *why = g_strdup_printf (_("it is of another version (%d, not %d)"), (int) version,
                              DJ_LIBRARY_SCHEMA_VERSION);
      return DB_BAD;
    }
  if (!query_int (self, "SELECT value FROM meta WHERE key = 'clean'", &clean, NULL) ||
      g_stat (self->db_path, &st) != 0)
    {
      *why = damaged (self);
      return DB_BAD;
    }
  /* Left in the middle of an update (the program stopped): its tables may
   * disagree, so it is made again. */
  if (clean != 1)
    {
      *why = g_strdup (_("an update of it was interrupted"));
      return DB_BAD;
    }
  if (st.st_size <= ALWAYS_CHECK_BYTES)
    {
      sqlite3_stmt *stmt = prepare (self, "PRAGMA quick_check", NULL);
      const char *result = NULL;

      if (stmt != NULL && sqlite3_step (stmt) == SQLITE_ROW)
        result = (const char *) sqlite3_column_text (stmt, 0);
      if (result == NULL || strcmp (result, "ok") != 0)
        {
          *why = result != NULL ? g_strdup_printf (_("it is damaged (%s)"), result)
                                : damaged (self);
          sqlite3_finalize (stmt);
          return DB_BAD;
        }
      sqlite3_finalize (stmt);
    }
  return DB_GOOD;
}

static gboolean
open_db (DjLibrary  *self,
         GError    **error)
{
  int rc = sqlite3_open_v2 (self->db_path, &self->db,
                            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                            NULL);

  if (rc != SQLITE_OK)
    return db_fail (self, rc, error);
  sqlite3_busy_timeout (self->db, 5000);
  return TRUE;
}

static void
remove_db_files (DjLibrary *self)
{
  static const char *const suffixes[] = { "", "-journal", "-wal", "-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *path = g_strconcat (self->db_path, suffixes[i], NULL);

      g_unlink (path);
    }
}

static gboolean
load_folders (DjLibrary  *self,
              GError    **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (self->folders_path, &text, NULL, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] == G_DIR_SEPARATOR)
      g_ptr_array_add (self->folders, g_strdup (lines[i]));
  return TRUE;
}

static gboolean
save_folders (DjLibrary  *self,
              GError    **error)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < self->folders->len; i++)
    g_string_append_printf (text, "%s\n", (const char *) self->folders->pdata[i]);
  return g_file_set_contents (self->folders_path, text->str, text->len, error);
}

char *
dj_library_default_dir (void)
{
  const char *dir = g_getenv ("DJENON_LIBRARY_DIR");

  if (dir != NULL && dir[0] != '\0')
    return g_strdup (dir);
  return g_build_filename (g_get_user_data_dir (), "djenon", NULL);
}

/* Opens the database, rebuilding it when it cannot be used as it is. */
static gboolean
open_checked (DjLibrary  *self,
              GError    **error)
{
  g_autofree char *why = NULL;
  DbState state;

  if (!open_db (self, error))
    return FALSE;
  state = check_db (self, &why, error);
  if (state == DB_FAILED)
    return FALSE;
  if (state == DB_BAD)
    {
      sqlite3_close (self->db);
      self->db = NULL;
      self->damaged = FALSE;
      remove_db_files (self);
      /* Translators: the database file, then why, e.g. "it is truncated" */
      self->notice = g_strdup_printf (_("%s: the library database is rebuilt from the game "
                                        "files: %s"), self->db_path, why);
      if (!open_db (self, error))
        return FALSE;
      state = DB_EMPTY;
    }
  if (state == DB_EMPTY)
    {
      g_autofree char *pragmas =
        g_strdup_printf ("PRAGMA application_id = %d; PRAGMA user_version = %d;",
                         APPLICATION_ID, DJ_LIBRARY_SCHEMA_VERSION);

      if (!exec (self, "BEGIN", error) || !exec (self, schema, error) ||
          !exec (self, pragmas, error) || !exec (self, "COMMIT", error))
        return FALSE;
    }
  /* Write-ahead log: a reader (the explorer) never waits for the indexer,
   * and a commit does not wait for the disk; an interrupted update loses at
   * most its last transactions, never the database's consistency.  Deleted
   * rows need not be overwritten with zeros (Debian's SQLite does it by
   * default): the database only holds what the game files hold. */
  if (!exec (self, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
             "PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY;"
             "PRAGMA secure_delete = OFF", error))
    return FALSE;
  return TRUE;
}

DjLibrary *
dj_library_open (const char  *dir,
                 GError     **error)
{
  static GMutex opening;
  g_autoptr(DjLibrary) self = NULL;
  gboolean ok;

  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (DJ_TYPE_LIBRARY, NULL);
  self->dir = g_canonicalize_filename (dir, NULL);
  self->db_path = g_build_filename (self->dir, "library.sqlite", NULL);
  self->folders_path = g_build_filename (self->dir, "folders.txt", NULL);
  if (g_mkdir_with_parents (self->dir, 0700) != 0)
    {
      int saved = errno;

      /* Translators: a folder, then the system's reason */
      g_set_error (error, DJ_LIBRARY_ERROR, DJ_LIBRARY_ERROR_DATABASE,
                   _("%s: cannot make the library folder: %s"), self->dir, g_strerror (saved));
      return NULL;
    }
  if (!load_folders (self, error))
    return NULL;

  /* One opening at a time in this process: two threads finding the same
   * database damaged (or new) would both remove (or make) it. */
  g_mutex_lock (&opening);
  ok = open_checked (self, error);
  g_mutex_unlock (&opening);
  if (!ok)
    return NULL;
  return g_steal_pointer (&self);
}

const char *
dj_library_get_notice (DjLibrary *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY (self), NULL);
  return self->notice;
}

const char *
dj_library_get_db_path (DjLibrary *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY (self), NULL);
  return self->db_path;
}

const char * const *
dj_library_get_folders (DjLibrary *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY (self), NULL);
  return (const char * const *) self->folders->pdata;
}

static int
find_folder (DjLibrary  *self,
             const char *path)
{
  for (guint i = 0; i < self->folders->len; i++)
    if (strcmp (self->folders->pdata[i], path) == 0)
      return i;
  return -1;
}

gboolean
dj_library_add_folder (DjLibrary   *self,
                       const char  *path,
                       GError     **error)
{
  g_autofree char *abs = NULL;

  g_return_val_if_fail (DJ_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  abs = g_canonicalize_filename (path, NULL);
  if (!g_file_test (abs, G_FILE_TEST_IS_DIR) || strchr (abs, '\n') != NULL)
    {
      g_set_error (error, DJ_LIBRARY_ERROR, DJ_LIBRARY_ERROR_FOLDER,
                   _("%s: not a folder"), abs);
      return FALSE;
    }
  if (find_folder (self, abs) >= 0)
    return TRUE;
  g_ptr_array_add (self->folders, g_steal_pointer (&abs));
  return save_folders (self, error);
}

/* ---- The moves table, kept equal to the sums of the entries ---- */

typedef struct
{
  gint64 games, south, north, draws, with_diff, sum_diff;
} Tally;

typedef struct
{
  DjLibrary  *self;
  GHashTable *rows;     /* pos * 16 + move + 1 of every row of the moves table */
  GHashTable *deltas;   /* the same keys → Tally to add to their rows */
  gboolean    bulk;     /* the index was empty: written to the entries table, rows made at the end */
} Stats;

static gint64
row_key (gint64 pos,
         DjMove move)
{
  return pos * 16 + move + 1;
}

/* Reads the meta table's @key (0 when missing). */
static gboolean
get_meta (DjLibrary   *self,
          const char  *key,
          gint64      *value,
          GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT value FROM meta WHERE key = '%s'", key);

  return query_int (self, sql, value, error);
}

static gboolean
set_meta (DjLibrary   *self,
          const char  *key,
          gint64       value,
          GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("INSERT OR REPLACE INTO meta VALUES ('%s', %"
                                          G_GINT64_FORMAT ")", key, value);

  return exec (self, sql, error);
}

/* Whether a table of entries has no row. */
static gboolean
is_empty (DjLibrary   *self,
          const char  *table,
          gboolean    *empty,
          GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM (SELECT 1 FROM %s LIMIT 1)", table);
  gint64 any = 0;

  if (!query_int (self, sql, &any, error))
    return FALSE;
  *empty = any == 0;
  return TRUE;
}

/* Gets ready for changes to the index: in bulk when it is empty, else
 * with the keys of the moves table's rows, to keep them up to date. */
static gboolean
stats_init (Stats      *st,
            DjLibrary  *self,
            GError    **error)
{
  gboolean no_entries = FALSE, no_added = FALSE;
  sqlite3_stmt *stmt;
  int rc;

  st->self = self;
  st->rows = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  st->deltas = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  st->bulk = FALSE;
  if (!is_empty (self, "entries", &no_entries, error) ||
      !is_empty (self, "added", &no_added, error))
    return FALSE;
  st->bulk = no_entries && no_added;
  if (st->bulk)
    return TRUE;
  if ((stmt = prepare (self, "SELECT pos, move FROM moves", error)) == NULL)
    return FALSE;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 key = row_key (sqlite3_column_int64 (stmt, 0), sqlite3_column_int (stmt, 1));

      g_hash_table_add (st->rows, g_memdup2 (&key, sizeof key));
    }
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE || db_fail (self, rc, error);
}

static void
stats_clear (Stats *st)
{
  g_clear_pointer (&st->rows, g_hash_table_unref);
  g_clear_pointer (&st->deltas, g_hash_table_unref);
}

/* An entry added (@sign 1) or deleted (-1): noted when its (position,
 * move) has a row of sums. */
static void
stats_add (Stats    *st,
           gint64    pos,
           DjMove    move,
           int       result,
           gboolean  has_diff,
           int       diff,
           int       sign)
{
  gint64 key = row_key (pos, move);
  Tally *t;

  if (st->bulk || move < 0 || !g_hash_table_contains (st->rows, &key))
    return;
  t = g_hash_table_lookup (st->deltas, &key);
  if (t == NULL)
    {
      t = g_new0 (Tally, 1);
      g_hash_table_insert (st->deltas, g_memdup2 (&key, sizeof key), t);
    }
  t->games += sign;
  t->south += sign * (result == DJ_RESULT_SOUTH_WINS);
  t->north += sign * (result == DJ_RESULT_NORTH_WINS);
  t->draws += sign * (result == DJ_RESULT_DRAW);
  if (has_diff)
    {
      t->with_diff += sign;
      t->sum_diff += sign * diff;
    }
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* Writes the gathered changes, in key order; a row left without games
 * goes. */
static gboolean
stats_apply (Stats   *st,
             GError **error)
{
  DjLibrary *self = st->self;
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (gint64));
  GHashTableIter iter;
  gpointer key_p;
  sqlite3_stmt *add, *drop;
  gboolean ok = TRUE;

  if (g_hash_table_size (st->deltas) == 0)
    return TRUE;
  add = prepare (self, "UPDATE moves SET games = games + ?3, south = south + ?4,"
                 " north = north + ?5, draws = draws + ?6, with_diff = with_diff + ?7,"
                 " sum_diff = sum_diff + ?8 WHERE pos = ?1 AND move = ?2", error);
  drop = prepare (self, "DELETE FROM moves WHERE pos = ? AND move = ? AND games <= 0", error);
  ok = add != NULL && drop != NULL;
  g_hash_table_iter_init (&iter, st->deltas);
  while (g_hash_table_iter_next (&iter, &key_p, NULL))
    g_array_append_val (keys, *(gint64 *) key_p);
  g_array_sort (keys, compare_keys);
  for (guint i = 0; i < keys->len && ok; i++)
    {
      gint64 key = g_array_index (keys, gint64, i);
      const Tally *t = g_hash_table_lookup (st->deltas, &key);
      int rc;

      if (t->games == 0 && t->with_diff == 0 && t->sum_diff == 0)
        continue;
      sqlite3_bind_int64 (add, 1, key / 16);
      sqlite3_bind_int (add, 2, key % 16 - 1);
      sqlite3_bind_int64 (add, 3, t->games);
      sqlite3_bind_int64 (add, 4, t->south);
      sqlite3_bind_int64 (add, 5, t->north);
      sqlite3_bind_int64 (add, 6, t->draws);
      sqlite3_bind_int64 (add, 7, t->with_diff);
      sqlite3_bind_int64 (add, 8, t->sum_diff);
      rc = sqlite3_step (add);
      sqlite3_reset (add);
      if (rc == SQLITE_DONE && t->games < 0)
        {
          sqlite3_bind_int64 (drop, 1, key / 16);
          sqlite3_bind_int (drop, 2, key % 16 - 1);
          rc = sqlite3_step (drop);
          sqlite3_reset (drop);
          if (rc == SQLITE_DONE && sqlite3_changes (self->db) > 0)
            g_hash_table_remove (st->rows, &key);
        }
      if (rc != SQLITE_DONE)
        ok = db_fail (self, rc, error);
    }
  sqlite3_finalize (add);
  sqlite3_finalize (drop);
  g_hash_table_remove_all (st->deltas);
  return ok;
}

/* A game's result and final difference, as the sums count them. */
typedef struct
{
  gint64 id;
  gint8  result;
  gint8  has_diff;
  gint8  diff;
} Outcome;

static int
outcome_compare (gconstpointer a,
                 gconstpointer b)
{
  return compare_keys (&((const Outcome *) a)->id, &((const Outcome *) b)->id);
}

static gboolean
insert_row (DjLibrary     *self,
            sqlite3_stmt  *insert,
            gint64         pos,
            DjMove         move,
            const Tally   *t,
            GError       **error)
{
  int rc;

  sqlite3_bind_int64 (insert, 1, pos);
  sqlite3_bind_int (insert, 2, move);
  sqlite3_bind_int64 (insert, 3, t->games);
  sqlite3_bind_int64 (insert, 4, t->south);
  sqlite3_bind_int64 (insert, 5, t->north);
  sqlite3_bind_int64 (insert, 6, t->draws);
  sqlite3_bind_int64 (insert, 7, t->with_diff);
  sqlite3_bind_int64 (insert, 8, t->sum_diff);
  rc = sqlite3_step (insert);
  sqlite3_reset (insert);
  return rc == SQLITE_DONE || db_fail (self, rc, error);
}

/* After a first load: the rows of every (position, move) of HEAVY_GAMES
 * games or more, in one pass over the entries with the games' outcomes in
 * memory (a join would look a game up for every entry). */
static gboolean
fill_rows (DjLibrary  *self,
           GError    **error)
{
  g_autoptr(GArray) outcomes = g_array_new (FALSE, FALSE, sizeof (Outcome));
  g_autoptr(GArray) group = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *games, *entries = NULL, *insert = NULL;
  gint64 group_pos = -1;
  DjMove group_move = 0;
  gboolean ok = TRUE;
  int rc;

  if ((games = prepare (self, "SELECT id, result, diff FROM games ORDER BY id", error)) == NULL)
    return FALSE;
  while ((rc = sqlite3_step (games)) == SQLITE_ROW)
    {
      Outcome o = { sqlite3_column_int64 (games, 0), sqlite3_column_int (games, 1),
                    sqlite3_column_type (games, 2) != SQLITE_NULL,
                    sqlite3_column_int (games, 2) };

      g_array_append_val (outcomes, o);
    }
  sqlite3_finalize (games);
  if (rc != SQLITE_DONE)
    return db_fail (self, rc, error);

  entries = prepare (self, "SELECT pos, move, game FROM entries", error);
  insert = prepare (self, "INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?, ?, ?)", error);
  ok = entries != NULL && insert != NULL;
  while (ok)
    {
      gboolean more = (rc = sqlite3_step (entries)) == SQLITE_ROW;
      gint64 pos = more ? sqlite3_column_int64 (entries, 0) : -1;
      DjMove move = more ? sqlite3_column_int (entries, 1) : 0;

      if (!more && rc != SQLITE_DONE)
        ok = db_fail (self, rc, error);
      /* A group of one (position, move) ends: its row if it is heavy. */
      if (ok && (pos != group_pos || move != group_move) && group->len >= HEAVY_GAMES &&
          group_move >= 0)
        {
          Tally t = { 0 };

          for (guint i = 0; i < group->len; i++)
            {
              Outcome key = { g_array_index (group, gint64, i) };
              const Outcome *o = bsearch (&key, outcomes->data, outcomes->len,
                                          sizeof (Outcome), outcome_compare);

              if (o == NULL)
                continue;
              t.games++;
              t.south += o->result == DJ_RESULT_SOUTH_WINS;
              t.north += o->result == DJ_RESULT_NORTH_WINS;
              t.draws += o->result == DJ_RESULT_DRAW;
              t.with_diff += o->has_diff;
              t.sum_diff += o->has_diff ? o->diff : 0;
            }
          ok = insert_row (self, insert, group_pos, group_move, &t, error);
        }
      if (!more || !ok)
        break;
      if (pos != group_pos || move != group_move)
        {
          g_array_set_size (group, 0);
          group_pos = pos;
          group_move = move;
        }
      g_array_append_val (group, (gint64) { sqlite3_column_int64 (entries, 2) });
    }
  sqlite3_finalize (entries);
  sqlite3_finalize (insert);
  return ok;
}

/* Merges the added and removed entries of the positions from @lo to
 * before @hi into the entries table (inside a transaction), and makes the
 * rows of the (position, move) pairs they made heavy. */
static gboolean
merge_entries (DjLibrary  *self,
               gint64      lo,
               gint64      hi,
               GError    **error)
{
  sqlite3_stmt *removed = prepare (self, "SELECT pos, move, game FROM removed"
                                   " WHERE pos >= ?1 AND pos < ?2", error);
  sqlite3_stmt *del = prepare (self, "DELETE FROM entries WHERE pos = ? AND move = ? AND game = ?",
                               error);
  sqlite3_stmt *stmt = NULL;
  /* The pairs the added entries brought to HEAVY_GAMES games or more:
   * counted first in the entries alone, then summed over their games. */
  static const char *const steps[] = {
    "INSERT OR IGNORE INTO entries SELECT pos, move, game FROM added"
    " WHERE pos >= ?1 AND pos < ?2",
    "INSERT INTO moves SELECT e.pos, e.move, count(*), sum(g.result = 1), sum(g.result = 2),"
    " sum(g.result = 3), count(g.diff), coalesce(sum(g.diff), 0)"
    " FROM (SELECT a.pos, a.move FROM (SELECT DISTINCT pos, move FROM added"
    "  WHERE pos >= ?1 AND pos < ?2 AND move >= 0) a"
    "  WHERE NOT EXISTS (SELECT 1 FROM moves m WHERE m.pos = a.pos AND m.move = a.move)"
    "  AND (SELECT count(*) FROM (SELECT 1 FROM entries x WHERE x.pos = a.pos"
    "   AND x.move = a.move LIMIT " G_STRINGIFY (HEAVY_GAMES) ")) >= " G_STRINGIFY (HEAVY_GAMES)
    "  ) h"
    /* CROSS JOIN: in this order (without it SQLite may scan the entries) */
    " CROSS JOIN entries e ON e.pos = h.pos AND e.move = h.move"
    " CROSS JOIN games g ON g.id = e.game GROUP BY e.pos, e.move",
    "DELETE FROM added WHERE pos >= ?1 AND pos < ?2",
    "DELETE FROM removed WHERE pos >= ?1 AND pos < ?2",
  };
  gint64 count = 0, deleted = 0, inserted = 0;
  gboolean ok = removed != NULL && del != NULL;
  int rc = SQLITE_DONE;

  /* In key order: each page of the entries table is read and written once. */
  if (ok)
    {
      sqlite3_bind_int64 (removed, 1, lo);
      sqlite3_bind_int64 (removed, 2, hi);
    }
  while (ok && (rc = sqlite3_step (removed)) == SQLITE_ROW)
    {
      for (int i = 0; i < 3; i++)
        sqlite3_bind_int64 (del, i + 1, sqlite3_column_int64 (removed, i));
      rc = sqlite3_step (del);
      sqlite3_reset (del);
      if (rc != SQLITE_DONE)
        ok = db_fail (self, rc, error);
      deleted += sqlite3_changes (self->db);
    }
  if (ok && rc != SQLITE_DONE)
    ok = db_fail (self, rc, error);
  sqlite3_finalize (removed);
  sqlite3_finalize (del);
  for (guint i = 0; i < G_N_ELEMENTS (steps) && ok; i++)
    {
      if ((stmt = prepare (self, steps[i], error)) == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, lo);
      sqlite3_bind_int64 (stmt, 2, hi);
      rc = sqlite3_step (stmt);
      if (i == 0)
        inserted = sqlite3_changes (self->db);
      sqlite3_finalize (stmt);
      if (rc != SQLITE_DONE)
        ok = db_fail (self, rc, error);
    }
  return ok && get_meta (self, "merged_entries", &count, error) &&
         set_meta (self, "merged_entries", count + inserted - deleted, error);
}

/* Merges what is waiting when it is worth it (see MERGE_FLOOR); *@done
 * says whether it did. */
static gboolean
maybe_merge (DjLibrary  *self,
             gboolean   *done,
             GError    **error)
{
  gint64 added = 0, removed = 0, merged = 0, lo = 0, hi = G_MAXINT64;

  *done = FALSE;
  if (!query_int (self, "SELECT count(*) FROM added", &added, error) ||
      !query_int (self, "SELECT count(*) FROM removed", &removed, error) ||
      !get_meta (self, "merged_entries", &merged, error))
    return FALSE;
  if ((added + removed) * MERGE_FLOOR <= merged)
    return TRUE;
  if ((added + removed) * MERGE_ALL <= merged)
    {
      /* One slice: from the cursor to the position of the added entry
       * 1/MERGE_SLICES of them further, that position included. */
      sqlite3_stmt *stmt;
      int rc;

      if (!get_meta (self, "merge_cursor", &lo, error) ||
          (stmt = prepare (self, "SELECT pos FROM added WHERE pos >= ?1 ORDER BY pos"
                           " LIMIT 1 OFFSET ?2", error)) == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, lo);
      sqlite3_bind_int64 (stmt, 2, added / MERGE_SLICES);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        hi = sqlite3_column_int64 (stmt, 0) + 1;
      sqlite3_finalize (stmt);
      if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return db_fail (self, rc, error);
    }
  if (!exec (self, "BEGIN", error))
    return FALSE;
  if (!merge_entries (self, lo, hi, error) ||
      !set_meta (self, "merge_cursor", hi == G_MAXINT64 ? 0 : hi, error) ||
      !exec (self, "COMMIT", error))
    {
      exec (self, "ROLLBACK", NULL);
      return FALSE;
    }
  *done = TRUE;
  return TRUE;
}

/* The rule set of dj_rules_get_index(); any other code reads as Djenon-aboure. */
static DjRules
rules_from_code (int code)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);

  if (code == 1 || code == 2)
    {
      rules.variant = DJ_VARIANT_ABE;
      rules.feeding = code == 2 ? DJ_FEEDING_IMMEDIATE : DJ_FEEDING_ON_STARVED_TURN;
    }
  return rules;
}

static int
compare_entry_keys (gconstpointer a,
                    gconstpointer b)
{
  const gint64 *x = a, *y = b;

  return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] > y[1]) - (x[1] < y[1]);
}

/* Forgets the entries of one game, found again by replaying its moves:
 * deleted from the added ones where they wait, else noted as removed from
 * the merged ones. */
static gboolean
forget_game_entries (Stats         *st,
                     sqlite3_stmt  *unadd,
                     sqlite3_stmt  *remove,
                     sqlite3_stmt  *game)
{
  gint64 id = sqlite3_column_int64 (game, 0);
  guint code = sqlite3_column_int (game, 1);
  const void *start = sqlite3_column_blob (game, 2);
  int start_len = sqlite3_column_bytes (game, 2);
  const guint8 *moves = sqlite3_column_blob (game, 3);
  int n_moves = sqlite3_column_bytes (game, 3);
  int result = sqlite3_column_int (game, 4);
  gboolean has_diff = sqlite3_column_type (game, 5) != SQLITE_NULL;
  int diff = sqlite3_column_int (game, 5);
  g_autoptr(GArray) keys = g_array_sized_new (FALSE, FALSE, 2 * sizeof (gint64), n_moves + 1);
  DjRules rules = rules_from_code (code);
  DjPosition pos;
  DjMoves legal;

  if (start != NULL && start_len == sizeof pos)
    memcpy (&pos, start, sizeof pos);
  else
    dj_position_init_start (&pos);
  for (int i = 0; i <= n_moves; i++)
    {
      gint64 key[2] = { dj_position_key (&rules, &pos), i < n_moves ? moves[i] : END_MOVE };

      g_array_append_val (keys, key);
      if (i == n_moves)
        break;
      dj_moves_generate (&rules, &pos, &legal);
      if (!dj_moves_child (&legal, &pos, moves[i], &pos))
        break;
    }
  /* Once a position and move, however often the game passes there. */
  g_array_sort (keys, compare_entry_keys);
  for (guint i = 0; i < keys->len; i++)
    {
      const gint64 *key = &g_array_index (keys, gint64, 2 * i);
      int rc;

      if (i > 0 && compare_entry_keys (key, key - 2) == 0)
        continue;
      for (guint k = 0; k < 2; k++)
        {
          sqlite3_stmt *stmt = k == 0 ? unadd : remove;

          sqlite3_bind_int64 (stmt, 1, key[0]);
          sqlite3_bind_int (stmt, 2, key[1]);
          sqlite3_bind_int64 (stmt, 3, id);
          rc = sqlite3_step (stmt);
          sqlite3_reset (stmt);
          if (rc != SQLITE_DONE)
            return db_fail (st->self, rc, NULL) && FALSE;
          if (sqlite3_changes (st->self->db) > 0)
            break;
        }
      stats_add (st, key[0], key[1], result, has_diff, diff, -1);
    }
  return TRUE;
}

/* Forgets a file and its games (inside a transaction). */
static gboolean
forget_file (Stats   *st,
             gint64   file,
             GError **error)
{
  DjLibrary *self = st->self;
  sqlite3_stmt *games = prepare (self, "SELECT id, rules, start, moves, result, diff FROM games"
                                 " WHERE file = ?", error);
  sqlite3_stmt *unadd = prepare (self, "DELETE FROM added WHERE pos = ? AND move = ? AND game = ?",
                                 error);
  sqlite3_stmt *remove = prepare (self, "INSERT OR IGNORE INTO removed VALUES (?, ?, ?)", error);
  sqlite3_stmt *text = prepare (self, "DELETE FROM search WHERE rowid IN"
                                " (SELECT id FROM games WHERE file = ?1)", error);
  sqlite3_stmt *rest = prepare (self, "DELETE FROM games WHERE file = ?1", error);
  sqlite3_stmt *row = prepare (self, "DELETE FROM files WHERE id = ?1", error);
  gboolean ok = games != NULL && unadd != NULL && remove != NULL && text != NULL && rest != NULL
                && row != NULL;
  int rc = SQLITE_DONE;

  if (ok)
    {
      sqlite3_bind_int64 (games, 1, file);
      while (ok && (rc = sqlite3_step (games)) == SQLITE_ROW)
        {
          ok = forget_game_entries (st, unadd, remove, games);
          if (!ok)
            db_fail (self, sqlite3_errcode (self->db), error);
          else if (g_hash_table_size (st->deltas) >= FLUSH_DELTAS)
            ok = stats_apply (st, error);
        }
      if (ok && rc != SQLITE_DONE)
        ok = db_fail (self, rc, error);
    }
  if (ok)
    {
      sqlite3_bind_int64 (text, 1, file);
      sqlite3_bind_int64 (rest, 1, file);
      sqlite3_bind_int64 (row, 1, file);
      if ((rc = sqlite3_step (text)) != SQLITE_DONE || (rc = sqlite3_step (rest)) != SQLITE_DONE
          || (rc = sqlite3_step (row)) != SQLITE_DONE)
        ok = db_fail (self, rc, error);
    }
  sqlite3_finalize (games);
  sqlite3_finalize (unadd);
  sqlite3_finalize (remove);
  sqlite3_finalize (text);
  sqlite3_finalize (rest);
  sqlite3_finalize (row);
  return ok;
}

gboolean
dj_library_remove_folder (DjLibrary   *self,
                          const char  *path,
                          GError     **error)
{
  g_autofree char *abs = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  gboolean ok = TRUE, merged;
  Stats st = { 0 };
  int index, rc;

  g_return_val_if_fail (DJ_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  abs = g_canonicalize_filename (path, NULL);
  index = find_folder (self, abs);
  if (index < 0)
    {
      g_set_error (error, DJ_LIBRARY_ERROR, DJ_LIBRARY_ERROR_FOLDER,
                   _("%s: not a folder of the library"), abs);
      return FALSE;
    }
  g_ptr_array_remove_index (self->folders, index);
  if (!save_folders (self, error))
    return FALSE;

  if ((stmt = prepare (self, "SELECT id FROM files WHERE folder = ?", error)) == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, abs, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return db_fail (self, rc, error);
  if (!exec (self, "BEGIN", error))
    return FALSE;
  ok = stats_init (&st, self, error);
  for (guint i = 0; i < ids->len && ok; i++)
    ok = forget_file (&st, g_array_index (ids, gint64, i), error);
  ok = ok && stats_apply (&st, error);
  stats_clear (&st);
  if (!ok)
    {
      exec (self, "ROLLBACK", NULL);
      return FALSE;
    }
  return exec (self, "COMMIT", error) && maybe_merge (self, &merged, error);
}

void
dj_library_report_clear (DjLibraryReport *report)
{
  g_return_if_fail (report != NULL);

  g_clear_pointer (&report->problems, g_ptr_array_unref);
  g_clear_pointer (&report->dirs, g_ptr_array_unref);
  g_free (report->notice);
  memset (report, 0, sizeof *report);
}

/* ---- Walking the folders ---- */

typedef struct
{
  char   *path;
  char   *folder;
  gint64  size;
  gint64  mtime;    /* microseconds */
} Found;

static void
found_free (Found *found)
{
  g_free (found->path);
  g_free (found->folder);
  g_free (found);
}

static gboolean
is_game_file (const char *name)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);

  return g_str_has_suffix (lower, DJ_XML_EXTENSION) || g_str_has_suffix (lower, DJ_TEXT_EXTENSION);
}

#define WALK_ATTRIBUTES \
  G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE "," \
  G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_IS_SYMLINK "," \
  G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC "," \
  G_FILE_ATTRIBUTE_ID_FILE

typedef struct
{
  char *path;
  guint depth;
} Pending;

/* Every game file below @folder, breadth first, each folder and file once. */
static gboolean
walk_folder (const char      *folder,
             GHashTable      *seen,     /* id::file → NULL */
             GHashTable      *found,    /* path → Found */
             GPtrArray       *problems,
             GPtrArray       *dirs,     /* char *: the folders read */
             GCancellable    *cancellable,
             GError         **error)
{
  g_autoptr(GQueue) queue = g_queue_new ();
  g_autoptr(GFile) top = g_file_new_for_path (folder);
  g_autoptr(GFileInfo) top_info = NULL;
  g_autoptr(GError) local = NULL;
  Pending *pending;

  top_info = g_file_query_info (top, G_FILE_ATTRIBUTE_ID_FILE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                G_FILE_QUERY_INFO_NONE, cancellable, &local);
  if (top_info == NULL || g_file_info_get_file_type (top_info) != G_FILE_TYPE_DIRECTORY)
    {
      /* Translators: a folder of the library, then why */
      g_ptr_array_add (problems, g_strdup_printf (_("%s: cannot read the folder: %s"), folder,
                                                  local != NULL ? local->message
                                                                : _("not a folder")));
      return TRUE;
    }
  if (g_file_info_get_attribute_string (top_info, G_FILE_ATTRIBUTE_ID_FILE) != NULL)
    g_hash_table_add (seen, g_strdup (g_file_info_get_attribute_string (top_info,
                                                                        G_FILE_ATTRIBUTE_ID_FILE)));

  pending = g_new (Pending, 1);
  *pending = (Pending) { g_strdup (folder), 0 };
  g_queue_push_tail (queue, pending);
  while ((pending = g_queue_pop_head (queue)) != NULL)
    {
      g_autofree char *dir_path = pending->path;
      guint depth = pending->depth;
      g_autoptr(GFile) dir = g_file_new_for_path (dir_path);
      g_autoptr(GFileEnumerator) children = NULL;
      GFileInfo *info;

      g_free (pending);
      g_clear_error (&local);
      children = g_file_enumerate_children (dir, WALK_ATTRIBUTES, G_FILE_QUERY_INFO_NONE,
                                            cancellable, &local);
      if (children == NULL)
        {
          if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            goto cancelled;
          g_ptr_array_add (problems, g_strdup_printf (_("%s: cannot read the folder: %s"),
                                                      dir_path, local->message));
          continue;
        }
      g_ptr_array_add (dirs, g_strdup (dir_path));
      while ((info = g_file_enumerator_next_file (children, cancellable, &local)) != NULL)
        {
          g_autoptr(GFileInfo) owned = info;
          const char *name = g_file_info_get_name (info);
          const char *id = g_file_info_get_attribute_string (info, G_FILE_ATTRIBUTE_ID_FILE);
          GFileType type = g_file_info_get_file_type (info);
          g_autofree char *path = g_build_filename (dir_path, name, NULL);

          if (type != G_FILE_TYPE_DIRECTORY &&
              (type != G_FILE_TYPE_REGULAR || !is_game_file (name)))
            continue;
          /* The same folder or file reached again (a link): read it once. */
          if (id != NULL && !g_hash_table_add (seen, g_strdup (id)))
            {
              if (type == G_FILE_TYPE_DIRECTORY)
                g_ptr_array_add (problems,
                                 g_strdup_printf (_("%s: a folder reached again through a "
                                                    "symbolic link, read once"), path));
              continue;
            }
          if (type == G_FILE_TYPE_DIRECTORY)
            {
              if (depth + 1 > DJ_LIBRARY_MAX_DEPTH)
                {
                  g_ptr_array_add (problems,
                                   g_strdup_printf (_("%s: more than %d folders deep, not read"),
                                                    path, DJ_LIBRARY_MAX_DEPTH));
                  continue;
                }
              pending = g_new (Pending, 1);
              *pending = (Pending) { g_steal_pointer (&path), depth + 1 };
              g_queue_push_tail (queue, pending);
            }
          else if (g_hash_table_size (found) >= DJ_LIBRARY_MAX_FILES)
            {
              g_ptr_array_add (problems,
                               g_strdup_printf (_("%s: more than %d game files, not read"),
                                                path, DJ_LIBRARY_MAX_FILES));
              break;
            }
          else if (!g_hash_table_contains (found, path))
            {
              Found *f = g_new0 (Found, 1);

              f->path = g_steal_pointer (&path);
              f->folder = g_strdup (folder);
              f->size = g_file_info_get_size (info);
              f->mtime = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED)
                         * G_USEC_PER_SEC
                         + g_file_info_get_attribute_uint32 (info,
                                                             G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
              g_hash_table_insert (found, f->path, f);
            }
        }
      if (local != NULL)
        {
          if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            goto cancelled;
          g_ptr_array_add (problems, g_strdup_printf (_("%s: cannot read the folder: %s"),
                                                      dir_path, local->message));
        }
    }
  return TRUE;

cancelled:
  while ((pending = g_queue_pop_head (queue)) != NULL)
    {
      g_free (pending->path);
      g_free (pending);
    }
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

/* ---- Indexing ---- */

typedef struct
{
  gint64 pos;
  gint64 game;
  gint8  move;
  guint8 result;
  gint8  diff;
  guint8 has_diff;
} Entry;

static int
entry_compare (gconstpointer a,
               gconstpointer b)
{
  const Entry *x = a, *y = b;

  if (x->pos != y->pos)
    return x->pos < y->pos ? -1 : 1;
  if (x->move != y->move)
    return x->move < y->move ? -1 : 1;
  if (x->game != y->game)
    return x->game < y->game ? -1 : 1;
  return 0;
}

typedef struct
{
  DjLibrary    *self;
  Stats         stats;
  sqlite3_stmt *file;
  sqlite3_stmt *game;
  sqlite3_stmt *entry;
  sqlite3_stmt *text;
  GArray       *entries;   /* Entry */
} Indexer;

/* Sorts and writes the gathered entries (fewer page splits in key order). */
static gboolean
flush_entries (Indexer  *ix,
               guint64  *written,
               GError  **error)
{
  const Entry *prev = NULL;

  g_array_sort (ix->entries, entry_compare);
  for (guint i = 0; i < ix->entries->len; i++)
    {
      const Entry *e = &g_array_index (ix->entries, Entry, i);
      int rc;

      if (prev != NULL && entry_compare (prev, e) == 0)
        continue;
      prev = e;
      sqlite3_bind_int64 (ix->entry, 1, e->pos);
      sqlite3_bind_int (ix->entry, 2, e->move);
      sqlite3_bind_int64 (ix->entry, 3, e->game);
      rc = sqlite3_step (ix->entry);
      sqlite3_reset (ix->entry);
      if (rc != SQLITE_DONE)
        return db_fail (ix->self, rc, error);
      if (sqlite3_changes (ix->self->db) > 0)
        stats_add (&ix->stats, e->pos, e->move, e->result, e->has_diff, e->diff, 1);
      (*written)++;
    }
  g_array_set_size (ix->entries, 0);
  return stats_apply (&ix->stats, error);
}

static void
bind_text (sqlite3_stmt *stmt,
           int           column,
           const char   *text)
{
  if (text != NULL && text[0] != '\0')
    sqlite3_bind_text (stmt, column, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (stmt, column);
}

/* The result, and the final difference South − North when known: from the
 * game information, else from the rules' end of the main line. */
static DjResult
game_outcome (DjGame           *game,
              const DjPosition *last,
              gboolean         *has_diff,
              int              *diff)
{
  const DjGameInfo *info = dj_game_get_info (game);
  DjResult result = info->result;
  DjMoves moves;

  *has_diff = FALSE;
  if (info->score[DJ_SOUTH] >= 0 && info->score[DJ_NORTH] >= 0)
    {
      *has_diff = TRUE;
      *diff = info->score[DJ_SOUTH] - info->score[DJ_NORTH];
    }
  else
    {
      dj_moves_generate (dj_game_get_rules (game), last, &moves);
      if (moves.end != DJ_END_NONE)
        {
          int score[2];

          dj_final_scores (dj_game_get_rules (game), last, score);
          *has_diff = TRUE;
          *diff = score[DJ_SOUTH] - score[DJ_NORTH];
        }
    }
  if (result == DJ_RESULT_UNKNOWN && *has_diff)
    result = *diff > 0 ? DJ_RESULT_SOUTH_WINS : *diff < 0 ? DJ_RESULT_NORTH_WINS : DJ_RESULT_DRAW;
  return result;
}

static void
append_folded (GString    *text,
               const char *part)
{
  g_autofree char *folded = NULL;

  if (part == NULL || part[0] == '\0')
    return;
  folded = g_utf8_casefold (part, -1);
  if (text->len > 0)
    g_string_append_c (text, '\n');
  g_string_append (text, folded);
}

/* The searched text of a game: its players, event and site and every
 * comment of every line (a walk without recursion), case-folded. */
static gboolean
index_text (Indexer  *ix,
            gint64    id,
            DjGame   *game,
            GError  **error)
{
  const DjGameInfo *info = dj_game_get_info (game);
  DjNode *root = dj_game_get_root (game);
  g_autoptr(GString) text = g_string_new (NULL);
  int rc;

  append_folded (text, info->south);
  append_folded (text, info->north);
  append_folded (text, info->event);
  append_folded (text, info->site);
  for (DjNode *n = root; n != NULL; n = dj_node_walk_next (n, root))
    {
      append_folded (text, dj_node_get_comment_before (n));
      append_folded (text, dj_node_get_comment_after (n));
    }
  if (text->len == 0)
    return TRUE;
  sqlite3_bind_int64 (ix->text, 1, id);
  sqlite3_bind_text (ix->text, 2, text->str, text->len, SQLITE_STATIC);
  rc = sqlite3_step (ix->text);
  sqlite3_reset (ix->text);
  return rc == SQLITE_DONE || db_fail (ix->self, rc, error);
}

static gboolean
index_game (Indexer  *ix,
            gint64    file,
            guint     number,
            DjGame   *game,
            GError  **error)
{
  const DjRules *rules = dj_game_get_rules (game);
  const DjGameInfo *info = dj_game_get_info (game);
  g_autoptr(GByteArray) moves = g_byte_array_new ();
  DjNode *node = dj_game_get_root (game);
  const DjPosition *last = dj_node_get_position (node);
  gboolean has_diff;
  int diff = 0;
  DjResult result;
  gint64 id;
  Entry entry;
  int rc;

  for (DjNode *child = dj_node_get_first_child (node); child != NULL;
       child = dj_node_get_first_child (child))
    {
      guint8 move = dj_node_get_move (child);

      g_byte_array_append (moves, &move, 1);
      last = dj_node_get_position (child);
    }
  result = game_outcome (game, last, &has_diff, &diff);

  sqlite3_bind_int64 (ix->game, 1, file);
  sqlite3_bind_int (ix->game, 2, number);
  sqlite3_bind_int (ix->game, 3, dj_rules_get_index (rules));
  if (dj_game_has_setup (game))
    sqlite3_bind_blob (ix->game, 4, dj_game_get_start (game), sizeof (DjPosition),
                       SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (ix->game, 4);
  sqlite3_bind_blob (ix->game, 5, moves->data, moves->len, SQLITE_STATIC);
  sqlite3_bind_int (ix->game, 6, result);
  if (has_diff)
    sqlite3_bind_int (ix->game, 7, diff);
  else
    sqlite3_bind_null (ix->game, 7);
  bind_text (ix->game, 8, info->south);
  bind_text (ix->game, 9, info->north);
  bind_text (ix->game, 10, info->event);
  bind_text (ix->game, 11, info->site);
  bind_text (ix->game, 12, info->date);
  bind_text (ix->game, 13, info->round);
  rc = sqlite3_step (ix->game);
  sqlite3_reset (ix->game);
  sqlite3_clear_bindings (ix->game);
  if (rc != SQLITE_DONE)
    return db_fail (ix->self, rc, error);
  id = sqlite3_last_insert_rowid (ix->self->db);
  if (!index_text (ix, id, game, error))
    return FALSE;

  entry = (Entry) { 0, id, 0, result, CLAMP (diff, -48, 48), has_diff };
  for (DjNode *n = node; n != NULL; n = dj_node_get_first_child (n))
    {
      DjNode *child = dj_node_get_first_child (n);

      entry.pos = dj_position_key (rules, dj_node_get_position (n));
      entry.move = child != NULL ? dj_node_get_move (child) : END_MOVE;
      g_array_append_val (ix->entries, entry);
    }
  return TRUE;
}

static DjCollection *
load_game_file (const char    *path,
                GCancellable  *cancellable,
                GError       **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, DJ_XML_EXTENSION))
    return dj_xml_load_file (file, cancellable, error);
  return dj_notation_load_file (file, cancellable, error);
}

/* Reads one file into the database: its games, or its error. */
static gboolean
index_file (Indexer       *ix,
            const Found   *found,
            GCancellable  *cancellable,
            guint         *n_games,
            char         **problem,
            GError       **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(DjCollection) collection = load_game_file (found->path, cancellable, &local);
  guint games = collection != NULL ? dj_collection_get_n_games (collection) : 0;
  gint64 id;
  int rc;

  if (collection == NULL && g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  sqlite3_bind_text (ix->file, 1, found->path, -1, SQLITE_STATIC);
  sqlite3_bind_text (ix->file, 2, found->folder, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (ix->file, 3, found->size);
  sqlite3_bind_int64 (ix->file, 4, found->mtime);
  sqlite3_bind_int (ix->file, 5, games);
  bind_text (ix->file, 6, local != NULL ? local->message : NULL);
  rc = sqlite3_step (ix->file);
  sqlite3_reset (ix->file);
  if (rc != SQLITE_DONE)
    return db_fail (ix->self, rc, error);
  id = sqlite3_last_insert_rowid (ix->self->db);
  if (local != NULL)
    *problem = g_strdup (local->message);
  for (guint i = 0; i < games; i++)
    if (!index_game (ix, id, i + 1, dj_collection_get_game (collection, i), error))
      return FALSE;
  *n_games = games;
  return TRUE;
}

static int
found_compare (gconstpointer a,
               gconstpointer b)
{
  const Found *x = *(Found * const *) a, *y = *(Found * const *) b;

  return strcmp (x->path, y->path);
}

static gboolean
set_clean (DjLibrary  *self,
           gboolean    clean,
           GError    **error)
{
  return exec (self, clean ? "UPDATE meta SET value = 1 WHERE key = 'clean'"
                           : "UPDATE meta SET value = 0 WHERE key = 'clean'", error);
}

gboolean
dj_library_update (DjLibrary          *self,
                   GCancellable       *cancellable,
                   DjLibraryProgress   progress,
                   gpointer            user_data,
                   DjLibraryReport    *report,
                   GError            **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) found = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                       (GDestroyNotify) found_free);
  g_autoptr(GPtrArray) todo = g_ptr_array_new ();
  g_autoptr(GArray) gone = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) changed = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) local = NULL;
  DjLibraryReport dummy = { 0 };
  Indexer ix = { 0 };
  sqlite3_stmt *stmt;
  gboolean ok = TRUE, in_transaction = FALSE;
  int rc;

  g_return_val_if_fail (DJ_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (report == NULL)
    report = &dummy;
  memset (report, 0, sizeof *report);
  report->problems = g_ptr_array_new_with_free_func (g_free);
  report->dirs = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->folders->len && ok; i++)
    ok = walk_folder (self->folders->pdata[i], seen, found, report->problems, report->dirs,
                      cancellable, error);
  if (!ok)
    goto out;
  report->files = g_hash_table_size (found);

  /* What the database knows: unchanged, changed or gone. */
  if ((stmt = prepare (self, "SELECT id, path, size, mtime FROM files", error)) == NULL)
    {
      ok = FALSE;
      goto out;
    }
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      Found *f = g_hash_table_lookup (found, sqlite3_column_text (stmt, 1));

      if (f == NULL)
        g_array_append_val (gone, id);
      else if (f->size == sqlite3_column_int64 (stmt, 2) &&
               f->mtime == sqlite3_column_int64 (stmt, 3))
        {
          report->unchanged++;
          g_hash_table_remove (found, sqlite3_column_text (stmt, 1));
        }
      else
        g_array_append_val (changed, id);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      ok = db_fail (self, rc, error);
      goto out;
    }
  report->removed = gone->len;
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, found);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      g_ptr_array_add (todo, value);
  }
  g_ptr_array_sort (todo, found_compare);
  if (gone->len == 0 && todo->len == 0)
    goto out;

  ix.self = self;
  if (!set_clean (self, FALSE, error) || !exec (self, "BEGIN", error))
    {
      ok = FALSE;
      goto out;
    }
  in_transaction = TRUE;
  if (!stats_init (&ix.stats, self, error))
    {
      ok = FALSE;
      goto out;
    }
  g_array_append_vals (gone, changed->data, changed->len);
  for (guint i = 0; i < gone->len && ok; i++)
    ok = forget_file (&ix.stats, g_array_index (gone, gint64, i), error);

  ix.file = prepare (self, "INSERT INTO files (path, folder, size, mtime, n_games, error) "
                     "VALUES (?, ?, ?, ?, ?, ?)", error);
  ix.game = prepare (self, "INSERT INTO games (file, number, rules, start, moves, result, diff, "
                     "south, north, event, site, date, round) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", error);
  /* Into an empty index in bulk, else beside it until the next merge. */
  ix.entry = prepare (self, ix.stats.bulk ? "INSERT OR IGNORE INTO entries VALUES (?, ?, ?)"
                                          : "INSERT OR IGNORE INTO added VALUES (?, ?, ?)", error);
  ix.text = prepare (self, "INSERT INTO search (rowid, body) VALUES (?, ?)", error);
  ix.entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  ok = ok && ix.file != NULL && ix.game != NULL && ix.entry != NULL && ix.text != NULL;

  for (guint i = 0; i < todo->len && ok; i++)
    {
      const Found *f = todo->pdata[i];
      g_autofree char *problem = NULL;
      guint games = 0;

      if (g_cancellable_set_error_if_cancelled (cancellable, &local))
        break;
      if (!index_file (&ix, f, cancellable, &games, &problem, &local))
        {
          if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            {
              ok = FALSE;
              g_propagate_error (error, g_steal_pointer (&local));
            }
          break;
        }
      report->indexed++;
      report->games += games;
      if (problem != NULL)
        {
          report->failed++;
          g_ptr_array_add (report->problems, g_steal_pointer (&problem));
        }
      if (ix.entries->len >= FLUSH_ENTRIES)
        ok = flush_entries (&ix, &report->positions, error) &&
             exec (self, "COMMIT; BEGIN", error);
      if (progress != NULL)
        progress (i + 1, todo->len, f->path, user_data);
    }
  /* Done or cancelled: keep what was read, then make the indexes. */
  if (ok)
    ok = flush_entries (&ix, &report->positions, error) &&
         (!ix.stats.bulk || (fill_rows (self, error) &&
                             set_meta (self, "merged_entries", report->positions, error))) &&
         exec (self, "COMMIT", error);
  if (ok)
    {
      in_transaction = FALSE;
      /* Cancelled: no merge, it waits for the next update. */
      ok = (ix.stats.bulk || local != NULL || maybe_merge (self, &report->merged, error)) &&
           exec (self, indexes, error) && set_clean (self, TRUE, error);
    }
  if (ok && local != NULL)
    {
      ok = FALSE;
      g_propagate_error (error, g_steal_pointer (&local));
    }

out:
  if (in_transaction)
    exec (self, "ROLLBACK", NULL);
  sqlite3_finalize (ix.file);
  sqlite3_finalize (ix.game);
  sqlite3_finalize (ix.entry);
  sqlite3_finalize (ix.text);
  if (ix.entries != NULL)
    g_array_unref (ix.entries);
  stats_clear (&ix.stats);
  dj_library_report_clear (&dummy);
  return ok;
}

/* ---- Indexing in a worker thread ---- */

typedef struct
{
  char              *dir;
  DjLibraryProgress  progress;
  gpointer           progress_data;
  GMainContext      *context;
  GMutex             lock;        /* guards the fields below */
  guint              done, total;
  char              *path;
  gboolean           pending;     /* an idle is scheduled to report them */
  DjLibraryReport    report;
} UpdateJob;

static void
update_job_free (UpdateJob *job)
{
  g_free (job->dir);
  g_main_context_unref (job->context);
  g_mutex_clear (&job->lock);
  g_free (job->path);
  dj_library_report_clear (&job->report);
  g_free (job);
}

/* In the caller's context: the latest progress. */
static gboolean
report_progress (gpointer data)
{
  GTask *task = data;
  UpdateJob *job = g_task_get_task_data (task);
  g_autofree char *path = NULL;
  guint done, total;

  g_mutex_lock (&job->lock);
  done = job->done;
  total = job->total;
  path = g_steal_pointer (&job->path);
  job->pending = FALSE;
  g_mutex_unlock (&job->lock);
  if (path != NULL)
    job->progress (done, total, path, job->progress_data);
  return G_SOURCE_REMOVE;
}

/* In the worker: keeps the latest progress, schedules one report. */
static void
note_progress (guint       done,
               guint       total,
               const char *path,
               gpointer    data)
{
  GTask *task = data;
  UpdateJob *job = g_task_get_task_data (task);
  gboolean schedule;

  g_mutex_lock (&job->lock);
  job->done = done;
  job->total = total;
  g_free (job->path);
  job->path = g_strdup (path);
  schedule = !job->pending;
  job->pending = TRUE;
  g_mutex_unlock (&job->lock);
  if (schedule)
    {
      g_autoptr(GSource) idle = g_idle_source_new ();

      g_source_set_callback (idle, report_progress, g_object_ref (task), g_object_unref);
      g_source_set_name (idle, "[djenon] library progress");
      /* As the task's own completion: the last file is reported before it. */
      g_source_set_priority (idle, G_PRIORITY_DEFAULT);
      g_source_attach (idle, job->context);
    }
}

static void
update_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  UpdateJob *job = task_data;
  g_autoptr(DjLibrary) worker = NULL;
  GError *error = NULL;
  gboolean ok;

  (void) source;
  worker = dj_library_open (job->dir, &error);
  ok = worker != NULL && dj_library_update (worker, cancellable,
                                            job->progress != NULL ? note_progress : NULL, task,
                                            &job->report, &error);
  /* The worker's opening may be the one that found the database damaged. */
  if (worker != NULL)
    job->report.notice = g_strdup (dj_library_get_notice (worker));
  if (!ok)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
dj_library_update_async (DjLibrary           *self,
                         GCancellable        *cancellable,
                         DjLibraryProgress    progress,
                         gpointer             progress_data,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  UpdateJob *job;

  g_return_if_fail (DJ_IS_LIBRARY (self));

  /* The XML reader's schema is compiled once, from the main thread. */
  dj_xml_init ();
  job = g_new0 (UpdateJob, 1);
  job->dir = g_strdup (self->dir);
  job->progress = progress;
  job->progress_data = progress_data;
  job->context = g_main_context_ref_thread_default ();
  g_mutex_init (&job->lock);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dj_library_update_async);
  g_task_set_task_data (task, job, (GDestroyNotify) update_job_free);
  g_task_run_in_thread (task, update_thread);
}

gboolean
dj_library_update_finish (DjLibrary        *self,
                          GAsyncResult     *result,
                          DjLibraryReport  *report,
                          GError          **error)
{
  UpdateJob *job;

  g_return_val_if_fail (DJ_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dj_library_update_async,
                        FALSE);

  job = g_task_get_task_data (G_TASK (result));
  if (report != NULL)
    {
      *report = job->report;
      memset (&job->report, 0, sizeof job->report);
    }
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- Listing ---- */

void
dj_library_file_free (DjLibraryFile *file)
{
  if (file == NULL)
    return;
  g_free (file->path);
  g_free (file->folder);
  g_free (file->error);
  g_free (file);
}

static char *
column_dup (sqlite3_stmt *stmt,
            int           column)
{
  return g_strdup ((const char *) sqlite3_column_text (stmt, column));
}

GPtrArray *
dj_library_list_files (DjLibrary  *self,
                       GError    **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) dj_library_file_free);
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (DJ_IS_LIBRARY (self), NULL);

  stmt = prepare (self, "SELECT path, folder, n_games, error FROM files ORDER BY path", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      DjLibraryFile *file = g_new0 (DjLibraryFile, 1);

      file->path = column_dup (stmt, 0);
      file->folder = column_dup (stmt, 1);
      file->n_games = sqlite3_column_int (stmt, 2);
      file->error = column_dup (stmt, 3);
      g_ptr_array_add (files, file);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      db_fail (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&files);
}

void
dj_library_game_free (DjLibraryGame *game)
{
  if (game == NULL)
    return;
  g_free (game->path);
  g_free (game->south);
  g_free (game->north);
  g_free (game->event);
  g_free (game->site);
  g_free (game->date);
  g_free (game->round);
  g_free (game);
}

GPtrArray *
dj_library_list_games (DjLibrary  *self,
                       GError    **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) dj_library_game_free);
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (DJ_IS_LIBRARY (self), NULL);

  stmt = prepare (self, "SELECT f.path, g.number, g.rules, g.result, length (g.moves), g.south, "
                  "g.north, g.event, g.site, g.date, g.round, g.id FROM games g "
                  "JOIN files f ON f.id = g.file ORDER BY f.path, g.number", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      DjLibraryGame *game = g_new0 (DjLibraryGame, 1);
      int result = sqlite3_column_int (stmt, 3);

      game->path = column_dup (stmt, 0);
      game->number = sqlite3_column_int (stmt, 1);
      game->rules = rules_from_code (sqlite3_column_int (stmt, 2));
      game->result = result >= DJ_RESULT_UNKNOWN && result <= DJ_RESULT_DRAW
                     ? (DjResult) result : DJ_RESULT_UNKNOWN;
      game->n_moves = sqlite3_column_int (stmt, 4);
      game->south = column_dup (stmt, 5);
      game->north = column_dup (stmt, 6);
      game->event = column_dup (stmt, 7);
      game->site = column_dup (stmt, 8);
      game->date = column_dup (stmt, 9);
      game->round = column_dup (stmt, 10);
      game->id = sqlite3_column_int64 (stmt, 11);
      g_ptr_array_add (games, game);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      db_fail (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&games);
}

GHashTable *
dj_library_match_text (DjLibrary   *self,
                       const char  *text,
                       GError     **error)
{
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autofree char *folded = NULL;
  g_autoptr(GString) pattern = g_string_new ("*");
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (DJ_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  /* A substring of the folded text: GLOB's own characters taken literally.
   * From three characters on the trigram index finds the candidates. */
  folded = g_utf8_casefold (text, -1);
  for (const char *c = folded; *c != '\0'; c++)
    {
      if (*c == '*' || *c == '?' || *c == '[')
        g_string_append_printf (pattern, "[%c]", *c);
      else
        g_string_append_c (pattern, *c);
    }
  g_string_append_c (pattern, '*');
  stmt = prepare (self, "SELECT rowid FROM search WHERE body GLOB ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, pattern->str, pattern->len, SQLITE_STATIC);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_hash_table_add (ids, g_memdup2 (&id, sizeof id));
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      db_fail (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&ids);
}

gboolean
dj_library_get_counts (DjLibrary  *self,
                       guint64    *games,
                       guint64    *positions,
                       guint64    *entries,
                       GError    **error)
{
  gint64 g = 0, p = 0, e = 0;

  g_return_val_if_fail (DJ_IS_LIBRARY (self), FALSE);

  if (!query_int (self, "SELECT count(*) FROM games", &g, error) ||
      !query_int (self, "SELECT (SELECT count(*) FROM entries) - (SELECT count(*) FROM removed)"
                  " + (SELECT count(*) FROM added)", &e, error))
    return FALSE;
  if (positions != NULL)
    {
      gboolean merged = FALSE;

      if (!query_int (self, "SELECT NOT EXISTS (SELECT 1 FROM added)"
                      " AND NOT EXISTS (SELECT 1 FROM removed)", &p, error))
        return FALSE;
      merged = p != 0;
      if (!query_int (self, merged ? "SELECT count(DISTINCT pos) FROM entries"
                      : "SELECT count(*) FROM (SELECT pos FROM entries e WHERE NOT EXISTS"
                        " (SELECT 1 FROM removed r WHERE r.pos = e.pos AND r.move = e.move"
                        "  AND r.game = e.game) UNION SELECT pos FROM added)", &p, error))
        return FALSE;
    }
  if (games != NULL)
    *games = g;
  if (positions != NULL)
    *positions = p;
  if (entries != NULL)
    *entries = e;
  return TRUE;
}

/* ---- Queries ---- */

/* The keys to look up: the position under its rules, and with
 * any_feeding under the other feeding option too. */
static gboolean
position_keys (const DjRules          *rules,
               const DjPosition       *pos,
               const DjLibraryFilter  *filter,
               DjPositionKey           keys[2],
               GError                **error)
{
  g_autoptr(GError) local = NULL;
  DjRules other = *rules;

  if (!dj_position_check (pos, &local))
    {
      g_set_error_literal (error, DJ_LIBRARY_ERROR, DJ_LIBRARY_ERROR_POSITION, local->message);
      return FALSE;
    }
  keys[0] = dj_position_key (rules, pos);
  other.feeding = rules->feeding == DJ_FEEDING_IMMEDIATE ? DJ_FEEDING_ON_STARVED_TURN
                                                        : DJ_FEEDING_IMMEDIATE;
  keys[1] = filter != NULL && filter->any_feeding && rules->variant == DJ_VARIANT_ABE
            ? dj_position_key (&other, pos) : keys[0];
  return TRUE;
}

static const char *
player_of (const DjLibraryFilter *filter)
{
  return filter != NULL && filter->player != NULL && filter->player[0] != '\0'
         ? filter->player : NULL;
}

static int
explorer_compare (gconstpointer a,
                  gconstpointer b)
{
  const DjExplorerMove *x = a, *y = b;

  if (x->games != y->games)
    return x->games > y->games ? -1 : 1;
  return x->move - y->move;
}

static void
tally_row (Tally        *t,
           sqlite3_stmt *stmt,
           int           first)
{
  t->games += sqlite3_column_int64 (stmt, first);
  t->south += sqlite3_column_int64 (stmt, first + 1);
  t->north += sqlite3_column_int64 (stmt, first + 2);
  t->draws += sqlite3_column_int64 (stmt, first + 3);
  t->with_diff += sqlite3_column_int64 (stmt, first + 4);
  t->sum_diff += sqlite3_column_int64 (stmt, first + 5);
}

/* The sums of every move played at @key: the moves table's rows, and for
 * the other legal moves (under @rules) their few entries. */
static gboolean
explore_key (DjLibrary         *self,
             sqlite3_stmt      *rows,
             sqlite3_stmt      *light,
             DjPositionKey      key,
             const DjRules     *rules,
             const DjPosition  *pos,
             Tally              sums[DJ_PASS + 1],
             GError           **error)
{
  gboolean summed[DJ_PASS + 1] = { FALSE };
  DjMoves legal;
  int rc;

  sqlite3_bind_int64 (rows, 1, key);
  while ((rc = sqlite3_step (rows)) == SQLITE_ROW)
    {
      DjMove move = sqlite3_column_int (rows, 0);

      if (move < 0 || move > DJ_PASS)
        continue;
      tally_row (&sums[move], rows, 1);
      summed[move] = TRUE;
    }
  sqlite3_reset (rows);
  if (rc != SQLITE_DONE)
    return db_fail (self, rc, error);
  dj_moves_generate (rules, pos, &legal);
  for (DjMove move = 0; move <= DJ_PASS; move++)
    {
      if (summed[move] || !dj_moves_is_legal (&legal, move))
        continue;
      sqlite3_bind_int64 (light, 1, key);
      sqlite3_bind_int (light, 2, move);
      while ((rc = sqlite3_step (light)) == SQLITE_ROW)
        {
          Tally *t = &sums[move];
          int result = sqlite3_column_int (light, 0);

          t->games++;
          t->south += result == DJ_RESULT_SOUTH_WINS;
          t->north += result == DJ_RESULT_NORTH_WINS;
          t->draws += result == DJ_RESULT_DRAW;
          if (sqlite3_column_type (light, 1) != SQLITE_NULL)
            {
              t->with_diff++;
              t->sum_diff += sqlite3_column_int (light, 1);
            }
        }
      sqlite3_reset (light);
      if (rc != SQLITE_DONE)
        return db_fail (self, rc, error);
    }
  return TRUE;
}

GArray *
dj_library_explore (DjLibrary              *self,
                    const DjRules          *rules,
                    const DjPosition       *pos,
                    const DjLibraryFilter  *filter,
                    GError                **error)
{
  g_autoptr(GArray) table = g_array_new (FALSE, TRUE, sizeof (DjExplorerMove));
  const char *player = player_of (filter);
  Tally sums[DJ_PASS + 1] = { { 0 } };
  DjPositionKey keys[2];
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (DJ_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (rules != NULL && pos != NULL, NULL);

  if (!position_keys (rules, pos, filter, keys, error))
    return NULL;
  if (player == NULL)
    {
      sqlite3_stmt *rows = cached (self, "SELECT move, games, south, north, draws, with_diff,"
                                   " sum_diff FROM moves WHERE pos = ?1", error);
      /* The games of the library only: a forgotten game's entries may wait
       * for the merge, but its row in games is gone. */
      sqlite3_stmt *light = cached (self, "SELECT g.result, g.diff FROM entries e"
                                    " CROSS JOIN games g ON g.id = e.game"
                                    " WHERE e.pos = ?1 AND e.move = ?2 UNION ALL"
                                    " SELECT g.result, g.diff FROM added e"
                                    " CROSS JOIN games g ON g.id = e.game"
                                    " WHERE e.pos = ?1 AND e.move = ?2", error);
      gboolean ok = rows != NULL && light != NULL;

      for (guint k = 0; k < 2 && ok; k++)
        {
          DjRules key_rules = *rules;

          if (k == 1 && keys[1] == keys[0])
            break;
          if (k == 1)
            key_rules.feeding = rules->feeding == DJ_FEEDING_IMMEDIATE
                                ? DJ_FEEDING_ON_STARVED_TURN : DJ_FEEDING_IMMEDIATE;
          ok = explore_key (self, rows, light, keys[k], &key_rules, pos, sums, error);
        }
      if (!ok)
        return NULL;
    }
  else
    {
      stmt = cached (self, "SELECT e.move, count(*), sum(g.result = 1), sum(g.result = 2),"
                      " sum(g.result = 3), count(g.diff), coalesce(sum(g.diff), 0) FROM"
                      " (SELECT move, game FROM entries WHERE pos IN (?1, ?2) AND move >= 0"
                      "  UNION ALL SELECT move, game FROM added WHERE pos IN (?1, ?2)"
                      "  AND move >= 0) e JOIN games g ON g.id = e.game"
                      /* the player's games first (the players' indexes), then
                       * the outcomes of those only */
                      " WHERE e.game IN (SELECT id FROM games WHERE south = ?3 COLLATE NOCASE"
                      "  OR north = ?3 COLLATE NOCASE) GROUP BY e.move", error);
      if (stmt == NULL)
        return NULL;
      sqlite3_bind_int64 (stmt, 1, keys[0]);
      sqlite3_bind_int64 (stmt, 2, keys[1]);
      sqlite3_bind_text (stmt, 3, player, -1, SQLITE_STATIC);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          DjMove move = sqlite3_column_int (stmt, 0);

          if (move >= 0 && move <= DJ_PASS)
            tally_row (&sums[move], stmt, 1);
        }
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      if (rc != SQLITE_DONE)
        {
          db_fail (self, rc, error);
          return NULL;
        }
    }
  /* Both feeding options may give the same move: one row each move. */
  for (DjMove move = 0; move <= DJ_PASS; move++)
    {
      const Tally *t = &sums[move];
      DjExplorerMove row = { 0 };
      gboolean south = pos->to_move == DJ_SOUTH;

      if (t->games <= 0)
        continue;
      row.move = move;
      row.games = t->games;
      row.draws = t->draws;
      row.wins = south ? t->south : t->north;
      row.losses = south ? t->north : t->south;
      row.with_diff = t->with_diff;
      if (row.with_diff > 0)
        row.mean_diff = (south ? t->sum_diff : -t->sum_diff) / (double) row.with_diff;
      g_array_append_val (table, row);
    }
  g_array_sort (table, explorer_compare);
  return g_steal_pointer (&table);
}

void
dj_explorer_add_values (GArray           *table,
                        const DjAnalysis *analysis)
{
  g_return_if_fail (table != NULL && analysis != NULL);

  for (guint i = 0; i < analysis->n_moves; i++)
    {
      const DjMoveValue *mv = &analysis->moves[i];
      DjExplorerMove *row = NULL;

      for (guint j = 0; j < table->len && row == NULL; j++)
        if (g_array_index (table, DjExplorerMove, j).move == mv->move)
          row = &g_array_index (table, DjExplorerMove, j);
      /* Moves are best first: a never played move is listed when best. */
      if (row == NULL)
        {
          DjExplorerMove unplayed = { 0 };

          if (mv->value != analysis->value)
            continue;
          unplayed.move = mv->move;
          g_array_append_val (table, unplayed);
          row = &g_array_index (table, DjExplorerMove, table->len - 1);
        }
      row->has_value = TRUE;
      row->value = mv->value;
      row->lower = mv->lower;
      row->upper = mv->upper;
      row->exact = mv->exact;
      row->best = mv->value == analysis->value;
    }
}

void
dj_library_hit_free (DjLibraryHit *hit)
{
  if (hit == NULL)
    return;
  g_free (hit->path);
  g_free (hit->south);
  g_free (hit->north);
  g_free (hit);
}

/* The first ply at which the game is at one of @keys and plays @move. */
static guint
find_ply (guint                code,
          const void          *start,
          int                  start_len,
          const guint8        *moves,
          int                  n_moves,
          const DjPositionKey  keys[2],
          DjMove               move)
{
  DjRules rules = rules_from_code (code);
  DjPosition pos;
  DjMoves legal;

  if (start != NULL && start_len == sizeof pos)
    memcpy (&pos, start, sizeof pos);
  else
    dj_position_init_start (&pos);
  for (int i = 0; i <= n_moves; i++)
    {
      DjMove played = i < n_moves ? (DjMove) moves[i] : END_MOVE;
      DjPositionKey key = dj_position_key (&rules, &pos);

      if ((key == keys[0] || key == keys[1]) && played == move)
        return i;
      if (i == n_moves)
        break;
      dj_moves_generate (&rules, &pos, &legal);
      if (!dj_moves_child (&legal, &pos, played, &pos))
        break;
    }
  return 0;
}

static int
hit_compare (gconstpointer a,
             gconstpointer b)
{
  const DjLibraryHit *x = *(DjLibraryHit * const *) a, *y = *(DjLibraryHit * const *) b;
  int by_path = strcmp (x->path, y->path);

  if (by_path != 0)
    return by_path;
  if (x->game != y->game)
    return x->game < y->game ? -1 : 1;
  return x->move - y->move;
}

GPtrArray *
dj_library_find (DjLibrary              *self,
                 const DjRules          *rules,
                 const DjPosition       *pos,
                 const DjLibraryFilter  *filter,
                 guint                   limit,
                 guint                  *total,
                 GError                **error)
{
  g_autoptr(GPtrArray) hits = g_ptr_array_new_with_free_func ((GDestroyNotify) dj_library_hit_free);
  const char *player = player_of (filter);
  DjPositionKey keys[2];
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (DJ_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (rules != NULL && pos != NULL, NULL);

  if (!position_keys (rules, pos, filter, keys, error))
    return NULL;
  stmt = cached (self,
                  "SELECT f.path, g.number, e.move, g.result, g.south, g.north, g.rules,"
                  " g.start, g.moves FROM (SELECT move, game FROM entries WHERE pos IN (?1, ?2)"
                  "  UNION ALL SELECT move, game FROM added WHERE pos IN (?1, ?2)) e"
                  " JOIN games g ON g.id = e.game JOIN files f ON f.id = g.file"
                  " WHERE ?3 IS NULL OR g.south = ?3 COLLATE NOCASE OR g.north = ?3 COLLATE NOCASE"
                  " LIMIT ?4", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, keys[0]);
  sqlite3_bind_int64 (stmt, 2, keys[1]);
  bind_text (stmt, 3, player);
  sqlite3_bind_int64 (stmt, 4, limit == 0 ? -1 : (gint64) limit);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      DjLibraryHit *hit = g_new0 (DjLibraryHit, 1);

      hit->path = column_dup (stmt, 0);
      hit->game = sqlite3_column_int (stmt, 1);
      hit->move = sqlite3_column_int (stmt, 2);
      hit->result = sqlite3_column_int (stmt, 3);
      hit->south = column_dup (stmt, 4);
      hit->north = column_dup (stmt, 5);
      hit->ply = find_ply (sqlite3_column_int (stmt, 6),
                           sqlite3_column_blob (stmt, 7), sqlite3_column_bytes (stmt, 7),
                           sqlite3_column_blob (stmt, 8), sqlite3_column_bytes (stmt, 8),
                           keys, hit->move);
      g_ptr_array_add (hits, hit);
    }
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  if (rc != SQLITE_DONE)
    {
      db_fail (self, rc, error);
      return NULL;
    }
  if (total != NULL)
    {
      *total = hits->len;
      if (limit != 0 && hits->len == limit)
        {
          /* Without a player, counted in the index alone: its entries less
           * those removed since the merge, with those added. */
          stmt = cached (self, player == NULL
                          ? "SELECT (SELECT count(*) FROM entries WHERE pos IN (?1, ?2))"
                            " - (SELECT count(*) FROM removed WHERE pos IN (?1, ?2))"
                            " + (SELECT count(*) FROM added WHERE pos IN (?1, ?2))"
                          : "SELECT count(*) FROM (SELECT game FROM entries WHERE pos IN (?1, ?2)"
                            "  UNION ALL SELECT game FROM added WHERE pos IN (?1, ?2)) e"
                            " WHERE e.game IN (SELECT id FROM games WHERE south = ?3 COLLATE NOCASE"
                            "  OR north = ?3 COLLATE NOCASE)",
                          error);
          if (stmt == NULL)
            return NULL;
          sqlite3_bind_int64 (stmt, 1, keys[0]);
          sqlite3_bind_int64 (stmt, 2, keys[1]);
          if (player != NULL)
            sqlite3_bind_text (stmt, 3, player, -1, SQLITE_STATIC);
          rc = sqlite3_step (stmt);
          if (rc == SQLITE_ROW)
            *total = sqlite3_column_int (stmt, 0);
          sqlite3_reset (stmt);
          sqlite3_clear_bindings (stmt);
          if (rc != SQLITE_ROW)
            {
              db_fail (self, rc, error);
              return NULL;
            }
        }
    }
  g_ptr_array_sort (hits, hit_compare);
  return g_steal_pointer (&hits);
}

gboolean
dj_library_get_file_stamp (DjLibrary   *self,
                           const char  *path,
                           gint64      *size,
                           gint64      *mtime,
                           GError     **error)
{
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (DJ_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (path != NULL && size != NULL && mtime != NULL, FALSE);

  stmt = prepare (self, "SELECT size, mtime FROM files WHERE path = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, path, -1, SQLITE_STATIC);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      *size = sqlite3_column_int64 (stmt, 0);
      *mtime = sqlite3_column_int64 (stmt, 1);
    }
  sqlite3_finalize (stmt);
  if (rc == SQLITE_DONE)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, DJ_LIBRARY_ERROR, DJ_LIBRARY_ERROR_FOLDER,
                   _("%s: the file is not in the library"), name);
      return FALSE;
    }
  if (rc != SQLITE_ROW)
    return db_fail (self, rc, error);
  return TRUE;
}
