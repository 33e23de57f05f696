/* test-library.c: the game library against a plain count of the same games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dj-library.h"
#include "dj-node.h"
#include "dj-notation.h"
#include "dj-random-games.h"
#include "dj-xml.h"

/* ---- A temporary library ---- */

typedef struct
{
  char      *root;
  char      *games;    /* the library's folder of game files */
  char      *db;       /* the library's own folder */
  DjLibrary *library;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  (void) data;
  f->root = g_dir_make_tmp ("test-library-XXXXXX", &error);
  g_assert_no_error (error);
  f->games = g_build_filename (f->root, "games", NULL);
  f->db = g_build_filename (f->root, "db", NULL);
  g_assert_cmpint (g_mkdir (f->games, 0700), ==, 0);
  f->library = dj_library_open (f->db, &error);
  g_assert_no_error (error);
  g_assert_null (dj_library_get_notice (f->library));
  g_assert_true (dj_library_add_folder (f->library, f->games, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  const char *argv[] = { "rm", "-rf", f->root, NULL };

  (void) data;
  g_clear_object (&f->library);
  /* Folders made unreadable by a test are readable again for rm. */
  {
    const char *chmod_argv[] = { "chmod", "-R", "u+rwx", f->root, NULL };

    g_spawn_sync (NULL, (char **) chmod_argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                  NULL, NULL, NULL, NULL, NULL, NULL);
  }
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                NULL);
  g_free (f->root);
  g_free (f->games);
  g_free (f->db);
}

static char *
write_file (const char   *dir,
            const char   *name,
            DjCollection *collection)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  if (g_str_has_suffix (name, ".djenon"))
    dj_xml_save_file (collection, file, NULL, &error);
  else
    dj_notation_save_file (collection, file, DJ_SAFE_SAVE_NONE, NULL, &error);
  g_assert_no_error (error);
  return path;
}

static void
update (Fixture         *f,
        DjLibraryReport *report)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (dj_library_update (f->library, NULL, NULL, NULL, report, &error));
  g_assert_no_error (error);
}

static void
reopen (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  g_clear_object (&f->library);
  f->library = dj_library_open (f->db, &error);
  g_assert_no_error (error);
}

/* ---- The plain count: no SQLite, no position keys ---- */

typedef struct
{
  guint games, south_wins, north_wins, draws, with_diff;
  int   sum_diff;            /* South − North */
} Tally;

typedef struct
{
  DjRules     rules;
  DjPosition  pos;
  Tally       moves[DJ_PASS + 1];
  guint       hits;          /* (game, move) pairs, the end of a game included */
} RefPosition;

typedef struct
{
  GHashTable *positions;     /* text → RefPosition */
  GHashTable *seen;          /* "text|move|file|game" */
  guint       entries;
  guint       repeats;       /* a game back at a position, playing the same move again */
} Reference;

static void
reference_init (Reference *ref)
{
  ref->positions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  ref->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ref->entries = 0;
  ref->repeats = 0;
}

static void
reference_clear (Reference *ref)
{
  g_hash_table_unref (ref->positions);
  g_hash_table_unref (ref->seen);
}

static void
reference_add (Reference    *ref,
               const char   *file,
               DjCollection *collection)
{
  for (guint g = 0; g < dj_collection_get_n_games (collection); g++)
    {
      DjGame *game = dj_collection_get_game (collection, g);
      const DjRules *rules = dj_game_get_rules (game);
      const DjGameInfo *info = dj_game_get_info (game);

      for (DjNode *node = dj_game_get_root (game); node != NULL;
           node = dj_node_get_first_child (node))
        {
          DjNode *child = dj_node_get_first_child (node);
          DjMove move = child != NULL ? dj_node_get_move (child) : DJ_NO_MOVE;
          g_autofree char *text = dj_position_to_string (dj_node_get_position (node));
          char *key = g_strdup_printf ("%d %d %s", rules->variant,
                                       rules->variant == DJ_VARIANT_ABE ? (int) rules->feeding : 0,
                                       text);
          char *seen = g_strdup_printf ("%s|%d|%s|%u", key, move, file, g);
          RefPosition *rp = g_hash_table_lookup (ref->positions, key);

          if (!g_hash_table_add (ref->seen, seen))
            {
              ref->repeats++;
              g_free (key);
              continue;
            }
          ref->entries++;
          if (rp == NULL)
            {
              rp = g_new0 (RefPosition, 1);
              rp->rules = *rules;
              rp->pos = *dj_node_get_position (node);
              g_hash_table_insert (ref->positions, key, rp);
            }
          else
            g_free (key);
          rp->hits++;
          if (move != DJ_NO_MOVE)
            {
              Tally *t = &rp->moves[move];

              t->games++;
              t->south_wins += info->result == DJ_RESULT_SOUTH_WINS;
              t->north_wins += info->result == DJ_RESULT_NORTH_WINS;
              t->draws += info->result == DJ_RESULT_DRAW;
              if (info->score[0] >= 0)
                {
                  t->with_diff++;
                  t->sum_diff += info->score[DJ_SOUTH] - info->score[DJ_NORTH];
                }
            }
        }
    }
}

/* Every position of the reference: the explorer and the position search
 * give exactly its counts. */
static void
check_against (DjLibrary *library,
               Reference *ref)
{
  GHashTableIter iter;
  const char *key;
  RefPosition *rp;
  guint64 entries = 0, positions = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (dj_library_get_counts (library, NULL, &positions, &entries, &error));
  g_assert_cmpuint (entries, ==, ref->entries);
  g_assert_cmpuint (positions, ==, g_hash_table_size (ref->positions));

  g_hash_table_iter_init (&iter, ref->positions);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, (gpointer *) &rp))
    {
      g_autoptr(GArray) table = dj_library_explore (library, &rp->rules, &rp->pos, NULL, &error);
      g_autoptr(GPtrArray) hits = NULL;
      guint played = 0, total = 0;

      g_assert_no_error (error);
      for (guint m = 0; m <= DJ_PASS; m++)
        played += rp->moves[m].games > 0;
      g_assert_cmpuint (table->len, ==, played);
      for (guint i = 0; i < table->len; i++)
        {
          const DjExplorerMove *row = &g_array_index (table, DjExplorerMove, i);
          const Tally *t = &rp->moves[row->move];
          gboolean south = rp->pos.to_move == DJ_SOUTH;

          g_assert_cmpuint (row->games, ==, t->games);
          g_assert_cmpuint (row->wins, ==, south ? t->south_wins : t->north_wins);
          g_assert_cmpuint (row->losses, ==, south ? t->north_wins : t->south_wins);
          g_assert_cmpuint (row->draws, ==, t->draws);
          g_assert_cmpuint (row->with_diff, ==, t->with_diff);
          g_assert_cmpfloat_with_epsilon (row->mean_diff,
                                          (south ? 1 : -1) * (double) t->sum_diff / t->with_diff,
                                          1e-9);
          /* The most played first */
          if (i > 0)
            g_assert_cmpuint (g_array_index (table, DjExplorerMove, i - 1).games, >=, row->games);
        }
      hits = dj_library_find (library, &rp->rules, &rp->pos, NULL, 0, &total, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (hits->len, ==, rp->hits);
      g_assert_cmpuint (total, ==, rp->hits);
      g_clear_pointer (&hits, g_ptr_array_unref);
      /* The first game alone, and the count of all */
      hits = dj_library_find (library, &rp->rules, &rp->pos, NULL, 1, &total, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (hits->len, ==, 1);
      g_assert_cmpuint (total, ==, rp->hits);

      /* Djenon-abe: both feeding options summed */
      if (rp->rules.variant == DJ_VARIANT_ABE)
        {
          const DjLibraryFilter both = { NULL, TRUE };
          g_autofree char *other_key = g_strdup (key);
          const RefPosition *other;
          g_autoptr(GArray) sum_table = NULL;
          guint sum[DJ_PASS + 1] = { 0 }, wins[DJ_PASS + 1] = { 0 };

          /* "1 FEEDING position": the feeding digit flipped */
          other_key[2] = other_key[2] == '0' ? '1' : '0';
          other = g_hash_table_lookup (ref->positions, other_key);
          for (guint m = 0; m <= DJ_PASS; m++)
            {
              sum[m] = rp->moves[m].games + (other != NULL ? other->moves[m].games : 0);
              wins[m] = rp->pos.to_move == DJ_SOUTH
                        ? rp->moves[m].south_wins + (other != NULL ? other->moves[m].south_wins : 0)
                        : rp->moves[m].north_wins + (other != NULL ? other->moves[m].north_wins : 0);
            }
          sum_table = dj_library_explore (library, &rp->rules, &rp->pos, &both, &error);
          g_assert_no_error (error);
          for (guint i = 0; i < sum_table->len; i++)
            {
              const DjExplorerMove *row = &g_array_index (sum_table, DjExplorerMove, i);

              g_assert_cmpuint (row->games, ==, sum[row->move]);
              g_assert_cmpuint (row->wins, ==, wins[row->move]);
              sum[row->move] = 0;
            }
          for (guint m = 0; m <= DJ_PASS; m++)
            g_assert_cmpuint (sum[m], ==, 0);
        }
    }
}

/* Three files of random games of the three rule sets, counted in @ref. */
static void
random_collection (Fixture   *f,
                   guint32    seed,
                   Reference *ref)
{
  static const struct { DjRules rules; const char *name; guint games; } files[] = {
    { { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN }, "aboure.djn", 60 },
    { { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN }, "abe.djenon", 50 },
    { { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE }, "sub/abe-immediate.djn", 40 },
  };
  g_autofree char *sub = g_build_filename (f->games, "sub", NULL);

  g_mkdir (sub, 0700);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr(DjCollection) c = dj_random_games_new (&files[i].rules, files[i].games, seed + i);
      g_autofree char *path = write_file (f->games, files[i].name, c);

      reference_add (ref, path, c);
    }
}

/* ---- Tests ---- */

static void
test_key (void)
{
  static const DjRules sets[] = {
    { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN },
    { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN },
    { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE },
  };
  g_autoptr(GHashTable) keys = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  DjPosition pos;
  DjRules rules;

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      g_autoptr(DjCollection) c = dj_random_games_new (&sets[s], 30, g_test_rand_int ());

      for (guint g = 0; g < dj_collection_get_n_games (c); g++)
        for (DjNode *n = dj_game_get_root (dj_collection_get_game (c, g)); n != NULL;
             n = dj_node_get_first_child (n))
          {
            const DjPosition *p = dj_node_get_position (n);
            DjPositionKey key = dj_position_key (&sets[s], p);
            DjPosition *other;

            g_assert_cmpint (key, >=, 0);
            g_assert_cmpint (key, <, G_GINT64_CONSTANT (1) << 48);
            g_assert_true (dj_position_key_decode (key, &rules, &pos));
            g_assert_true (dj_position_equal (&pos, p));
            g_assert_true (dj_rules_equal (&rules, &sets[s]));
            /* One key, one position */
            other = g_hash_table_lookup (keys, &key);
            if (other != NULL)
              g_assert_true (dj_position_equal (other, p));
            else
              g_hash_table_insert (keys, g_memdup2 (&key, sizeof key), g_memdup2 (p, sizeof *p));
          }
    }
  /* The extremes: every seed in one place, then the feeding flag */
  for (guint place = 0; place < DJ_N_PITS + 2; place++)
    {
      DjPosition all = { 0 };
      DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);

      if (place < DJ_N_PITS)
        all.pits[place] = DJ_N_SEEDS;
      else
        all.captured[place - DJ_N_PITS] = DJ_N_SEEDS;
      all.to_move = DJ_NORTH;
      all.feed_owed = TRUE;
      g_assert_true (dj_position_key_decode (dj_position_key (&abe, &all), &rules, &pos));
      g_assert_true (dj_position_equal (&pos, &all));
    }
  g_assert_false (dj_position_key_decode (-1, &rules, &pos));
  g_assert_false (dj_position_key_decode (3, &rules, &pos));
  g_assert_false (dj_position_key_decode (G_MAXINT64, &rules, &pos));
}

static void
test_counts (Fixture       *f,
             gconstpointer  data)
{
  DjLibraryReport report;
  Reference ref;

  (void) data;
  /* A collection where some game comes back to a position and plays the
   * same move again (not every seed gives one): each counts once there. */
  {
    guint32 seed = g_test_rand_int ();

    for (guint tries = 0;; tries++, seed++)
      {
        reference_init (&ref);
        random_collection (f, seed, &ref);
        if (ref.repeats > 0 || tries == 100)
          break;
        reference_clear (&ref);
      }
  }
  update (f, &report);
  g_assert_cmpuint (report.files, ==, 3);
  g_assert_cmpuint (report.indexed, ==, 3);
  g_assert_cmpuint (report.failed, ==, 0);
  g_assert_cmpuint (report.games, ==, 150);
  g_assert_cmpuint (report.problems->len, ==, 0);
  dj_library_report_clear (&report);
  /* Random games come back to positions: each counts once there */
  g_assert_cmpuint (ref.repeats, >, 0);
  check_against (f->library, &ref);

  /* Re-opened with nothing changed: nothing read again, the same answers */
  reopen (f);
  g_assert_null (dj_library_get_notice (f->library));
  update (f, &report);
  g_assert_cmpuint (report.unchanged, ==, 3);
  g_assert_cmpuint (report.indexed, ==, 0);
  dj_library_report_clear (&report);
  check_against (f->library, &ref);
  reference_clear (&ref);
}

/* Two move orders to the same position, found by the plain search of
 * every line of six moves from the start of Djenon-aboure. */
static gboolean
find_transposition (DjMove first[6],
                    DjMove second[6])
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);

  for (guint code = 0; code < 6 * 6 * 6 * 6 * 6 * 6; code++)
    {
      DjMove line[6];
      DjPosition pos;
      gboolean legal = TRUE;
      g_autofree char *text = NULL;
      DjMove *other;

      dj_position_init_start (&pos);
      for (guint i = 0, c = code; i < 6 && legal; i++, c /= 6)
        {
          DjMoves moves;

          dj_moves_generate (&rules, &pos, &moves);
          line[i] = moves.row_start + c % 6;
          legal = dj_moves_child (&moves, &pos, line[i], &pos);
        }
      if (!legal)
        continue;
      text = dj_position_to_string (&pos);
      if ((other = g_hash_table_lookup (seen, text)) != NULL)
        {
          memcpy (first, other, sizeof line);
          memcpy (second, line, sizeof line);
          return TRUE;
        }
      g_hash_table_insert (seen, g_steal_pointer (&text), g_memdup2 (line, sizeof line));
    }
  return FALSE;
}

static void
test_transposition (Fixture       *f,
                    gconstpointer  data)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjCollection) c = dj_collection_new ();
  g_autoptr(GArray) table = NULL;
  g_autoptr(GPtrArray) hits = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  DjMove lines[2][6];
  DjLibraryReport report;
  DjPosition end;

  (void) data;
  g_assert_true (find_transposition (lines[0], lines[1]));
  for (guint g = 0; g < 2; g++)
    {
      g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
      DjNode *node = dj_game_get_root (game);

      for (guint i = 0; i < 6; i++)
        {
          node = dj_game_play (game, node, lines[g][i], &error);
          g_assert_no_error (error);
        }
      /* Both go on with the same legal move from there */
      end = *dj_node_get_position (node);
      {
        DjMoves moves;
        DjMove next = DJ_NO_MOVE;

        dj_moves_generate (&rules, &end, &moves);
        for (guint k = 0; k < DJ_ROW_PITS && next == DJ_NO_MOVE; k++)
          if (moves.pit[k] == DJ_PIT_LEGAL)
            next = moves.row_start + k;
        dj_game_play (game, node, next, &error);
        g_assert_no_error (error);
      }
      dj_collection_append (c, game);
    }
  path = write_file (f->games, "two-orders.djn", c);
  update (f, &report);
  dj_library_report_clear (&report);

  table = dj_library_explore (f->library, &rules, &end, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (table->len, ==, 1);
  g_assert_cmpuint (g_array_index (table, DjExplorerMove, 0).games, ==, 2);
  hits = dj_library_find (f->library, &rules, &end, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hits->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const DjLibraryHit *hit = hits->pdata[i];

      g_assert_cmpstr (hit->path, ==, path);
      g_assert_cmpuint (hit->game, ==, i + 1);
      g_assert_cmpuint (hit->ply, ==, 6);
    }
}

static void
test_bad_file (Fixture       *f,
               gconstpointer  data)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjCollection) c = dj_random_games_new (&rules, 5, 7);
  g_autofree char *good = write_file (f->games, "good.djn", c);
  g_autofree char *bad = g_build_filename (f->games, "bad.djn", NULL);
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *where = NULL;
  DjLibraryReport report;

  (void) data;
  /* Not a move on the third line */
  g_assert_true (g_file_set_contents (bad, "[Variant \"aboure\"]\n\n1. a A 2. q *\n", -1, &error));
  update (f, &report);
  g_assert_cmpuint (report.files, ==, 2);
  g_assert_cmpuint (report.failed, ==, 1);
  g_assert_cmpuint (report.games, ==, 5);
  g_assert_cmpuint (report.problems->len, ==, 1);
  where = g_strdup_printf ("%s:3", bad);
  g_assert_true (g_str_has_prefix (report.problems->pdata[0], where));
  dj_library_report_clear (&report);

  files = dj_library_list_files (f->library, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (files->len, ==, 2);
  g_assert_cmpstr (((DjLibraryFile *) files->pdata[0])->path, ==, bad);
  g_assert_true (g_str_has_prefix (((DjLibraryFile *) files->pdata[0])->error, where));
  g_assert_cmpstr (((DjLibraryFile *) files->pdata[1])->path, ==, good);
  g_assert_null (((DjLibraryFile *) files->pdata[1])->error);
  g_assert_cmpuint (((DjLibraryFile *) files->pdata[1])->n_games, ==, 5);
}

static void
test_changed_file (Fixture       *f,
                   gconstpointer  data)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(DjCollection) keep = dj_random_games_new (&rules, 20, 11);
  g_autoptr(DjCollection) before = dj_random_games_new (&rules, 30, 12);
  g_autoptr(DjCollection) after = dj_random_games_new (&rules, 25, 13);
  g_autofree char *kept = write_file (f->games, "kept.djn", keep);
  g_autofree char *changed = write_file (f->games, "changed.djn", before);
  g_autofree char *gone = write_file (f->games, "gone.djn", before);
  DjLibraryReport report;
  Reference ref;

  (void) data;
  update (f, &report);
  dj_library_report_clear (&report);

  /* Another content and size: read again; a file deleted: forgotten */
  g_unlink (changed);
  g_free (write_file (f->games, "changed.djn", after));
  g_unlink (gone);
  reopen (f);
  update (f, &report);
  g_assert_cmpuint (report.indexed, ==, 1);
  g_assert_cmpuint (report.unchanged, ==, 1);
  g_assert_cmpuint (report.removed, ==, 1);
  g_assert_cmpuint (report.games, ==, 25);
  dj_library_report_clear (&report);

  reference_init (&ref);
  reference_add (&ref, kept, keep);
  reference_add (&ref, changed, after);
  check_against (f->library, &ref);
  reference_clear (&ref);
}

/* Rows of a table of the library's database, read beside it. */
static gint64
db_count (Fixture    *f,
          const char *sql)
{
  g_autofree char *path = g_build_filename (f->db, "library.sqlite", NULL);
  sqlite3 *db;
  sqlite3_stmt *stmt;
  gint64 n = -1;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    n = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return n;
}

/* The explorer's and the position search's answers and the counts after
 * a file is indexed again equal those of a library built afresh from the
 * same files. */
static void
check_fresh_build (Fixture   *f,
                   Reference *ref)
{
  g_autofree char *dir = g_build_filename (f->root, "fresh", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjLibrary) fresh = dj_library_open (dir, &error);
  guint64 counts[2][3];
  DjLibraryReport report;

  g_assert_no_error (error);
  g_assert_true (dj_library_add_folder (fresh, f->games, &error));
  g_assert_true (dj_library_update (fresh, NULL, NULL, NULL, &report, &error));
  g_assert_no_error (error);
  dj_library_report_clear (&report);
  check_against (fresh, ref);
  check_against (f->library, ref);
  g_assert_true (dj_library_get_counts (f->library, &counts[0][0], &counts[0][1], &counts[0][2],
                                        &error));
  g_assert_true (dj_library_get_counts (fresh, &counts[1][0], &counts[1][1], &counts[1][2],
                                        &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (counts[0][i], ==, counts[1][i]);
  g_clear_object (&fresh);
  {
    const char *argv[] = { "rm", "-rf", dir, NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                  NULL);
  }
}

/* Rewrites a file of the library with @c (a new size: read again). */
static void
rewrite (Fixture      *f,
         const char   *name,
         DjCollection *c)
{
  g_autofree char *path = g_build_filename (f->games, name, NULL);

  g_unlink (path);
  g_free (write_file (f->games, name, c));
}

/* The explorer and the position search at the start of Djenon-aboure for
 * one player's games: as many as the collections hold. */
static void
check_player (DjLibrary     *library,
              const char    *player,
              DjCollection **collections,
              guint          n_collections)
{
  const DjRules aboure = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  const DjLibraryFilter filter = { player, FALSE };
  g_autoptr(GArray) table = NULL;
  g_autoptr(GPtrArray) hits = NULL;
  g_autoptr(GError) error = NULL;
  guint expected = 0, games = 0, total = 0;
  DjPosition start;

  for (guint c = 0; c < n_collections; c++)
    for (guint g = 0; g < dj_collection_get_n_games (collections[c]); g++)
      {
        DjGame *game = dj_collection_get_game (collections[c], g);
        const DjGameInfo *info = dj_game_get_info (game);

        if (dj_game_get_rules (game)->variant == DJ_VARIANT_ABOURE && !dj_game_has_setup (game) &&
            dj_node_get_first_child (dj_game_get_root (game)) != NULL &&
            (g_strcmp0 (info->south, player) == 0 || g_strcmp0 (info->north, player) == 0))
          expected++;
      }
  g_assert_cmpuint (expected, >, 0);
  dj_position_init_start (&start);
  table = dj_library_explore (library, &aboure, &start, &filter, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < table->len; i++)
    games += g_array_index (table, DjExplorerMove, i).games;
  g_assert_cmpuint (games, ==, expected);
  hits = dj_library_find (library, &aboure, &start, &filter, 1, &total, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (total, ==, expected);
}

/* A file indexed again: its entries wait beside the index (added and
 * removed) until they are worth a merge, of a slice or of all; the answers
 * are the same before, between and after, and those of a fresh build. */
static void
test_reindex (Fixture       *f,
              gconstpointer  data)
{
  const DjRules aboure = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  const DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  const DjRules immediate = { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE };
  g_autoptr(DjCollection) big = dj_random_games_new (&aboure, 600, 41);
  g_autoptr(DjCollection) small = dj_random_games_new (&aboure, 5, 42);
  g_autoptr(DjCollection) copies = dj_random_games_new (&aboure, 5, 43);
  g_autoptr(DjCollection) abe_games = dj_random_games_new (&abe, 20, 44);
  g_autoptr(DjCollection) immediate_games = dj_random_games_new (&immediate, 20, 45);
  g_autoptr(DjCollection) many = dj_random_games_new (&immediate, 150, 46);
  g_autofree char *big_path = write_file (f->games, "big.djn", big);
  g_autofree char *small_path = write_file (f->games, "small.djn", small);
  g_autofree char *abe_path = write_file (f->games, "abe.djenon", abe_games);
  g_autofree char *immediate_path = write_file (f->games, "immediate.djn", immediate_games);
  g_autoptr(GString) deep_row = g_string_new (NULL);
  const char *player;
  DjGame *deep = NULL;
  DjNode *node = NULL;
  DjLibraryReport report;
  Reference ref;

  (void) data;
  /* A game of the big file 13 moves long at least */
  for (guint g = 0; deep == NULL; g++)
    {
      guint plies = 0;

      node = dj_game_get_root (dj_collection_get_game (big, g));
      while ((node = dj_node_get_first_child (node)) != NULL)
        plies++;
      if (plies >= 13)
        deep = dj_collection_get_game (big, g);
    }
  node = dj_game_get_root (deep);
  update (f, &report);
  g_assert_false (report.merged);
  dj_library_report_clear (&report);
  reference_init (&ref);
  reference_add (&ref, big_path, big);
  reference_add (&ref, small_path, small);
  reference_add (&ref, abe_path, abe_games);
  reference_add (&ref, immediate_path, immediate_games);
  check_against (f->library, &ref);
  g_assert_cmpint (db_count (f, "SELECT count(*) FROM added"), ==, 0);
  g_assert_cmpint (db_count (f, "SELECT count(*) FROM moves"), >, 0);

  /* The small file changed: four copies of the big file's first game make
   * its positions 12 plies deep played in five games; no row of sums for
   * them yet (the explorer sums their entries), no merge yet. */
  for (guint i = 0; i < 12; i++)
    node = dj_node_get_first_child (node);
  g_assert_nonnull (dj_node_get_first_child (node));
  g_string_printf (deep_row, "SELECT games FROM moves WHERE pos = %" G_GINT64_FORMAT
                   " AND move = %d", dj_position_key (&aboure, dj_node_get_position (node)),
                   dj_node_get_move (dj_node_get_first_child (node)));
  g_assert_cmpint (db_count (f, deep_row->str), ==, -1);
  for (guint i = 0; i < 4; i++)
    dj_collection_append (copies, deep);
  rewrite (f, "small.djn", copies);
  update (f, &report);
  g_assert_cmpuint (report.indexed, ==, 1);
  g_assert_false (report.merged);
  dj_library_report_clear (&report);
  g_assert_cmpint (db_count (f, "SELECT count(*) FROM added"), >, 0);
  g_assert_cmpint (db_count (f, "SELECT count(*) FROM removed"), >, 0);
  g_assert_cmpint (db_count (f, deep_row->str), ==, -1);
  reference_clear (&ref);
  reference_init (&ref);
  reference_add (&ref, big_path, big);
  reference_add (&ref, small_path, copies);
  reference_add (&ref, abe_path, abe_games);
  reference_add (&ref, immediate_path, immediate_games);
  check_fresh_build (f, &ref);
  player = dj_game_get_info (deep)->south;
  check_player (f->library, player, (DjCollection *[]) { big, copies }, 2);

  /* A file gone, reopened: now enough waits for one slice to be merged,
   * the rest still waits; still right. */
  g_unlink (abe_path);
  reopen (f);
  update (f, &report);
  g_assert_cmpuint (report.removed, ==, 1);
  g_assert_true (report.merged);
  dj_library_report_clear (&report);
  g_assert_cmpint (db_count (f, "SELECT count(*) FROM added"), >, 0);
  g_assert_cmpint (db_count (f, "SELECT value FROM meta WHERE key = 'merge_cursor'"), >, 0);
  reference_clear (&ref);
  reference_init (&ref);
  reference_add (&ref, big_path, big);
  reference_add (&ref, small_path, copies);
  reference_add (&ref, immediate_path, immediate_games);
  check_fresh_build (f, &ref);

  /* Many games changed: all merged; the deep positions now have their row. */
  rewrite (f, "immediate.djn", many);
  update (f, &report);
  g_assert_true (report.merged);
  dj_library_report_clear (&report);
  g_assert_cmpint (db_count (f, "SELECT count(*) FROM added"), ==, 0);
  g_assert_cmpint (db_count (f, "SELECT count(*) FROM removed"), ==, 0);
  g_assert_cmpint (db_count (f, deep_row->str), ==, 5);
  reference_clear (&ref);
  reference_init (&ref);
  reference_add (&ref, big_path, big);
  reference_add (&ref, small_path, copies);
  reference_add (&ref, immediate_path, many);
  check_fresh_build (f, &ref);
  check_player (f->library, player, (DjCollection *[]) { big, copies }, 2);

  /* The copies gone again: the row follows, down to the big file's game. */
  rewrite (f, "small.djn", small);
  update (f, &report);
  g_assert_false (report.merged);
  dj_library_report_clear (&report);
  g_assert_cmpint (db_count (f, deep_row->str), ==, 1);
  reference_clear (&ref);
  reference_init (&ref);
  reference_add (&ref, big_path, big);
  reference_add (&ref, small_path, small);
  reference_add (&ref, immediate_path, many);
  check_fresh_build (f, &ref);
  reference_clear (&ref);
}

/* A damaged database is rebuilt with a message; the game files are read,
 * never written. */
typedef enum
{
  DAMAGE_TRUNCATE,
  DAMAGE_TEXT,
  DAMAGE_FOREIGN,
  DAMAGE_PAGES,
  DAMAGE_VERSION,
  DAMAGE_OLD_VERSION,
  DAMAGE_INTERRUPTED,
} Damage;

static void
test_damaged (Fixture       *f,
              gconstpointer  data)
{
  Damage damage = GPOINTER_TO_INT (data);
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjCollection) c = dj_random_games_new (&rules, 80, 21);
  g_autofree char *path = write_file (f->games, "games.djn", c);
  g_autofree char *db_path = g_strdup (dj_library_get_db_path (f->library));
  g_autofree char *bytes = NULL, *game_bytes = NULL, *game_after = NULL;
  g_autoptr(GError) error = NULL;
  DjLibraryReport report;
  GStatBuf before, now;
  gsize len;
  Reference ref;

  reference_init (&ref);
  reference_add (&ref, path, c);
  g_assert_true (g_file_get_contents (path, &game_bytes, NULL, NULL));
  g_assert_cmpint (g_stat (path, &before), ==, 0);
  update (f, &report);
  dj_library_report_clear (&report);
  g_clear_object (&f->library);

  g_assert_true (g_file_get_contents (db_path, &bytes, &len, &error));
  g_assert_cmpuint (len, >, 8192);
  switch (damage)
    {
    case DAMAGE_TRUNCATE:
      g_assert_cmpint (truncate (db_path, len / 2), ==, 0);
      break;
    case DAMAGE_TEXT:
      g_assert_true (g_file_set_contents (db_path, "not a database at all\n", -1, &error));
      break;
    case DAMAGE_FOREIGN:
    case DAMAGE_VERSION:
    case DAMAGE_OLD_VERSION:
    case DAMAGE_INTERRUPTED:
      {
        sqlite3 *db;

        if (damage == DAMAGE_FOREIGN || damage == DAMAGE_OLD_VERSION)
          g_unlink (db_path);
        g_assert_cmpint (sqlite3_open (db_path, &db), ==, SQLITE_OK);
        g_assert_cmpint (sqlite3_exec (db, damage == DAMAGE_FOREIGN
                                           ? "CREATE TABLE recipes (name TEXT)"
                                           : damage == DAMAGE_VERSION
                                           ? "PRAGMA user_version = 99"
                                           /* the tables of schema 2, before the
                                            * entries were split */
                                           : damage == DAMAGE_OLD_VERSION
                                           ? "PRAGMA application_id = 1147825740;"
                                             " PRAGMA user_version = 2;"
                                             " CREATE TABLE entries (pos INTEGER NOT NULL,"
                                             " move INTEGER NOT NULL, game INTEGER NOT NULL,"
                                             " result INTEGER NOT NULL, diff INTEGER,"
                                             " PRIMARY KEY (pos, move, game)) WITHOUT ROWID;"
                                             " CREATE TABLE meta (key TEXT PRIMARY KEY,"
                                             " value INTEGER) WITHOUT ROWID;"
                                             " INSERT INTO meta VALUES ('clean', 1);"
                                             " INSERT INTO entries VALUES (1, 0, 1, 1, 2)"
                                           /* as if the program stopped in an update */
                                           : "UPDATE meta SET value = 0 WHERE key = 'clean'",
                                       NULL, NULL, NULL),
                         ==, SQLITE_OK);
        sqlite3_close (db);
      }
      break;
    case DAMAGE_PAGES:
      /* Scribble over every page but the first (the header stays valid) */
      for (gsize i = 4096; i < len; i += 7)
        bytes[i] = (char) (i * 31);
      g_assert_true (g_file_set_contents (db_path, bytes, len, &error));
      break;
    }
  g_assert_no_error (error);

  reopen (f);
  g_assert_nonnull (dj_library_get_notice (f->library));
  g_assert_true (strstr (dj_library_get_notice (f->library), db_path) != NULL);
  if (damage == DAMAGE_OLD_VERSION)
    {
      g_autofree char *versions = g_strdup_printf ("(%d, not %d)", DJ_LIBRARY_SCHEMA_VERSION - 1,
                                                   DJ_LIBRARY_SCHEMA_VERSION);

      g_assert_true (strstr (dj_library_get_notice (f->library), versions) != NULL);
    }
  g_test_message ("%s", dj_library_get_notice (f->library));
  update (f, &report);
  g_assert_cmpuint (report.indexed, ==, 1);
  dj_library_report_clear (&report);
  check_against (f->library, &ref);
  reference_clear (&ref);

  /* The game file untouched */
  g_assert_true (g_file_get_contents (path, &game_after, NULL, NULL));
  g_assert_cmpstr (game_after, ==, game_bytes);
  g_assert_cmpint (g_stat (path, &now), ==, 0);
  g_assert_cmpint (now.st_mtime, ==, before.st_mtime);

  /* Opened again: all is well, no message */
  reopen (f);
  g_assert_null (dj_library_get_notice (f->library));
}

static void
test_links (Fixture       *f,
            gconstpointer  data)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjCollection) c = dj_random_games_new (&rules, 10, 31);
  g_autofree char *deep = g_build_filename (f->games, "a", "b", NULL);
  g_autofree char *loop = g_build_filename (deep, "loop", NULL);
  g_autofree char *closed = g_build_filename (f->games, "closed", NULL);
  g_autofree char *path = NULL;
  gboolean found_loop = FALSE, found_closed = FALSE;
  DjLibraryReport report;
  guint64 games = 0;

  (void) data;
  g_assert_cmpint (g_mkdir_with_parents (deep, 0700), ==, 0);
  path = write_file (deep, "games.djn", c);
  /* a/b/loop → the library's folder: a loop through two levels */
  g_assert_cmpint (symlink (f->games, loop), ==, 0);
  g_assert_cmpint (g_mkdir (closed, 0000), ==, 0);

  update (f, &report);
  g_assert_cmpuint (report.files, ==, 1);
  g_assert_cmpuint (report.games, ==, 10);
  for (guint i = 0; i < report.problems->len; i++)
    {
      const char *problem = report.problems->pdata[i];

      g_test_message ("%s", problem);
      found_loop |= g_str_has_prefix (problem, loop) && strstr (problem, "symbolic link");
      found_closed |= g_str_has_prefix (problem, closed);
    }
  g_assert_true (found_loop);
  /* root reads any folder */
  if (geteuid () != 0)
    g_assert_true (found_closed);
  dj_library_report_clear (&report);
  g_assert_true (dj_library_get_counts (f->library, &games, NULL, NULL, NULL));
  g_assert_cmpuint (games, ==, 10);
}

static void
cancel_after_first (guint       done,
                    guint       total,
                    const char *path,
                    gpointer    user_data)
{
  (void) total;
  (void) path;
  if (done == 1)
    g_cancellable_cancel (user_data);
}

static void
test_cancel_and_remove (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  DjLibraryReport report;
  guint64 games = 0;
  Reference ref;

  (void) data;
  reference_init (&ref);
  random_collection (f, 41, &ref);
  g_assert_false (dj_library_update (f->library, cancellable, cancel_after_first, cancellable,
                                     &report, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (report.indexed, ==, 1);
  dj_library_report_clear (&report);
  g_clear_error (&error);

  /* The rest next time */
  update (f, &report);
  g_assert_cmpuint (report.indexed, ==, 2);
  g_assert_cmpuint (report.unchanged, ==, 1);
  dj_library_report_clear (&report);
  check_against (f->library, &ref);
  reference_clear (&ref);

  g_assert_true (dj_library_remove_folder (f->library, f->games, &error));
  g_assert_no_error (error);
  g_assert_null (dj_library_get_folders (f->library)[0]);
  g_assert_true (dj_library_get_counts (f->library, &games, NULL, NULL, NULL));
  g_assert_cmpuint (games, ==, 0);
  {
    g_autoptr(GArray) table = NULL;
    DjPosition start;

    dj_position_init_start (&start);
    table = dj_library_explore (f->library, &(const DjRules) { DJ_VARIANT_ABOURE, 0 }, &start,
                                NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (table->len, ==, 0);
  }
  g_assert_false (dj_library_remove_folder (f->library, f->games, &error));
  g_assert_error (error, DJ_LIBRARY_ERROR, DJ_LIBRARY_ERROR_FOLDER);

  /* The list of folders outlives the object */
  g_clear_error (&error);
  g_assert_true (dj_library_add_folder (f->library, f->games, &error));
  reopen (f);
  g_assert_cmpstr (dj_library_get_folders (f->library)[0], ==, f->games);
}

typedef struct
{
  gboolean         finished;
  guint            progress_calls;
  guint            last_done;
  DjLibraryReport  report;
  GError          *error;
} AsyncState;

static void
async_progress (guint       done,
                guint       total,
                const char *path,
                gpointer    data)
{
  AsyncState *state = data;

  /* In the caller's thread, in order, never past the end */
  g_assert_true (g_main_context_is_owner (g_main_context_default ()));
  g_assert_cmpuint (done, >, state->last_done);
  g_assert_cmpuint (done, <=, total);
  g_assert_nonnull (path);
  state->last_done = done;
  state->progress_calls++;
}

static void
async_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  AsyncState *state = data;

  dj_library_update_finish (DJ_LIBRARY (source), result, &state->report, &state->error);
  state->finished = TRUE;
}

/* Indexing in a worker while the caller's connection answers queries. */
static void
test_async (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  AsyncState state = { 0 };
  DjPosition start;
  Reference ref;

  (void) data;
  reference_init (&ref);
  random_collection (f, g_test_rand_int (), &ref);
  dj_position_init_start (&start);

  dj_library_update_async (f->library, NULL, async_progress, &state, async_done, &state);
  while (!state.finished)
    {
      g_autoptr(GArray) table = NULL;
      g_autoptr(GError) error = NULL;

      g_main_context_iteration (NULL, TRUE);
      table = dj_library_explore (f->library, &(const DjRules) { DJ_VARIANT_ABE, 0 }, &start,
                                  NULL, &error);
      g_assert_no_error (error);
    }
  g_assert_no_error (state.error);
  g_assert_cmpuint (state.report.indexed, ==, 3);
  g_assert_cmpuint (state.progress_calls, >=, 1);
  /* The last file's report comes before the end */
  g_assert_cmpuint (state.last_done, ==, 3);
  dj_library_report_clear (&state.report);
  check_against (f->library, &ref);
  reference_clear (&ref);

  /* Cancelled before it starts: nothing read */
  memset (&state, 0, sizeof state);
  {
    g_autoptr(DjCollection) more = dj_random_games_new (&(const DjRules) { 0, 0 }, 3, 1);

    g_free (write_file (f->games, "more.djn", more));
  }
  g_cancellable_cancel (cancellable);
  dj_library_update_async (f->library, cancellable, NULL, NULL, async_done, &state);
  while (!state.finished)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (state.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (state.report.indexed, ==, 0);
  dj_library_report_clear (&state.report);
  g_clear_error (&state.error);
}

/* The explorer's filters and its perfect-play values: the best move never
 * played is listed, marked. */
static void
test_filters_and_values (Fixture       *f,
                         gconstpointer  data)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  const DjRules immediate = { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE };
  const DjRules starved = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(DjCollection) c = dj_collection_new ();
  g_autoptr(DjCollection) abe1 = dj_random_games_new (&starved, 7, 51);
  g_autoptr(DjCollection) abe2 = dj_random_games_new (&immediate, 5, 52);
  g_autoptr(GArray) table = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjSearch) search = dj_search_new (0);
  g_autoptr(DjAnalysis) analysis = NULL;
  DjLibraryFilter filter = { "  ", FALSE };
  DjLibraryReport report;
  DjPosition start;
  gboolean best_unplayed = FALSE;

  (void) data;
  /* Three games opening with a, by two players */
  for (guint g = 0; g < 3; g++)
    {
      g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
      g_autoptr(DjGameInfo) info = dj_game_info_copy (dj_game_get_info (game));

      dj_game_play (game, dj_game_get_root (game), 0, &error);
      g_assert_no_error (error);
      dj_game_info_set_string (&info->south, g == 0 ? "Awa Traoré" : "Kofi Mensah");
      dj_game_info_set_string (&info->north, "Sita Gurung");
      dj_game_set_info (game, info);
      dj_collection_append (c, game);
    }
  g_free (write_file (f->games, "a.djn", c));
  g_free (write_file (f->games, "abe1.djn", abe1));
  g_free (write_file (f->games, "abe2.djn", abe2));
  update (f, &report);
  dj_library_report_clear (&report);
  dj_position_init_start (&start);

  filter.player = "awa traoré";
  table = dj_library_explore (f->library, &rules, &start, &filter, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (table->len, ==, 1);
  g_assert_cmpuint (g_array_index (table, DjExplorerMove, 0).games, ==, 1);
  g_clear_pointer (&table, g_array_unref);

  /* Feeding: one option, or both */
  table = dj_library_explore (f->library, &starved, &start, NULL, &error);
  g_assert_cmpuint (table->len, >, 0);
  {
    guint sum = 0;

    for (guint i = 0; i < table->len; i++)
      sum += g_array_index (table, DjExplorerMove, i).games;
    g_assert_cmpuint (sum, ==, 7);
  }
  g_clear_pointer (&table, g_array_unref);
  filter = (DjLibraryFilter) { NULL, TRUE };
  table = dj_library_explore (f->library, &starved, &start, &filter, &error);
  {
    guint sum = 0;

    for (guint i = 0; i < table->len; i++)
      sum += g_array_index (table, DjExplorerMove, i).games;
    g_assert_cmpuint (sum, ==, 12);
  }
  g_clear_pointer (&table, g_array_unref);

  /* Values: only a was played; e is best (+4) and is listed unplayed */
  table = dj_library_explore (f->library, &rules, &start, NULL, &error);
  analysis = dj_search_analyse (search, &rules, &start, NULL, NULL, &error);
  g_assert_no_error (error);
  dj_explorer_add_values (table, analysis);
  g_assert_cmpint (g_array_index (table, DjExplorerMove, 0).move, ==, 0);
  g_assert_true (g_array_index (table, DjExplorerMove, 0).has_value);
  g_assert_cmpint (g_array_index (table, DjExplorerMove, 0).value, ==, -10);
  g_assert_false (g_array_index (table, DjExplorerMove, 0).best);
  for (guint i = 1; i < table->len; i++)
    {
      const DjExplorerMove *row = &g_array_index (table, DjExplorerMove, i);

      g_assert_cmpuint (row->games, ==, 0);
      g_assert_true (row->best);
      g_assert_cmpint (row->value, ==, analysis->value);
      best_unplayed |= row->move == 4;
    }
  g_assert_true (best_unplayed);
}

static guint
main_line_length (DjGame *game)
{
  guint n = 0;

  for (DjNode *node = dj_node_get_first_child (dj_game_get_root (game)); node != NULL;
       node = dj_node_get_first_child (node))
    n++;
  return n;
}

/* The listing: every game of every file with its information, checked
 * against the collections written. */
static void
test_list_games (Fixture       *f,
                 gconstpointer  data)
{
  static const struct { DjRules rules; const char *name; guint games; } files[] = {
    { { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE }, "a.djn", 23 },
    { { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN }, "b.djenon", 31 },
  };
  DjCollection *c[2] = { NULL, NULL };
  g_autoptr(GPtrArray) listed = NULL;
  g_autoptr(GError) error = NULL;
  DjLibraryReport report;
  guint k = 0;

  (void) data;
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      c[i] = dj_random_games_new (&files[i].rules, files[i].games, 700 + i);
      g_free (write_file (f->games, files[i].name, c[i]));
    }
  update (f, &report);
  dj_library_report_clear (&report);
  listed = dj_library_list_games (f->library, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (listed->len, ==, files[0].games + files[1].games);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    for (guint g = 0; g < files[i].games; g++, k++)
      {
        const DjLibraryGame *row = listed->pdata[k];
        DjGame *game = dj_collection_get_game (c[i], g);
        const DjGameInfo *info = dj_game_get_info (game);

        g_assert_true (g_str_has_suffix (row->path, files[i].name));
        g_assert_cmpuint (row->number, ==, g + 1);
        g_assert_cmpint (row->rules.variant, ==, files[i].rules.variant);
        g_assert_cmpint (row->rules.feeding, ==, files[i].rules.feeding);
        g_assert_cmpuint (row->n_moves, ==, main_line_length (game));
        g_assert_cmpstr (row->south, ==, info->south);
        g_assert_cmpstr (row->north, ==, info->north);
        g_assert_cmpstr (row->event, ==, info->event);
        g_assert_cmpstr (row->site, ==, info->site);
        g_assert_cmpstr (row->date, ==, info->date);
        g_assert_cmpstr (row->round, ==, info->round);
        if (info->result != DJ_RESULT_UNKNOWN)
          g_assert_cmpint (row->result, ==, info->result);
      }
  for (guint i = 0; i < G_N_ELEMENTS (c); i++)
    g_object_unref (c[i]);
}

/* ---- Text search: players, event, site and every comment ---- */

static void
fold_into (GString    *text,
           const char *part)
{
  g_autofree char *folded = NULL;

  if (part == NULL)
    return;
  folded = g_utf8_casefold (part, -1);
  g_string_append (text, folded);
  g_string_append_c (text, '\n');
}

/* The plain count: (path, number) of every game whose text contains @needle. */
static GHashTable *
reference_text (GPtrArray  *paths,
                GPtrArray  *collections,
                const char *needle)
{
  GHashTable *found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *folded = g_utf8_casefold (needle, -1);

  for (guint i = 0; i < collections->len; i++)
    for (guint g = 0; g < dj_collection_get_n_games (collections->pdata[i]); g++)
      {
        DjGame *game = dj_collection_get_game (collections->pdata[i], g);
        const DjGameInfo *info = dj_game_get_info (game);
        DjNode *root = dj_game_get_root (game);
        g_autoptr(GString) text = g_string_new (NULL);

        fold_into (text, info->south);
        fold_into (text, info->north);
        fold_into (text, info->event);
        fold_into (text, info->site);
        for (DjNode *n = root; n != NULL; n = dj_node_walk_next (n, root))
          {
            fold_into (text, dj_node_get_comment_before (n));
            fold_into (text, dj_node_get_comment_after (n));
          }
        if (strstr (text->str, folded) != NULL)
          g_hash_table_add (found, g_strdup_printf ("%s#%u", (char *) paths->pdata[i], g + 1));
      }
  return found;
}

static void
check_text (DjLibrary  *library,
            GPtrArray  *paths,
            GPtrArray  *collections,
            const char *needle)
{
  g_autoptr(GHashTable) expected = reference_text (paths, collections, needle);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) ids = dj_library_match_text (library, needle, &error);
  g_autoptr(GPtrArray) games = dj_library_list_games (library, &error);
  guint matched = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      const DjLibraryGame *game = games->pdata[i];
      g_autofree char *key = g_strdup_printf ("%s#%u", game->path, game->number);

      if (!g_hash_table_contains (ids, &game->id))
        {
          if (g_hash_table_contains (expected, key))
            g_error ("\"%s\" is in %s but not found", needle, key);
          continue;
        }
      if (!g_hash_table_contains (expected, key))
        g_error ("\"%s\" is not in %s but found there", needle, key);
      matched++;
    }
  g_assert_cmpuint (matched, ==, g_hash_table_size (ids));
  g_assert_cmpuint (matched, ==, g_hash_table_size (expected));
  g_test_message ("\"%s\": %u games", needle, matched);
}

/* A variation from the start with a comment: the search reads every line. */
static void
add_commented_variation (DjGame     *game,
                         const char *comment)
{
  DjNode *root = dj_game_get_root (game);
  DjMove main_move = dj_node_get_move (dj_node_get_first_child (root));
  DjMoves legal;
  DjPosition child;

  dj_moves_generate (dj_game_get_rules (game), dj_node_get_position (root), &legal);
  for (DjMove m = 0; m < DJ_PASS; m++)
    if (m != main_move && dj_moves_child (&legal, dj_node_get_position (root), m, &child))
      {
        DjNode *node = dj_game_append_unchecked (game, root, m, &child);

        dj_game_load_comments (game, node, NULL, g_strdup (comment));
        return;
      }
  g_assert_not_reached ();
}

static void
test_text_search (Fixture       *f,
                  gconstpointer  data)
{
  const DjRules rules[] = { DJ_RULES_INIT (DJ_VARIANT_ABOURE), DJ_RULES_INIT (DJ_VARIANT_ABE) };
  const char *needles[] = {
    "sowing", "STARVED", "très bien", "HIZLI", "een sterke", "diallo", "Ségou", "é",
    "ne", "n", "a*b?[c]", "*", "?", "[", "élan vital", "Zebra", "pits are empty.", "nowhere-xyz",
  };
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) collections = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  DjLibraryReport report;

  (void) data;
  for (guint i = 0; i < 3; i++)
    {
      DjCollection *c = dj_random_games_new (&rules[i % 2], 40, 900 + i);
      g_autofree char *name = g_strdup_printf ("commented-%u.%s", i, i == 1 ? "djenon" : "djn");

      g_assert_cmpuint (dj_random_games_add_comments (c, 3 + i, 77 + i), >, 0);
      /* Words only in a variation, characters GLOB would take as wildcards,
       * and case beyond ASCII. */
      add_commented_variation (dj_collection_get_game (c, 5), "Zebra line: a*b?[c]");
      add_commented_variation (dj_collection_get_game (c, 7 + i), "ÉLAN VITAL");
      g_ptr_array_add (paths, write_file (f->games, name, c));
      g_ptr_array_add (collections, c);
    }
  update (f, &report);
  dj_library_report_clear (&report);
  for (guint i = 0; i < G_N_ELEMENTS (needles); i++)
    check_text (f->library, paths, collections, needles[i]);

  /* A file changed: its old text is forgotten, its new text found. */
  {
    g_autofree char *path = g_strdup (paths->pdata[0]);
    DjCollection *c = dj_random_games_new (&rules[0], 12, 950);
    DjGame *third = dj_collection_get_game (c, 2);

    dj_game_load_comments (third, dj_game_get_root (third), NULL, g_strdup ("Ostrich opening"));
    g_unlink (path);
    {
      g_autofree char *base = g_path_get_basename (path);

      g_free (write_file (f->games, base, c));
    }
    g_object_unref (collections->pdata[0]);
    collections->pdata[0] = c;
    update (f, &report);
    g_assert_cmpuint (report.indexed, ==, 1);
    dj_library_report_clear (&report);
  }
  for (guint i = 0; i < G_N_ELEMENTS (needles); i++)
    check_text (f->library, paths, collections, needles[i]);
  check_text (f->library, paths, collections, "ostrich");

  /* The folder removed: nothing found. */
  g_assert_true (dj_library_remove_folder (f->library, f->games, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GHashTable) ids = dj_library_match_text (f->library, "e", &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_hash_table_size (ids), ==, 0);
  }
}

/* ---- Faults ---- */

/* Run as "test-library --hold-lock DB": holds the database's write lock
 * (a write transaction left open), as another program might, until its
 * standard input closes. */
static int
hold_lock (const char *db_path)
{
  sqlite3 *db;
  char byte;

  if (sqlite3_open (db_path, &db) != SQLITE_OK ||
      sqlite3_exec (db, "BEGIN IMMEDIATE; UPDATE meta SET value = value", NULL, NULL,
                    NULL) != SQLITE_OK)
    return 1;
  fputs ("locked\n", stdout);
  fflush (stdout);
  while (read (STDIN_FILENO, &byte, 1) > 0)
    ;
  sqlite3_close (db);
  return 0;
}

/* A database locked by another process: it is read still (write-ahead
 * log), an update waits, then fails with a clear error; nothing is
 * rebuilt (it is someone's), and all is well once the lock goes. */
static void
test_locked (Fixture       *f,
             gconstpointer  data)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjCollection) c = dj_random_games_new (&rules, 30, 61);
  g_autofree char *path = write_file (f->games, "games.djn", c);
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self_path, "--hold-lock", dj_library_get_db_path (f->library), NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(DjLibrary) second = NULL;
  DjLibraryReport report;
  GPid pid;
  int in_fd, out_fd, status;
  char line[16] = "";
  guint64 games = 0;

  (void) data;
  update (f, &report);
  dj_library_report_clear (&report);
  g_assert_nonnull (self_path);
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, &in_fd, &out_fd, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (read (out_fd, line, 7), ==, 7);
  g_assert_cmpstr (line, ==, "locked\n");

  second = dj_library_open (f->db, &error);
  g_assert_no_error (error);
  g_assert_null (dj_library_get_notice (second));
  g_assert_true (dj_library_get_counts (second, &games, NULL, NULL, &error));
  g_assert_cmpuint (games, ==, 30);
  g_free (write_file (f->games, "more.djn", c));
  g_assert_false (dj_library_update (second, NULL, NULL, NULL, &report, &error));
  g_assert_error (error, DJ_LIBRARY_ERROR, DJ_LIBRARY_ERROR_DATABASE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, dj_library_get_db_path (f->library)));
  g_assert_nonnull (strstr (error->message, "another program"));
  g_clear_error (&error);
  dj_library_report_clear (&report);
  g_clear_object (&second);

  close (in_fd);
  close (out_fd);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);

  reopen (f);
  g_assert_null (dj_library_get_notice (f->library));
  update (f, &report);
  g_assert_cmpuint (report.indexed, ==, 1);
  dj_library_report_clear (&report);
  g_assert_true (dj_library_get_counts (f->library, &games, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (games, ==, 60);
}

typedef struct
{
  char *changed;
  char *deleted;
  DjCollection *replacement;
} Meddling;

/* After the first file: another writes the last file anew and deletes the
 * second, while the update goes on. */
static void
meddle (guint       done,
        guint       total,
        const char *path,
        gpointer    data)
{
  Meddling *m = data;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  (void) total;
  (void) path;
  if (done != 1)
    return;
  g_assert_cmpint (g_unlink (m->deleted), ==, 0);
  file = g_file_new_for_path (m->changed);
  g_assert_true (dj_notation_save_file (m->replacement, file, DJ_SAFE_SAVE_NONE, NULL, &error));
  g_assert_no_error (error);
}

static void
test_changed_while_indexing (Fixture       *f,
                             gconstpointer  data)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(DjCollection) a = dj_random_games_new (&rules, 20, 71);
  g_autoptr(DjCollection) b = dj_random_games_new (&rules, 20, 72);
  g_autoptr(DjCollection) c = dj_random_games_new (&rules, 20, 73);
  g_autoptr(DjCollection) c2 = dj_random_games_new (&rules, 35, 74);
  g_autofree char *pa = write_file (f->games, "a.djn", a);
  g_autofree char *pb = write_file (f->games, "b.djn", b);
  g_autofree char *pc = write_file (f->games, "c.djn", c);
  Meddling m = { pc, pb, c2 };
  g_autoptr(GError) error = NULL;
  DjLibraryReport report;
  Reference ref;

  (void) data;
  g_assert_true (dj_library_update (f->library, NULL, meddle, &m, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report.files, ==, 3);
  /* b was gone when its turn came: reported, not fatal */
  g_assert_cmpuint (report.failed, ==, 1);
  dj_library_report_clear (&report);

  /* The next pass forgets b and reads c again: nothing lost. */
  update (f, &report);
  g_assert_cmpuint (report.removed, ==, 1);
  g_assert_cmpuint (report.unchanged, ==, 1);
  g_assert_cmpuint (report.indexed, ==, 1);
  dj_library_report_clear (&report);
  reference_init (&ref);
  reference_add (&ref, pa, a);
  reference_add (&ref, pc, c2);
  check_against (f->library, &ref);
  reference_clear (&ref);
  update (f, &report);
  g_assert_cmpuint (report.indexed, ==, 0);
  g_assert_cmpuint (report.unchanged, ==, 2);
  dj_library_report_clear (&report);
}

/* 10,000 tiny files in 100 folders: all read, every folder reported for
 * watching, and a second pass reads none of them again. */
static void
test_many_tiny_files (Fixture       *f,
                      gconstpointer  data)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjCollection) c = dj_random_games_new (&rules, 1, 81);
  g_autofree char *first = write_file (f->root, "tiny.djn", c);
  g_autofree char *bytes = NULL;
  DjLibraryReport report;
  guint64 games = 0;
  gsize len;

  (void) data;
  g_assert_true (g_file_get_contents (first, &bytes, &len, NULL));
  for (guint d = 0; d < 100; d++)
    {
      g_autofree char *dir = g_strdup_printf ("%s/%02u", f->games, d);

      g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
      for (guint i = 0; i < 100; i++)
        {
          g_autofree char *path = g_strdup_printf ("%s/%02u.djn", dir, i);

          g_assert_true (g_file_set_contents (path, bytes, len, NULL));
        }
    }
  update (f, &report);
  g_assert_cmpuint (report.files, ==, 10000);
  g_assert_cmpuint (report.indexed, ==, 10000);
  g_assert_cmpuint (report.failed, ==, 0);
  g_assert_cmpuint (report.dirs->len, ==, 101);
  dj_library_report_clear (&report);
  g_assert_true (dj_library_get_counts (f->library, &games, NULL, NULL, NULL));
  g_assert_cmpuint (games, ==, 10000);
  update (f, &report);
  g_assert_cmpuint (report.unchanged, ==, 10000);
  g_assert_cmpuint (report.indexed, ==, 0);
  dj_library_report_clear (&report);
}

static gpointer
open_in_thread (gpointer dir)
{
  return dj_library_open (dir, NULL);
}

/* Several threads (the explorer, the Library window, the updater) opening a
 * damaged database at once: each gets a library, one of them rebuilt it and
 * says so, and the rebuilt database is whole. */
static void
test_concurrent_open (Fixture       *f,
                      gconstpointer  data)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjCollection) c = dj_random_games_new (&rules, 25, 91);
  g_autofree char *path = write_file (f->games, "games.djn", c);
  g_autofree char *db_path = g_strdup (dj_library_get_db_path (f->library));
  GThread *threads[8];
  guint notices = 0;
  DjLibraryReport report;
  Reference ref;

  (void) data;
  for (guint round = 0; round < 5; round++)
    {
      g_clear_object (&f->library);
      g_assert_true (g_file_set_contents (db_path, "damaged beyond use\n", -1, NULL));
      for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
        threads[i] = g_thread_new ("open", open_in_thread, f->db);
      notices = 0;
      for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
        {
          DjLibrary *library = g_thread_join (threads[i]);

          g_assert_nonnull (library);
          notices += dj_library_get_notice (library) != NULL;
          g_object_unref (library);
        }
      g_assert_cmpuint (notices, ==, 1);
      reopen (f);
      g_assert_null (dj_library_get_notice (f->library));
      update (f, &report);
      g_assert_cmpuint (report.indexed, ==, 1);
      dj_library_report_clear (&report);
    }
  reference_init (&ref);
  reference_add (&ref, path, c);
  check_against (f->library, &ref);
  reference_clear (&ref);
}

int
main (int    argc,
      char **argv)
{
  static const struct { const char *name; Damage damage; } damages[] = {
    { "truncated", DAMAGE_TRUNCATE },
    { "text", DAMAGE_TEXT },
    { "foreign", DAMAGE_FOREIGN },
    { "pages", DAMAGE_PAGES },
    { "version", DAMAGE_VERSION },
    { "old-version", DAMAGE_OLD_VERSION },
    { "interrupted", DAMAGE_INTERRUPTED },
  };

  if (argc == 3 && strcmp (argv[1], "--hold-lock") == 0)
    return hold_lock (argv[2]);
  g_test_init (&argc, &argv, NULL);
  dj_xml_init ();

  g_test_add_func ("/djenon/library/key", test_key);
#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/djenon/library/counts", test_counts);
  ADD ("/djenon/library/transposition", test_transposition);
  ADD ("/djenon/library/bad-file", test_bad_file);
  ADD ("/djenon/library/changed-file", test_changed_file);
  ADD ("/djenon/library/reindex", test_reindex);
  ADD ("/djenon/library/links", test_links);
  ADD ("/djenon/library/cancel-and-remove", test_cancel_and_remove);
  ADD ("/djenon/library/async", test_async);
  ADD ("/djenon/library/filters-and-values", test_filters_and_values);
  ADD ("/djenon/library/list-games", test_list_games);
  ADD ("/djenon/library/text-search", test_text_search);
  ADD ("/djenon/library/locked", test_locked);
  ADD ("/djenon/library/changed-while-indexing", test_changed_while_indexing);
  ADD ("/djenon/library/many-tiny-files", test_many_tiny_files);
  ADD ("/djenon/library/concurrent-open", test_concurrent_open);
#undef ADD
  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      g_autofree char *path = g_strdup_printf ("/djenon/library/damaged/%s", damages[i].name);

      g_test_add (path, Fixture, GINT_TO_POINTER (damages[i].damage), fixture_set_up,
                  test_damaged, fixture_tear_down);
    }
  return g_test_run ();
}
