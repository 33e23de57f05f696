/* test-puzzle.c: the puzzle rule, themes and puzzle games, on hand-built positions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-puzzle.h"
#include "dj-search-tables.h"
#include "dj-xml.h"

#include "dj-test-engine.h"

static const DjRules aboure = { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN };
static const DjRules abe = { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN };
static const DjRules abe_immediate = { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE };

static DjPuzzle *
find (const DjRules   *rules,
      const char      *text,
      guint            min_loss,
      DjPuzzleVerdict *verdict)
{
  g_autoptr(DjSearch) search = dj_search_new (0);
  g_autoptr(GError) error = NULL;
  DjPosition pos = parse (text);
  DjPuzzle *puzzle;

  puzzle = dj_puzzle_find (search, rules, &pos, min_loss, NULL, verdict, NULL, &error);
  g_assert_no_error (error);
  g_assert_true ((puzzle != NULL) == (*verdict == DJ_PUZZLE_OK));
  return puzzle;
}

/* North: F keeps +4 (it captures from E and F at once); E, the only other
 * move, gets 0.  So F is a puzzle for a loss of 4, not for 5. */
#define CHAIN "1 1 1 1 1 1 0 1 0 0 2 3 18 18 N"
/* North must find four moves in a row (made by djenon-cli puzzles). */
#define MULTI "7 1 1 0 2 2 7 7 1 2 1 7 4 6 N"

static void
test_unique (void)
{
  g_autoptr(DjPuzzle) puzzle = NULL;
  DjPuzzleVerdict verdict;

  puzzle = find (&aboure, CHAIN, 4, &verdict);
  g_assert_cmpint (verdict, ==, DJ_PUZZLE_OK);
  g_assert_cmpint (puzzle->value, ==, 4);
  g_assert_cmpint (puzzle->second_value, ==, 0);
  g_assert_cmpuint (puzzle->line_len, >=, 1);
  g_assert_cmpint (puzzle->line[0], ==, 11);   /* F */
  g_assert_cmpuint (puzzle->solver_moves, ==, 1);
  g_assert_cmpuint (puzzle->difficulty, ==, puzzle->solver_moves + puzzle->tempting);
  g_assert_cmpint (puzzle->theme, ==, DJ_PUZZLE_THEME_CAPTURE_CHAIN);
}

static void
test_loses_too_little (void)
{
  g_autoptr(DjPuzzle) puzzle = NULL;
  DjPuzzleVerdict verdict;

  /* E loses 4 = N - 1 seeds for N = 5. */
  puzzle = find (&aboure, CHAIN, 5, &verdict);
  g_assert_null (puzzle);
  g_assert_cmpint (verdict, ==, DJ_PUZZLE_TOO_CLOSE);

  /* The start of Djenon-aboure: e +4, f +2. */
  g_clear_pointer (&puzzle, dj_puzzle_free);
  puzzle = find (&aboure, "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S", 3, &verdict);
  g_assert_cmpint (verdict, ==, DJ_PUZZLE_TOO_CLOSE);
  g_clear_pointer (&puzzle, dj_puzzle_free);
  puzzle = find (&aboure, "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S", 2, &verdict);
  g_assert_cmpint (verdict, ==, DJ_PUZZLE_OK);
  g_assert_cmpint (puzzle->line[0], ==, 4);   /* e */
}

static void
test_two_best (void)
{
  g_autoptr(DjPuzzle) puzzle = NULL;
  DjPuzzleVerdict verdict;

  /* Djenon-abe: e and f both give -6. */
  puzzle = find (&abe, "0 0 0 0 2 2 2 2 0 0 0 0 20 20 S", 1, &verdict);
  g_assert_null (puzzle);
  g_assert_cmpint (verdict, ==, DJ_PUZZLE_SEVERAL_BEST);
  /* The same position in Djenon-aboure: f -2, e -4. */
  puzzle = find (&aboure, "0 0 0 0 2 2 2 2 0 0 0 0 20 20 S", 2, &verdict);
  g_assert_cmpint (verdict, ==, DJ_PUZZLE_OK);
  g_assert_cmpint (puzzle->line[0], ==, 5);   /* f */
}

static void
test_no_choice (void)
{
  g_autoptr(DjPuzzle) puzzle = NULL;
  DjPuzzleVerdict verdict;

  puzzle = find (&aboure, "0 0 3 0 0 0 0 0 3 0 0 0 21 21 S", 1, &verdict);
  g_assert_cmpint (verdict, ==, DJ_PUZZLE_NO_CHOICE);
  puzzle = find (&aboure, "1 1 1 1 1 1 1 1 1 1 1 1 18 18 S", 1, &verdict);
  g_assert_cmpint (verdict, ==, DJ_PUZZLE_GAME_OVER);
}

/* The rule on analyses made by hand: it never trusts a bound. */
static void
test_judge (void)
{
  DjMoveValue mv[3] = {
    { .move = 0, .value = 5, .lower = 5, .upper = 5, .exact = TRUE },
    { .move = 1, .value = 1, .lower = 1, .upper = 1, .exact = TRUE },
    { .move = 2, .value = -3, .lower = -3, .upper = -3, .exact = TRUE },
  };
  DjAnalysis a = { .moves = mv, .n_moves = 3, .value = 5, .lower = 5, .upper = 5,
                   .exact = TRUE };
  int margin;

  g_assert_cmpint (dj_puzzle_judge (&a, 4, &margin), ==, DJ_PUZZLE_OK);
  g_assert_cmpint (margin, ==, 4);
  g_assert_cmpint (dj_puzzle_judge (&a, 5, &margin), ==, DJ_PUZZLE_TOO_CLOSE);
  /* A bound, however good, is not a proof. */
  mv[2] = (DjMoveValue) { .move = 2, .value = -3, .lower = -10, .upper = 2, .exact = FALSE };
  g_assert_cmpint (dj_puzzle_judge (&a, 4, NULL), ==, DJ_PUZZLE_NOT_EXACT);
  mv[2] = (DjMoveValue) { .move = 2, .value = 5, .lower = 5, .upper = 5, .exact = TRUE };
  g_assert_cmpint (dj_puzzle_judge (&a, 1, &margin), ==, DJ_PUZZLE_SEVERAL_BEST);
  g_assert_cmpint (margin, ==, 0);
  a.n_moves = 1;
  g_assert_cmpint (dj_puzzle_judge (&a, 1, NULL), ==, DJ_PUZZLE_NO_CHOICE);
}

/* A value the search could not prove in its budget refuses the position. */
static void
test_not_exact (void)
{
  g_autoptr(DjSearch) search = dj_search_new (0);
  g_autoptr(GError) error = NULL;
  DjSearchLimits limits = { 0, 1, 0, 0 };
  DjPosition pos = parse ("6 10 2 1 0 0 0 1 1 0 0 5 12 10 S");
  DjPuzzleVerdict verdict;
  DjPuzzle *puzzle;

  dj_search_set_use_tables (search, FALSE);
  dj_search_set_use_book (search, FALSE);
  /* One thread: the budget is looked at every 1,024 positions, and two
   * threads sharing their table could prove the value between two looks. */
  dj_search_set_threads (search, 1);
  puzzle = dj_puzzle_find (search, &aboure, &pos, 4, &limits, &verdict, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (puzzle);
  g_assert_cmpint (verdict, ==, DJ_PUZZLE_NOT_EXACT);
  /* Without the budget the same position is a puzzle: c keeps +18. */
  puzzle = dj_puzzle_find (search, &aboure, &pos, 4, NULL, &verdict, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (puzzle);
  g_assert_cmpint (puzzle->line[0], ==, 2);
  g_assert_cmpint (puzzle->value, ==, 18);
  dj_puzzle_free (puzzle);
}

static void
test_theme_names (void)
{
  for (DjPuzzleTheme t = DJ_PUZZLE_THEME_NONE; t <= DJ_PUZZLE_THEME_ENDLESS_AVOIDED; t++)
    {
      DjPuzzleTheme back = DJ_PUZZLE_THEME_NONE;

      g_assert_true (dj_puzzle_theme_from_string (dj_puzzle_theme_to_string (t), &back));
      g_assert_cmpint (back, ==, t);
      g_assert_cmpstr (dj_puzzle_theme_describe (t), !=, "");
    }
  g_assert_false (dj_puzzle_theme_from_string ("chain", &(DjPuzzleTheme) { 0 }));
}

/* Themes named from the trace of the solution's first move. */
static void
test_themes (void)
{
  static const struct
  {
    const DjRules *rules;
    const char    *position;
    guint          min_loss;
    DjPuzzleTheme  theme;
  } cases[] = {
    { &aboure, CHAIN, 4, DJ_PUZZLE_THEME_CAPTURE_CHAIN },
    { &aboure, "6 10 2 1 0 0 0 1 1 0 0 5 12 10 S", 4, DJ_PUZZLE_THEME_NONE },
    /* South's e takes the last seeds of North's row: North must pass. */
    { &aboure, "1 0 1 2 2 2 1 0 0 1 0 0 18 20 S", 4, DJ_PUZZLE_THEME_STARVING },
    /* North passed starved: South owes the feeding; f keeps -2, e gets -10. */
    { &abe, "0 0 0 2 3 1 0 0 0 0 0 0 18 24 S feed", 4, DJ_PUZZLE_THEME_FEEDING },
    /* The immediate reading: North's row is empty, b feeds it. */
    { &abe_immediate, "1 5 1 1 0 0 0 0 0 0 0 0 16 24 S", 4, DJ_PUZZLE_THEME_FEEDING },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(DjPuzzle) puzzle = NULL;
      DjPuzzleVerdict verdict;

      g_test_message ("%s", cases[i].position);
      puzzle = find (cases[i].rules, cases[i].position, cases[i].min_loss, &verdict);
      g_assert_cmpint (verdict, ==, DJ_PUZZLE_OK);
      g_assert_cmpstr (dj_puzzle_theme_to_string (puzzle->theme), ==,
                       dj_puzzle_theme_to_string (cases[i].theme));
    }
}

/* The endless theme and the tempting moves, on analyses made by hand: a
 * losing move whose best line goes round forever is the endless relay the
 * solution avoids; a losing move that captures at once at least as much as
 * the solution is tempting. */
static void
test_theme_rules (void)
{
  /* South: a (1 seed, captures nothing) and f (2 seeds: B makes 2, taken). */
  DjPosition pos = parse ("1 0 0 0 0 2 2 1 0 3 0 4 16 19 S");
  DjMoveValue mv[2] = {
    { .move = 0, .value = 2, .lower = 2, .upper = 2, .exact = TRUE },
    { .move = 5, .value = -4, .lower = -4, .upper = -4, .exact = TRUE },
  };
  DjAnalysis a = { .moves = mv, .n_moves = 2, .value = 2, .lower = 2, .upper = 2,
                   .exact = TRUE };
  g_autoptr(DjTrace) trace = dj_trace_new ();
  guint tempting = 99;

  g_assert_true (dj_play (&abe, &pos, 5, trace, NULL));
  g_assert_cmpuint (trace->captured, >, 0);
  g_assert_cmpuint (trace->captures->len, ==, 1);
  g_assert_cmpint (dj_puzzle_name_theme (&abe, &pos, &a, 0, &tempting), ==,
                   DJ_PUZZLE_THEME_NONE);
  g_assert_cmpuint (tempting, ==, 1);
  mv[1].endless = TRUE;
  g_assert_cmpint (dj_puzzle_name_theme (&abe, &pos, &a, 0, &tempting), ==,
                   DJ_PUZZLE_THEME_ENDLESS_AVOIDED);
  /* Not when the solution's own line goes round too. */
  mv[0].endless = TRUE;
  g_assert_cmpint (dj_puzzle_name_theme (&abe, &pos, &a, 0, NULL), ==, DJ_PUZZLE_THEME_NONE);
}

/* A puzzle as a game: set-up, solution, tags; it survives the file format
 * and the check finds a changed solution. */
static void
test_game (void)
{
  g_autoptr(DjSearch) search = dj_search_new (0);
  g_autoptr(DjPuzzle) puzzle = NULL;
  g_autoptr(DjCollection) set = dj_collection_new ();
  g_autoptr(DjCollection) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autoptr(GString) edit = NULL;
  DjPuzzleVerdict verdict;
  DjGame *game;
  const DjGameInfo *info;
  gsize len;

  puzzle = find (&aboure, "6 10 2 1 0 0 0 1 1 0 0 5 12 10 S", 4, &verdict);
  g_assert_nonnull (puzzle);
  game = dj_puzzle_to_game (puzzle, "Test puzzles", 7);
  dj_collection_append (set, game);
  g_object_unref (game);
  xml = dj_xml_to_string (set, &len);
  back = dj_xml_load_data (xml, len, "puzzles.djenon", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dj_collection_get_n_games (back), ==, 1);
  game = dj_collection_get_game (back, 0);
  g_assert_true (dj_game_has_setup (game));
  g_assert_true (dj_position_equal (dj_game_get_start (game), &puzzle->position));
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, puzzle->line_len + 1);
  info = dj_game_get_info (game);
  g_assert_cmpstr (info->event, ==, "Test puzzles");
  g_assert_cmpstr (info->round, ==, "7");
  g_assert_cmpstr (dj_game_info_get_tag (info, DJ_PUZZLE_TAG_THEME), ==,
                   dj_puzzle_theme_to_string (puzzle->theme));
  g_assert_cmpstr (dj_game_info_get_tag (info, DJ_PUZZLE_TAG_MIN_LOSS), ==, "4");
  g_assert_cmpstr (dj_game_info_get_tag (info, DJ_PUZZLE_TAG_VALUE), ==, "18");
  g_assert_nonnull (dj_game_info_get_tag (info, DJ_PUZZLE_TAG_DIFFICULTY));
  g_assert_true (dj_puzzle_check_game (search, game, NULL, &error));
  g_assert_no_error (error);

  /* a instead of c: the check names both. */
  edit = g_string_new (xml);
  g_assert_cmpint (g_string_replace (edit, "<move pit=\"c\"/>", "<move pit=\"a\"/>", 1), ==, 1);
  g_clear_object (&back);
  back = dj_xml_load_data (edit->str, edit->len, "puzzles.djenon", &error);
  g_assert_no_error (error);
  g_assert_false (dj_puzzle_check_game (search, dj_collection_get_game (back, 0), NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, " a,"));
  g_assert_nonnull (strstr (error->message, " c"));
  g_clear_error (&error);

  /* The value the set claims only speeds the check up: a wrong or
   * unreadable claim is no reason to refuse a sound puzzle, nor a right
   * claim a reason to accept an unsound one. */
  {
    static const char *const claims[] = { "17", "19", "10", "-18", "48", "x", "" };

    for (guint i = 0; i < G_N_ELEMENTS (claims); i++)
      {
        g_autofree char *tag = g_strdup_printf ("\"PuzzleValue\">%s<", claims[i]);

        g_string_assign (edit, xml);
        g_assert_cmpint (g_string_replace (edit, "\"PuzzleValue\">18<", tag, 1), ==, 1);
        g_clear_object (&back);
        back = dj_xml_load_data (edit->str, edit->len, "puzzles.djenon", &error);
        g_assert_no_error (error);
        g_assert_true (dj_puzzle_check_game (search, dj_collection_get_game (back, 0), NULL,
                                             &error));
        g_assert_no_error (error);
      }
    g_string_assign (edit, xml);
    g_assert_cmpint (g_string_replace (edit, "<move pit=\"c\"/>", "<move pit=\"a\"/>", 1), ==, 1);
    for (int claim = -6; claim <= 24; claim++)
      {
        g_autofree char *tag = g_strdup_printf ("\"PuzzleValue\">%d<", claim);
        g_autoptr(GString) wrong = g_string_new (edit->str);

        g_assert_cmpint (g_string_replace (wrong, "\"PuzzleValue\">18<", tag, 1), ==, 1);
        g_clear_object (&back);
        back = dj_xml_load_data (wrong->str, wrong->len, "puzzles.djenon", &error);
        g_assert_no_error (error);
        g_assert_false (dj_puzzle_check_game (search, dj_collection_get_game (back, 0), NULL,
                                              &error));
        g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
        g_clear_error (&error);
      }
  }

  /* A larger minimum loss than the position has: no longer a puzzle. */
  g_string_assign (edit, xml);
  g_assert_cmpint (g_string_replace (edit, "\"PuzzleMinLoss\">4<", "\"PuzzleMinLoss\">9<", 1),
                   ==, 1);
  g_clear_object (&back);
  back = dj_xml_load_data (edit->str, edit->len, "puzzles.djenon", &error);
  g_assert_no_error (error);
  g_assert_false (dj_puzzle_check_game (search, dj_collection_get_game (back, 0), NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
}

/* Multi-move puzzles: every move of the solver in the line is unique by the
 * same rule, and the line is a best line all along. */
static void
test_multi_move (void)
{
  g_autoptr(DjSearch) search = dj_search_new (0);
  g_autoptr(DjPuzzle) puzzle = NULL;
  g_autoptr(DjGame) game = NULL;
  g_autoptr(GError) error = NULL;
  DjPuzzleVerdict verdict;
  DjPosition pos;
  guint unique = 0;

  puzzle = find (&aboure, MULTI, 4, &verdict);
  g_assert_nonnull (puzzle);
  g_assert_cmpuint (puzzle->solver_moves, >=, 2);
  pos = puzzle->position;
  for (guint i = 0; i < puzzle->line_len; i++)
    {
      g_autoptr(DjAnalysis) a = dj_search_analyse (search, &aboure, &pos, NULL, NULL, &error);
      DjMoves moves;

      g_assert_no_error (error);
      if (pos.to_move == puzzle->position.to_move && a->n_moves >= 2)
        {
          g_assert_cmpint (dj_puzzle_judge (a, 4, NULL), ==, DJ_PUZZLE_OK);
          unique++;
        }
      for (guint k = 0; k < a->n_moves; k++)
        if (a->moves[k].move == puzzle->line[i])
          g_assert_cmpint (a->moves[k].value, ==, a->value);
      dj_moves_generate (&aboure, &pos, &moves);
      g_assert_true (dj_moves_child (&moves, &pos, puzzle->line[i], &pos));
    }
  g_assert_cmpuint (unique, ==, puzzle->solver_moves);
  game = dj_puzzle_to_game (puzzle, NULL, 0);
  g_assert_true (dj_puzzle_check_game (search, game, NULL, &error));
  g_assert_no_error (error);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dj_xml_init ();

  if (!dj_tables_available ())
    g_test_message ("endgame tables missing: slower, same values");
  g_test_add_func ("/djenon/puzzle/judge", test_judge);
  g_test_add_func ("/djenon/puzzle/unique", test_unique);
  g_test_add_func ("/djenon/puzzle/loses-too-little", test_loses_too_little);
  g_test_add_func ("/djenon/puzzle/two-best", test_two_best);
  g_test_add_func ("/djenon/puzzle/no-choice", test_no_choice);
  g_test_add_func ("/djenon/puzzle/not-exact", test_not_exact);
  g_test_add_func ("/djenon/puzzle/theme-names", test_theme_names);
  g_test_add_func ("/djenon/puzzle/themes", test_themes);
  g_test_add_func ("/djenon/puzzle/theme-rules", test_theme_rules);
  g_test_add_func ("/djenon/puzzle/game", test_game);
  g_test_add_func ("/djenon/puzzle/multi-move", test_multi_move);
  return g_test_run ();
}
