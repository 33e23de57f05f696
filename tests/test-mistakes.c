/* test-mistakes.c: Learn from Your Mistakes without widgets: the positions
 * offered after a review and tries judged against exact values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-mistakes.h"
#include "dj-review-judge.h"
#include "dj-xml.h"

static DjSearch *search;

static DjAnalysis *
analyse (const DjRules    *rules,
         const DjPosition *pos)
{
  g_autoptr(GError) error = NULL;
  DjAnalysis *a = dj_search_analyse (search, rules, pos, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (a->exact);
  return a;
}

static int
value_of (const DjAnalysis *a,
          DjMove            move)
{
  for (guint i = 0; i < a->n_moves; i++)
    if (a->moves[i].move == move)
      return a->moves[i].value;
  g_assert_not_reached ();
}

static DjCollection *
load_sample (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", name,
                                                 NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  DjCollection *collection = dj_xml_load_file (file, NULL, &error);

  g_assert_no_error (error);
  return collection;
}

/* The plies (0 = the first move) of @mistakes. */
static char *
plies (GArray *mistakes)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < mistakes->len; i++)
    g_string_append_printf (s, "%u ",
                            dj_node_get_ply (g_array_index (mistakes, DjMistake, i).node) - 1);
  return g_string_free (s, FALSE);
}

/* On each sample, after Review Game: for every filter, the positions
 * offered are exactly the moves of that side whose exact value is below the
 * position's (a mistake: by at least the review's mistake threshold); each
 * try is right, better or wrong as the exact values of the moves say. */
static void
test_sample (gconstpointer data)
{
  g_autoptr(DjCollection) collection = load_sample (data);
  DjGame *game = dj_collection_get_game (collection, 0);
  const DjRules *rules = dj_game_get_rules (game);
  /* The default thresholds, then a mistake from 6 seeds. */
  static const DjThresholds threshold_sets[] = { { 1, 3, 6 }, { 1, 6, 9 } };
  static const DjMistakesFilter filters[] = {
    DJ_MISTAKES_SOUTH, DJ_MISTAKES_NORTH, DJ_MISTAKES_BOTH_SIDES,
    DJ_MISTAKES_SOUTH | DJ_MISTAKES_SERIOUS, DJ_MISTAKES_NORTH | DJ_MISTAKES_SERIOUS,
    DJ_MISTAKES_BOTH_SIDES | DJ_MISTAKES_SERIOUS,
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) none = dj_mistakes_collect (game, DJ_MISTAKES_BOTH_SIDES);
  g_autoptr(GPtrArray) befores = g_ptr_array_new_with_free_func ((GDestroyNotify) dj_analysis_free);
  guint n_nodes = 0, several = 0, counts[G_N_ELEMENTS (filters)] = { 0 };
  gboolean fewer_serious = FALSE;
  gint64 max_us = 0;
  guint64 max_nodes = 0;

  /* Before a review nothing is offered. */
  g_assert_cmpuint (none->len, ==, 0);

  for (DjNode *n = dj_node_get_first_child (dj_game_get_root (game)); n != NULL;
       n = dj_node_get_first_child (n))
    {
      const DjPosition *pos = dj_node_get_position (dj_node_get_parent (n));

      g_ptr_array_add (befores, analyse (rules, pos));
      n_nodes++;
      {
        const DjAnalysis *a = g_ptr_array_index (befores, befores->len - 1);

        max_us = MAX (max_us, a->time_us);
        max_nodes = MAX (max_nodes, a->nodes);
      }
    }

  for (guint t = 0; t < G_N_ELEMENTS (threshold_sets); t++)
  {
  const DjThresholds thresholds = threshold_sets[t];

  g_assert_true (dj_review_game (game, search, NULL, &thresholds, NULL, &error));
  g_assert_no_error (error);
  for (guint f = 0; f < G_N_ELEMENTS (filters); f++)
    {
      g_autoptr(GArray) mistakes = dj_mistakes_collect (game, filters[f]);
      g_autoptr(GString) expected = g_string_new (NULL);
      g_autofree char *got = plies (mistakes);
      guint ply = 0, k = 0;

      for (DjNode *n = dj_node_get_first_child (dj_game_get_root (game)); n != NULL;
           n = dj_node_get_first_child (n), ply++)
        {
          const DjAnalysis *a = g_ptr_array_index (befores, ply);
          DjSide mover = a->position.to_move;
          int loss = a->n_moves > 1 ? a->value - value_of (a, dj_node_get_move (n)) : 0;
          gboolean side = (filters[f] & (mover == DJ_SOUTH ? DJ_MISTAKES_SOUTH
                                                           : DJ_MISTAKES_NORTH)) != 0;
          guint least = (filters[f] & DJ_MISTAKES_SERIOUS) ? thresholds.mistake : 1;

          if (!side || loss < (int) least)
            continue;
          g_string_append_printf (expected, "%u ", ply);

          /* Every legal move tried there, judged by the exact values (when
           * the lists differ, the comparison below says so). */
          if (k < mistakes->len && g_array_index (mistakes, DjMistake, k).node == n)
          {
            const DjMistake *m = &g_array_index (mistakes, DjMistake, k++);
            int played = value_of (a, dj_node_get_move (n));
            DjMove best[DJ_N_PITS + 1];
            guint n_best = dj_analysis_best_moves (a, best);

            g_assert_cmpint (m->played, ==, dj_node_get_move (n));
            g_assert_cmpint (m->finding.loss, ==, loss);
            g_assert_true (dj_position_equal (&m->position, &a->position));
            g_assert_cmpuint (n_best, >=, 1);
            if (n_best > 1)
              several++;
            for (guint i = 0; i < a->n_moves; i++)
              {
                DjMove try = a->moves[i].move;
                int v = a->moves[i].value, got_value = G_MININT;
                DjTryVerdict verdict = dj_mistake_judge_try (m, a, try, &got_value);
                DjTryVerdict want = v == a->value ? DJ_TRY_RIGHT
                                    : v > played ? DJ_TRY_BETTER : DJ_TRY_WRONG;

                g_assert_cmpint (got_value, ==, v);
                g_assert_cmpint (verdict, ==, want);
              }
            g_assert_cmpint (dj_mistake_judge_try (m, a, m->played, NULL), ==, DJ_TRY_WRONG);
            for (guint i = 0; i < n_best; i++)
              g_assert_cmpint (dj_mistake_judge_try (m, a, best[i], NULL), ==, DJ_TRY_RIGHT);
          }
        }
      g_test_message ("%s, mistake from %u, filter %d: %s", (const char *) data,
                      thresholds.mistake, filters[f], got);
      g_assert_cmpstr (got, ==, expected->str);
      counts[f] = mistakes->len;
    }

  /* The samples have losses on both sides. */
  g_assert_cmpuint (counts[0], >, 0);
  g_assert_cmpuint (counts[1], >, 0);
  g_assert_cmpuint (counts[2], ==, counts[0] + counts[1]);
  g_assert_cmpuint (counts[5], ==, counts[3] + counts[4]);
  fewer_serious |= counts[5] < counts[2];
  }
  /* Some losses are not mistakes by one of the thresholds at least. */
  g_assert_true (fewer_serious);
  g_test_message ("%s: %u moves, %u offered positions with several best moves; "
                  "slowest exact analysis of a position %" G_GINT64_FORMAT " us, "
                  "%" G_GUINT64_FORMAT " nodes (after the review: the values a try is "
                  "judged by)", (const char *) data, n_nodes, several, max_us, max_nodes);
  /* Some positions offered in the Djenon-aboure sample have several. */
  if (g_str_has_prefix (data, "aboure"))
    g_assert_cmpuint (several, >, 0);
}

/* Values set by hand: two best moves, a move between, the game's move and
 * a worse one. */
static void
test_several_best (void)
{
  DjMoveValue moves[] = {
    { .move = 0, .value = 4, .lower = 4, .upper = 4, .exact = TRUE },   /* a: best */
    { .move = 2, .value = 4, .lower = 4, .upper = 4, .exact = TRUE },   /* c: best too */
    { .move = 3, .value = 1, .lower = 1, .upper = 1, .exact = TRUE },   /* d: better */
    { .move = 4, .value = -2, .lower = -2, .upper = -2, .exact = TRUE }, /* e: played */
    { .move = 5, .value = -2, .lower = -2, .upper = -2, .exact = TRUE }, /* f: as bad */
    { .move = 1, .value = -7, .lower = -7, .upper = -7, .exact = TRUE }, /* b: worse */
  };
  DjAnalysis a = { .moves = moves, .n_moves = G_N_ELEMENTS (moves), .value = 4, .lower = 4,
                   .upper = 4, .exact = TRUE };
  DjMistake m = { .played = 4 };
  DjMove best[DJ_N_PITS + 1];
  int value;

  dj_position_init_start (&a.position);
  m.position = a.position;
  g_assert_cmpint (dj_mistake_judge_try (&m, &a, 0, &value), ==, DJ_TRY_RIGHT);
  g_assert_cmpint (value, ==, 4);
  g_assert_cmpint (dj_mistake_judge_try (&m, &a, 2, &value), ==, DJ_TRY_RIGHT);
  g_assert_cmpint (dj_mistake_judge_try (&m, &a, 3, &value), ==, DJ_TRY_BETTER);
  g_assert_cmpint (value, ==, 1);
  g_assert_cmpint (dj_mistake_judge_try (&m, &a, 4, &value), ==, DJ_TRY_WRONG);
  g_assert_cmpint (dj_mistake_judge_try (&m, &a, 5, &value), ==, DJ_TRY_WRONG);
  g_assert_cmpint (dj_mistake_judge_try (&m, &a, 1, &value), ==, DJ_TRY_WRONG);
  g_assert_cmpint (value, ==, -7);
  g_assert_cmpuint (dj_analysis_best_moves (&a, best), ==, 2);
  g_assert_cmpint (best[0], ==, 0);
  g_assert_cmpint (best[1], ==, 2);
}

/* A position of a real game with several best moves, from the search: the
 * start of Djenon-aboure, where every move the search values best is
 * accepted. */
static void
test_several_best_searched (void)
{
  g_autoptr(DjCollection) collection = load_sample ("aboure-sample.djenon");
  DjGame *game = dj_collection_get_game (collection, 0);
  const DjRules *rules = dj_game_get_rules (game);
  guint found = 0;

  /* The first positions of the sample with more than one best move. */
  for (DjNode *n = dj_node_get_first_child (dj_game_get_root (game)); n != NULL && found < 3;
       n = dj_node_get_first_child (n))
    {
      g_autoptr(DjAnalysis) a = analyse (rules, dj_node_get_position (dj_node_get_parent (n)));
      DjMistake m = { .node = n, .position = a->position, .played = dj_node_get_move (n) };
      DjMove best[DJ_N_PITS + 1];
      guint n_best = dj_analysis_best_moves (a, best);

      if (n_best < 2)
        continue;
      found++;
      for (guint i = 0; i < n_best; i++)
        g_assert_cmpint (dj_mistake_judge_try (&m, a, best[i], NULL), ==, DJ_TRY_RIGHT);
      for (guint i = n_best; i < a->n_moves; i++)
        g_assert_cmpint (dj_mistake_judge_try (&m, a, a->moves[i].move, NULL), !=,
                         DJ_TRY_RIGHT);
    }
  g_assert_cmpuint (found, >, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  search = dj_search_new (64 << 20);
  g_test_add_data_func ("/djenon/mistakes/aboure-sample", "aboure-sample.djenon", test_sample);
  g_test_add_data_func ("/djenon/mistakes/abe-sample", "abe-sample.djenon", test_sample);
  g_test_add_func ("/djenon/mistakes/several-best", test_several_best);
  g_test_add_func ("/djenon/mistakes/several-best-searched", test_several_best_searched);
  status = g_test_run ();
  dj_search_unref (search);
  return status;
}
