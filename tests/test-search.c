/* test-search.c: the exact solver against hand work and a plain minimax
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-search.h"
#include "dj-search-tables.h"

static DjPosition
parse (const char *text)
{
  DjPosition pos;
  g_autoptr(GError) error = NULL;

  g_assert_true (dj_position_parse (text, &pos, &error));
  g_assert_no_error (error);
  return pos;
}

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

/* ---------------------------------------------------------------------- */
/* a plain exhaustive minimax, with the line kept as an explicit path */

typedef struct
{
  const DjRules *rules;
  DjPosition     path[256];
  guint64        nodes;
  guint64        budget;
  guint          repetitions;
  gboolean       over_budget;
} Reference;

/* The final difference for the side to move in path[depth]; alpha-beta
 * only prunes, so the value is the plain minimax value of the line. */
static int
reference_value (Reference *ref,
                 guint      depth,
                 int        alpha,
                 int        beta)
{
  const DjPosition *pos = &ref->path[depth];
  DjMoves moves;
  int best = G_MININT;

  if (++ref->nodes > ref->budget || depth + 1 >= G_N_ELEMENTS (ref->path))
    {
      ref->over_budget = TRUE;
      return 0;
    }

  dj_moves_generate (ref->rules, pos, &moves);
  if (moves.end != DJ_END_NONE)
    {
      int score[2];

      dj_final_scores (ref->rules, pos, score);
      return score[pos->to_move] - score[1 - pos->to_move];
    }

  for (guint k = 0; k <= DJ_ROW_PITS; k++)
    {
      DjPosition child;
      gboolean repeated = FALSE;
      int v;

      if (k == DJ_ROW_PITS ? !moves.must_pass : moves.pit[k] != DJ_PIT_LEGAL)
        continue;
      if (k == DJ_ROW_PITS)
        dj_moves_child (&moves, pos, DJ_PASS, &child);
      else
        child = moves.children[k];

      for (guint i = 0; i <= depth; i++)
        if (dj_position_equal (&ref->path[i], &child))
          repeated = TRUE;
      if (repeated)
        {
          /* Each side keeps its own row: from the mover's view here. */
          DjSide me = pos->to_move;

          ref->repetitions++;
          v = (child.captured[me] + (int) dj_position_row_seeds (&child, me)) -
              (child.captured[1 - me] + (int) dj_position_row_seeds (&child, DJ_OTHER_SIDE (me)));
        }
      else
        {
          ref->path[depth + 1] = child;
          v = -reference_value (ref, depth + 1, -beta, -MAX (alpha, best));
        }
      if (ref->over_budget)
        return 0;
      best = MAX (best, v);
      if (best >= beta)
        break;
    }
  return best;
}

/* Values of each move of @pos after the line @history (may be empty), by the
 * reference; FALSE if it was too big. */
static gboolean
reference_moves (const DjRules    *rules,
                 const DjPosition *history,
                 guint             history_len,
                 const DjPosition *pos,
                 guint64           budget,
                 int               values[DJ_N_PITS + 1],
                 guint            *repetitions)
{
  g_autofree Reference *ref = g_new0 (Reference, 1);
  DjMoves moves;

  for (guint m = 0; m <= DJ_N_PITS; m++)
    values[m] = G_MININT;
  ref->rules = rules;
  ref->budget = budget;
  for (guint i = 0; i < history_len; i++)
    ref->path[i] = history[i];
  ref->path[history_len] = *pos;
  dj_moves_generate (rules, pos, &moves);
  for (guint k = 0; k <= DJ_ROW_PITS; k++)
    {
      DjMove move = k == DJ_ROW_PITS ? DJ_PASS : (DjMove) (moves.row_start + k);
      DjPosition child;
      gboolean repeated = FALSE;

      values[move] = G_MININT;
      if (!dj_moves_child (&moves, pos, move, &child))
        continue;
      for (guint i = 0; i <= history_len; i++)
        if (dj_position_equal (&ref->path[i], &child))
          repeated = TRUE;
      if (repeated)
        {
          DjSide me = pos->to_move;

          values[move] = (child.captured[me] + (int) dj_position_row_seeds (&child, me)) -
                         (child.captured[1 - me] +
                          (int) dj_position_row_seeds (&child, DJ_OTHER_SIDE (me)));
          continue;
        }
      ref->path[history_len + 1] = child;
      values[move] = -reference_value (ref, history_len + 1, -DJ_N_SEEDS - 1, DJ_N_SEEDS + 1);
      if (ref->over_budget)
        return FALSE;
    }
  *repetitions += ref->repetitions;
  return TRUE;
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

/* Compares every move's value with the reference on @count random positions
 * of at most @max_seeds seeds; returns how many were compared. */
static guint
compare_with_reference (DjSearch      *search,
                        const DjRules *rules,
                        guint          max_seeds,
                        guint          count,
                        guint32        seed,
                        guint         *repetitions)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint compared = 0;

  for (guint n = 0; n < count; n++)
    {
      DjPosition pos = random_small (rand, g_rand_int_range (rand, 1, max_seeds + 1));
      int expect[DJ_N_PITS + 1];
      g_autoptr(DjAnalysis) a = NULL;

      if (!reference_moves (rules, NULL, 0, &pos, 100000, expect, repetitions))
        continue;
      a = analyse (search, rules, &pos);
      g_assert_true (a->exact);
      for (guint i = 0; i < a->n_moves; i++)
        {
          if (expect[a->moves[i].move] != a->moves[i].value)
            {
              g_autofree char *text = dj_position_to_string (&pos);

              g_test_message ("%s: move %s, search %d, reference %d", text,
                              dj_move_to_string (a->moves[i].move), a->moves[i].value,
                              expect[a->moves[i].move]);
            }
          g_assert_cmpint (a->moves[i].value, ==, expect[a->moves[i].move]);
          expect[a->moves[i].move] = G_MININT;
        }
      for (guint m = 0; m <= DJ_N_PITS; m++)
        g_assert_cmpint (expect[m], ==, G_MININT);   /* no move missing */
      compared++;
    }
  return compared;
}

static void
test_reference_aboure (void)
{
  g_autoptr(DjSearch) search = dj_search_new (4 << 20);
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  guint repetitions = 0;
  guint compared = compare_with_reference (search, &rules, 10, 2000, 11, &repetitions);

  g_test_message ("aboure: %u positions compared, %u repetitions", compared, repetitions);
  g_assert_cmpuint (compared, >=, 1500);
}

static void
test_reference_abe (gconstpointer data)
{
  g_autoptr(DjSearch) search = dj_search_new (4 << 20);
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  guint repetitions = 0, compared;

  rules.feeding = GPOINTER_TO_UINT (data);
  compared = compare_with_reference (search, &rules, 3, 1500, 12 + rules.feeding, &repetitions);
  compared += compare_with_reference (search, &rules, 5, 300, 22 + rules.feeding, &repetitions);
  g_test_message ("abe: %u positions compared, %u repetitions", compared, repetitions);
  g_assert_cmpuint (compared, >=, 1000);
  /* The reference ran into repeated positions: the rule was exercised. */
  g_assert_cmpuint (repetitions, >, 100);
}

/* ---------------------------------------------------------------------- */
/* the endgame tables against fresh search */

static void
test_tables (gconstpointer data)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  g_autoptr(DjSearch) search = dj_search_new (4 << 20);
  g_autoptr(DjSearch) plain = dj_search_new (4 << 20);
  DjTables *tables;
  guint checked = 0, exact = 0;

  rules.feeding = GPOINTER_TO_UINT (data);
  tables = dj_tables_build (&rules, 6);
  dj_search_set_use_tables (plain, FALSE);
  for (guint n = 0; n < 800; n++)
    {
      DjPosition pos = random_small (rand, g_rand_int_range (rand, 0, 7));
      int expect[DJ_N_PITS + 1], best = G_MININT, lo, hi, capdiff;
      guint repetitions = 0;
      DjMoves moves;

      dj_moves_generate (&rules, &pos, &moves);
      if (moves.end != DJ_END_NONE)
        {
          int score[2];

          dj_final_scores (&rules, &pos, score);
          best = score[pos.to_move] - score[1 - pos.to_move];
        }
      else if (reference_moves (&rules, NULL, 0, &pos, 100000, expect, &repetitions))
        for (guint m = 0; m <= DJ_N_PITS; m++)
          best = MAX (best, expect[m]);
      else
        continue;
      g_assert_true (dj_tables_lookup (tables, &pos, &lo, &hi));
      /* South's view, future seeds only */
      capdiff = pos.captured[DJ_SOUTH] - pos.captured[DJ_NORTH];
      if (pos.to_move == DJ_NORTH)
        best = -best;
      g_assert_cmpint (lo + capdiff, <=, best);
      g_assert_cmpint (best, <=, hi + capdiff);
      exact += lo == hi;
      checked++;

      /* With and without the tables, the search agrees. */
      if (n % 8 == 0)
        {
          g_autoptr(DjAnalysis) a = analyse (search, &rules, &pos);
          g_autoptr(DjAnalysis) b = analyse (plain, &rules, &pos);

          g_assert_cmpint (a->value, ==, b->value);
          g_assert_cmpint (a->value, ==, pos.to_move == DJ_NORTH ? -best : best);
        }
    }
  g_test_message ("%u positions checked, %u exact in the tables", checked, exact);
  g_assert_cmpuint (checked, >=, 500);
  dj_tables_free (tables);
}

/* ---------------------------------------------------------------------- */
/* graph-history interaction */

/* A position searched after different lines and with different tables gives
 * the same values; a child's value inside its parent's analysis is the
 * reference's value with the parent on the line. */
static void
test_history (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(DjSearch) big = dj_search_new (16 << 20);
  g_autoptr(DjSearch) tiny = dj_search_new (16 << 10);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  guint checked = 0, repetitions = 0;

  for (guint n = 0; n < 200; n++)
    {
      DjPosition pos = random_small (rand, g_rand_int_range (rand, 2, 4));
      g_autoptr(DjAnalysis) parent = NULL;
      int expect[DJ_N_PITS + 1];
      DjMoves moves;

      if (!reference_moves (&rules, NULL, 0, &pos, 100000, expect, &repetitions))
        continue;
      /* The parent first: its search fills the table from another line. */
      parent = analyse (big, &rules, &pos);
      dj_moves_generate (&rules, &pos, &moves);
      for (guint i = 0; i < parent->n_moves; i++)
        {
          const DjMoveValue *mv = &parent->moves[i];
          g_autoptr(DjAnalysis) a = NULL;
          g_autoptr(DjAnalysis) b = NULL;
          int child_expect[DJ_N_PITS + 1], child_fresh[DJ_N_PITS + 1];
          DjPosition child;

          dj_moves_child (&moves, &pos, mv->move, &child);
          /* The child as a root, in the used big table and in a tiny one. */
          a = analyse (big, &rules, &child);
          b = analyse (tiny, &rules, &child);
          g_assert_cmpint (a->n_moves, ==, b->n_moves);
          g_assert_cmpint (a->value, ==, b->value);
          for (guint k = 0; k < a->n_moves; k++)
            g_assert_cmpint (find_move (b, a->moves[k].move)->value, ==, a->moves[k].value);
          if (!reference_moves (&rules, NULL, 0, &child, 100000, child_fresh, &repetitions))
            continue;
          for (guint k = 0; k < a->n_moves; k++)
            g_assert_cmpint (a->moves[k].value, ==, child_fresh[a->moves[k].move]);
          /* Inside the parent, the child's replies see the parent on the line. */
          if (reference_moves (&rules, &pos, 1, &child, 100000, child_expect, &repetitions))
            {
              int best = G_MININT;

              for (guint m = 0; m <= DJ_N_PITS; m++)
                best = MAX (best, child_expect[m]);
              if (a->n_moves > 0)
                g_assert_cmpint (mv->value, ==, -best);
            }
          checked++;
        }
    }
  g_test_message ("%u children checked, %u repetitions", checked, repetitions);
  g_assert_cmpuint (checked, >=, 100);
}

/* ---------------------------------------------------------------------- */
/* budgets, cancellation, lines */

static int
replay_line (const DjRules    *rules,
             const DjPosition *start,
             const DjMove     *line,
             guint             len)
{
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (DjPosition));
  DjPosition pos = *start;
  DjSide me = start->to_move;
  DjMoves moves;
  int score[2];

  g_array_append_val (seen, pos);
  for (guint i = 0; i < len; i++)
    {
      dj_moves_generate (rules, &pos, &moves);
      g_assert_true (dj_moves_child (&moves, &pos, line[i], &pos));
      for (guint k = 0; k < seen->len; k++)
        if (dj_position_equal (&g_array_index (seen, DjPosition, k), &pos))
          {
            /* A repetition ends the line: each side keeps its row. */
            g_assert_cmpuint (i + 1, ==, len);
            return (pos.captured[me] + (int) dj_position_row_seeds (&pos, me)) -
                   (pos.captured[1 - me] +
                    (int) dj_position_row_seeds (&pos, DJ_OTHER_SIDE (me)));
          }
      g_array_append_val (seen, pos);
    }
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
      g_assert_cmpint (replay_line (&rules, &start, a->moves[i].line, a->moves[i].line_len), ==,
                       a->moves[i].value);
      if (i > 0)
        g_assert_cmpint (a->moves[i - 1].value, >=, a->moves[i].value);
    }

  solved = dj_search_solve (search, &rules, &start, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (solved->exact);
  g_assert_cmpint (solved->value, ==, a->value);
  g_assert_cmpuint (solved->n_moves, ==, 1);
  g_assert_cmpint (replay_line (&rules, &start, solved->moves[0].line, solved->moves[0].line_len),
                   ==, solved->value);

  /* Lines of abe endgames too, repetitions included. */
  {
    DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
    g_autoptr(GRand) rand = g_rand_new_with_seed (9);

    for (guint n = 0; n < 200; n++)
      {
        DjPosition pos = random_small (rand, g_rand_int_range (rand, 1, 4));
        g_autoptr(DjAnalysis) b = analyse (search, &abe, &pos);

        for (guint i = 0; i < b->n_moves; i++)
          g_assert_cmpint (replay_line (&abe, &pos, b->moves[i].line, b->moves[i].line_len), ==,
                           b->moves[i].value);
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/search/hand/aboure", test_hand_aboure);
  g_test_add_func ("/djenon/search/hand/gift", test_hand_gift);
  g_test_add_func ("/djenon/search/reference/aboure", test_reference_aboure);
  g_test_add_data_func ("/djenon/search/reference/abe",
                        GUINT_TO_POINTER (DJ_FEEDING_ON_STARVED_TURN), test_reference_abe);
  g_test_add_data_func ("/djenon/search/reference/abe-immediate",
                        GUINT_TO_POINTER (DJ_FEEDING_IMMEDIATE), test_reference_abe);
  g_test_add_data_func ("/djenon/search/tables/abe",
                        GUINT_TO_POINTER (DJ_FEEDING_ON_STARVED_TURN), test_tables);
  g_test_add_data_func ("/djenon/search/tables/abe-immediate",
                        GUINT_TO_POINTER (DJ_FEEDING_IMMEDIATE), test_tables);
  g_test_add_func ("/djenon/search/history", test_history);
  g_test_add_func ("/djenon/search/lines", test_lines);
  g_test_add_func ("/djenon/search/limits", test_limits);
  g_test_add_func ("/djenon/search/cancel", test_cancel);
  g_test_add_func ("/djenon/search/async", test_async);
  g_test_add_func ("/djenon/search/choose", test_choose);
  g_test_add_func ("/djenon/search/rules-change", test_rules_change);

  return g_test_run ();
}
