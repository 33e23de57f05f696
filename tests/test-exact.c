/* test-exact.c: the solver and the endgame tables against a plain
 * implementation of the definition of perfect-play values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * RULES.md, "Perfect-play values": positions fall into levels by the number
 * of seeds on the board; within a level, with the levels below known, L is
 * the least fixed point of the minimax equations (South maximises, North
 * minimises; from South's view) and U the greatest; the value is L if L > 0,
 * U if U < 0, else 0.
 *
 * The implementation here shares nothing with the solver but the move
 * generator and the final scores (dj-play.h): positions are enumerated
 * level by level and kept in sorted arrays of their own (found by binary
 * search), and both fixed points are found by plain value iteration (Kleene
 * iteration from -infinity and from +infinity), sweeping until nothing
 * changes.
 *
 * 1. Every position with at most 8 seeds on the board, both sides to move,
 *    and (Djenon-abe) every position where a feeding move is owed: the
 *    endgame tables and the search without tables agree on the value of the
 *    position and of each of its moves.
 * 2. Every position of up to 14 seeds against the endgame tables, and
 *    20,000 random positions of 9 to 14 seeds (and each of their moves)
 *    against the solver as the application uses it, one in ten also
 *    against the search without the endgame tables.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dj-search.h"
#include "dj-search-tables.h"

#define PLAIN_INF 1000
#define PLAIN_MAX_SEEDS 14

/* A position as a 64-bit key: 4 bits a pit (at most 15 seeds), the side to
 * move, the feeding flag; captures are not part of it. */
static guint64
pack (const DjPosition *pos)
{
  guint64 k = 0;

  for (guint i = 0; i < DJ_N_PITS; i++)
    {
      g_assert_cmpuint (pos->pits[i], <, 16);
      k |= (guint64) pos->pits[i] << (4 * i);
    }
  return k | ((guint64) pos->to_move << 48) | ((guint64) pos->feed_owed << 49);
}

static void
unpack (guint64     k,
        DjPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  for (guint i = 0; i < DJ_N_PITS; i++)
    pos->pits[i] = (k >> (4 * i)) & 15;
  pos->to_move = (k >> 48) & 1;
  pos->feed_owed = (k >> 49) & 1;
}

static guint
seeds_of (const DjPosition *pos)
{
  guint n = 0;

  for (guint i = 0; i < DJ_N_PITS; i++)
    n += pos->pits[i];
  return n;
}

/* One level of the definition: every position of n seeds, by key, sorted,
 * with its value (South's view, seeds still to be won). */
typedef struct
{
  guint64 *keys;
  gint8   *values;
  gsize    len;
} PlainLevel;

typedef struct
{
  const DjRules *rules;
  guint          max_seeds;
  PlainLevel     levels[PLAIN_MAX_SEEDS + 1];
  guint          cycles;    /* positions whose value endless play decides */
} Plain;

static int
compare_keys (const void *a,
              const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* The place of @key in its level (seeds_of it), or -1. */
static gssize
plain_find (const PlainLevel *level,
            guint64           key)
{
  const guint64 *at = bsearch (&key, level->keys, level->len, sizeof (guint64), compare_keys);

  return at == NULL ? -1 : at - level->keys;
}

static guint
key_seeds (guint64 key)
{
  guint n = 0;

  for (guint i = 0; i < DJ_N_PITS; i++)
    n += (key >> (4 * i)) & 15;
  return n;
}

static int
plain_get (Plain   *plain,
           guint64  key)
{
  guint n = key_seeds (key);
  gssize x;

  g_assert_cmpuint (n, <=, plain->max_seeds);
  x = plain_find (&plain->levels[n], key);
  g_assert_cmpint (x, >=, 0);
  return plain->levels[n].values[x];
}

/* The children of @pos: position and seeds taken (for the pass, 0). */
static guint
children_of (const DjRules    *rules,
             const DjPosition *pos,
             DjPosition        kids[DJ_ROW_PITS],
             int               taken[DJ_ROW_PITS],
             gboolean         *over,
             int              *final)
{
  DjMoves moves;
  guint n = 0;

  dj_moves_generate (rules, pos, &moves);
  *over = moves.end != DJ_END_NONE;
  if (*over)
    {
      int score[2];

      dj_final_scores (rules, pos, score);
      *final = score[DJ_SOUTH] - score[DJ_NORTH];
      return 0;
    }
  if (moves.must_pass)
    {
      g_assert_true (dj_moves_child (&moves, pos, DJ_PASS, &kids[0]));
      taken[0] = 0;
      return 1;
    }
  for (guint k = 0; k < DJ_ROW_PITS; k++)
    if (moves.pit[k] == DJ_PIT_LEGAL)
      {
        kids[n] = moves.children[k];
        taken[n] = kids[n].captured[pos->to_move] - pos->captured[pos->to_move];
        kids[n].captured[0] = kids[n].captured[1] = 0;
        n++;
      }
  return n;
}

/* Every position of @seeds seeds: both sides, and with a feeding move owed
 * where the starved row is empty (Djenon-abe). */
static void
enumerate (const DjRules *rules,
           guint8        *pits,
           guint          pit,
           guint          left,
           GArray        *keys)
{
  if (pit == DJ_N_PITS - 1)
    {
      DjPosition pos = { 0 };

      memcpy (pos.pits, pits, DJ_N_PITS);
      pos.pits[pit] = left;
      for (guint side = 0; side < 2; side++)
        {
          guint64 k;

          pos.to_move = side;
          pos.feed_owed = 0;
          k = pack (&pos);
          g_array_append_val (keys, k);
          if (rules->variant == DJ_VARIANT_ABE &&
              dj_position_row_seeds (&pos, DJ_OTHER_SIDE (side)) == 0)
            {
              pos.feed_owed = 1;
              k = pack (&pos);
              g_array_append_val (keys, k);
            }
        }
      return;
    }
  for (guint v = 0; v <= left; v++)
    {
      pits[pit] = v;
      enumerate (rules, pits, pit + 1, left - v, keys);
    }
}

/* Solves level @n, the levels below known: every position of n seeds, its
 * moves that capture nothing (edges inside the level) and its best exit (a
 * capture: the seeds taken plus the child's value from below). */
static void
plain_level (Plain *plain,
             guint  n)
{
  PlainLevel *level = &plain->levels[n];
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint32 *first = NULL;
  g_autofree gint16 *exit = NULL;     /* the mover's best exit, South's view */
  g_autofree guint8 *terminal = NULL;
  g_autofree gint16 *lo = NULL, *hi = NULL;
  guint8 pits[DJ_N_PITS];
  gboolean changed;
  gsize count;

  enumerate (plain->rules, pits, 0, n, keys);
  qsort (keys->data, keys->len, sizeof (guint64), compare_keys);
  count = keys->len;
  level->len = count;
  level->keys = (guint64 *) g_array_free (g_steal_pointer (&keys), FALSE);

  first = g_new (guint32, count + 1);
  exit = g_new (gint16, count);
  terminal = g_new0 (guint8, count);
  lo = g_new (gint16, count);
  hi = g_new (gint16, count);
  for (gsize x = 0; x < count; x++)
    {
      DjPosition pos, kids[DJ_ROW_PITS];
      int taken[DJ_ROW_PITS], final;
      gboolean south, over;
      guint k;

      unpack (level->keys[x], &pos);
      south = pos.to_move == DJ_SOUTH;
      first[x] = edges->len;
      exit[x] = south ? -PLAIN_INF : PLAIN_INF;
      k = children_of (plain->rules, &pos, kids, taken, &over, &final);
      if (over)
        {
          terminal[x] = 1;
          lo[x] = hi[x] = final;
          continue;
        }
      for (guint i = 0; i < k; i++)
        {
          guint64 ck = pack (&kids[i]);

          if (taken[i] == 0)
            {
              gssize at = plain_find (level, ck);
              guint32 to;

              g_assert_cmpint (at, >=, 0);   /* the level is closed */
              to = at;
              g_array_append_val (edges, to);
            }
          else
            {
              int v = (south ? taken[i] : -taken[i]) + plain_get (plain, ck);

              exit[x] = south ? MAX (exit[x], v) : MIN (exit[x], v);
            }
        }
      lo[x] = -PLAIN_INF;
      hi[x] = PLAIN_INF;
    }
  first[count] = edges->len;

  /* Kleene iteration: lo rises to the least fixed point, hi falls to the
   * greatest.  Sweeps in place until nothing changes. */
  do
    {
      const guint32 *to = (const guint32 *) edges->data;

      changed = FALSE;
      for (gsize x = 0; x < count; x++)
        {
          gboolean south = ((level->keys[x] >> 48) & 1) == DJ_SOUTH;
          int l = exit[x], h = exit[x];

          if (terminal[x])
            continue;
          for (guint32 e = first[x]; e < first[x + 1]; e++)
            {
              l = south ? MAX (l, lo[to[e]]) : MIN (l, lo[to[e]]);
              h = south ? MAX (h, hi[to[e]]) : MIN (h, hi[to[e]]);
            }
          if (l != lo[x] || h != hi[x])
            {
              lo[x] = l;
              hi[x] = h;
              changed = TRUE;
            }
        }
    }
  while (changed);

  level->values = g_new (gint8, count);
  for (gsize x = 0; x < count; x++)
    {
      g_assert_cmpint (lo[x], <=, hi[x]);
      if (lo[x] <= 0 && hi[x] >= 0 && lo[x] < hi[x])
        plain->cycles++;
      level->values[x] = lo[x] > 0 ? lo[x] : hi[x] < 0 ? hi[x] : 0;
      g_assert_cmpint (ABS (level->values[x]), <=, n);
    }
}

/* Every level up to @max_seeds, in full. */
static Plain *
plain_new (const DjRules *rules,
           guint          max_seeds)
{
  Plain *plain = g_new0 (Plain, 1);

  g_assert_cmpuint (max_seeds, <=, PLAIN_MAX_SEEDS);
  plain->rules = rules;
  plain->max_seeds = max_seeds;
  for (guint n = 0; n <= max_seeds; n++)
    plain_level (plain, n);
  return plain;
}

static void
plain_free (Plain *plain)
{
  for (guint n = 0; n <= plain->max_seeds; n++)
    {
      g_free (plain->levels[n].keys);
      g_free (plain->levels[n].values);
    }
  g_free (plain);
}

/* ---------------------------------------------------------------------- */
/* comparisons */

/* The position @key with captures that add up to 48. */
static DjPosition
with_captures (guint64  key,
               guint    south_captured)
{
  DjPosition pos;
  guint n;

  unpack (key, &pos);
  n = seeds_of (&pos);
  pos.captured[DJ_SOUTH] = MIN (south_captured, DJ_N_SEEDS - n);
  pos.captured[DJ_NORTH] = DJ_N_SEEDS - n - pos.captured[DJ_SOUTH];
  return pos;
}

/* The analysis of @pos by @search agrees with @plain: the position's value
 * and each move's.  With @node_budget (one thread: the same nodes each
 * run), a value need not be proven, but its proven bounds must hold the
 * true value.  Returns whether every value was exact. */
static gboolean
check_analysis (DjSearch         *search,
                Plain            *plain,
                const DjPosition *pos,
                guint64           node_budget)
{
  const DjSearchLimits limits = { 0, node_budget, 0, DJ_SEARCH_VALUES_ONLY };
  g_autoptr(GError) error = NULL;
  g_autoptr(DjAnalysis) a = NULL;
  DjPosition bare = *pos, kids[DJ_ROW_PITS];
  int taken[DJ_ROW_PITS], final, expect;
  int capdiff = pos->captured[pos->to_move] - pos->captured[1 - pos->to_move];
  DjMoves moves;
  gboolean over;
  guint n;

  bare.captured[0] = bare.captured[1] = 0;
  expect = capdiff + (pos->to_move == DJ_NORTH ? -1 : 1) * plain_get (plain, pack (&bare));

  a = dj_search_analyse (search, plain->rules, pos, &limits, NULL, &error);
  g_assert_no_error (error);
  if (node_budget == 0)
    g_assert_true (a->exact);
  if (a->exact && a->value != expect)
    {
      g_autofree char *text = dj_position_to_string (pos);

      g_test_message ("%s: solver %d, definition %d", text, a->value, expect);
    }
  if (a->exact)
    g_assert_cmpint (a->value, ==, expect);
  g_assert_cmpint (a->lower, <=, expect);
  g_assert_cmpint (expect, <=, a->upper);

  /* Each move: what it takes, then the child's value for the other side. */
  n = children_of (plain->rules, &bare, kids, taken, &over, &final);
  g_assert_cmpuint (a->n_moves, ==, n);
  dj_moves_generate (plain->rules, pos, &moves);
  for (guint i = 0; i < a->n_moves; i++)
    {
      const DjMoveValue *mv = &a->moves[i];
      DjPosition child;
      int v;

      g_assert_true (dj_moves_child (&moves, pos, mv->move, &child));
      v = (int) child.captured[pos->to_move] - (int) pos->captured[pos->to_move];
      child.captured[0] = child.captured[1] = 0;
      v -= pos->to_move == DJ_SOUTH ? -plain_get (plain, pack (&child))
                                    : plain_get (plain, pack (&child));
      v += capdiff;
      if (mv->exact)
        g_assert_cmpint (mv->value, ==, v);
      g_assert_cmpint (mv->lower, <=, v);
      g_assert_cmpint (v, <=, mv->upper);
    }
  return a->exact;
}

static const DjRules rule_sets[] = {
  { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN },
  { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN },
  { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE },
};

/* Every position of up to 8 seeds: the tables, and the search without
 * them, on each. */
static void
test_exhaustive (gconstpointer data)
{
  const DjRules *rules = data;
  g_autoptr(DjSearch) search = dj_search_new (64 << 20);
  g_autoptr(GRand) rand = g_rand_new_with_seed (8);
  const DjTables *tables = dj_tables_get (rules);
  Plain *plain = plain_new (rules, 8);
  guint nonzero = 0, zero_alive = 0, count = 0;

  /* The tables the build made are there and agree everywhere. */
  g_assert_nonnull (tables);
  g_assert_cmpuint (dj_tables_max_seeds (tables), >=, 12);
  dj_search_set_use_tables (search, FALSE);
  dj_search_set_threads (search, 1);
  for (guint n = 0; n <= 8; n++)
    for (gsize x = 0; x < plain->levels[n].len; x++)
      {
        guint64 k = plain->levels[n].keys[x];
        DjPosition pos;
        DjMoves moves;
        int v;

        unpack (k, &pos);
        g_assert_true (dj_tables_lookup (tables, &pos, &v));
        g_assert_cmpint (v, ==, plain->levels[n].values[x]);
        count++;

        /* The search alone, without the tables, on every one of them. */
        pos = with_captures (k, g_rand_int_range (rand, 0, 41));
        dj_moves_generate (rules, &pos, &moves);
        if (moves.end != DJ_END_NONE)
          continue;
        check_analysis (search, plain, &pos, 0);
        if (plain->levels[n].values[x] != 0)
          nonzero++;
        else
          zero_alive++;
      }
  g_test_message ("%s%s: %u positions; of those still in play, %u worth other than 0, "
                  "%u worth 0; %u decided by endless play (L <= 0 <= U, L < U)",
                  dj_variant_to_string (rules->variant),
                  rules->feeding == DJ_FEEDING_IMMEDIATE ? " immediate" : "", count,
                  nonzero, zero_alive, plain->cycles);
  /* Not a vacuous check: both kinds are there in numbers. */
  g_assert_cmpuint (nonzero, >, 10000);
  g_assert_cmpuint (zero_alive, >, 1000);
  plain_free (plain);
}

/* Every position of up to 14 seeds against the endgame tables; 20,000
 * random positions of 9 to 14 seeds against the solver as the application
 * uses it (tables, two threads, one shared table), and one in ten of them
 * against the search without the tables. */
static void
test_random (gconstpointer data)
{
  const DjRules *rules = data;
  g_autoptr(DjSearch) search = dj_search_new (64 << 20);
  g_autoptr(DjSearch) alone = dj_search_new (64 << 20);
  g_autoptr(GRand) rand = g_rand_new_with_seed (914 + rules->variant * 2 + rules->feeding);
  const DjTables *tables = dj_tables_get (rules);
  const guint count = 20000;
  guint max_seeds = MIN (PLAIN_MAX_SEEDS, dj_tables_max_seeds (tables));
  guint checked = 0, alone_checked = 0, alone_exact = 0;
  gsize all = 0;
  Plain *plain;

  g_assert_cmpuint (max_seeds, ==, 14);
  plain = plain_new (rules, max_seeds);
  for (guint n = 0; n <= max_seeds; n++)
    for (gsize x = 0; x < plain->levels[n].len; x++)
      {
        DjPosition pos;
        int v;

        unpack (plain->levels[n].keys[x], &pos);
        g_assert_true (dj_tables_lookup (tables, &pos, &v));
        g_assert_cmpint (v, ==, plain->levels[n].values[x]);
        all++;
      }
  g_test_message ("%" G_GSIZE_FORMAT " positions of up to %u seeds: the tables agree with the "
                  "definition on every one; %u decided by endless play", all, max_seeds,
                  plain->cycles);
  /* What the help pages say ("How Djenon reads the rules", endless play in
   * analysis): going round for ever decides the value of no position of up
   * to 14 seeds; in each, one side can leave the circle with a result at
   * least as good.  (dj-make-tables finds the same up to 20 seeds.)  Should
   * the rules ever change that, such a position belongs in test-search's
   * hand-worked endgames and in the help. */
  g_assert_cmpuint (plain->cycles, ==, 0);

  /* The search alone takes seconds on some Djenon-abe positions of 11 seeds
   * and more; on one thread with a fixed number of nodes it does the same
   * work on every machine, and what it cannot prove within them it must
   * still bound correctly. */
  dj_search_set_use_tables (alone, FALSE);
  dj_search_set_threads (alone, 1);
  while (checked < count)
    {
      /* A random level, then a random position of it (each of its boards
       * equally likely), with random captures. */
      guint n = g_rand_int_range (rand, 9, max_seeds + 1);
      guint64 k = plain->levels[n].keys[g_rand_int_range (rand, 0, plain->levels[n].len)];
      DjPosition pos = with_captures (k, g_rand_int_range (rand, 0, DJ_N_SEEDS - n + 1));
      DjMoves moves;

      dj_moves_generate (rules, &pos, &moves);
      if (moves.end != DJ_END_NONE)
        continue;
      check_analysis (search, plain, &pos, 0);
      if (checked % 10 == 0)
        {
          dj_search_clear (alone);
          alone_exact += check_analysis (alone, plain, &pos, 100000);
          alone_checked++;
        }
      checked++;
    }
  g_test_message ("%u random positions of 9 to %u seeds checked; %u of them by the search "
                  "without the tables too, %u proven within 100,000 nodes, the rest bounded",
                  checked, max_seeds, alone_checked, alone_exact);
  /* The search alone is tested, not only its bounds. */
  g_assert_cmpuint (alone_exact, >, alone_checked / 2);
  plain_free (plain);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/djenon/exact/aboure/all-8", &rule_sets[0], test_exhaustive);
  g_test_add_data_func ("/djenon/exact/abe/all-8", &rule_sets[1], test_exhaustive);
  g_test_add_data_func ("/djenon/exact/abe-immediate/all-8", &rule_sets[2], test_exhaustive);
  g_test_add_data_func ("/djenon/exact/aboure/all-14", &rule_sets[0], test_random);
  g_test_add_data_func ("/djenon/exact/abe/all-14", &rule_sets[1], test_random);
  g_test_add_data_func ("/djenon/exact/abe-immediate/all-14", &rule_sets[2], test_random);

  return g_test_run ();
}
