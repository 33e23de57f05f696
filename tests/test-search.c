/* test-search.c: the exact solver against hand work and a plain minimax
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* F_SETLEASE */
#define _GNU_SOURCE

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "dj-search.h"
#include "dj-search-book.h"
#include "dj-search-tables.h"

#include "dj-test-engine.h"

static const DjMoveValue *
find_move (const DjAnalysis *a,
           DjMove            move)
{
  for (guint i = 0; i < a->n_moves; i++)
    if (a->moves[i].move == move)
      return &a->moves[i];
  g_assert_not_reached ();
}

static DjAnalysis *
analyse (DjSearch         *search,
         const DjRules    *rules,
         const DjPosition *pos)
{
  g_autoptr(GError) error = NULL;
  DjAnalysis *a = dj_search_analyse (search, rules, pos, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (a);
  return a;
}

/* ---------------------------------------------------------------------- */
/* hand-worked endgames */

static void
test_hand_aboure (void)
{
  g_autoptr(DjSearch) search = dj_search_new (1 << 20);
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjAnalysis) a = NULL;
  g_autoptr(DjAnalysis) b = NULL;
  DjPosition pos;

  /* South: e=2 f=2, North's row empty, 22-22 captured, South to move.
   * e (index 4): seeds to 4, 5; pit 5 makes 3: relay 3 from 5 to 5, 6, 7;
   *   pit 7 makes 1: the move ends.  Board 0 0 0 0 1 1 | 1 1 0 0 0 0: only
   *   singletons, nobody can move, 2 each in the rows: 24-24, value 0.
   * f (index 5): seeds to 5, 6; pit 6 makes 1: ends.  Board
   *   0 0 0 0 2 1 | 1 0 0 0 0 0: North has only a singleton and passes;
   *   South plays e (its only move): seeds to 4, 5, pit 5 makes 2: capture 2
   *   (pit 4 holds 1: the chain stops).  Board 0 0 0 0 1 0 | 1 0 0 0 0 0,
   *   nobody can move: South 22 + 2 + 1 = 25, North 22 + 1 = 23, value 2.
   * So f is best, worth 2, e is worth 0. */
  pos = parse ("0 0 0 0 2 2 0 0 0 0 0 0 22 22 S");
  a = analyse (search, &rules, &pos);
  g_assert_cmpuint (a->n_moves, ==, 2);
  g_assert_true (a->exact);
  g_assert_cmpint (a->value, ==, 2);
  g_assert_cmpint (a->moves[0].move, ==, 5);
  g_assert_cmpint (find_move (a, 5)->value, ==, 2);
  g_assert_cmpint (find_move (a, 4)->value, ==, 0);
  /* The best line is f, pass, e. */
  g_assert_cmpuint (find_move (a, 5)->line_len, ==, 3);
  g_assert_cmpint (find_move (a, 5)->line[1], ==, DJ_PASS);
  g_assert_cmpint (find_move (a, 5)->line[2], ==, 4);

  /* South: e=2 only, North: A=1; 20-25 captured.  e: seeds to 4, 5; pit 5
   * makes 1: ends.  Only singletons: South keeps 2, North 1: 22-26, so -4
   * for South. */
  pos = parse ("0 0 0 0 2 0 1 0 0 0 0 0 20 25 S");
  b = analyse (search, &rules, &pos);
  g_assert_cmpuint (b->n_moves, ==, 1);
  g_assert_cmpint (b->moves[0].value, ==, -4);
  g_assert_true (b->moves[0].exact);
}

static void
test_hand_gift (void)
{
  g_autoptr(DjSearch) search = dj_search_new (1 << 20);
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjPosition pos;

  /* North: A=1, South's row empty, 20-27 captured, North to move.
   * on-starved-turn: nothing is owed yet; North's only move A puts the seed
   *   in B.  South begins starved; North's only move B -> C would not feed,
   *   so the game ends.  North has the only seed left and gives it to South:
   *   South 21, North 27, North's value 6 (without the gift it would be 8).
   * immediate: North must feed at once and cannot: the game is over now,
   *   with the same gift and the same 6. */
  pos = parse ("0 0 0 0 0 0 1 0 0 0 0 0 20 27 N");
  {
    g_autoptr(DjAnalysis) a = analyse (search, &rules, &pos);

    g_assert_cmpint (a->end, ==, DJ_END_NONE);
    g_assert_cmpuint (a->n_moves, ==, 1);
    g_assert_cmpint (a->moves[0].move, ==, 6);
    g_assert_cmpint (a->moves[0].value, ==, 6);
    g_assert_true (a->exact);
  }
  rules.feeding = DJ_FEEDING_IMMEDIATE;
  {
    g_autoptr(DjAnalysis) a = analyse (search, &rules, &pos);

    g_assert_cmpint (a->end, ==, DJ_END_CANNOT_FEED);
    g_assert_cmpuint (a->n_moves, ==, 0);
    g_assert_cmpint (a->value, ==, 6);
  }

  /* South: a=1 b=1, North's row empty, 22-24, South to move (abe).
   * a: the seed lands on b making 2: capture 2; the board is empty, the
   *   game ends: 24-24, value 0.
   * b: the seed goes to c (empty): ends.  North begins starved; South's
   *   moves a -> b and c -> d do not feed: the game ends, South gives one of
   *   its two seeds: South 22 + 1 = 23, North 25, value -2. */
  rules.feeding = DJ_FEEDING_ON_STARVED_TURN;
  pos = parse ("1 1 0 0 0 0 0 0 0 0 0 0 22 24 S");
  {
    g_autoptr(DjAnalysis) a = analyse (search, &rules, &pos);

    g_assert_cmpint (find_move (a, 0)->value, ==, 0);
    g_assert_cmpint (find_move (a, 1)->value, ==, -2);
    g_assert_cmpint (a->value, ==, 0);
  }
}


/* Djenon-abe, on-starved-turn.  South: e=1 f=2; North: A=1 B=1 E=1; 21-21
 * captured, South to move.  A position the game can come back to, and South
 * leaves the circle with a capture.
 *
 * f (index 5, two seeds): they go to A and B, one each.  B (index 7) makes
 *   2: capture; back along the chain A (index 6) holds 2: taken too; f holds
 *   0: the chain stops.  South takes 4: 25-21.  Left: e=1 and E=1, one seed
 *   in each row: the game ends, each keeps their seed: 26-22, +4 for South.
 * e (index 4, one seed): it makes 3 in f: relay 3 from f to A (2), B (2),
 *   C (1, it was empty): the move ends, nothing taken, South's row is now
 *   empty.  North can answer A (index 6, two seeds): to B (3) and C (2): C
 *   makes 2: capture; back along the chain B holds 3: it stops.  North takes
 *   2: 21-23.  Left: B=3 E=1 in North's row, none in South's.  South begins
 *   its turn starved; North's B sows C, D, E and takes at E, its E sows F:
 *   neither feeds South, so the game ends and North gives one seed of its
 *   four (the terminal gift): 22-26.  So e is worth at most -4 for South
 *   (North has even better: -6), and f, +4, is the only best move.
 * The circle: e and the 27 moves and 2 passes after it in circle[], none
 *   of them a capture, bring the game back to this very position, South to
 *   move; going round is worth 0 (the 6 seeds shared) and f does better. */
static void
test_hand_escape (void)
{
  static const char *const circle[] = {
    "e", "E", "pass", "F", "a", "B", "b", "D", "c", "A", "d", "B", "e", "D", "b",
    "C", "a", "D", "c", "E", "a", "pass", "f", "A", "d", "B", "c", "C", "d", "D",
  };
  g_autoptr(DjSearch) search = dj_search_new (1 << 20);
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjPosition start = parse ("0 0 0 0 1 2 1 1 0 0 1 0 21 21 S"), pos = start, after;
  g_autoptr(DjAnalysis) a = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjTrace) trace = dj_trace_new ();

  /* f: the capture of 4 and the end of the game. */
  g_assert_true (dj_play (&rules, &start, 5, trace, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (trace->captured, ==, 4);
  g_assert_true (dj_position_equal (&trace->after, &(DjPosition) {
    .pits = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0 }, .captured = { 25, 21 }, .to_move = DJ_NORTH }));

  /* e, then North's A: the capture of 2 and the starved end. */
  g_assert_true (dj_play (&rules, &start, 4, trace, &error));
  g_assert_cmpuint (trace->captured, ==, 0);
  after = trace->after;
  g_assert_true (dj_play (&rules, &after, 6, trace, &error));
  g_assert_cmpuint (trace->captured, ==, 2);
  {
    DjMoves moves;
    int score[2];

    dj_moves_generate (&rules, &trace->after, &moves);
    g_assert_cmpint (moves.end, ==, DJ_END_STARVED);
    dj_final_scores (&rules, &trace->after, score);
    g_assert_cmpint (score[DJ_SOUTH], ==, 22);
    g_assert_cmpint (score[DJ_NORTH], ==, 26);
  }

  /* The circle: no capture, and back where it began. */
  for (guint i = 0; i < G_N_ELEMENTS (circle); i++)
    {
      DjMoves moves;
      DjMove move;

      g_assert_true (dj_move_from_string (circle[i], &move));
      dj_moves_generate (&rules, &pos, &moves);
      g_assert_true (dj_moves_child (&moves, &pos, move, &pos));
      g_assert_cmpuint (pos.captured[0], ==, 21);
      g_assert_cmpuint (pos.captured[1], ==, 21);
      if (i + 1 < G_N_ELEMENTS (circle))
        g_assert_false (dj_position_equal (&pos, &start));
    }
  g_assert_true (dj_position_equal (&pos, &start));

  /* The analysis: f, +4, exact; e at most -4. */
  a = analyse (search, &rules, &start);
  g_assert_true (a->exact);
  g_assert_cmpuint (a->n_moves, ==, 2);
  g_assert_cmpint (a->moves[0].move, ==, 5);
  g_assert_cmpint (a->value, ==, 4);
  g_assert_false (a->moves[0].endless);
  g_assert_cmpint (find_move (a, 4)->value, <=, -4);
}

/* Djenon-aboure cannot go round: a move that captures nothing never empties
 * a pit (the pit it is lifted from and every relay pit get the lap's first
 * seed back, origin-first) and ends in a pit that was empty, so every such
 * move leaves one more pit occupied; and a pass is answered by a move or
 * ends the game.  A repeated position would need the count to come back
 * down.  Checked on every move of random positions of every size. */
static void
test_aboure_never_repeats (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(GRand) rand = g_rand_new_with_seed (12);
  guint quiet = 0;

  for (guint k = 0; k < 20000; k++)
    {
      guint seeds = g_rand_int_range (rand, 2, DJ_N_SEEDS + 1);
      DjPosition pos = { 0 };
      DjMoves moves;
      guint occupied = 0;

      for (guint i = 0; i < seeds; i++)
        pos.pits[g_rand_int_range (rand, 0, DJ_N_PITS)]++;
      pos.captured[0] = DJ_N_SEEDS - seeds;
      pos.to_move = g_rand_int_range (rand, 0, 2);
      for (guint i = 0; i < DJ_N_PITS; i++)
        occupied += pos.pits[i] > 0;
      dj_moves_generate (&rules, &pos, &moves);
      for (guint j = 0; j < DJ_ROW_PITS; j++)
        {
          const DjPosition *child = &moves.children[j];
          guint after = 0;

          if (moves.pit[j] != DJ_PIT_LEGAL ||
              child->captured[0] + child->captured[1] != DJ_N_SEEDS - seeds)
            continue;
          for (guint i = 0; i < DJ_N_PITS; i++)
            after += child->pits[i] > 0;
          g_assert_cmpuint (after, >, occupied);
          quiet++;
        }
    }
  g_assert_cmpuint (quiet, >, 5000);
}

static DjPosition
random_small (GRand   *rand,
              guint    seeds)
{
  DjPosition pos = { 0 };

  for (guint i = 0; i < seeds; i++)
    pos.pits[g_rand_int_range (rand, 0, DJ_N_PITS)]++;
  pos.captured[0] = g_rand_int_range (rand, 0, DJ_N_SEEDS - seeds + 1);
  pos.captured[1] = DJ_N_SEEDS - seeds - pos.captured[0];
  pos.to_move = g_rand_int_range (rand, 0, 2);
  return pos;
}

/* A position from a random game of @rules with a fixed seed, about @plies in. */
static DjPosition
random_game_position (const DjRules *rules,
                      GRand         *rand,
                      guint          plies)
{
  DjPosition pos;

  dj_position_init_start (&pos);
  for (guint ply = 0; ply < plies; ply++)
    {
      DjMoves moves;
      DjPosition next;
      guint pick;

      dj_moves_generate (rules, &pos, &moves);
      if (moves.end != DJ_END_NONE)
        break;
      if (moves.must_pass)
        {
          dj_moves_child (&moves, &pos, DJ_PASS, &next);
          if (dj_moves_count (rules, &next) == 0)
            break;
          pos = next;
          continue;
        }
      pick = g_rand_int_range (rand, 0, moves.n_legal);
      for (guint k = 0; k < DJ_ROW_PITS; k++)
        if (moves.pit[k] == DJ_PIT_LEGAL && pick-- == 0)
          next = moves.children[k];
      dj_moves_generate (rules, &next, &moves);
      if (moves.end != DJ_END_NONE)
        break;
      pos = next;
    }
  return pos;
}

/* ---------------------------------------------------------------------- */
/* the same values whatever the line, the table, the threads and the budget */

static void
check_same (const DjAnalysis *a,
            const DjAnalysis *b)
{
  g_assert_true (a->exact);
  g_assert_true (b->exact);
  g_assert_cmpint (a->value, ==, b->value);
  g_assert_cmpuint (a->n_moves, ==, b->n_moves);
  for (guint i = 0; i < a->n_moves; i++)
    g_assert_cmpint (find_move (b, a->moves[i].move)->value, ==, a->moves[i].value);
}

/* Finds two different move orders from @pos that reach one position
 * (captures included) within 4 plies; FALSE if there are none. */
static gboolean
find_transposition (const DjRules    *rules,
                    const DjPosition *pos,
                    DjMove            first[4],
                    DjMove            second[4],
                    guint            *len,
                    DjPosition       *meet)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full ((GHashFunc) dj_position_hash,
                                                      (GEqualFunc) dj_position_equal,
                                                      g_free, g_free);
  typedef struct { DjPosition pos; DjMove path[4]; guint len; } Item;
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (Item));
  Item start = { *pos, { 0 }, 0 };

  g_array_append_val (queue, start);
  for (guint q = 0; q < queue->len; q++)
    {
      Item it = g_array_index (queue, Item, q);
      DjMoves moves;

      if (it.len == 4)
        continue;
      dj_moves_generate (rules, &it.pos, &moves);
      for (DjMove m = 0; m <= DJ_PASS; m++)
        {
          Item next = it;
          Item *old;

          if (!dj_moves_child (&moves, &it.pos, m, &next.pos))
            continue;
          next.path[next.len++] = m;
          old = g_hash_table_lookup (seen, &next.pos);
          if (old != NULL && old->len == next.len &&
              memcmp (old->path, next.path, next.len * sizeof (DjMove)) != 0)
            {
              memcpy (first, old->path, sizeof old->path);
              memcpy (second, next.path, sizeof next.path);
              *len = next.len;
              *meet = next.pos;
              return TRUE;
            }
          if (old == NULL)
            {
              g_hash_table_insert (seen, g_memdup2 (&next.pos, sizeof next.pos),
                                   g_memdup2 (&next, sizeof next));
              g_array_append_val (queue, next);
            }
        }
    }
  return FALSE;
}

static DjPosition
replay (const DjRules    *rules,
        const DjPosition *pos,
        const DjMove     *moves_played,
        guint             len)
{
  DjPosition p = *pos;

  for (guint i = 0; i < len; i++)
    {
      DjMoves moves;

      dj_moves_generate (rules, &p, &moves);
      g_assert_true (dj_moves_child (&moves, &p, moves_played[i], &p));
    }
  return p;
}

static void
test_invariance (gconstpointer data)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GRand) rand = g_rand_new_with_seed (41);
  g_autoptr(DjSearch) big = dj_search_new (32 << 20);
  g_autoptr(DjSearch) tiny = dj_search_new (16 << 10);
  g_autoptr(DjSearch) single = dj_search_new (4 << 20);
  g_autoptr(DjSearch) plain = dj_search_new (4 << 20);
  guint transpositions = 0, checked = 0;

  rules.variant = GPOINTER_TO_UINT (data) == 0 ? DJ_VARIANT_ABOURE : DJ_VARIANT_ABE;
  rules.feeding = GPOINTER_TO_UINT (data) == 2 ? DJ_FEEDING_IMMEDIATE : DJ_FEEDING_ON_STARVED_TURN;
  dj_search_set_threads (single, 1);
  dj_search_set_use_tables (plain, FALSE);
  while (checked < 12)
    {
      DjPosition pos = random_game_position (&rules, rand, g_rand_int_range (rand, 30, 90));
      DjMove first[4], second[4];
      DjPosition meet, a1, a2;
      guint len;
      int seeds = 0;

      for (guint i = 0; i < DJ_N_PITS; i++)
        seeds += pos.pits[i];
      if (seeds > 18 || seeds < 9)
        continue;
      if (!find_transposition (&rules, &pos, first, second, &len, &meet))
        continue;
      transpositions++;
      a1 = replay (&rules, &pos, first, len);
      a2 = replay (&rules, &pos, second, len);
      g_assert_true (dj_position_equal (&a1, &a2));
      {
        const DjSearchLimits budget = { G_MAXINT64, G_MAXUINT64, 0, 0 };
        g_autoptr(DjAnalysis) parent = analyse (big, &rules, &pos);
        g_autoptr(DjAnalysis) x = analyse (big, &rules, &a1);
        g_autoptr(DjAnalysis) y = analyse (tiny, &rules, &a2);
        g_autoptr(DjAnalysis) z = analyse (single, &rules, &a1);
        g_autoptr(DjAnalysis) w = NULL;
        g_autoptr(DjAnalysis) v = NULL;
        g_autoptr(GError) error = NULL;

        /* The parent's analysis filled the big table from other lines. */
        check_same (x, y);
        check_same (x, z);
        w = dj_search_analyse (tiny, &rules, &a2, &budget, NULL, &error);
        g_assert_no_error (error);
        check_same (x, w);
        if (seeds <= 14)
          {
            v = analyse (plain, &rules, &a2);
            check_same (x, v);
          }
        (void) parent;
      }
      checked++;
    }
  g_test_message ("%u transpositions checked", transpositions);
}

/* ---------------------------------------------------------------------- */
/* endgame table files */

/* A table file is used only when it is whole: made for these rules, of this
 * format, with the right size and checksum. */
static void
test_table_files (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjRules aboure = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autofree char *dir = g_dir_make_tmp ("djenon-tables-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "abe.djtb", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  DjTables *built = dj_tables_build (&abe, 6, NULL, NULL);
  DjTables *loaded;
  gsize len;
  DjPosition pos = parse ("1 0 2 0 0 1 0 1 0 0 1 0 21 21 S");
  int a, b;

  g_assert_true (dj_tables_save (built, path, &error));
  g_assert_no_error (error);
  loaded = dj_tables_load (&abe, path, &error);
  g_assert_no_error (error);
  g_assert_true (dj_tables_lookup (built, &pos, &a));
  g_assert_true (dj_tables_lookup (loaded, &pos, &b));
  g_assert_cmpint (a, ==, b);
  dj_tables_free (loaded);

  /* Other rules */
  g_assert_null (dj_tables_load (&aboure, path, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE);
  g_clear_error (&error);

  /* One value changed: the checksum refuses it. */
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  data[len - 100] ^= 1;
  g_assert_true (g_file_set_contents (path, data, len, NULL));
  g_assert_null (dj_tables_load (&abe, path, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "checksum"));
  g_clear_error (&error);

  /* Cut short */
  data[len - 100] ^= 1;
  g_assert_true (g_file_set_contents (path, data, len - 1, NULL));
  g_assert_null (dj_tables_load (&abe, path, &error));
  g_clear_error (&error);

  /* Another format version */
  data[8] ^= 0x40;
  g_assert_true (g_file_set_contents (path, data, len, NULL));
  g_assert_null (dj_tables_load (&abe, path, &error));
  g_assert_nonnull (strstr (error->message, "version"));
  g_clear_error (&error);

  g_unlink (path);
  g_rmdir (dir);
  dj_tables_free (built);
}

/* The installed tables are read in chunks on two threads: a change in any
 * chunk, the first or the last one read by the other thread, is refused;
 * read whole, they hold what the search uses. */
static void
test_table_files_threaded (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  const DjTables *installed = dj_tables_get (&abe);
  g_autofree char *source = dj_tables_path (&abe);
  g_autoptr(GError) dir_error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("djenon-tables-XXXXXX", &dir_error);
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  gsize len, at[] = { 100, 0, 0 };
  DjTables *loaded;

  g_assert_no_error (dir_error);
  path = g_build_filename (dir, "abe.djtb", NULL);
  g_assert_nonnull (installed);
  g_assert_true (g_file_get_contents (source, &data, &len, NULL));
  /* More than two chunks of 4 MiB. */
  g_assert_cmpuint (len, >, 8u << 20);
  at[1] = len / 2 + 1000;
  at[2] = len - 1;
  for (guint i = 0; i < G_N_ELEMENTS (at); i++)
    {
      g_autoptr(GError) error = NULL;

      data[at[i]] ^= 4;
      g_assert_true (g_file_set_contents (path, data, len, NULL));
      g_assert_null (dj_tables_load (&abe, path, &error));
      g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, "checksum"));
      data[at[i]] ^= 4;
    }
  g_assert_true (g_file_set_contents (path, data, len, NULL));
  loaded = dj_tables_load (&abe, path, NULL);
  g_assert_nonnull (loaded);
  for (guint k = 0; k < 20000; k++)
    {
      DjPosition pos = { 0 };
      guint seeds = g_rand_int_range (rand, 0, DJ_TABLES_SEEDS + 1);
      int a, b;

      for (guint s = 0; s < seeds; s++)
        pos.pits[g_rand_int_range (rand, 0, DJ_N_PITS)]++;
      pos.to_move = g_rand_int_range (rand, 0, 2);
      g_assert_true (dj_tables_lookup (installed, &pos, &a));
      g_assert_true (dj_tables_lookup (loaded, &pos, &b));
      g_assert_cmpint (a, ==, b);
    }
  dj_tables_free (loaded);
  g_unlink (path);
  g_rmdir (dir);
}

/* ---------------------------------------------------------------------- */
/* budgets, cancellation, lines */

/* Plays @line from @start and returns what it is worth to the side to move
 * at the start: the final difference when the game ends, or, when the line
 * comes back to a position on it since the last capture (it must then be
 * flagged endless), the captures so far, the seeds left being divided
 * equally. */
static int
replay_line (const DjRules    *rules,
             const DjPosition *start,
             const DjMove     *line,
             guint             len,
             gboolean          endless)
{
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (DjPosition));
  DjPosition pos = *start;
  DjSide me = start->to_move;
  DjMoves moves;
  int score[2];

  g_array_append_val (seen, pos);
  for (guint i = 0; i < len; i++)
    {
      guint captured = pos.captured[0] + pos.captured[1];

      dj_moves_generate (rules, &pos, &moves);
      g_assert_true (dj_moves_child (&moves, &pos, line[i], &pos));
      if (pos.captured[0] + pos.captured[1] != captured)
        g_array_set_size (seen, 0);
      for (guint k = 0; k < seen->len; k++)
        if (dj_position_equal (&g_array_index (seen, DjPosition, k), &pos))
          {
            g_assert_true (endless);
            g_assert_cmpuint (i + 1, ==, len);
            return (int) pos.captured[me] - (int) pos.captured[1 - me];
          }
      g_array_append_val (seen, pos);
    }
  g_assert_false (endless);
  dj_moves_generate (rules, &pos, &moves);
  g_assert_cmpint (moves.end, !=, DJ_END_NONE);
  dj_final_scores (rules, &pos, score);
  return score[me] - score[1 - me];
}

static void
test_lines (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjSearch) search = dj_search_new (8 << 20);
  g_autoptr(DjAnalysis) solved = NULL;
  g_autoptr(DjAnalysis) a = NULL;
  g_autoptr(GError) error = NULL;
  DjPosition start;

  dj_position_init_start (&start);
  a = analyse (search, &rules, &start);
  g_assert_true (a->exact);
  g_assert_cmpuint (a->n_moves, ==, 6);
  for (guint i = 0; i < a->n_moves; i++)
    {
      g_assert_cmpint (a->moves[i].line[0], ==, a->moves[i].move);
      g_assert_cmpint (replay_line (&rules, &start, a->moves[i].line, a->moves[i].line_len,
                                    a->moves[i].endless), ==, a->moves[i].value);
      if (i > 0)
        g_assert_cmpint (a->moves[i - 1].value, >=, a->moves[i].value);
    }

  solved = dj_search_solve (search, &rules, &start, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (solved->exact);
  g_assert_cmpint (solved->value, ==, a->value);
  g_assert_cmpuint (solved->n_moves, ==, 1);
  g_assert_cmpint (replay_line (&rules, &start, solved->moves[0].line, solved->moves[0].line_len,
                                solved->moves[0].endless), ==, solved->value);

  /* Lines of abe endgames too, repetitions included. */
  {
    DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
    g_autoptr(GRand) rand = g_rand_new_with_seed (9);

    for (guint n = 0; n < 200; n++)
      {
        DjPosition pos = random_small (rand, g_rand_int_range (rand, 1, 15));
        g_autoptr(DjAnalysis) b = analyse (search, &abe, &pos);

        for (guint i = 0; i < b->n_moves; i++)
          g_assert_cmpint (replay_line (&abe, &pos, b->moves[i].line, b->moves[i].line_len,
                                        b->moves[i].endless), ==, b->moves[i].value);
      }
  }
}

static void
test_limits (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjSearch) search = dj_search_new (8 << 20);
  g_autoptr(DjAnalysis) exact = NULL;
  DjPosition start;
  const DjSearchLimits budgets[] = {
    { 0, 2000, 0 },
    { 0, 20000, 0 },
    { 0, 0, 4 },
    { 0, 0, 9 },
  };

  /* Budgets too small for the start: the opening book would answer at once. */
  dj_search_set_use_book (search, FALSE);
  dj_position_init_start (&start);
  exact = analyse (search, &rules, &start);
  for (guint b = 0; b < G_N_ELEMENTS (budgets); b++)
    {
      g_autoptr(DjAnalysis) a = NULL;
      g_autoptr(GError) error = NULL;

      dj_search_clear (search);
      a = dj_search_analyse (search, &rules, &start, &budgets[b], NULL, &error);
      g_assert_no_error (error);
      g_assert_false (a->exact);
      for (guint i = 0; i < a->n_moves; i++)
        {
          const DjMoveValue *mv = &a->moves[i];
          int truth = find_move (exact, mv->move)->value;

          g_assert_cmpint (mv->lower, <=, truth);
          g_assert_cmpint (truth, <=, mv->upper);
          g_assert_cmpint (mv->lower, <=, mv->estimate);
          g_assert_cmpint (mv->estimate, <=, mv->upper);
          if (mv->exact)
            g_assert_cmpint (mv->value, ==, truth);
        }
    }
}

static gpointer
cancel_later (gpointer data)
{
  g_usleep (100 * 1000);
  g_cancellable_cancel (data);
  return NULL;
}

static void
test_cancel (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(DjSearch) search = dj_search_new (8 << 20);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  DjAnalysis *a;
  GThread *thread;
  DjPosition start;
  gint64 t0;

  /* The opening book would answer at once: a search to cancel needs time. */
  dj_search_set_use_book (search, FALSE);
  dj_position_init_start (&start);
  thread = g_thread_new ("cancel", cancel_later, cancellable);
  t0 = g_get_monotonic_time ();
  a = dj_search_analyse (search, &rules, &start, NULL, cancellable, &error);
  g_assert_null (a);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* Promptly: well under a second after the cancel. */
  g_assert_cmpint (g_get_monotonic_time () - t0, <, 1000 * 1000);
  g_thread_join (thread);
}

static void
analysed_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  DjAnalysis **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = dj_search_analyse_finish (NULL, result, &error);
  g_assert_no_error (error);
}

static void
cancelled_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;
  DjAnalysis *a = dj_search_analyse_finish (NULL, result, &error);

  g_assert_null (a);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  *done = TRUE;
}

static gboolean
cancel_now (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static void
test_async (void)
{
  DjRules aboure = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(DjSearch) search = dj_search_new (8 << 20);
  g_autoptr(DjSearch) other = dj_search_new (8 << 20);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(DjAnalysis) sync = NULL;
  DjAnalysis *async = NULL;
  gboolean cancelled = FALSE;
  DjPosition start;

  dj_search_set_use_book (search, FALSE);   /* the cancelled one must take time */
  dj_position_init_start (&start);
  dj_search_analyse_async (search, &aboure, &start, NULL, NULL, analysed_cb, &async);
  while (async == NULL)
    g_main_context_iteration (NULL, TRUE);
  sync = analyse (other, &aboure, &start);
  g_assert_cmpint (async->value, ==, sync->value);
  g_assert_true (async->exact);
  dj_analysis_free (async);

  dj_search_analyse_async (search, &abe, &start, NULL, cancellable, cancelled_cb, &cancelled);
  g_timeout_add (50, cancel_now, cancellable);
  while (!cancelled)
    g_main_context_iteration (NULL, TRUE);
}

/* The owner of a search may let go of it while analyses run on it (a
 * window closed during an analysis): each analysis holds a reference until
 * its callback has run, and its values are still those of a fresh search.
 * The table is taken only by the first analysis. */
static void
test_async_outlives_owner (void)
{
  DjRules aboure = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(DjSearch) other = dj_search_new (8 << 20);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(DjAnalysis) sync = NULL;
  DjSearch *search = dj_search_new (8 << 20);
  DjAnalysis *async = NULL;
  gboolean cancelled = FALSE;
  DjPosition start;

  g_assert_cmpuint (dj_search_get_table_bytes (search), ==, 8 << 20);
  g_assert_true (dj_search_ref (search) == search);
  dj_search_unref (search);
  dj_search_set_use_book (search, FALSE);   /* the cancelled one must take time */

  dj_position_init_start (&start);
  dj_search_analyse_async (search, &aboure, &start, NULL, NULL, analysed_cb, &async);
  dj_search_analyse_async (search, &abe, &start, NULL, cancellable, cancelled_cb, &cancelled);
  /* The owner goes first: the two analyses keep the search alive. */
  dj_search_unref (search);
  g_cancellable_cancel (cancellable);
  while (async == NULL || !cancelled)
    g_main_context_iteration (NULL, TRUE);
  sync = analyse (other, &aboure, &start);
  g_assert_cmpint (async->value, ==, sync->value);
  g_assert_true (async->exact);
  dj_analysis_free (async);
}

/* One DjSearch shared by several users at once (as the analysis panel,
 * Review Game and Play from Here of a document share one): analyses of
 * different rules running together on it give the values of fresh searches. */
typedef struct
{
  DjAnalysis *result;
} Shared;

static void
shared_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Shared *out = user_data;
  g_autoptr(GError) error = NULL;

  out->result = dj_search_analyse_finish (NULL, result, &error);
  g_assert_no_error (error);
}

static void
test_shared (void)
{
  const DjRules sets[] = {
    { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN },
    { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN },
    { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE },
  };
  g_autoptr(DjSearch) shared = dj_search_new (1 << 20);
  g_autoptr(GRand) rand = g_rand_new_with_seed (77);

  for (guint round = 0; round < 6; round++)
    {
      Shared out[G_N_ELEMENTS (sets)] = { { NULL } };
      DjPosition pos[G_N_ELEMENTS (sets)];
      gboolean done = FALSE;

      /* Three analyses at once on one small table, then each checked. */
      for (guint r = 0; r < G_N_ELEMENTS (sets); r++)
        {
          pos[r] = random_game_position (&sets[r], rand, g_rand_int_range (rand, 8, 20));
          g_test_message ("%s: %u seeds in play", dj_variant_to_string (sets[r].variant),
                          DJ_N_SEEDS - pos[r].captured[0] - pos[r].captured[1]);
          dj_search_analyse_async (shared, &sets[r], &pos[r], NULL, NULL, shared_cb, &out[r]);
        }
      while (!done)
        {
          g_main_context_iteration (NULL, TRUE);
          done = out[0].result != NULL && out[1].result != NULL && out[2].result != NULL;
        }
      for (guint r = 0; r < G_N_ELEMENTS (sets); r++)
        {
          g_autoptr(DjSearch) fresh = dj_search_new (4 << 20);
          g_autoptr(DjAnalysis) expect = NULL;

          if (out[r].result->end == DJ_END_NONE)
            {
              expect = analyse (fresh, &sets[r], &pos[r]);
              check_same (out[r].result, expect);
            }
          dj_analysis_free (out[r].result);
        }
    }
}

/* One DjSearch for both games: entries of one never answer for the other. */
static void
test_rules_change (void)
{
  DjRules aboure = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjRules immediate = { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE };
  g_autoptr(DjSearch) shared = dj_search_new (4 << 20);
  g_autoptr(GRand) rand = g_rand_new_with_seed (23);

  for (guint n = 0; n < 100; n++)
    {
      DjPosition pos = random_small (rand, g_rand_int_range (rand, 2, 4));
      const DjRules *rules[] = { &aboure, &abe, &immediate };

      for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
        {
          g_autoptr(DjSearch) fresh = dj_search_new (1 << 20);
          g_autoptr(DjAnalysis) a = analyse (shared, rules[r], &pos);
          g_autoptr(DjAnalysis) b = analyse (fresh, rules[r], &pos);

          g_assert_cmpuint (a->n_moves, ==, b->n_moves);
          for (guint i = 0; i < a->n_moves; i++)
            g_assert_cmpint (find_move (b, a->moves[i].move)->value, ==, a->moves[i].value);
        }
    }
}

/* The best move alone (what `djenon-cli bestmove` asks): a values-only solve
 * proves the position's value and names a move that keeps it; the other
 * moves are only shown to be no better.  Against every move's exact value,
 * in game positions of both games; with a budget too small to prove
 * anything, it still names a legal move and says it is not proven. */
static void
test_best_move (void)
{
  const DjRules sets[] = {
    DJ_RULES_INIT (DJ_VARIANT_ABOURE),
    DJ_RULES_INIT (DJ_VARIANT_ABE),
  };
  const DjSearchLimits values_only = { 0, 0, 0, DJ_SEARCH_VALUES_ONLY };
  const DjSearchLimits tiny = { 0, 50, 0, DJ_SEARCH_VALUES_ONLY };
  g_autoptr(DjSearch) search = dj_search_new (8 << 20);
  g_autoptr(GRand) rand = g_rand_new_with_seed (27);
  guint unproven = 0;

  /* The positions of the first plies would come from the opening book. */
  dj_search_set_use_book (search, FALSE);

  for (guint r = 0; r < G_N_ELEMENTS (sets); r++)
    for (guint k = 0; k < 30; k++)
      {
        DjPosition pos = random_game_position (&sets[r], rand, 2 * k);
        g_autoptr(DjAnalysis) all = analyse (search, &sets[r], &pos);
        g_autoptr(DjAnalysis) best = NULL;
        g_autoptr(DjAnalysis) rough = NULL;
        g_autoptr(GError) error = NULL;
        DjMoves moves;

        dj_search_clear (search);
        best = dj_search_solve (search, &sets[r], &pos, &values_only, NULL, &error);
        g_assert_no_error (error);
        g_assert_true (best->exact);
        g_assert_cmpint (best->value, ==, all->value);
        if (all->end != DJ_END_NONE)
          {
            g_assert_cmpuint (best->n_moves, ==, 0);
            continue;
          }
        g_assert_cmpuint (best->n_moves, ==, 1);
        g_assert_cmpuint (best->moves[0].line_len, ==, 1);
        g_assert_cmpint (find_move (all, best->moves[0].move)->value, ==, all->value);

        dj_search_clear (search);
        rough = dj_search_solve (search, &sets[r], &pos, &tiny, NULL, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (rough->n_moves, ==, 1);
        dj_moves_generate (&sets[r], &pos, &moves);
        g_assert_true (dj_moves_is_legal (&moves, rough->moves[0].move));
        g_assert_cmpint (rough->lower, <=, all->value);
        g_assert_cmpint (all->value, <=, rough->upper);
        unproven += !rough->exact;
      }
  /* The small budget did stop some proofs. */
  g_assert_cmpuint (unproven, >, 5);
}

/* A bound on one move (issue 26, the puzzles' uniqueness check): "worth at
 * least t" holds exactly for t up to the move's exact value, on random
 * positions of both games, with captures already made; with lines cut
 * short some tests prove nothing, and what they prove is right; a move that
 * is not legal is refused. */
static void
test_move_at_least (void)
{
  const DjRules sets[] = {
    DJ_RULES_INIT (DJ_VARIANT_ABOURE),
    DJ_RULES_INIT (DJ_VARIANT_ABE),
    { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE },
  };
  const DjSearchLimits tiny = { 0, 0, 2, 0 };   /* lines cut at two plies */
  g_autoptr(DjSearch) search = dj_search_new (8 << 20);
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  guint tested = 0, unproven = 0;

  for (guint r = 0; r < G_N_ELEMENTS (sets); r++)
    for (guint k = 0; k < 24; k++)
      {
        DjPosition pos = random_game_position (&sets[r], rand, 10 + 2 * k);
        g_autoptr(DjAnalysis) all = analyse (search, &sets[r], &pos);

        for (guint i = 0; i < all->n_moves; i++)
          {
            const DjMoveValue *mv = &all->moves[i];
            gboolean at_least = FALSE;

            for (int t = mv->value - 3; t <= mv->value + 3; t++)
              {
                g_autoptr(GError) error = NULL;

                dj_search_clear (search);
                g_assert_true (dj_search_move_at_least (search, &sets[r], &pos, mv->move, t,
                                                        NULL, NULL, &at_least, &error));
                g_assert_no_error (error);
                g_assert_cmpint (at_least, ==, t <= mv->value);
                tested++;
              }
            dj_search_clear (search);
            if (!dj_search_move_at_least (search, &sets[r], &pos, mv->move, mv->value, &tiny,
                                          NULL, &at_least, NULL))
              unproven++;
            else
              g_assert_true (at_least);
          }
        if (all->end == DJ_END_NONE && !(all->n_moves == 1 && all->moves[0].move == DJ_PASS))
          {
            g_autoptr(GError) error = NULL;
            DjMoves moves;

            dj_moves_generate (&sets[r], &pos, &moves);
            for (guint k2 = 0; k2 < DJ_ROW_PITS; k2++)
              if (moves.pit[k2] != DJ_PIT_LEGAL)
                {
                  gboolean at_least;

                  g_assert_false (dj_search_move_at_least (search, &sets[r], &pos,
                                                           moves.row_start + k2, 0, NULL, NULL,
                                                           &at_least, &error));
                  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_ILLEGAL);
                  break;
                }
          }
      }
  g_assert_cmpuint (tested, >, 500);
  /* The small budget did stop some proofs. */
  g_assert_cmpuint (unproven, >, 5);
}

/* The opening book: loaded, consistent with its moves at the start, and a
 * sample of its positions against fresh search without it; damaged books
 * are refused with the line that is wrong. */
static void
test_book (gconstpointer data)
{
  const DjRules *rules = data;
  const DjBook *book = dj_book_get (rules);
  const DjSearchLimits values_only = { 0, 0, 0, DJ_SEARCH_VALUES_ONLY };
  g_autoptr(DjSearch) with = dj_search_new (16 << 20);
  g_autoptr(DjSearch) without = dj_search_new (16 << 20);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5 + rules->variant * 2 + rules->feeding);
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(DjAnalysis) a = NULL;
  g_autoptr(DjAnalysis) b = NULL;
  DjPosition start;
  guint n_lines;
  int v;

  g_assert_nonnull (book);
  g_assert_cmpuint (dj_book_size (book), >, 900);
  dj_search_set_use_book (without, FALSE);

  /* The start: in the book, and every move's value the same either way. */
  dj_position_init_start (&start);
  g_assert_true (dj_book_lookup (book, &start, &v));
  a = dj_search_analyse (with, rules, &start, &values_only, NULL, &error);
  g_assert_no_error (error);
  b = dj_search_analyse (without, rules, &start, &values_only, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (a->value, ==, v);
  g_assert_cmpint (b->value, ==, v);
  g_assert_cmpuint (a->n_moves, ==, b->n_moves);
  for (guint i = 0; i < a->n_moves; i++)
    g_assert_cmpint (a->moves[i].value, ==, find_move (b, a->moves[i].move)->value);
  /* Looked up, not searched. */
  g_assert_cmpuint (a->nodes, <, b->nodes / 100);

  /* 25 positions of the file, each solved afresh without the book. */
  path = g_build_filename (g_getenv ("DJENON_TABLES_DIR"), dj_book_file_name (rules), NULL);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  lines = g_strsplit (text, "\n", 0);
  n_lines = g_strv_length (lines);
  for (guint k = 0; k < 25; k++)
    {
      /* not the header, nor the checksum line, nor the empty end */
      const char *line = lines[g_rand_int_range (rand, 1, n_lines - 2)];
      g_auto(GStrv) tokens = g_strsplit (line, " ", 0);
      guint n = g_strv_length (tokens), seeds = 0;
      g_autoptr(DjAnalysis) fresh = NULL;
      DjPosition pos = { 0 };
      int value;

      for (guint i = 0; i < DJ_N_PITS; i++)
        {
          pos.pits[i] = atoi (tokens[i]);
          seeds += pos.pits[i];
        }
      pos.to_move = strcmp (tokens[DJ_N_PITS], "S") == 0 ? DJ_SOUTH : DJ_NORTH;
      pos.feed_owed = n == DJ_N_PITS + 3;
      pos.captured[pos.to_move] = DJ_N_SEEDS - seeds;
      value = atoi (tokens[n - 1]);
      g_assert_true (dj_book_lookup (book, &pos, &v));
      g_assert_cmpint (v, ==, value);
      dj_search_clear (without);
      fresh = dj_search_solve (without, rules, &pos, &values_only, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (fresh->exact);
      g_assert_cmpint (fresh->value - (int) (DJ_N_SEEDS - seeds), ==, value);
    }

  /* Every line of the file is found with its value, and nothing else: the
   * book's own lines' positions with a seed moved to a neighbour pit, the
   * side to move turned or a feeding owed, where no line has them. */
  {
    g_autoptr(GHashTable) keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr(GArray) positions = g_array_new (FALSE, FALSE, sizeof (DjPosition));
    guint absent = 0;

    for (guint k = 1; k + 2 < n_lines; k++)
      {
        g_auto(GStrv) tokens = g_strsplit (lines[k], " ", 0);
        guint n = g_strv_length (tokens);
        DjPosition pos = { 0 };

        for (guint i = 0; i < DJ_N_PITS; i++)
          pos.pits[i] = atoi (tokens[i]);
        pos.to_move = strcmp (tokens[DJ_N_PITS], "S") == 0 ? DJ_SOUTH : DJ_NORTH;
        pos.feed_owed = n == DJ_N_PITS + 3;
        g_assert_true (dj_book_lookup (book, &pos, &v));
        g_assert_cmpint (v, ==, atoi (tokens[n - 1]));
        g_hash_table_add (keys, dj_book_key_to_string (&pos));
        g_array_append_val (positions, pos);
      }
    g_assert_cmpuint (positions->len, ==, dj_book_size (book));
    for (guint k = 0; k < positions->len; k++)
      for (guint change = 0; change < DJ_N_PITS + 2; change++)
        {
          DjPosition pos = g_array_index (positions, DjPosition, k);
          g_autofree char *key = NULL;

          if (change < DJ_N_PITS)
            {
              if (pos.pits[change] == 0)
                continue;
              pos.pits[change]--;
              pos.pits[(change + 1) % DJ_N_PITS]++;
            }
          else if (change == DJ_N_PITS)
            pos.to_move = DJ_OTHER_SIDE (pos.to_move);
          else
            pos.feed_owed = !pos.feed_owed;
          key = dj_book_key_to_string (&pos);
          if (g_hash_table_contains (keys, key))
            continue;
          g_assert_false (dj_book_lookup (book, &pos, &v));
          absent++;
        }
    g_assert_cmpuint (absent, >, 10 * positions->len);
  }
}

/* @text with its checksum line, as dj-make-book writes it. */
static char *
signed_book (const char *text)
{
  g_autofree char *sum = dj_book_checksum_line (text, strlen (text));

  return g_strconcat (text, sum, NULL);
}

static void
test_book_damaged (void)
{
  const DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  static const struct
  {
    const char *text;
    guint       line;   /* 0: the header */
  } bad[] = {
    { "", 0 },
    { "djenon-book-2 aboure on-starved-turn 5\n", 0 },
    { "djenon-book-1 abe on-starved-turn 5\n", 0 },
    { "djenon-book-3 abe on-starved-turn 5\n", 0 },
    { "djenon-book-2 abe on-starved-turn 9\n", 1 },
    { "djenon-book-2 abe on-starved-turn 5\n4 4 4 4 4 4 4 4 4 4 4 S -2\n", 2 },
    { "djenon-book-2 abe on-starved-turn 5\n4 4 4 4 4 4 4 4 4 4 4 4 X -2\n", 2 },
    { "djenon-book-2 abe on-starved-turn 5\n4 4 4 4 4 4 4 4 4 4 4 4 S 49\n", 2 },
    { "djenon-book-2 abe on-starved-turn 5\n4 4 4 4 4 4 4 4 4 4 4 40 S 0\n", 2 },
    { "djenon-book-2 abe on-starved-turn 5\n4 4 4 4 4 4 4 4 4 4 4 4 S -2 7\n", 2 },
    { "djenon-book-2 abe on-starved-turn 5\n0 0 0 0 0 0 1 1 0 0 0 0 N 0\n0 0 0 0 0 0 1 1 0 0 0 0 N 0\n", 3 },
    { "djenon-book-2 abe on-starved-turn 5\n0 0 0 0 0 0 1 1 0 0 0 0 N fed 0\n", 2 },
    /* The tokens are split at every space, as the book writes them. */
    { "djenon-book-2 abe on-starved-turn 5\n4 4 4 4 4 4 4 4 4 4 4 4 S -2 \n", 2 },
    { "djenon-book-2 abe on-starved-turn 5\n4 4 4 4 4 4 4 4 4 4 4  4 S -2\n", 2 },
    { "djenon-book-2 abe on-starved-turn 5\n 4 4 4 4 4 4 4 4 4 4 4 4 S -2\n", 2 },
    { "djenon-book-2 abe on-starved-turn 5\n0 0 0 0 0 0 1 1 0 0 0 0 N 0\n\n", 3 },
    { "djenon-book-2 abe on-starved-turn 5\n0 0 0 0 0 0 1 1 0 0 0 0 N 0 0 0 0 0 0 0 0 0\n", 2 },
    { "djenon-book-2 abe on-starved-turn 5\n0000000000000000000000000004 4 4 4 4 4 4 4 4 4 4 4 "
      "S -2\n", 2 },
  };
  const char *lines = "djenon-book-2 abe on-starved-turn 5\n"
                      "0 0 0 0 0 0 1 1 0 0 0 0 N feed 2\n"
                      "4 4 4 4 4 4 4 4 4 4 4 4 S -2\n";
  g_autofree char *good = signed_book (lines);
  g_autoptr(DjBook) book = NULL;
  g_autoptr(GError) error = NULL;
  DjPosition pos;
  int v;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) e = NULL;
      g_autofree char *text = signed_book (bad[i].text);
      g_autoptr(DjBook) b = dj_book_parse (&abe, text, strlen (text), &e);

      g_assert_null (b);
      g_assert_error (e, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE);
      if (bad[i].line > 0)
        {
          g_autofree char *where = g_strdup_printf ("%u", bad[i].line);

          g_assert_nonnull (strstr (e->message, where));
        }
    }
  /* A NUL inside the text is not a book either; nor one without its
   * checksum, or with an edited value. */
  {
    g_autoptr(GError) e = NULL;
    g_autofree char *edited = g_strdup (good);

    g_assert_null (dj_book_parse (&abe, good, strlen (good) + 1, &e));
    g_assert_nonnull (e);
    g_clear_error (&e);
    g_assert_null (dj_book_parse (&abe, lines, strlen (lines), &e));
    g_assert_nonnull (strstr (e->message, "checksum"));
    g_clear_error (&e);
    *strstr (edited, "S -2") = 'N';
    g_assert_null (dj_book_parse (&abe, edited, strlen (edited), &e));
    g_assert_nonnull (strstr (e->message, "checksum"));
  }

  book = dj_book_parse (&abe, good, strlen (good), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dj_book_size (book), ==, 2);
  g_assert_cmpuint (dj_book_min_seeds (book), ==, 2);
  dj_position_init_start (&pos);
  g_assert_true (dj_book_lookup (book, &pos, &v));
  g_assert_cmpint (v, ==, -2);
  pos.to_move = DJ_NORTH;
  g_assert_false (dj_book_lookup (book, &pos, &v));
  g_assert_true (dj_position_parse ("0 0 0 0 0 0 1 1 0 0 0 0 20 26 N feed", &pos, NULL));
  g_assert_true (dj_book_lookup (book, &pos, &v));
  g_assert_cmpint (v, ==, 2);
}

/* Every single-bit flip anywhere in a small book (its first 60 positions,
 * signed), and 300 random flips in the shipped book, are refused: a
 * damaged book never gives a wrong "exact" value. */
static void
test_book_bit_flips (void)
{
  const DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autofree char *path = g_build_filename (g_getenv ("DJENON_TABLES_DIR"), "abe.djbook", NULL);
  g_autofree char *shipped = NULL;
  g_autofree char *small = NULL;
  g_autoptr(GString) lines = g_string_new (NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  const char *p;
  gsize len;

  g_assert_true (g_file_get_contents (path, &shipped, &len, NULL));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DjBook) book = dj_book_parse (&abe, shipped, len, &error);

    g_assert_no_error (error);
  }
  p = shipped;
  for (guint i = 0; i < 61; i++)
    p = strchr (p, '\n') + 1;
  g_string_append_len (lines, shipped, p - shipped);
  small = signed_book (lines->str);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DjBook) book = dj_book_parse (&abe, small, strlen (small), &error);

    g_assert_no_error (error);
    g_assert_cmpuint (dj_book_size (book), ==, 60);
  }
  for (gsize i = 0, n = strlen (small); i < n; i++)
    for (guint bit = 0; bit < 8; bit++)
      {
        g_autoptr(DjBook) book = NULL;

        small[i] ^= 1 << bit;
        book = dj_book_parse (&abe, small, n, NULL);
        if (book != NULL)
          g_error ("byte %" G_GSIZE_FORMAT " bit %u flipped: accepted", i, bit);
        small[i] ^= 1 << bit;
      }
  for (guint k = 0; k < 300; k++)
    {
      gsize i = g_rand_int_range (rand, 0, len);
      guint bit = g_rand_int_range (rand, 0, 8);
      g_autoptr(DjBook) book = NULL;

      shipped[i] ^= 1 << bit;
      book = dj_book_parse (&abe, shipped, len, NULL);
      g_assert_null (book);
      shipped[i] ^= 1 << bit;
    }
}

/* Data files that are not regular files are refused at once, without
 * reading them: a pipe (which would block), /dev/zero (which never ends). */
static void
test_data_special_files (void)
{
  const DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autofree char *warning = NULL;
  g_autofree char *details = NULL;

  if (!g_test_subprocess ())
    {
      g_autofree char *dir = g_dir_make_tmp ("djenon-data-XXXXXX", NULL);
      g_autofree char *book = g_build_filename (dir, "abe.djbook", NULL);
      g_autofree char *tables = g_build_filename (dir, "abe.djtb", NULL);
      g_autofree char *zero_book = g_build_filename (dir, "aboure.djbook", NULL);
      g_autofree char *zero_tables = g_build_filename (dir, "aboure.djtb", NULL);

      g_assert_cmpint (mkfifo (book, 0600), ==, 0);
      g_assert_cmpint (mkfifo (tables, 0600), ==, 0);
      g_assert_cmpint (symlink ("/dev/zero", zero_book), ==, 0);
      g_assert_cmpint (symlink ("/dev/zero", zero_tables), ==, 0);
      g_setenv ("DJENON_DATA_TEST_DIR", dir, TRUE);
      g_test_trap_subprocess (NULL, 20 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
      g_unlink (book);
      g_unlink (tables);
      g_unlink (zero_book);
      g_unlink (zero_tables);
      g_rmdir (dir);
      g_test_trap_assert_passed ();
      return;
    }
  g_setenv ("DJENON_TABLES_DIR", g_getenv ("DJENON_DATA_TEST_DIR"), TRUE);
  for (guint r = 0; r < 2; r++)
    {
      const DjRules rules = DJ_RULES_INIT (r == 0 ? DJ_VARIANT_ABE : DJ_VARIANT_ABOURE);
      g_autoptr(DjSearch) search = dj_search_new (1 << 20);
      const DjSearchLimits limits = { 0, 20000, 0, DJ_SEARCH_VALUES_ONLY };
      g_autoptr(DjAnalysis) a = NULL;
      DjPosition start;

      g_clear_pointer (&warning, g_free);
      g_clear_pointer (&details, g_free);
      warning = dj_search_data_warning (&rules, &details);
      g_assert_cmpstr (warning, ==, "Opening book and endgame tables damaged: analysis exact "
                                    "but slower");
      g_assert_nonnull (strstr (details, "not a regular file"));
      g_assert_nonnull (strstr (details, dj_tables_file_name (&rules)));
      g_assert_nonnull (strstr (details, dj_book_file_name (&rules)));
      /* and the search goes on without them */
      dj_position_init_start (&start);
      a = dj_search_analyse (search, &rules, &start, &limits, NULL, NULL);
      g_assert_nonnull (a);
    }
  /* No file at all is no warning: a build without that data. */
  {
    const DjRules immediate = { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE };

    g_assert_null (dj_search_data_warning (&immediate, NULL));
  }
  (void) abe;
}

/* A random position of at most @max_seeds seeds (some not reachable). */
static DjPosition
random_small_position (GRand *rand,
                       guint  max_seeds)
{
  DjPosition pos = { 0 };
  guint seeds = g_rand_int_range (rand, 0, max_seeds + 1);

  for (guint s = 0; s < seeds; s++)
    pos.pits[g_rand_int_range (rand, 0, DJ_N_PITS)]++;
  pos.to_move = g_rand_int_range (rand, 0, 2);
  return pos;
}

/* How many of 20,000 random positions @loaded values as @built does
 * (asserted for all that @built holds). */
static guint
probe_same (const DjTables *built,
            const DjTables *loaded,
            guint32         seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint probes = 0;

  for (guint k = 0; k < 20000; k++)
    {
      DjPosition pos = random_small_position (rand, dj_tables_max_seeds (built));
      int a, b;

      if (!dj_tables_lookup (built, &pos, &a))
        continue;
      g_assert_true (dj_tables_lookup (loaded, &pos, &b));
      g_assert_cmpint (a, ==, b);
      probes++;
    }
  return probes;
}

/* A search's thread reading the tables while their file changes. */
typedef struct
{
  const DjTables *built, *loaded;
  gint            stop;       /* atomic */
  guint64         probes, wrong;
} Reader;

static gpointer
read_until_stopped (gpointer data)
{
  Reader *r = data;
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);

  while (!g_atomic_int_get (&r->stop))
    {
      DjPosition pos = random_small_position (rand, dj_tables_max_seeds (r->built));
      int a, b;

      if (!dj_tables_lookup (r->built, &pos, &a))
        continue;
      if (!dj_tables_lookup (r->loaded, &pos, &b) || a != b)
        r->wrong++;
      r->probes++;
    }
  return NULL;
}

/* TRUE where the system grants leases (Linux, unless turned off). */
static gboolean
leases_enabled (void)
{
  g_autofree char *text = NULL;

  return g_file_get_contents ("/proc/sys/fs/leases-enable", &text, NULL, NULL) &&
         text[0] == '1';
}

/* The user's own tables file is mapped, not read; rewritten in place by
 * this process and then cut short by another while a thread reads the
 * tables, it changes nothing: the mapping was copied before either could
 * touch the file.  Freed, the tables give the file up (a write lease,
 * which no other open of the file allows, can then be had). */
static void
test_tables_changed_in_use (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autofree char *dir = g_dir_make_tmp ("djenon-tables-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "abe.djtb", NULL);
  g_autoptr(GError) error = NULL;
  DjTables *built = dj_tables_build (&abe, 8, NULL, NULL);
  DjTables *loaded;
  const char *cut[] = { "truncate", "--size=0", path, NULL };
  Reader reader = { 0 };
  GThread *thread;
  guint8 junk[4096];
  int fd, status;

  if (!leases_enabled ())
    {
      g_test_skip ("leases are turned off on this system (/proc/sys/fs/leases-enable)");
      return;
    }
  g_assert_nonnull (dir);
  g_assert_true (dj_tables_save (built, path, &error));
  loaded = dj_tables_load (&abe, path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dj_tables_storage (loaded), ==, DJ_TABLES_MAPPED);
  reader = (Reader) { built, loaded, 0, 0, 0 };
  thread = g_thread_new ("reader", read_until_stopped, &reader);

  /* Rewritten in place: the open waits until the mapping is copied. */
  fd = open (path, O_WRONLY | O_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (dj_tables_storage (loaded), ==, DJ_TABLES_COPIED);
  memset (junk, 0x55, sizeof junk);
  for (goffset at = 0; at < 64 * 1024; at += sizeof junk)
    g_assert_cmpint (pwrite (fd, junk, sizeof junk, at), ==, sizeof junk);
  close (fd);
  /* Cut short by another process. */
  g_assert_true (g_spawn_sync (NULL, (char **) cut, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  g_atomic_int_set (&reader.stop, 1);
  g_thread_join (thread);
  g_assert_cmpuint (reader.probes, >, 0);
  g_assert_cmpuint (reader.wrong, ==, 0);
  g_assert_cmpuint (probe_same (built, loaded, 6), >, 10000);

  dj_tables_free (loaded);
  fd = open (path, O_RDONLY | O_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (fcntl (fd, F_SETLEASE, F_WRLCK), ==, 0);
  g_assert_cmpint (fcntl (fd, F_SETLEASE, F_UNLCK), ==, 0);
  close (fd);
  dj_tables_free (built);
  g_unlink (path);
  g_rmdir (dir);
}

/* Where no lease can be had (here: the file is open for writing, as it
 * would be were it another user's, which no lease of ours can cover), the
 * tables are read into memory, and a file cut short while in use changes
 * nothing either. */
static void
test_tables_read_without_lease (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autofree char *dir = g_dir_make_tmp ("djenon-tables-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "abe.djtb", NULL);
  g_autoptr(GError) error = NULL;
  DjTables *built = dj_tables_build (&abe, 8, NULL, NULL);
  DjTables *loaded;
  int writer;

  g_assert_nonnull (dir);
  g_assert_true (dj_tables_save (built, path, &error));
  writer = open (path, O_WRONLY | O_CLOEXEC);
  g_assert_cmpint (writer, >=, 0);
  loaded = dj_tables_load (&abe, path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dj_tables_storage (loaded), ==, DJ_TABLES_IN_MEMORY);
  g_assert_cmpint (ftruncate (writer, 0), ==, 0);
  close (writer);
  g_assert_cmpuint (probe_same (built, loaded, 6), >, 10000);
  dj_tables_free (loaded);
  dj_tables_free (built);
  g_unlink (path);
  g_rmdir (dir);
}

static void
sigio_of_the_program (int signum)
{
  (void) signum;
}

/* A program that handles SIGIO itself keeps its handler: the tables are
 * read into memory, not mapped (in a process of its own, as the handler
 * is the process's). */
static void
test_tables_sigio_taken (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  DjTables *built, *loaded;
  struct sigaction now;

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 20 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      return;
    }
  signal (SIGIO, sigio_of_the_program);
  dir = g_dir_make_tmp ("djenon-tables-XXXXXX", NULL);
  g_assert_nonnull (dir);
  path = g_build_filename (dir, "abe.djtb", NULL);
  built = dj_tables_build (&abe, 8, NULL, NULL);
  g_assert_true (dj_tables_save (built, path, &error));
  loaded = dj_tables_load (&abe, path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dj_tables_storage (loaded), ==, DJ_TABLES_IN_MEMORY);
  g_assert_cmpint (sigaction (SIGIO, NULL, &now), ==, 0);
  g_assert_true (now.sa_handler == sigio_of_the_program);
  g_assert_cmpuint (probe_same (built, loaded, 6), >, 10000);
  dj_tables_free (loaded);
  dj_tables_free (built);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_choose (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjSearch) search = dj_search_new (8 << 20);
  g_autoptr(DjAnalysis) a = NULL;
  DjPosition start;
  gboolean differs = FALSE;

  dj_position_init_start (&start);
  a = analyse (search, &rules, &start);
  g_assert_cmpint (dj_search_choose (search, &rules, &start, DJ_LEVEL_PERFECT, 1, NULL, NULL), ==,
                   a->moves[0].move);
  for (guint level = DJ_LEVEL_STRONG; level < DJ_N_LEVELS; level++)
    for (guint32 seed = 0; seed < 20; seed++)
      {
        DjMove m1 = dj_search_choose (search, &rules, &start, level, seed, NULL, NULL);
        DjMove m2 = dj_search_choose (search, &rules, &start, level, seed, NULL, NULL);

        g_assert_cmpint (m1, ==, m2);
        g_assert_true (m1 >= 0 && m1 < DJ_ROW_PITS);
        if (level == DJ_LEVEL_BEGINNER && m1 != a->moves[0].move)
          differs = TRUE;
      }
  /* The beginner does not always find the best move. */
  g_assert_true (differs);
}

static const DjRules book_rules[] = {
  { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN },
  { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN },
  { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE },
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/search/hand/aboure", test_hand_aboure);
  g_test_add_func ("/djenon/search/hand/gift", test_hand_gift);
  g_test_add_func ("/djenon/search/hand/escape", test_hand_escape);
  g_test_add_func ("/djenon/search/aboure-never-repeats", test_aboure_never_repeats);
  g_test_add_func ("/djenon/search/table-files", test_table_files);
  g_test_add_func ("/djenon/search/shared", test_shared);
  g_test_add_data_func ("/djenon/search/invariance/aboure", GUINT_TO_POINTER (0), test_invariance);
  g_test_add_data_func ("/djenon/search/invariance/abe", GUINT_TO_POINTER (1), test_invariance);
  g_test_add_data_func ("/djenon/search/invariance/abe-immediate", GUINT_TO_POINTER (2),
                        test_invariance);
  g_test_add_func ("/djenon/search/lines", test_lines);
  g_test_add_func ("/djenon/search/limits", test_limits);
  g_test_add_func ("/djenon/search/cancel", test_cancel);
  g_test_add_func ("/djenon/search/async", test_async);
  g_test_add_func ("/djenon/search/async-outlives-owner", test_async_outlives_owner);
  g_test_add_func ("/djenon/search/best-move", test_best_move);
  g_test_add_func ("/djenon/search/move-at-least", test_move_at_least);
  g_test_add_data_func ("/djenon/search/book/aboure", &book_rules[0], test_book);
  g_test_add_data_func ("/djenon/search/book/abe", &book_rules[1], test_book);
  g_test_add_data_func ("/djenon/search/book/abe-immediate", &book_rules[2], test_book);
  g_test_add_func ("/djenon/search/book/damaged", test_book_damaged);
  g_test_add_func ("/djenon/search/book/bit-flips", test_book_bit_flips);
  g_test_add_func ("/djenon/search/data-special-files", test_data_special_files);
  g_test_add_func ("/djenon/search/tables-changed-in-use", test_tables_changed_in_use);
  g_test_add_func ("/djenon/search/tables-read-without-lease", test_tables_read_without_lease);
  g_test_add_func ("/djenon/search/tables-sigio-taken", test_tables_sigio_taken);
  g_test_add_func ("/djenon/search/table-files-threaded", test_table_files_threaded);
  g_test_add_func ("/djenon/search/choose", test_choose);
  g_test_add_func ("/djenon/search/rules-change", test_rules_change);

  return g_test_run ();
}
