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
 * generator and the final scores (dj-play.h): positions are enumerated and
 * stored in hash tables of their own, and both fixed points are found by
 * plain value iteration (Kleene iteration from -infinity and from
 * +infinity), sweeping until nothing changes.
 *
 * 1. Every position with at most 8 seeds on the board, both sides to move,
 *    and (Djenon-abe) every position where a feeding move is owed: the
 *    endgame tables and the search without tables agree on the value of the
 *    position and of each of its moves.
 * 2. Random positions of 9 to 14 seeds (Djenon-abe: 9 to 10, see
 *    test_random): the plain values over everything reachable from them,
 *    against the solver as the application uses it, and one in ten against
 *    the search without the endgame tables.
 */
#include "config.h"

#include <string.h>

#include "dj-search.h"
#include "dj-search-tables.h"

#define PLAIN_INF 1000

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

/* Values known so far, South's view, future seeds: key -> value + PLAIN_INF. */
typedef struct
{
  const DjRules *rules;
  GHashTable    *values;
  guint          cycles;    /* positions whose value endless play decides */
} Plain;

static int
plain_get (Plain   *plain,
           guint64  key)
{
  gpointer v;

  g_assert_true (g_hash_table_lookup_extended (plain->values, &key, NULL, &v));
  return GPOINTER_TO_INT (v) - PLAIN_INF;
}

static void
plain_set (Plain   *plain,
           guint64  key,
           int      value)
{
  guint64 *k = g_new (guint64, 1);

  *k = key;
  g_hash_table_insert (plain->values, k, GINT_TO_POINTER (value + PLAIN_INF));
}

/* The moves of one position of a level: children inside the level (indices)
 * and exits (values known from below, South's view). */
typedef struct
{
  gboolean south;
  gboolean terminal;
  int      terminal_value;
  guint    n_inside;
  guint    inside[DJ_ROW_PITS];
  guint    n_exits;
  int      exits[DJ_ROW_PITS];
} Node;

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

/* Solves one level: @keys, all of n seeds and closed under the moves that
 * capture nothing; every exit's child already has its value in @plain. */
static void
plain_level (Plain  *plain,
             GArray *keys)
{
  g_autoptr(GHashTable) index = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree Node *nodes = g_new0 (Node, keys->len);
  g_autofree int *lo = g_new (int, keys->len);
  g_autofree int *hi = g_new (int, keys->len);
  gboolean changed;

  for (guint x = 0; x < keys->len; x++)
    g_hash_table_insert (index, &g_array_index (keys, guint64, x), GUINT_TO_POINTER (x + 1));

  for (guint x = 0; x < keys->len; x++)
    {
      Node *node = &nodes[x];
      DjPosition pos, kids[DJ_ROW_PITS];
      int taken[DJ_ROW_PITS];
      guint n;

      unpack (g_array_index (keys, guint64, x), &pos);
      node->south = pos.to_move == DJ_SOUTH;
      n = children_of (plain->rules, &pos, kids, taken, &node->terminal, &node->terminal_value);
      for (guint i = 0; i < n; i++)
        {
          guint64 ck = pack (&kids[i]);

          if (taken[i] == 0)
            {
              guint at = GPOINTER_TO_UINT (g_hash_table_lookup (index, &ck));

              g_assert_cmpuint (at, >, 0);   /* the level is closed */
              node->inside[node->n_inside++] = at - 1;
            }
          else
            node->exits[node->n_exits++] = (node->south ? taken[i] : -taken[i]) +
                                           plain_get (plain, ck);
        }
      lo[x] = node->terminal ? node->terminal_value : -PLAIN_INF;
      hi[x] = node->terminal ? node->terminal_value : PLAIN_INF;
    }

  /* Kleene iteration: lo rises to the least fixed point, hi falls to the
   * greatest. */
  do
    {
      changed = FALSE;
      for (guint x = 0; x < keys->len; x++)
        {
          const Node *node = &nodes[x];
          int l = node->south ? -PLAIN_INF : PLAIN_INF, h = l;

          if (node->terminal)
            continue;
          for (guint i = 0; i < node->n_inside; i++)
            {
              l = node->south ? MAX (l, lo[node->inside[i]]) : MIN (l, lo[node->inside[i]]);
              h = node->south ? MAX (h, hi[node->inside[i]]) : MIN (h, hi[node->inside[i]]);
            }
          for (guint i = 0; i < node->n_exits; i++)
            {
              l = node->south ? MAX (l, node->exits[i]) : MIN (l, node->exits[i]);
              h = node->south ? MAX (h, node->exits[i]) : MIN (h, node->exits[i]);
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

  for (guint x = 0; x < keys->len; x++)
    {
      g_assert_cmpint (lo[x], <=, hi[x]);
      if (lo[x] <= 0 && hi[x] >= 0 && lo[x] < hi[x])
        plain->cycles++;
      plain_set (plain, g_array_index (keys, guint64, x),
                 lo[x] > 0 ? lo[x] : hi[x] < 0 ? hi[x] : 0);
    }
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

static Plain *
plain_new (const DjRules *rules)
{
  Plain *plain = g_new0 (Plain, 1);

  plain->rules = rules;
  plain->values = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  return plain;
}

static void
plain_free (Plain *plain)
{
  g_hash_table_unref (plain->values);
  g_free (plain);
}

/* Every level up to @max_seeds, in full. */
static Plain *
plain_exhaustive (const DjRules *rules,
                  guint          max_seeds,
                  GArray        *all)
{
  Plain *plain = plain_new (rules);

  for (guint n = 0; n <= max_seeds; n++)
    {
      g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
      guint8 pits[DJ_N_PITS];

      enumerate (rules, pits, 0, n, keys);
      plain_level (plain, keys);
      g_array_append_vals (all, keys->data, keys->len);
    }
  return plain;
}

/* Adds to @plain every position reachable from the positions of @roots
 * (each with more than @known seeds; those with at most @known are in
 * @plain already), level by level from the top. */
static void
plain_reachable (Plain  *plain,
                 GArray *roots,
                 guint   known)
{
  GHashTable *levels[DJ_N_SEEDS + 1] = { NULL };
  guint top = 0;

  for (guint i = 0; i < roots->len; i++)
    {
      guint64 k = g_array_index (roots, guint64, i);
      DjPosition pos;
      guint n;

      unpack (k, &pos);
      n = seeds_of (&pos);
      g_assert_cmpuint (n, >, known);
      if (levels[n] == NULL)
        levels[n] = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      if (!g_hash_table_contains (levels[n], &k))
        g_hash_table_add (levels[n], g_memdup2 (&k, sizeof k));
      top = MAX (top, n);
    }

  /* Downwards: each level closed under its moves, its exits seeding the
   * levels below. */
  for (guint n = top; n > known; n--)
    {
      g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint64));
      GHashTableIter iter;
      gpointer key;

      if (levels[n] == NULL)
        continue;
      g_hash_table_iter_init (&iter, levels[n]);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_array_append_val (queue, *(guint64 *) key);
      for (guint q = 0; q < queue->len; q++)
        {
          DjPosition pos, kids[DJ_ROW_PITS];
          int taken[DJ_ROW_PITS], final;
          gboolean over;
          guint nk;

          unpack (g_array_index (queue, guint64, q), &pos);
          nk = children_of (plain->rules, &pos, kids, taken, &over, &final);
          for (guint i = 0; i < nk; i++)
            {
              guint64 ck = pack (&kids[i]);
              guint m = n - taken[i];

              if (m <= known)
                continue;
              if (levels[m] == NULL)
                levels[m] = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
              if (g_hash_table_contains (levels[m], &ck))
                continue;
              g_hash_table_add (levels[m], g_memdup2 (&ck, sizeof ck));
              if (m == n)
                g_array_append_val (queue, ck);
            }
        }
    }

  /* Upwards: the values. */
  for (guint n = known + 1; n <= top; n++)
    {
      g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
      GHashTableIter iter;
      gpointer key;

      if (levels[n] == NULL)
        continue;
      g_hash_table_iter_init (&iter, levels[n]);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_array_append_val (keys, *(guint64 *) key);
      plain_level (plain, keys);
      g_hash_table_unref (levels[n]);
    }
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
 * and each move's. */
static void
check_analysis (DjSearch         *search,
                Plain            *plain,
                const DjPosition *pos)
{
  const DjSearchLimits limits = { 0, 0, 0, DJ_SEARCH_VALUES_ONLY };
  g_autoptr(GError) error = NULL;
  g_autoptr(DjAnalysis) a = NULL;
  DjPosition bare = *pos, kids[DJ_ROW_PITS];
  int taken[DJ_ROW_PITS], final, expect;
  int capdiff = pos->captured[pos->to_move] - pos->captured[1 - pos->to_move];
  DjMoves moves;
  gboolean over;
  guint n;

  bare.captured[0] = bare.captured[1] = 0;
  expect = plain_get (plain, pack (&bare));
  if (pos->to_move == DJ_NORTH)
    expect = -expect;

  a = dj_search_analyse (search, plain->rules, pos, &limits, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (a->exact);
  if (a->value != capdiff + expect)
    {
      g_autofree char *text = dj_position_to_string (pos);

      g_test_message ("%s: solver %d, definition %d", text, a->value, capdiff + expect);
    }
  g_assert_cmpint (a->value, ==, capdiff + expect);

  /* Each move: what it takes, then the child's value for the other side. */
  n = children_of (plain->rules, &bare, kids, taken, &over, &final);
  g_assert_cmpuint (a->n_moves, ==, n);
  dj_moves_generate (plain->rules, pos, &moves);
  for (guint i = 0; i < a->n_moves; i++)
    {
      DjPosition child;
      int v;

      g_assert_true (dj_moves_child (&moves, pos, a->moves[i].move, &child));
      v = (int) child.captured[pos->to_move] - (int) pos->captured[pos->to_move];
      child.captured[0] = child.captured[1] = 0;
      v -= pos->to_move == DJ_SOUTH ? -plain_get (plain, pack (&child))
                                    : plain_get (plain, pack (&child));
      g_assert_true (a->moves[i].exact);
      g_assert_cmpint (a->moves[i].value, ==, capdiff + v);
    }
}

static const DjRules rule_sets[] = {
  { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN },
  { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN },
  { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE },
};

/* Every position of up to 8 seeds. */
static void
test_exhaustive (gconstpointer data)
{
  const DjRules *rules = data;
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(DjSearch) search = dj_search_new (64 << 20);
  g_autoptr(GRand) rand = g_rand_new_with_seed (8);
  const DjTables *tables = dj_tables_get (rules);
  Plain *plain = plain_exhaustive (rules, 8, all);
  guint nonzero = 0, zero_alive = 0;

  /* The tables the build made are there and agree everywhere. */
  g_assert_nonnull (tables);
  g_assert_cmpuint (dj_tables_max_seeds (tables), >=, 12);
  for (guint i = 0; i < all->len; i++)
    {
      guint64 k = g_array_index (all, guint64, i);
      DjPosition pos;
      int v;

      unpack (k, &pos);
      g_assert_true (dj_tables_lookup (tables, &pos, &v));
      g_assert_cmpint (v, ==, plain_get (plain, k));
    }

  /* The search alone, without the tables, on every one of them. */
  dj_search_set_use_tables (search, FALSE);
  dj_search_set_threads (search, 1);
  for (guint i = 0; i < all->len; i++)
    {
      guint64 k = g_array_index (all, guint64, i);
      DjPosition pos = with_captures (k, g_rand_int_range (rand, 0, 41));
      DjMoves moves;

      dj_moves_generate (rules, &pos, &moves);
      if (moves.end != DJ_END_NONE)
        continue;
      check_analysis (search, plain, &pos);
      if (plain_get (plain, k) != 0)
        nonzero++;
      else
        zero_alive++;
    }
  g_test_message ("%s%s: %u positions; of those still in play, %u worth other than 0, "
                  "%u worth 0; %u decided by endless play (L <= 0 <= U, L < U)",
                  dj_variant_to_string (rules->variant),
                  rules->feeding == DJ_FEEDING_IMMEDIATE ? " immediate" : "", all->len,
                  nonzero, zero_alive, plain->cycles);
  /* Not a vacuous check: both kinds are there in numbers. */
  g_assert_cmpuint (nonzero, >, 10000);
  g_assert_cmpuint (zero_alive, >, 1000);
  plain_free (plain);
}

/* Random positions of 9 to 14 seeds, with the solver as the application
 * uses it (endgame tables, two threads, one shared table). */
static void
test_random (gconstpointer data)
{
  const DjRules *rules = data;
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) roots = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(DjSearch) search = dj_search_new (64 << 20);
  g_autoptr(DjSearch) alone = dj_search_new (64 << 20);
  g_autoptr(GRand) rand = g_rand_new_with_seed (914 + rules->variant * 2 + rules->feeding);
  guint count = 7000;
  /* Djenon-abe's moves that capture nothing connect nearly a whole level:
   * what a position reaches is every position of its number of seeds and
   * fewer, so the plain definition is computed up to 10 seeds there (about
   * half a million positions); Djenon-aboure reaches far less. */
  guint max_seeds = rules->variant == DJ_VARIANT_ABOURE ? 14 : 10;
  Plain *plain = plain_exhaustive (rules, 8, all);

  while (roots->len < count)
    {
      DjPosition pos = { 0 };
      guint n = g_rand_int_range (rand, 9, max_seeds + 1);
      guint64 k;

      for (guint i = 0; i < n; i++)
        pos.pits[g_rand_int_range (rand, 0, DJ_N_PITS)]++;
      pos.to_move = g_rand_int_range (rand, 0, 2);
      k = pack (&pos);
      g_array_append_val (roots, k);
    }
  dj_search_set_use_tables (alone, FALSE);
  plain_reachable (plain, roots, 8);
  g_test_message ("%u positions known to the definition, %u decided by endless play",
                  g_hash_table_size (plain->values), plain->cycles);

  for (guint i = 0; i < roots->len; i++)
    {
      DjPosition pos = with_captures (g_array_index (roots, guint64, i),
                                      g_rand_int_range (rand, 0, 35));
      DjMoves moves;

      dj_moves_generate (rules, &pos, &moves);
      if (moves.end != DJ_END_NONE)
        continue;
      check_analysis (search, plain, &pos);
      if (i % 10 == 0)
        check_analysis (alone, plain, &pos);
    }
  g_test_message ("%u random positions of 9 to %u seeds checked", roots->len, max_seeds);
  plain_free (plain);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/djenon/exact/all-8/aboure", &rule_sets[0], test_exhaustive);
  g_test_add_data_func ("/djenon/exact/all-8/abe", &rule_sets[1], test_exhaustive);
  g_test_add_data_func ("/djenon/exact/all-8/abe-immediate", &rule_sets[2], test_exhaustive);
  g_test_add_data_func ("/djenon/exact/random-9-14/aboure", &rule_sets[0], test_random);
  g_test_add_data_func ("/djenon/exact/random-9-14/abe", &rule_sets[1], test_random);
  g_test_add_data_func ("/djenon/exact/random-9-14/abe-immediate", &rule_sets[2], test_random);

  return g_test_run ();
}
