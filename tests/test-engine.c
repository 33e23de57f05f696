/* test-engine.c: the rules, checked against traces worked out by hand
 *
 * Every expected trace below was written from ../shared/RULES.md with pencil
 * and paper, lap by lap; none was copied from the program's output.
 * Trace notation: "c4:cdef=5" is a lap lifting 4 seeds from c, dropping them
 * in c d e f, the last pit (f) then holding 5.  Captures: "f2 e4" is the
 * landing pit first, then backwards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-explain.h"
#include "dj-perft.h"
#include "dj-play.h"

static const DjRules aboure = { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN };
static const DjRules abe = { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN };
static const DjRules abe_immediate = { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE };

static DjPosition
pos_from (const char *text)
{
  g_autoptr(GError) error = NULL;
  DjPosition pos;

  if (text == NULL)
    dj_position_init_start (&pos);
  else
    {
      dj_position_parse (text, &pos, &error);
      g_assert_no_error (error);
    }
  return pos;
}

static char *
laps_string (const DjTrace *trace)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < trace->laps->len; i++)
    {
      const DjLap *lap = &g_array_index (trace->laps, DjLap, i);

      if (i > 0)
        g_string_append_c (s, '|');
      g_string_append_printf (s, "%s%u:", dj_move_to_string (lap->pit), lap->seeds);
      for (guint k = 0; k < lap->seeds; k++)
        g_string_append (s, dj_move_to_string (g_array_index (trace->drops, guint8,
                                                              lap->first_drop + k)));
      g_string_append_printf (s, "=%u", lap->landing_count);
      g_assert_cmpuint (lap->landing, ==,
                        g_array_index (trace->drops, guint8, lap->first_drop + lap->seeds - 1));
    }
  return g_string_free (s, FALSE);
}

static char *
captures_string (const DjTrace *trace)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < trace->captures->len; i++)
    {
      const DjCapture *c = &g_array_index (trace->captures, DjCapture, i);

      g_string_append_printf (s, "%s%s%u", i ? " " : "", dj_move_to_string (c->pit), c->seeds);
    }
  return g_string_free (s, FALSE);
}

/* Plays @move from @start and checks the laps, the captures and the result. */
static void
check_move (const DjRules *rules,
            const char    *start,
            const char    *move,
            const char    *laps,
            const char    *captures,
            const char    *after)
{
  g_autoptr(DjTrace) trace = dj_trace_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *got_laps = NULL;
  g_autofree char *got_caps = NULL;
  g_autofree char *got_after = NULL;
  DjPosition pos = pos_from (start);
  DjMove m;

  g_assert_true (dj_move_from_string (move, &m));
  g_assert_true (dj_play (rules, &pos, m, trace, &error));
  g_assert_no_error (error);

  got_laps = laps_string (trace);
  got_caps = captures_string (trace);
  got_after = dj_position_to_string (&trace->after);
  g_assert_cmpstr (got_laps, ==, laps);
  g_assert_cmpstr (got_caps, ==, captures);
  g_assert_cmpstr (got_after, ==, after);
  g_assert_cmpint (trace->end, ==, captures[0] ? DJ_TRACE_CAPTURE : DJ_TRACE_EMPTY_PIT);
}

static void
test_aboure_start_c (void)
{
  /* 4 seeds from c go back into c first (origin-first): c d e f, f 4→5.
   * f is lifted (5): f A B C D, D 4→5.  D (5): D E F a b, b 4→5.
   * b (5): b c d e f; f was emptied and got 1 on lap 2, so 1→2: capture.
   * e holds 6: the chain stops at once. */
  check_move (&aboure, NULL, "c",
              "c4:cdef=5|f5:fABCD=5|D5:DEFab=5|b5:bcdef=2",
              "f2",
              "5 1 2 6 6 0 5 5 5 1 5 5 2 0 N");
}

static void
test_abe_start_c (void)
{
  /* The first seed goes to the next pit: d e f A, A 4→5.
   * A (5): B C D E F, F→5.  F (5): a b c d e; c was emptied (→1), e 5→6.
   * e (6): f A B C D E; A was emptied (→1), E 5→6.
   * E (6): F a b c d e; e was emptied, so it holds 1: the move ends. */
  check_move (&abe, NULL, "c",
              "c4:defA=5|A5:BCDEF=5|F5:abcde=6|e6:fABCDE=6|E6:Fabcde=1",
              "",
              "6 6 2 7 1 6 1 6 6 6 0 1 0 0 N");
}

static void
test_chain_crosses_rows (void)
{
  /* Djenon-aboure, South lifts d (4): d e f A.  A 1→2 is taken, then
   * backwards f 1→2 and e 3→4 (South's own row: both rows count); d holds
   * the seed that went back into it (1), so the chain stops.  2+2+4 = 8. */
  check_move (&aboure, "5 5 5 4 3 1 1 5 5 5 5 4 0 0 S", "d",
              "d4:defA=2",
              "A2 f2 e4",
              "5 5 5 1 0 0 0 5 5 5 5 4 8 0 N");
}

static void
test_chain_wraps (void)
{
  /* Djenon-abe, North lifts E (3): F a b.  b 1→2 is taken, then a 3→4,
   * then, past index 0, F 1→2; E was emptied by the lift: stop. */
  check_move (&abe, "3 1 4 4 4 4 4 4 4 4 3 1 4 4 N", "E",
              "E3:Fab=2",
              "b2 a4 F2",
              "0 0 4 4 4 4 4 4 4 4 0 0 4 12 S");
}

static void
test_long_lap_aboure (void)
{
  /* 13 seeds from a: a b c d e f A B C D E F and the 13th into a again, so
   * a (emptied) holds 2: captured, then F 3→4 and E 1→2; D 2→3 stops. */
  check_move (&aboure, "13 2 2 2 2 2 2 2 2 2 1 3 7 6 S", "a",
              "a13:abcdefABCDEFa=2",
              "a2 F4 E2",
              "0 3 3 3 3 3 3 3 3 3 0 0 15 6 N");
}

static void
test_long_lap_abe (void)
{
  /* 14 seeds from f: A…F, a…f (the 12th seed falls into f itself), then A
   * and B.  B 0→2: captured; A 2→4: captured; f holds 1: stop. */
  check_move (&abe, "1 1 1 1 1 14 2 0 1 1 1 1 11 12 S", "f",
              "f14:ABCDEFabcdefAB=2",
              "B2 A4",
              "2 2 2 2 2 1 0 0 2 2 2 2 17 12 N");
}

/* An independent, seed-by-seed sowing that remembers every lap's state:
 * the reference for the engine's endless-move detection. */
static gboolean
naive_sow (DjVariant   variant,
           DjPosition *pos,
           guint       pit)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint8 *p = pos->pits;

  for (;;)
    {
      char key[64];
      guint n = p[pit], i = variant == DJ_VARIANT_ABOURE ? pit : (pit + 1) % 12, last = pit;

      g_snprintf (key, sizeof key, "%u:%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u", pit,
                  p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11]);
      if (g_hash_table_contains (seen, key))
        return FALSE;
      g_hash_table_add (seen, g_strdup (key));

      p[pit] = 0;
      while (n-- > 0)
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

/* Found by a search over random Djenon-aboure positions (kept as fixtures). */
static const struct
{
  const char *pos;
  const char *pit;
} endless_aboure[] = {
  { "5 2 3 2 1 2 8 1 5 4 3 2 10 0 S", "A" },
  { "4 3 4 1 2 3 3 2 1 5 6 3 11 0 S", "f" },
  { "3 0 8 7 6 3 2 1 6 5 2 5 0 0 S", "F" },
  { "8 4 5 8 1 2 3 2 3 2 3 2 5 0 S", "a" },
};

static void
test_endless_fixtures (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (endless_aboure); i++)
    {
      DjPosition pos = pos_from (endless_aboure[i].pos), out, naive;
      DjMove m;

      g_assert_true (dj_move_from_string (endless_aboure[i].pit, &m));
      g_assert_false (dj_sow (DJ_VARIANT_ABOURE, &pos, m, &out));
      naive = pos;
      g_assert_false (naive_sow (DJ_VARIANT_ABOURE, &naive, m));

      /* As a move: refused with the reason "endless" when it is the mover's pit. */
      pos.to_move = DJ_PIT_OWNER (m);
      {
        DjMoves moves;
        g_autoptr(GError) error = NULL;
        g_autoptr(DjTrace) trace = dj_trace_new ();

        dj_moves_generate (&aboure, &pos, &moves);
        g_assert_cmpint (dj_moves_why (&moves, m), ==, DJ_PIT_ENDLESS);
        g_assert_false (dj_play (&aboure, &pos, m, trace, &error));
        g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_ILLEGAL);
      }
    }
}

/* The engine and the naive sowing agree on every pit of many random positions,
 * endless ones included. */
static void
test_endless_matches_naive (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1129);
  guint endless = 0;

  for (guint t = 0; t < 60000; t++)
    {
      DjPosition pos = { 0 };
      guint seeds = 48 - g_rand_int_range (rand, 0, 36);

      pos.captured[0] = 48 - seeds;
      for (guint s = 0; s < seeds; s++)
        pos.pits[g_rand_int_range (rand, 0, 12)]++;
      for (DjVariant v = DJ_VARIANT_ABOURE; v <= DJ_VARIANT_ABE; v++)
        for (guint i = 0; i < 12; i++)
          {
            DjPosition fast, naive = pos;
            gboolean ends;

            if (pos.pits[i] == 0)
              continue;
            ends = dj_sow (v, &pos, i, &fast);
            g_assert_cmpint (ends, ==, naive_sow (v, &naive, i));
            if (ends)
              g_assert_true (dj_position_equal (&fast, &naive));
            else
              endless++;
          }
    }
  /* The fixed seed meets a handful of endless moves: the comparison covers them. */
  g_assert_cmpuint (endless, >=, 5);
}

/* djenon-cli-style line for a position: LEGAL | RESULT */
static char *
status_string (const DjRules    *rules,
               const DjPosition *pos)
{
  GString *s = g_string_new (NULL);
  DjMoves moves;

  dj_moves_generate (rules, pos, &moves);
  if (moves.end != DJ_END_NONE)
    {
      int score[2];

      dj_final_scores (rules, pos, score);
      g_string_append_printf (s, "over %d %d %s", score[0], score[1],
                              dj_end_reason_to_string (moves.end));
    }
  else if (moves.must_pass)
    g_string_append (s, "pass");
  else
    for (guint k = 0; k < DJ_ROW_PITS; k++)
      if (moves.pit[k] == DJ_PIT_LEGAL)
        g_string_append_printf (s, "%s%s", s->len ? " " : "",
                                dj_move_to_string (moves.row_start + k));
  return g_string_free (s, FALSE);
}

static DjPosition
play_ok (const DjRules    *rules,
         const DjPosition *pos,
         const char       *move)
{
  g_autoptr(DjTrace) trace = dj_trace_new ();
  g_autoptr(GError) error = NULL;
  DjMove m;

  g_assert_true (dj_move_from_string (move, &m));
  dj_play (rules, pos, m, trace, &error);
  g_assert_no_error (error);
  return trace->after;
}

static void
assert_status (const DjRules    *rules,
               const DjPosition *pos,
               const char       *expected)
{
  g_autofree char *got = status_string (rules, pos);

  g_assert_cmpstr (got, ==, expected);
}

static void
assert_why (const DjRules    *rules,
            const DjPosition *pos,
            const char       *move,
            DjPitStatus       expected)
{
  DjMoves moves;
  DjMove m;

  g_assert_true (dj_move_from_string (move, &m));
  dj_moves_generate (rules, pos, &moves);
  g_assert_cmpstr (dj_pit_status_to_string (dj_moves_why (&moves, m)), ==,
                   dj_pit_status_to_string (expected));
}

static void
test_aboure_pass_and_end (void)
{
  /* South holds two singletons: no move.  North's A (2) can move, so South
   * passes.  A sows A B: B was empty, the move ends.  Now every pit holds 0
   * or 1: the game is over; each keeps its row: South 20+2, North 24+2. */
  DjPosition pos = pos_from ("1 0 1 0 0 0 2 0 0 0 0 0 20 24 S");

  assert_why (&aboure, &pos, "a", DJ_PIT_SINGLETON);
  assert_why (&aboure, &pos, "b", DJ_PIT_EMPTY);
  assert_why (&aboure, &pos, "A", DJ_PIT_NOT_YOURS);
  assert_status (&aboure, &pos, "pass");
  pos = play_ok (&aboure, &pos, "pass");
  g_assert_cmpint (pos.to_move, ==, DJ_NORTH);
  g_assert_false (pos.feed_owed);
  assert_status (&aboure, &pos, "A");
  assert_why (&aboure, &pos, "pass", DJ_PIT_CANNOT_PASS);
  pos = play_ok (&aboure, &pos, "A");
  g_assert_cmpstr (dj_position_to_string (&pos), ==, "1 0 1 0 0 0 1 1 0 0 0 0 20 24 S");
  assert_status (&aboure, &pos, "over 22 26 no-moves");
}

static void
test_lap_of_twelve (void)
{
  /* Djenon-aboure, 12 seeds from f: f itself, A…F (1→2), a b c d, and the
   * twelfth into e, which was empty: the move ends. */
  check_move (&aboure, "0 0 0 0 0 12 1 1 1 1 1 1 20 10 S", "f",
              "f12:fABCDEFabcde=1",
              "",
              "1 1 1 1 1 1 2 2 2 2 2 2 20 10 N");
  /* Djenon-abe, 12 seeds from f: A…F, a…e, and the twelfth back into f,
   * emptied by the lift: it holds 1, the move ends. */
  check_move (&abe, "0 0 0 0 0 12 0 0 0 0 0 0 18 18 S", "f",
              "f12:ABCDEFabcdef=1",
              "",
              "1 1 1 1 1 1 1 1 1 1 1 1 18 18 N");
}

static void
test_abe_feed_captured_back (void)
{
  /* North's row is empty.  South's c (3): d e f, f 7→8: relay.  f (8):
   * A…F get one each, a 2→3, b 2→3: relay from b.  b (3): c (emptied, →1),
   * d 5→6, e 6→7: relay.  e (7): f (emptied, →1) and A…F 1→2: F holds 2,
   * captured, and the chain takes E D C B A (2 each) and stops at f (1).
   * Every seed sown into North's row came back: this move does not feed. */
  const char *start = "2 2 3 4 5 7 0 0 0 0 0 0 12 13 S";
  g_autofree char *owed = g_strconcat (start, " feed", NULL);
  DjPosition pos = pos_from (owed);

  check_move (&abe, start, "c",
              "c3:def=8|f8:ABCDEFab=3|b3:cde=7|e7:fABCDEF=2",
              "F2 E2 D2 C2 B2 A2",
              "3 0 1 6 0 1 0 0 0 0 0 0 24 13 N");
  assert_why (&abe, &pos, "c", DJ_PIT_DOES_NOT_FEED);
}

static void
test_abe_starved_pass_and_feeding (void)
{
  /* South's row is empty.  North can feed: F (2) sows a b.  So South passes
   * and North owes a feeding move: A (1) sows into B only and does not feed. */
  DjPosition pos = pos_from ("0 0 0 0 0 0 1 0 0 0 0 2 20 25 S");

  assert_status (&abe, &pos, "pass");
  pos = play_ok (&abe, &pos, "pass");
  g_assert_cmpstr (dj_position_to_string (&pos), ==, "0 0 0 0 0 0 1 0 0 0 0 2 20 25 N feed");
  assert_why (&abe, &pos, "A", DJ_PIT_DOES_NOT_FEED);
  assert_status (&abe, &pos, "F");
  pos = play_ok (&abe, &pos, "F");
  g_assert_cmpstr (dj_position_to_string (&pos), ==, "1 1 0 0 0 0 1 0 0 0 0 0 20 25 S");
}

static void
test_abe_cannot_feed_gift (void)
{
  /* South is starved and North's only move (A into B) cannot feed: the game
   * ends.  Only North has seeds, so it gives one to South: 23+0+1 against
   * 24+1-1, a draw. */
  DjPosition pos = pos_from ("0 0 0 0 0 0 1 0 0 0 0 0 23 24 S");

  assert_status (&abe, &pos, "over 24 24 starved");
  assert_why (&abe, &pos, "a", DJ_PIT_GAME_OVER);

  /* The same with the obligation already owed by North: cannot-feed. */
  pos = pos_from ("0 0 0 0 0 0 1 0 0 0 0 0 23 24 N feed");
  assert_status (&abe, &pos, "over 24 24 cannot-feed");
}

static void
test_abe_one_seed_each (void)
{
  /* Set up with one seed each: over before the first move, no gift. */
  DjPosition pos = pos_from ("0 0 1 0 0 0 0 0 0 1 0 0 23 23 S");

  assert_status (&abe, &pos, "over 24 24 one-seed-each");

  /* Reached by a move: a (1) sows into b, 1→2, captured; a is empty: stop.
   * South keeps f, North keeps A: one seed each.  25 against 23. */
  pos = pos_from ("1 1 0 0 0 1 1 0 0 0 0 0 22 22 S");
  pos = play_ok (&abe, &pos, "a");
  g_assert_cmpstr (dj_position_to_string (&pos), ==, "0 0 0 0 0 1 1 0 0 0 0 0 24 22 N");
  assert_status (&abe, &pos, "over 25 23 one-seed-each");
}

static void
test_abe_feeding_options (void)
{
  /* North has emptied its own row.  South's a (1) sows into b and leaves
   * North empty; f (1) sows into A and feeds. */
  DjPosition pos = pos_from ("1 0 0 0 0 1 0 0 0 0 0 0 23 23 S");

  /* on-starved-turn: nothing is owed yet, both moves are legal. */
  assert_status (&abe, &pos, "a f");
  /* immediate: South must feed now. */
  assert_status (&abe_immediate, &pos, "f");
  assert_why (&abe_immediate, &pos, "a", DJ_PIT_DOES_NOT_FEED);

  /* on-starved-turn, after a: North begins its turn starved; South can
   * feed with f, so North passes and f is then owed. */
  pos = play_ok (&abe, &pos, "a");
  assert_status (&abe, &pos, "pass");
  pos = play_ok (&abe, &pos, "pass");
  assert_status (&abe, &pos, "f");

  /* A single seed in a and nothing to feed with. */
  pos = pos_from ("1 0 0 0 0 0 0 0 0 0 0 0 23 24 S");
  assert_status (&abe_immediate, &pos, "over 23 25 cannot-feed");
  assert_status (&abe, &pos, "a");
  pos = play_ok (&abe, &pos, "a");
  /* North starved, South cannot feed (b sows into c): over, and South,
   * alone with seeds, gives one: 23+1-1 against 24+1. */
  assert_status (&abe, &pos, "over 23 25 starved");
}

static void
test_positions (void)
{
  static const char * const bad[] = {
    "4 4 4 4 4 4 4 4 4 4 4 0 0 S",           /* 14 fields */
    "4 4 4 4 4 4 4 4 4 4 4 4 0 1 S",         /* 49 seeds */
    "4 4 4 4 4 4 4 4 4 4 4 x 0 0 S",         /* not a number */
    "4 4 4 4 4 4 4 4 4 4 4 4 0 0 W",         /* no such side */
    "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S food",
    "4 4 4 4 4 4 4 4 4 4 4 -4 8 0 S",
    "",
  };
  DjPosition pos;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (dj_position_parse (bad[i], &pos, &error));
      g_assert_nonnull (error);
      g_assert_true (error->domain == DJ_ENGINE_ERROR);
    }
  pos = pos_from ("  0 0 0 0 0 0 1 0 0 0 0 2\t20 25 N   feed ");
  g_assert_true (pos.feed_owed);
  g_assert_cmpstr (dj_position_to_string (&pos), ==, "0 0 0 0 0 0 1 0 0 0 0 2 20 25 N feed");
}

static void
test_notation (void)
{
  static const char * const names[] = {
    "a", "b", "c", "d", "e", "f", "A", "B", "C", "D", "E", "F", "pass"
  };
  DjMove m;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (dj_move_from_string (names[i], &m));
      g_assert_cmpint (m, ==, (DjMove) i);
      g_assert_cmpstr (dj_move_to_string (m), ==, names[i]);
    }
  g_assert_false (dj_move_from_string ("g", &m));
  g_assert_false (dj_move_from_string ("Pass", &m));
  g_assert_false (dj_move_from_string ("aa", &m));
  g_assert_false (dj_move_from_string ("", &m));
}

/* Regression values; the small depths were counted by hand: from the start
 * every one of the six pits can move (4 seeds each). */
static void
test_perft (void)
{
  static const struct
  {
    const DjRules *rules;
    guint64        leaves[9];
  } expected[] = {
    { &aboure, { 0, 6, 27, 120, 512, 1963, 7862, 26596, 92094 } },
    { &abe, { 0, 6, 32, 154, 749, 3732, 18282, 88061, 417146 } },
    { &abe_immediate, { 0, 6, 32, 154, 749, 3732, 18282, 88056, 417079 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      guint64 leaves[DJ_PERFT_MAX_DEPTH + 1];
      DjPosition start;

      dj_position_init_start (&start);
      dj_perft (expected[i].rules, &start, 8, leaves);
      for (guint d = 1; d <= 8; d++)
        g_assert_cmpuint (leaves[d], ==, expected[i].leaves[d]);
    }
}

/* The move explainer's account of Djenon-aboure c from the start, and the
 * board steps each sentence covers: 0 before; per lap one lift and one step
 * per seed; one per captured pit.  4 laps of 4+5+5+5 seeds and 1 capture:
 * 4 + 19 + 1 = 24 steps. */
static void
test_explain (void)
{
  static const struct
  {
    guint first, last;
    const char *text;
  } expected[] = {
    { 0, 0, "South plays c." },
    { 1, 5, "Lap 1: South lifts the 4 seeds of c and sows them one by one into c, d, e and f. "
            "The last seed makes 5 in f, so the sowing relays from there." },
    { 6, 11, "Lap 2: the 5 seeds of f are lifted and sown into f, A, B, C and D. "
             "The last seed makes 5 in D, so the sowing relays from there." },
    { 12, 17, "Lap 3: the 5 seeds of D are lifted and sown into D, E, F, a and b. "
              "The last seed makes 5 in b, so the sowing relays from there." },
    { 18, 23, "Lap 4: the 5 seeds of b are lifted and sown into b, c, d, e and f. "
              "The last seed makes 2 in f: a capture." },
    { 24, 24, "South takes the 2 seeds of f. e holds 6 seeds, not 2 or 4: the chain stops. "
              "South captured 2 seeds in all." },
  };
  g_autoptr(DjTrace) trace = dj_trace_new ();
  g_autoptr(GPtrArray) steps = NULL;
  DjPosition start = pos_from (NULL);

  g_assert_true (dj_play (&aboure, &start, 2, trace, NULL));
  g_assert_cmpuint (dj_trace_count_steps (trace), ==, 24);
  steps = dj_trace_explain (trace);
  g_assert_cmpuint (steps->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < steps->len; i++)
    {
      DjExplainStep *step = g_ptr_array_index (steps, i);

      g_assert_cmpuint (step->first_step, ==, expected[i].first);
      g_assert_cmpuint (step->last_step, ==, expected[i].last);
      g_assert_cmpstr (step->text, ==, expected[i].text);
    }
}

/* A turn: the move, then the pass the next player is forced to make.  Worked
 * by hand: aboure, South's a (2) sows a b and ends in the empty b; North's
 * row is empty and South's e (2) still moves, so North passes. */
static void
test_play_turn (void)
{
  DjPosition pos = pos_from ("2 0 0 0 2 0 0 0 0 0 0 0 20 24 S");
  DjPosition out;
  DjMoves moves, next;
  g_autofree char *text = NULL;

  dj_moves_generate (&aboure, &pos, &moves);
  g_assert_true (dj_moves_play_turn (&aboure, &moves, &pos, 0, &out, &next));
  text = dj_position_to_string (&out);
  g_assert_cmpstr (text, ==, "1 1 0 0 2 0 0 0 0 0 0 0 20 24 S");
  g_assert_false (next.must_pass);
  g_assert_cmpuint (next.n_legal, ==, 1);
  g_assert_cmpint (next.pit[4], ==, DJ_PIT_LEGAL);

  /* In place: e leaves every pit at 0 or 1, the game is over, nobody passes. */
  g_assert_false (dj_moves_play_turn (&aboure, &next, &out, 4, &out, &next));
  g_clear_pointer (&text, g_free);
  text = dj_position_to_string (&out);
  g_assert_cmpstr (text, ==, "1 1 0 0 1 1 0 0 0 0 0 0 20 24 N");
  g_assert_cmpint (next.end, !=, DJ_END_NONE);

  /* No move: a set-up position whose side to move must pass (abe: South is
   * starved, North's F can feed). */
  pos = pos_from ("0 0 0 0 0 0 0 1 0 0 0 3 21 23 S");
  dj_moves_generate (&abe, &pos, &moves);
  g_assert_true (moves.must_pass);
  g_assert_true (dj_moves_play_turn (&abe, &moves, &pos, DJ_NO_MOVE, &out, &moves));
  g_clear_pointer (&text, g_free);
  text = dj_position_to_string (&out);
  g_assert_cmpstr (text, ==, "0 0 0 0 0 0 0 1 0 0 0 3 21 23 N feed");
  g_assert_cmpuint (moves.n_legal, ==, 1);
  g_assert_cmpint (moves.pit[5], ==, DJ_PIT_LEGAL);
  /* And no move where nothing is forced changes nothing. */
  g_assert_false (dj_moves_play_turn (&abe, &moves, &out, DJ_NO_MOVE, &pos, &next));
  g_assert_true (dj_position_equal (&pos, &out));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/engine/play-turn", test_play_turn);
  g_test_add_func ("/djenon/engine/trace/aboure-start-c", test_aboure_start_c);
  g_test_add_func ("/djenon/engine/trace/abe-start-c", test_abe_start_c);
  g_test_add_func ("/djenon/engine/capture/crosses-rows", test_chain_crosses_rows);
  g_test_add_func ("/djenon/engine/capture/wraps", test_chain_wraps);
  g_test_add_func ("/djenon/engine/lap/aboure-13", test_long_lap_aboure);
  g_test_add_func ("/djenon/engine/lap/abe-14", test_long_lap_abe);
  g_test_add_func ("/djenon/engine/endless/fixtures", test_endless_fixtures);
  g_test_add_func ("/djenon/engine/endless/naive", test_endless_matches_naive);
  g_test_add_func ("/djenon/engine/aboure/pass-and-end", test_aboure_pass_and_end);
  g_test_add_func ("/djenon/engine/lap/twelve", test_lap_of_twelve);
  g_test_add_func ("/djenon/engine/abe/feed-captured-back", test_abe_feed_captured_back);
  g_test_add_func ("/djenon/engine/abe/starved", test_abe_starved_pass_and_feeding);
  g_test_add_func ("/djenon/engine/abe/cannot-feed-gift", test_abe_cannot_feed_gift);
  g_test_add_func ("/djenon/engine/abe/one-seed-each", test_abe_one_seed_each);
  g_test_add_func ("/djenon/engine/abe/feeding-options", test_abe_feeding_options);
  g_test_add_func ("/djenon/engine/position", test_positions);
  g_test_add_func ("/djenon/engine/notation", test_notation);
  g_test_add_func ("/djenon/engine/perft", test_perft);
  g_test_add_func ("/djenon/engine/explain", test_explain);

  return g_test_run ();
}
