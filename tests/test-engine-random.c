/* test-engine-random.c: properties over 100,000 random games per rule set
 *
 * An oracle written from RULES.md, independent of the engine's code, says
 * for every pit of every position met whether it can be played and why not;
 * the engine must agree, and every legal move must apply and conserve seeds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-play.h"

#define N_GAMES 100000
#define MAX_PLIES 1000

/* Seed-by-seed sowing; FALSE when the move never ends.  Laps beyond a large
 * bound are checked for a repeated state the slow way. */
static gboolean
oracle_sow (DjVariant   variant,
            DjPosition *pos,
            guint       pit)
{
  g_autoptr(GHashTable) seen = NULL;
  guint8 *p = pos->pits;

  for (guint laps = 0;; laps++)
    {
      guint n = p[pit], i = variant == DJ_VARIANT_ABOURE ? pit : (pit + 1) % 12, last = pit;

      if (laps >= 1000)
        {
          char key[64];

          if (seen == NULL)
            seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          g_snprintf (key, sizeof key, "%u:%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u", pit,
                      p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11]);
          if (!g_hash_table_add (seen, g_strdup (key)))
            return FALSE;
        }
      p[pit] = 0;
      for (; n > 0; n--)
        {
          p[i]++;
          last = i;
          i = (i + 1) % 12;
        }
      if (p[last] == 1)
        return TRUE;
      if (p[last] == 2 || p[last] == 4)
        {
          guint j = last;

          do
            {
              pos->captured[pos->to_move] += p[j];
              p[j] = 0;
              j = (j + 11) % 12;
            }
          while (j != last && (p[j] == 2 || p[j] == 4));
          return TRUE;
        }
      pit = last;
    }
}

static guint
row (const DjPosition *pos,
     guint             side)
{
  guint n = 0;

  for (guint i = side * 6; i < side * 6 + 6; i++)
    n += pos->pits[i];
  return n;
}

/* Has @side, to move in @pos, a move that ends and leaves the other row non-empty? */
static gboolean
oracle_can_feed (DjVariant         variant,
                 const DjPosition *pos,
                 guint             side)
{
  for (guint i = side * 6; i < side * 6 + 6; i++)
    {
      DjPosition q = *pos;

      q.to_move = side;
      if (q.pits[i] > 0 && oracle_sow (variant, &q, i) && row (&q, 1 - side) > 0)
        return TRUE;
    }
  return FALSE;
}

typedef struct
{
  DjPitStatus pit[6];
  DjPosition  child[6];
  gboolean    pass;
  DjEndReason end;
} Oracle;

static void
oracle (const DjRules    *rules,
        const DjPosition *pos,
        Oracle           *o)
{
  guint me = pos->to_move, them = 1 - me;
  gboolean must_feed = FALSE;
  guint n_legal = 0;

  memset (o, 0, sizeof *o);
  if (rules->variant == DJ_VARIANT_ABE)
    {
      if (row (pos, me) == 1 && row (pos, them) == 1)
        {
          o->end = DJ_END_ONE_SEED_EACH;
          return;
        }
      if (row (pos, me) == 0)
        {
          if (oracle_can_feed (DJ_VARIANT_ABE, pos, them))
            o->pass = TRUE;
          else
            o->end = DJ_END_STARVED;
          return;
        }
      must_feed = pos->feed_owed ||
                  (rules->feeding == DJ_FEEDING_IMMEDIATE && row (pos, them) == 0);
    }

  for (guint k = 0; k < 6; k++)
    {
      guint i = me * 6 + k;
      DjPosition q = *pos;

      if (pos->pits[i] == 0)
        o->pit[k] = DJ_PIT_EMPTY;
      else if (rules->variant == DJ_VARIANT_ABOURE && pos->pits[i] == 1)
        o->pit[k] = DJ_PIT_SINGLETON;
      else if (!oracle_sow (rules->variant, &q, i))
        o->pit[k] = DJ_PIT_ENDLESS;
      else if (must_feed && row (&q, them) == 0)
        o->pit[k] = DJ_PIT_DOES_NOT_FEED;
      else
        {
          o->pit[k] = DJ_PIT_LEGAL;
          q.to_move = them;
          q.feed_owed = 0;
          o->child[k] = q;
          n_legal++;
        }
    }
  if (n_legal > 0)
    return;

  if (rules->variant == DJ_VARIANT_ABE)
    o->end = must_feed ? DJ_END_CANNOT_FEED : DJ_END_NO_MOVES_ENDLESS;
  else
    {
      gboolean other_can = FALSE, big = FALSE;

      for (guint i = them * 6; i < them * 6 + 6; i++)
        {
          DjPosition q = *pos;

          q.to_move = them;
          if (pos->pits[i] >= 2 && oracle_sow (DJ_VARIANT_ABOURE, &q, i))
            other_can = TRUE;
        }
      for (guint i = 0; i < 12; i++)
        big |= pos->pits[i] >= 2;
      if (other_can)
        o->pass = TRUE;
      else
        o->end = big ? DJ_END_NO_MOVES_ENDLESS : DJ_END_NO_MOVES;
    }
}

static guint
total (const DjPosition *pos)
{
  return row (pos, 0) + row (pos, 1) + pos->captured[0] + pos->captured[1];
}

static void
random_games (gconstpointer data)
{
  const DjRules *rules = data;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261129 + rules->variant * 2 + rules->feeding);
  g_autoptr(DjTrace) trace = dj_trace_new ();
  guint reasons[DJ_END_CANNOT_FEED + 1] = { 0 };
  guint64 moves_played = 0, passes = 0, refused = 0;
  guint capped = 0;

  for (guint g = 0; g < N_GAMES; g++)
    {
      DjPosition pos;
      guint ply;

      dj_position_init_start (&pos);
      for (ply = 0; ply < MAX_PLIES; ply++)
        {
          DjMoves moves;
          Oracle o;
          guint pick;

          g_assert_cmpuint (total (&pos), ==, DJ_N_SEEDS);
          dj_moves_generate (rules, &pos, &moves);
          oracle (rules, &pos, &o);

          g_assert_cmpint (moves.end, ==, o.end);
          /* The counting shortcut perft uses agrees with the full generation. */
          g_assert_cmpuint (dj_moves_count (rules, &pos), ==,
                            moves.end != DJ_END_NONE || moves.must_pass ? 0 : moves.n_legal);
          if (moves.end != DJ_END_NONE)
            {
              int score[2];

              dj_final_scores (rules, &pos, score);
              g_assert_cmpint (score[0] + score[1], ==, DJ_N_SEEDS);
              g_assert_cmpint (score[0], >=, 0);
              g_assert_cmpint (score[1], >=, 0);
              reasons[moves.end]++;
              break;
            }
          g_assert_cmpint (moves.must_pass, ==, o.pass);

          for (guint k = 0; k < 6; k++)
            {
              DjMove m = moves.row_start + k;

              /* Pits that cannot move keep the oracle's reason, and are refused. */
              if (!o.pass)
                g_assert_cmpint (dj_moves_why (&moves, m), ==, o.pit[k]);
              if (dj_moves_why (&moves, m) != DJ_PIT_LEGAL)
                {
                  g_autoptr(GError) error = NULL;

                  g_assert_false (dj_play (rules, &pos, m, trace, &error));
                  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_ILLEGAL);
                  refused++;
                }
              /* A pit of the other row is never playable. */
              g_assert_cmpint (dj_moves_why (&moves, (m + 6) % 12), ==, DJ_PIT_NOT_YOURS);
            }

          if (moves.must_pass)
            {
              g_assert_true (dj_play (rules, &pos, DJ_PASS, trace, NULL));
              g_assert_cmpint (trace->after.to_move, !=, pos.to_move);
              g_assert_true (memcmp (trace->after.pits, pos.pits, DJ_N_PITS) == 0);
              pos = trace->after;
              passes++;
              continue;
            }
          g_assert_cmpint (dj_moves_why (&moves, DJ_PASS), ==, DJ_PIT_CANNOT_PASS);

          /* Every legal move applies, and its trace accounts for every seed. */
          pick = g_rand_int_range (rand, 0, moves.n_legal);
          for (guint k = 0; k < 6; k++)
            {
              guint lifted = 0;

              if (moves.pit[k] != DJ_PIT_LEGAL)
                continue;
              g_assert_true (dj_play (rules, &pos, moves.row_start + k, trace, NULL));
              g_assert_true (dj_position_equal (&trace->after, &o.child[k]));
              for (guint l = 0; l < trace->laps->len; l++)
                lifted += g_array_index (trace->laps, DjLap, l).seeds;
              g_assert_cmpuint (lifted, ==, trace->drops->len);
              g_assert_cmpuint (trace->after.captured[pos.to_move],
                                ==, pos.captured[pos.to_move] + trace->captured);
              if (pick-- == 0)
                {
                  pos = trace->after;
                  moves_played++;
                  break;
                }
            }
        }
      if (ply == MAX_PLIES)
        capped++;
    }

  g_test_message ("%u games: %" G_GUINT64_FORMAT " moves, %" G_GUINT64_FORMAT " passes, "
                  "%" G_GUINT64_FORMAT " refused pits, %u capped; ends: no-moves %u, "
                  "endless %u, one-seed-each %u, starved %u, cannot-feed %u",
                  N_GAMES, moves_played, passes, refused, capped,
                  reasons[DJ_END_NO_MOVES], reasons[DJ_END_NO_MOVES_ENDLESS],
                  reasons[DJ_END_ONE_SEED_EACH], reasons[DJ_END_STARVED],
                  reasons[DJ_END_CANNOT_FEED]);
  /* Nearly every random game reaches the rules' end. */
  g_assert_cmpuint (capped, <, N_GAMES / 100);
  if (rules->variant == DJ_VARIANT_ABOURE)
    g_assert_cmpuint (reasons[DJ_END_NO_MOVES] + capped, ==, N_GAMES);
  else
    g_assert_cmpuint (reasons[DJ_END_ONE_SEED_EACH] + reasons[DJ_END_STARVED], >, 0);
}

int
main (int    argc,
      char **argv)
{
  static const DjRules aboure = { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN };
  static const DjRules abe = { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN };
  static const DjRules abe_immediate = { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE };

  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/djenon/engine/random/aboure", &aboure, random_games);
  g_test_add_data_func ("/djenon/engine/random/abe", &abe, random_games);
  g_test_add_data_func ("/djenon/engine/random/abe-immediate", &abe_immediate, random_games);

  return g_test_run ();
}
