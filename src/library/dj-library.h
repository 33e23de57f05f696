/* dj-library.h: every game of the user's folders, indexed by position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-game-info.h"
#include "dj-position-key.h"
#include "dj-search.h"

G_BEGIN_DECLS

/* The library is a cache of the game files of some folders: an SQLite
 * database (library.sqlite) and the list of folders (folders.txt, one
 * absolute path a line) in one directory, by default $XDG_DATA_HOME/djenon.
 * The files stay the truth: the database is rebuilt when it is missing,
 * damaged, foreign or of another version, and indexing never writes a game
 * file.  Every position of the main line of every game is indexed (the
 * whole position and its rule set, see dj-position-key.h) with the move
 * played from it, so transpositions are found; a game counts once per
 * position and move however often it passes there.
 *
 * One DjLibrary is used by one thread at a time; to index off the main
 * thread, open a second DjLibrary on the same directory in the worker (call
 * dj_xml_init() in the main thread first) and run dj_library_update() there
 * with a GCancellable and a progress callback. */

#define DJ_LIBRARY_ERROR (dj_library_error_quark ())

typedef enum
{
  DJ_LIBRARY_ERROR_DATABASE,   /* the database cannot be opened, created or written */
  DJ_LIBRARY_ERROR_FOLDER,     /* not a folder, or not in the library */
  DJ_LIBRARY_ERROR_POSITION,   /* a position that cannot exist */
} DjLibraryError;

GQuark       dj_library_error_quark (void);

/* The database's schema; a database of another version is rebuilt. */
#define DJ_LIBRARY_SCHEMA_VERSION 3
/* Folders nested deeper than this below a library folder are not read. */
#define DJ_LIBRARY_MAX_DEPTH      64
/* At most this many game files in the whole library. */
#define DJ_LIBRARY_MAX_FILES      1000000

#define DJ_TYPE_LIBRARY (dj_library_get_type ())
G_DECLARE_FINAL_TYPE (DjLibrary, dj_library, DJ, LIBRARY, GObject)

/* $XDG_DATA_HOME/djenon, or $DJENON_LIBRARY_DIR when set (for tests). */
char        *dj_library_default_dir (void);

/* Opens (creating the directory and database if needed) the library in
 * @dir.  A damaged, truncated, foreign or other-version database is
 * replaced by an empty one, to be filled again by dj_library_update(); the
 * reason is then given by dj_library_get_notice(). */
DjLibrary   *dj_library_open        (const char  *dir,
                                     GError     **error);
/* A translated message when opening rebuilt the database, else NULL. */
const char  *dj_library_get_notice  (DjLibrary   *self);
const char  *dj_library_get_db_path (DjLibrary   *self);

/* The folders, absolute paths in the order added (NULL-terminated). */
const char * const *dj_library_get_folders (DjLibrary *self);
/* Adds a folder (made absolute); its games are indexed by the next
 * dj_library_update().  Adding a folder twice does nothing. */
gboolean     dj_library_add_folder    (DjLibrary   *self,
                                       const char  *path,
                                       GError     **error);
/* Removes a folder and forgets its games. */
gboolean     dj_library_remove_folder (DjLibrary   *self,
                                       const char  *path,
                                       GError     **error);

/* Called after each file: @done of @total files, @path the file. */
typedef void (*DjLibraryProgress) (guint       done,
                                   guint       total,
                                   const char *path,
                                   gpointer    user_data);

typedef struct
{
  guint      files;        /* game files found in the folders */
  guint      indexed;      /* read again: new or changed size or time */
  guint      unchanged;
  guint      removed;      /* gone from the folders, forgotten */
  guint      failed;       /* could not be read: listed with their error */
  guint      games;        /* games read from the indexed files */
  guint64    positions;    /* (position, move, game) entries added */
  GPtrArray *problems;     /* char *: "where: why", translated */
  GPtrArray *dirs;         /* char *: every folder read, the library's own included */
  char      *notice;       /* dj_library_update_async(): its opening's notice, or NULL */
  gboolean   merged;       /* the entries written since the last merge were merged */
} DjLibraryReport;

void         dj_library_report_clear (DjLibraryReport *report);

/* Brings the database up to date with the folders: new and changed files
 * (by size and modification time) are read and indexed, gone ones
 * forgotten.  Folders are walked without recursion, symbolic links followed
 * but every folder and file read once (a link loop is reported, not
 * followed), at most DJ_LIBRARY_MAX_DEPTH deep.  A file that fails to parse
 * is recorded with its error (see dj_library_list_files()) and skipped; an
 * unreadable folder is reported.  Cancelled, it stops between files with
 * G_IO_ERROR_CANCELLED, keeping the files indexed so far. */
gboolean     dj_library_update      (DjLibrary          *self,
                                     GCancellable       *cancellable,
                                     DjLibraryProgress   progress,
                                     gpointer            user_data,
                                     DjLibraryReport    *report,
                                     GError            **error);

/* dj_library_update() in a worker thread, on a connection of its own (so
 * that @self stays usable for queries meanwhile, and sees the new games as
 * they are committed).  @progress runs in the thread-default main context
 * of the caller, at most once per turn of its loop (the latest file only).
 * The report is given by dj_library_update_finish(). */
void         dj_library_update_async  (DjLibrary           *self,
                                       GCancellable        *cancellable,
                                       DjLibraryProgress    progress,
                                       gpointer             progress_data,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data);
/* Fills @report (may be NULL; clear it with dj_library_report_clear()). */
gboolean     dj_library_update_finish (DjLibrary           *self,
                                       GAsyncResult        *result,
                                       DjLibraryReport     *report,
                                       GError             **error);

typedef struct
{
  char    *path;
  char    *folder;
  guint    n_games;
  char    *error;     /* NULL, or why the file could not be read (file, line) */
} DjLibraryFile;

void         dj_library_file_free   (DjLibraryFile *file);
/* Every file indexed, sorted by path (DjLibraryFile *). */
GPtrArray   *dj_library_list_files  (DjLibrary   *self,
                                     GError     **error);

/* One game of the library, as the Library view lists it. */
typedef struct
{
  char      *path;
  guint      number;    /* 1 for the first game of the file */
  gint64     id;        /* the game's row, as dj_library_match_text() gives it */
  DjRules    rules;
  DjResult   result;    /* as recorded, or from the final score */
  guint      n_moves;   /* of the main line */
  char      *south;     /* the strings are NULL when not given */
  char      *north;
  char      *event;
  char      *site;
  char      *date;
  char      *round;
} DjLibraryGame;

void         dj_library_game_free   (DjLibraryGame *game);
/* Every game indexed (DjLibraryGame), by file path and number. */
GPtrArray   *dj_library_list_games  (DjLibrary   *self,
                                     GError     **error);

/* The games whose players, event, site or any comment (main line and
 * variations) contain @text, compared case-folded (g_utf8_casefold()): a
 * set of the games' ids (gint64 *, see DjLibraryGame).  From three
 * characters on the database's trigram index answers; shorter text is
 * looked for in every game. */
GHashTable  *dj_library_match_text  (DjLibrary   *self,
                                     const char  *text,
                                     GError     **error);

/* Counts: games, distinct positions, (position, move, game) entries. */
gboolean     dj_library_get_counts  (DjLibrary   *self,
                                     guint64     *games,
                                     guint64     *positions,
                                     guint64     *entries,
                                     GError     **error);

typedef struct
{
  const char *player;       /* NULL, or only games where this player (either
                             * side, case-insensitive) played */
  gboolean    any_feeding;  /* Djenon-abe: games under both feeding options */
} DjLibraryFilter;

/* One move of the explorer table. */
typedef struct
{
  DjMove   move;
  guint    games;         /* games that played it here (0: never played) */
  guint    wins;          /* from the mover's side */
  guint    draws;
  guint    losses;        /* games without a known result count in none */
  guint    with_diff;     /* games with a known final score */
  double   mean_diff;     /* mean final seed difference, mover's side */
  gboolean has_value;     /* the perfect-play fields are set */
  int      value;         /* perfect-play value, mover's side */
  int      lower;
  int      upper;
  gboolean exact;
  gboolean best;          /* a move of the best perfect-play value */
} DjExplorerMove;

/* Every move played from @pos in the library (DjExplorerMove), the most
 * played first. */
GArray      *dj_library_explore     (DjLibrary              *self,
                                     const DjRules          *rules,
                                     const DjPosition       *pos,
                                     const DjLibraryFilter  *filter,
                                     GError                **error);
/* Adds the perfect-play values of @analysis (of the same position) to the
 * explorer table, and the best moves never played (games 0). */
void         dj_explorer_add_values (GArray                 *table,
                                     const DjAnalysis       *analysis);

/* One game reaching a position. */
typedef struct
{
  char      *path;
  guint      game;      /* 1 for the first game of the file */
  DjMove     move;      /* played there, DJ_NO_MOVE: the game ended there */
  guint      ply;       /* the position is reached after this many moves */
  DjResult   result;
  char      *south;
  char      *north;
} DjLibraryHit;

void         dj_library_hit_free    (DjLibraryHit *hit);
/* The games reaching @pos (DjLibraryHit, by file and game number), at most
 * @limit of them (0: all); *@total (may be NULL) gets how many there are.
 * A game that plays two different moves there is listed once a move. */
GPtrArray   *dj_library_find        (DjLibrary              *self,
                                     const DjRules          *rules,
                                     const DjPosition       *pos,
                                     const DjLibraryFilter  *filter,
                                     guint                   limit,
                                     guint                  *total,
                                     GError                **error);

/* The size and modification time (microseconds) @path had when it was last
 * indexed: an edit of the file checks that it has not changed since. */
gboolean     dj_library_get_file_stamp (DjLibrary   *self,
                                        const char  *path,
                                        gint64      *size,
                                        gint64      *mtime,
                                        GError     **error);

G_END_DECLS
