/* test-analysis-ui.c: the analysis panel, Review Game and Play from Here
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <unistd.h>

#include "dj-analysis-panel.h"
#include "dj-application.h"
#include "dj-board.h"
#include "dj-document.h"
#include "dj-drafts.h"
#include "dj-play-engine.h"
#include "dj-resources.h"
#include "dj-review.h"
#include "dj-search-tables.h"
#include "dj-tables-builder.h"
#include "dj-window.h"

#include "dj-test-app.h"
#include "dj-test-picture.h"

/* Small Djenon-aboure endgames: a few seeds, so every value is exact at
 * once and the oracle below checks it by plain minimax.
 *
 * TWO_BEST, South to move: a +6, c +6, e +4.  By hand, the first move: a
 * sows a, b and makes 2 on b: takes 2; c sows c, d, e, relays the 3 on e
 * over e, f, A and takes the 2 made on A; e sows e, f and ends in the empty
 * f.  The rest of the game the oracle plays out.
 * ONE_BEST, South to move: a 0, c −4, d −4. */
#define TWO_BEST "2 1 3 0 2 0 1 0 2 1 0 0 18 18 S"
#define ONE_BEST "3 0 2 2 0 1 0 2 0 0 3 1 17 17 S"

#define TIMEOUT_S 20

/* An independent oracle: minimax to the end over the rules' legal moves,
 * with RULES.md's repetition rule (a line back to a position on it ends
 * there, each side keeping its own row). */

#define ORACLE_MAX_PLY 200

static int
own_row_value (const DjPosition *pos)
{
  DjSide me = pos->to_move, other = DJ_OTHER_SIDE (pos->to_move);

  return (pos->captured[me] + (int) dj_position_row_seeds (pos, me))
         - (pos->captured[other] + (int) dj_position_row_seeds (pos, other));
}

static int
oracle_value (const DjRules    *rules,
              const DjPosition *pos,
              DjPosition       *line,
              guint             ply)
{
  DjMoves moves;
  int best = G_MININT;

  for (guint i = 0; i < ply; i++)
    if (dj_position_equal (&line[i], pos))
      return own_row_value (pos);
  g_assert_cmpuint (ply, <, ORACLE_MAX_PLY);

  dj_moves_generate (rules, pos, &moves);
  if (moves.end != DJ_END_NONE)
    {
      int score[2];

      dj_final_scores (rules, pos, score);
      return score[pos->to_move] - score[DJ_OTHER_SIDE (pos->to_move)];
    }

  line[ply] = *pos;
  for (DjMove m = 0; m <= DJ_PASS; m++)
    {
      DjPosition child;
      int v;

      if ((m == DJ_PASS) != (gboolean) moves.must_pass || !dj_moves_is_legal (&moves, m))
        continue;
      g_assert_true (dj_moves_child (&moves, pos, m, &child));
      v = oracle_value (rules, &child, line, ply + 1);
      if (child.to_move != pos->to_move)
        v = -v;
      best = MAX (best, v);
    }
  return best;
}

/* The value of @move in @pos, from the mover's view. */
static int
oracle_move_value (const DjRules    *rules,
                   const DjPosition *pos,
                   DjMove            move)
{
  DjPosition line[ORACLE_MAX_PLY];
  DjMoves moves;
  DjPosition child;
  int v;

  dj_moves_generate (rules, pos, &moves);
  g_assert_true (dj_moves_child (&moves, pos, move, &child));
  line[0] = *pos;
  v = oracle_value (rules, &child, line, 1);
  return child.to_move != pos->to_move ? -v : v;
}

static int
oracle_best (const DjRules    *rules,
             const DjPosition *pos)
{
  DjMoves moves;
  int best = G_MININT;

  dj_moves_generate (rules, pos, &moves);
  for (DjMove m = 0; m <= DJ_PASS; m++)
    if ((m == DJ_PASS) == (gboolean) moves.must_pass && dj_moves_is_legal (&moves, m))
      best = MAX (best, oracle_move_value (rules, pos, m));
  return best;
}

static guint
count_moves (const DjRules    *rules,
             const DjPosition *pos)
{
  DjMoves moves;

  dj_moves_generate (rules, pos, &moves);
  return moves.must_pass ? 1 : moves.n_legal;
}

static DjGame *
new_game (const char *setup)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition pos;
  g_autoptr(GError) error = NULL;

  g_assert_true (dj_position_parse (setup, &pos, &error));
  g_assert_no_error (error);
  return dj_game_new (&rules, &pos);
}

static DjNode *
play (DjGame     *game,
      DjNode     *node,
      const char *move_text)
{
  g_autoptr(GError) error = NULL;
  DjMove move;
  DjNode *child;

  g_assert_true (dj_move_from_string (move_text, &move));
  child = dj_game_play (game, node, move, &error);
  g_assert_no_error (error);
  g_assert_nonnull (child);
  return child;
}

/* Two trees are the same node for node: moves, positions, annotations. */
static void
assert_same_tree (DjNode *a,
                  DjNode *b)
{
  DjNode *ca, *cb;

  g_assert_cmpint (dj_node_get_move (a), ==, dj_node_get_move (b));
  g_assert_true (dj_position_equal (dj_node_get_position (a), dj_node_get_position (b)));
  g_assert_cmpint (dj_node_get_glyph (a), ==, dj_node_get_glyph (b));
  g_assert_cmpstr (dj_node_get_comment_before (a), ==, dj_node_get_comment_before (b));
  g_assert_cmpstr (dj_node_get_comment_after (a), ==, dj_node_get_comment_after (b));
  g_assert_cmpint (dj_node_get_assessment (a), ==, dj_node_get_assessment (b));
  g_assert_true (dj_finding_equal (dj_node_get_finding (a), dj_node_get_finding (b)));
  g_assert_cmpuint (dj_node_get_n_children (a), ==, dj_node_get_n_children (b));
  for (ca = dj_node_get_first_child (a), cb = dj_node_get_first_child (b);
       ca != NULL && cb != NULL;
       ca = dj_node_get_next_sibling (ca), cb = dj_node_get_next_sibling (cb))
    assert_same_tree (ca, cb);
}

/* The panel */

typedef struct
{
  GtkWidget       *window;
  DjBoard         *board;
  DjAnalysisPanel *panel;
  DjGame          *game;
} PanelFixture;

static gboolean
panel_ready (gpointer data)
{
  PanelFixture *f = data;
  const DjAnalysis *a = dj_analysis_panel_get_analysis (f->panel);

  return !dj_analysis_panel_get_busy (f->panel) && a != NULL
         && dj_position_equal (&a->position,
                               dj_node_get_position (dj_game_get_current (f->game)));
}

static void
panel_setup_game (PanelFixture *f,
                  DjGame       *game)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  f->game = game;
  f->board = DJ_BOARD (dj_board_new ());
  gtk_widget_set_size_request (GTK_WIDGET (f->board), 500, 300);
  f->panel = DJ_ANALYSIS_PANEL (dj_analysis_panel_new ());
  dj_analysis_panel_set_board (f->panel, f->board);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->board));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->panel));
  f->window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (f->window), box);
  gtk_window_present (GTK_WINDOW (f->window));

  dj_board_set_position (f->board, dj_game_get_rules (f->game),
                         dj_node_get_position (dj_game_get_current (f->game)));
  dj_analysis_panel_set_game (f->panel, f->game);
  dj_test_wait_until (TIMEOUT_S, panel_ready, f, "the panel's first analysis");
}

static void
panel_setup (PanelFixture *f,
             const char   *setup)
{
  panel_setup_game (f, new_game (setup));
}

static void
panel_teardown (PanelFixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  flush_events ();
  g_clear_object (&f->game);
}

/* A damaged opening book is not used, and the panel says so; the values
 * stay exact (issue 21).  In a subprocess: the data is loaded once a
 * process, from DJENON_TABLES_DIR. */
static gboolean
data_note_shown (gpointer data)
{
  PanelFixture *f = data;

  return panel_ready (f) && dj_analysis_panel_get_data_note (f->panel) != NULL;
}

static void
test_panel_damaged_book (void)
{
  PanelFixture f;
  const DjAnalysis *a;

  if (!g_test_subprocess ())
    {
      const char *tables = g_getenv ("DJENON_TABLES_DIR");
      g_autofree char *dir = g_dir_make_tmp ("djenon-data-XXXXXX", NULL);
      g_autofree char *source = g_build_filename (tables, "aboure.djbook", NULL);
      g_autofree char *book = g_build_filename (dir, "aboure.djbook", NULL);
      g_autofree char *table = g_build_filename (dir, "aboure.djtb", NULL);
      g_autofree char *table_source = g_build_filename (tables, "aboure.djtb", NULL);
      g_autofree char *text = NULL;
      gsize len;
      char *value;

      g_assert_true (g_file_get_contents (source, &text, &len, NULL));
      /* The start's value, 4, made 0 */
      value = strstr (text, "\n4 4 4 4 4 4 4 4 4 4 4 4 S 4\n");
      g_assert_nonnull (value);
      value[strlen ("\n4 4 4 4 4 4 4 4 4 4 4 4 S ")] = '0';
      g_assert_true (g_file_set_contents (book, text, len, NULL));
      g_assert_cmpint (symlink (table_source, table), ==, 0);
      g_setenv ("DJENON_DATA_TEST_DIR", dir, TRUE);
      g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_unlink (book);
      g_unlink (table);
      g_rmdir (dir);
      g_test_trap_assert_passed ();
      return;
    }
  g_setenv ("DJENON_TABLES_DIR", g_getenv ("DJENON_DATA_TEST_DIR"), TRUE);
  panel_setup (&f, "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S");
  dj_test_wait_until (TIMEOUT_S, data_note_shown, &f, "the note on the damaged book");
  g_assert_cmpstr (dj_analysis_panel_get_data_note (f.panel), ==,
                   "Opening book damaged: analysis exact but slower");
  a = dj_analysis_panel_get_analysis (f.panel);
  g_assert_true (a->exact);
  g_assert_cmpint (a->value, ==, 4);
  /* To look at (DJ_SCREENSHOT_DIR): drawn once the frames have caught up. */
  for (guint k = 0; k < 20; k++)
    flush_events ();
  dj_test_save_screenshot (GTK_WIDGET (f.panel), "analysis-damaged-book.png");
  panel_teardown (&f);
}

/* Deeper endgame tables (issue 26): the first analysis of a Djenon-abe game
 * asks for them; the panel says they are being made, with a progress bar,
 * while its values stay exact; once made they are used and saved, and the
 * note goes.  A damaged saved file is said to be refused and made again;
 * a cache that cannot be written is said, and the analysis goes on.  In
 * subprocesses (the tables load once a process), on tables of 8 seeds
 * made deeper to 12 (a second or two, where 16 take half a minute). */

typedef struct
{
  PanelFixture *f;
  char         *note_building;   /* the panel's note when the build began */
  gboolean      bar_shown;       /* the progress bar was visible during it */
  double        most;            /* the highest fraction shown */
  gboolean      ended;
} TablesWatch;

static void
on_tables_notify (DjTablesBuilder *builder,
                  GParamSpec      *pspec,
                  TablesWatch     *w)
{
  /* The panel's own handler ran first: it shows what the builder says. */
  if (dj_tables_builder_get_building (builder))
    {
      if (w->note_building == NULL)
        w->note_building = g_strdup (dj_analysis_panel_get_tables_note (w->f->panel));
      w->most = MAX (w->most, dj_tables_builder_get_fraction (builder));
      w->bar_shown |= dj_tables_builder_get_fraction (builder) > 0;
    }
  else if (w->note_building != NULL)
    w->ended = TRUE;
}

static gboolean
tables_ended (gpointer data)
{
  TablesWatch *w = data;

  return w->ended;
}

static DjGame *
new_abe_game (const char *setup)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjPosition pos;

  g_assert_true (dj_position_parse (setup, &pos, NULL));
  return dj_game_new (&rules, &pos);
}

static void
run_tables_child (const char *data_dir,
                  const char *cache_home,
                  const char *scenario)
{
  g_setenv ("DJENON_TABLES_DIR", data_dir, TRUE);
  /* (the child makes itself a new home: dj_test_make_home) */
  g_setenv ("DJENON_TEST_CACHE_HOME", cache_home, TRUE);
  g_setenv ("DJENON_TABLES_CACHE_SEEDS", "12", TRUE);
  g_setenv ("DJENON_TABLES_SCENARIO", scenario, TRUE);
  g_test_trap_subprocess (NULL, 300 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_panel_deeper_tables (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjTablesBuilder *builder;
  PanelFixture f = { 0 };
  TablesWatch w = { &f, NULL, FALSE, 0, FALSE };
  const char *scenario;
  const DjAnalysis *a;
  DjNode *next;

  if (!g_test_subprocess ())
    {
      g_autofree char *dir = g_dir_make_tmp ("djenon-data-XXXXXX", NULL);
      g_autofree char *cache = g_dir_make_tmp ("djenon-cache-XXXXXX", NULL);
      g_autofree char *table = g_build_filename (dir, "abe.djtb", NULL);
      g_autofree char *saved = g_build_filename (cache, "djenon", "tables", "abe.djtb", NULL);
      g_autofree char *not_a_folder = g_build_filename (cache, "file", NULL);
      g_autofree char *data = NULL;
      DjTables *base = dj_tables_build (&abe, 8, NULL, NULL);
      gsize len;

      g_assert_true (dj_tables_save (base, table, NULL));
      dj_tables_free (base);

      run_tables_child (dir, cache, "made");
      g_assert_true (g_file_test (saved, G_FILE_TEST_IS_REGULAR));

      /* The saved file damaged: refused, said, made again. */
      g_assert_true (g_file_get_contents (saved, &data, &len, NULL));
      data[len / 3] ^= 2;
      g_assert_true (g_file_set_contents (saved, data, len, NULL));
      run_tables_child (dir, cache, "damaged");

      /* A cache folder that cannot be made (a file is in the way). */
      g_assert_true (g_file_set_contents (not_a_folder, "", 0, NULL));
      run_tables_child (dir, not_a_folder, "unsaved");

      /* (the children's graphics drivers leave their own caches there) */
      dj_test_remove_tree (cache);
      dj_test_remove_tree (dir);
      return;
    }

  scenario = g_getenv ("DJENON_TABLES_SCENARIO");
  builder = dj_tables_builder_get_default ();
  g_signal_connect (builder, "notify", G_CALLBACK (on_tables_notify), &w);
  /* Twelve seeds, South to move: its first analysis asks for the tables. */
  panel_setup_game (&f, new_abe_game ("2 1 0 0 3 0 0 1 0 3 0 2 18 18 S"));
  a = dj_analysis_panel_get_analysis (f.panel);
  g_assert_true (a->exact);
  /* To look at (DJ_SCREENSHOT_DIR), if the build is still going. */
  if (dj_tables_builder_get_building (builder) && g_str_equal (scenario, "made"))
    {
      dj_test_wait_frames (GTK_WIDGET (f.panel), "the panel drawn");
      dj_test_save_screenshot (GTK_WIDGET (f.panel), "analysis-tables-making.png");
    }
  dj_test_wait_until (TIMEOUT_S * 4, tables_ended, &w, "the deeper endgame tables to be made");

  if (g_str_equal (scenario, "made"))
    g_assert_cmpstr (w.note_building, ==, "Making endgame tables for faster analysis");
  else if (g_str_equal (scenario, "damaged"))
    {
      g_assert_true (g_str_has_prefix (w.note_building, "Saved endgame tables refused ("));
      g_assert_nonnull (strstr (w.note_building, "checksum"));
    }
  g_assert_true (w.bar_shown);
  g_assert_cmpfloat (w.most, >=, 0.9);
  /* Made: used by every search from now on. */
  g_assert_cmpuint (dj_tables_max_seeds (dj_tables_get (&abe)), ==, 12);

  if (g_str_equal (scenario, "unsaved"))
    {
      const char *note = dj_analysis_panel_get_tables_note (f.panel);

      /* Said, and it stays said; the values stay exact. */
      g_assert_true (dj_tables_builder_get_failed (builder));
      g_assert_nonnull (note);
      /* Made and used, not saved */
      g_assert_true (g_str_has_prefix (note, "Endgame tables for faster analysis were made but "
                                             "not saved: "));
      g_assert_nonnull (strstr (note, "made again at the next start"));
      g_assert_nonnull (strstr (note, g_getenv ("XDG_CACHE_HOME")));
      dj_test_wait_frames (GTK_WIDGET (f.panel), "the panel drawn");
      dj_test_save_screenshot (GTK_WIDGET (f.panel), "analysis-tables-unsaved.png");
    }
  else
    {
      g_assert_false (dj_tables_builder_get_failed (builder));
      g_assert_null (dj_analysis_panel_get_tables_note (f.panel));
      g_assert_cmpint (dj_tables_cache_state (&abe, NULL), ==, DJ_TABLES_CACHE_READY);
    }

  /* The next position is analysed with them, exact. */
  next = dj_node_get_first_child (dj_game_get_current (f.game));
  if (next == NULL)
    {
      const DjMoveValue *best = &dj_analysis_panel_get_analysis (f.panel)->moves[0];

      next = play (f.game, dj_game_get_current (f.game), dj_move_to_string (best->move));
    }
  dj_game_set_current (f.game, next);
  dj_test_wait_until (TIMEOUT_S, panel_ready, &f, "the analysis after the move");
  g_assert_true (dj_analysis_panel_get_analysis (f.panel)->exact);

  g_signal_handlers_disconnect_by_data (builder, &w);
  g_free (w.note_building);
  panel_teardown (&f);
}

/* Every legal move, best first, each value exact and as the oracle says. */
static void
check_panel_values (PanelFixture *f)
{
  const DjRules *rules = dj_game_get_rules (f->game);
  const DjPosition *pos = dj_node_get_position (dj_game_get_current (f->game));
  const DjAnalysis *a = dj_analysis_panel_get_analysis (f->panel);
  DjBoardScene *scene = dj_board_get_scene (f->board);

  g_assert_nonnull (a);
  g_assert_cmpuint (a->n_moves, ==, count_moves (rules, pos));
  g_assert_true (a->exact);
  for (guint i = 0; i < a->n_moves; i++)
    {
      const DjMoveValue *mv = &a->moves[i];
      g_autofree char *row = dj_analysis_panel_describe_row (f->panel, i);
      g_autofree char *value = dj_analysis_format_value (mv->value);
      /* South began these games: the line's number is the notation's. */
      g_autofree char *number = g_strdup_printf (pos->to_move == DJ_SOUTH ? "%u. " : "%u... ",
                                                 dj_node_get_ply (dj_game_get_current (f->game))
                                                 / 2 + 1);
      g_autofree char *expect = g_strdup_printf ("%s: %s, exact; best line %s%s",
                                                 dj_move_to_string (mv->move), value, number,
                                                 dj_move_to_string (mv->move));

      g_assert_true (mv->exact);
      g_assert_cmpint (mv->value, ==, oracle_move_value (rules, pos, mv->move));
      if (i > 0)
        g_assert_cmpint (mv->value, <=, a->moves[i - 1].value);
      g_assert_cmpuint (mv->line_len, >=, 1);
      g_assert_cmpint (mv->line[0], ==, mv->move);
      /* The row says it, marked exact. */
      g_assert_true (g_str_has_prefix (row, expect));
    }
  g_assert_null (dj_analysis_panel_describe_row (f->panel, a->n_moves));
  g_assert_cmpint (a->value, ==, oracle_best (rules, pos));
  /* The best pit is marked on the board. */
  g_assert_cmpint (dj_board_scene_get_best_move (scene), ==, a->moves[0].move);
}

static void
test_panel_values (void)
{
  PanelFixture f = { 0 };
  const DjAnalysis *a;
  DjNode *root, *after_a;
  static const struct { const char *move; int value; } expected[] = {
    { "a", 6 }, { "c", 6 }, { "e", 4 },
  };

  panel_setup (&f, TWO_BEST);
  check_panel_values (&f);

  /* The values worked out by hand (see TWO_BEST). */
  a = dj_analysis_panel_get_analysis (f.panel);
  g_assert_cmpuint (a->n_moves, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < a->n_moves; i++)
    for (guint j = 0; j < G_N_ELEMENTS (expected); j++)
      if (g_str_equal (dj_move_to_string (a->moves[i].move), expected[j].move))
        g_assert_cmpint (a->moves[i].value, ==, expected[j].value);

  /* It follows the current node: North's moves after a, then back. */
  root = dj_game_get_root (f.game);
  after_a = play (f.game, root, "a");
  dj_game_set_current (f.game, after_a);
  g_assert_null (dj_analysis_panel_get_analysis (f.panel));
  g_assert_cmpint (dj_board_scene_get_best_move (dj_board_get_scene (f.board)), ==, DJ_NO_MOVE);
  dj_test_wait_until (TIMEOUT_S, panel_ready, &f, "the analysis after a");
  g_assert_cmpint (dj_analysis_panel_get_analysis (f.panel)->position.to_move, ==, DJ_NORTH);
  check_panel_values (&f);

  /* Quick navigation: each change cancels the search before; the last wins. */
  dj_game_set_current (f.game, root);
  dj_game_set_current (f.game, after_a);
  dj_game_set_current (f.game, root);
  dj_test_wait_until (TIMEOUT_S, panel_ready, &f, "the analysis back at the start");
  check_panel_values (&f);

  /* Hidden, it clears the board's mark and keeps nothing. */
  gtk_widget_set_visible (GTK_WIDGET (f.panel), FALSE);
  g_assert_cmpint (dj_board_scene_get_best_move (dj_board_get_scene (f.board)), ==, DJ_NO_MOVE);
  g_assert_null (dj_analysis_panel_get_analysis (f.panel));
  gtk_widget_set_visible (GTK_WIDGET (f.panel), TRUE);
  dj_test_wait_until (TIMEOUT_S, panel_ready, &f, "the analysis when shown again");
  check_panel_values (&f);

  panel_teardown (&f);
}

/* Holding an arrow key (issue 26): 60 steps, one every 33 ms, along a
 * random Djenon-abe game.  The panel skips the positions passed, never queues them: it ends
 * showing every exact value of the last position, having started few
 * searches on the way. */
#define HELD_STEPS 60

typedef struct
{
  DjGame *game;
  DjNode *nodes[HELD_STEPS + 1];
  guint   at;
} Stepper;

static gboolean
step_once (gpointer data)
{
  Stepper *s = data;

  s->at++;
  dj_game_set_current (s->game, s->nodes[s->at]);
  return s->at < HELD_STEPS ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static gboolean
steps_done (gpointer data)
{
  return ((Stepper *) data)->at == HELD_STEPS;
}

/* HELD_STEPS random legal moves from the start that do not end the game. */
static void
random_line (const DjRules *rules,
             DjMove        *line)
{
  for (guint32 seed = 26;; seed++)
    {
      g_assert_cmpuint (seed, <, 100000);
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      DjPosition pos;
      DjMoves moves;
      guint n = 0;

      dj_position_init_start (&pos);
      for (dj_moves_generate (rules, &pos, &moves); n < HELD_STEPS && moves.end == DJ_END_NONE;
           dj_moves_generate (rules, &pos, &moves))
        {
          DjMove move = DJ_PASS;

          if (!moves.must_pass)
            {
              guint pick = g_rand_int_range (rand, 0, moves.n_legal);

              for (guint k = 0; k < DJ_ROW_PITS; k++)
                if (moves.pit[k] == DJ_PIT_LEGAL && pick-- == 0)
                  move = moves.row_start + k;
            }
          line[n++] = move;
          g_assert_true (dj_moves_child (&moves, &pos, move, &pos));
        }
      if (n == HELD_STEPS && moves.end == DJ_END_NONE)
        return;
    }
}

static void
test_panel_held_key (void)
{
  PanelFixture f = { 0 };
  g_autoptr(DjSearch) search = dj_search_new (0);
  g_autoptr(DjAnalysis) expect = NULL;
  DjMove line[HELD_STEPS];
  Stepper stepper = { 0 };
  const DjAnalysis *a;
  guint started;
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjPosition start;

  dj_position_init_start (&start);
  panel_setup_game (&f, dj_game_new (&rules, &start));
  random_line (dj_game_get_rules (f.game), line);
  stepper.game = f.game;
  stepper.nodes[0] = dj_game_get_root (f.game);
  for (guint i = 0; i < HELD_STEPS; i++)
    {
      g_autoptr(GError) error = NULL;

      stepper.nodes[i + 1] = dj_game_play (f.game, stepper.nodes[i], line[i], &error);
      g_assert_no_error (error);
    }
  started = dj_analysis_panel_get_n_searches (f.panel);

  g_timeout_add (33, step_once, &stepper);
  dj_test_wait_until (TIMEOUT_S, steps_done, &stepper, "the held key's 60 steps");
  dj_test_wait_until (TIMEOUT_S, panel_ready, &f, "the analysis of the last position");

  a = dj_analysis_panel_get_analysis (f.panel);
  g_assert_true (dj_game_get_current (f.game) == stepper.nodes[HELD_STEPS]);
  g_assert_true (dj_position_equal (&a->position,
                                    dj_node_get_position (stepper.nodes[HELD_STEPS])));
  g_assert_true (a->exact);
  expect = dj_search_analyse (search, dj_game_get_rules (f.game), &a->position, NULL, NULL, NULL);
  g_assert_cmpuint (a->n_moves, ==, expect->n_moves);
  for (guint i = 0; i < a->n_moves; i++)
    {
      g_assert_true (a->moves[i].exact);
      g_assert_cmpint (a->moves[i].move, ==, expect->moves[i].move);
      g_assert_cmpint (a->moves[i].value, ==, expect->moves[i].value);
    }
  /* A search for the first step perhaps, for the last one surely, and a
   * few more if the machine made the steps stutter; not one a step. */
  g_test_message ("%u searches started for %u steps",
                  dj_analysis_panel_get_n_searches (f.panel) - started, HELD_STEPS);
  g_assert_cmpuint (dj_analysis_panel_get_n_searches (f.panel) - started, <=, 10);
  panel_teardown (&f);
}

/* A game over shows no moves. */
static void
test_panel_game_over (void)
{
  PanelFixture f = { 0 };
  const DjAnalysis *a;

  panel_setup (&f, "1 1 0 1 1 1 0 0 1 0 0 0 21 21 N");
  a = dj_analysis_panel_get_analysis (f.panel);
  g_assert_cmpint (a->end, !=, DJ_END_NONE);
  g_assert_cmpuint (a->n_moves, ==, 0);
  /* North finishes 21 + 1 against 21 + 5. */
  g_assert_cmpint (a->value, ==, -4);
  g_assert_null (dj_analysis_panel_describe_row (f.panel, 0));
  g_assert_cmpint (dj_board_scene_get_best_move (dj_board_get_scene (f.board)), ==, DJ_NO_MOVE);
  panel_teardown (&f);
}

/* Add as Variation: the whole best line at the current node, one undo step. */
static void
test_add_variation (void)
{
  PanelFixture f = { 0 };
  const DjAnalysis *a;
  const DjMoveValue *mv;
  g_autoptr(DjGame) before = NULL;
  DjNode *node, *first;
  guint n_before;

  panel_setup (&f, ONE_BEST);
  /* Something there already: the main line c. */
  play (f.game, dj_game_get_root (f.game), "c");
  before = dj_game_copy (f.game);
  n_before = dj_game_get_n_nodes (f.game);

  a = dj_analysis_panel_get_analysis (f.panel);
  mv = &a->moves[0];
  g_assert_cmpstr (dj_move_to_string (mv->move), ==, "a");
  g_assert_cmpuint (mv->line_len, >=, 2);

  /* By the row's button, as the user does. */
  gtk_widget_activate_action (GTK_WIDGET (f.panel), "analysis.add-variation", "i", 0);
  flush_events ();

  first = dj_node_get_nth_child (dj_game_get_root (f.game), 1);
  g_assert_nonnull (first);
  g_assert_cmpint (dj_node_get_move (first), ==, mv->move);
  node = first;
  for (guint i = 1; i < mv->line_len; i++)
    {
      node = dj_node_get_first_child (node);
      g_assert_nonnull (node);
      g_assert_cmpint (dj_node_get_move (node), ==, mv->line[i]);
    }
  g_assert_cmpuint (dj_game_get_n_nodes (f.game), ==, n_before + mv->line_len);
  /* The main line stays, the current node too. */
  g_assert_cmpint (dj_node_get_move (dj_node_get_first_child (dj_game_get_root (f.game))), ==, 2);
  g_assert_true (dj_game_get_current (f.game) == dj_game_get_root (f.game));

  /* One undo removes it all. */
  g_assert_true (dj_game_can_undo (f.game));
  dj_game_undo (f.game);
  assert_same_tree (dj_game_get_root (f.game), dj_game_get_root (before));

  /* Adding a line that is there already changes nothing. */
  first = dj_analysis_panel_add_variation (f.panel, 1);
  g_assert_nonnull (first);
  g_assert_cmpint (dj_node_get_move (first), ==, a->moves[1].move);
  g_assert_null (dj_analysis_panel_add_variation (f.panel, a->n_moves));

  panel_teardown (&f);
}

/* Review Game */

static gboolean
review_done (gpointer data)
{
  return !dj_review_get_running (data);
}

static void
test_review_thresholds (void)
{
  g_assert_cmpint (dj_review_glyph_for_loss (-1), ==, DJ_GLYPH_NONE);
  g_assert_cmpint (dj_review_glyph_for_loss (0), ==, DJ_GLYPH_NONE);
  g_assert_cmpint (dj_review_glyph_for_loss (1), ==, DJ_GLYPH_DUBIOUS);
  g_assert_cmpint (dj_review_glyph_for_loss (2), ==, DJ_GLYPH_DUBIOUS);
  g_assert_cmpint (dj_review_glyph_for_loss (3), ==, DJ_GLYPH_MISTAKE);
  g_assert_cmpint (dj_review_glyph_for_loss (5), ==, DJ_GLYPH_MISTAKE);
  g_assert_cmpint (dj_review_glyph_for_loss (6), ==, DJ_GLYPH_BLUNDER);
  g_assert_cmpint (dj_review_glyph_for_loss (40), ==, DJ_GLYPH_BLUNDER);
}

/* The best move of @node's position by the oracle (the first of equals). */
static DjMove
oracle_best_move (const DjRules *rules,
                  DjNode        *node)
{
  const DjPosition *pos = dj_node_get_position (node);
  int best = oracle_best (rules, pos);
  DjMoves moves;

  dj_moves_generate (rules, pos, &moves);
  for (DjMove m = 0; m <= DJ_PASS; m++)
    if ((m == DJ_PASS) == (gboolean) moves.must_pass && dj_moves_is_legal (&moves, m)
        && oracle_move_value (rules, pos, m) == best)
      return m;
  return DJ_NO_MOVE;
}

static void
test_review_game (void)
{
  g_autoptr(DjGame) game = new_game (ONE_BEST);
  g_autoptr(DjGame) before = NULL;
  const DjRules *rules = dj_game_get_rules (game);
  GtkWidget *window = gtk_window_new ();
  DjReview *review = DJ_REVIEW (dj_review_new ());
  DjNode *root = dj_game_get_root (game);
  DjNode *bad, *node;
  guint plies = 1;
  g_autofree DjFinding *finding = NULL;

  /* South blunders with c (−4 where a keeps 0), then both play perfectly. */
  bad = play (game, root, "c");
  node = bad;
  for (guint i = 0; i < 4; i++)
    {
      DjMoves moves;
      DjMove m;

      dj_moves_generate (rules, dj_node_get_position (node), &moves);
      if (moves.end != DJ_END_NONE)
        break;
      m = oracle_best_move (rules, node);
      node = dj_game_play (game, node, m, NULL);
      g_assert_nonnull (node);
      plies++;
    }
  dj_game_clear_undo (game);
  before = dj_game_copy (game);

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (review));
  gtk_window_present (GTK_WINDOW (window));
  dj_review_set_game (review, game);
  dj_review_start (review);
  g_assert_true (dj_review_get_running (review));
  dj_test_wait_until (TIMEOUT_S, review_done, review, "the review");

  g_assert_cmpuint (dj_review_get_n_moves (review), ==, plies);
  g_assert_cmpint (dj_review_get_loss (review, 0), ==, 4);
  for (guint i = 1; i < plies; i++)
    g_assert_cmpint (dj_review_get_loss (review, i), <=, 0);
  g_assert_nonnull (strstr (dj_review_get_summary (review), "1 mistake"));

  /* c lost 4 seeds: the review's finding says a mistake, with both values
   * and the better move as data; the person's glyph, comment and moves are
   * left alone. */
  {
    const DjFinding *f = dj_node_get_finding (bad);

    g_assert_nonnull (f);
    g_assert_cmpint (f->judgement, ==, DJ_JUDGEMENT_MISTAKE);
    g_assert_cmpint (f->loss, ==, 4);
    g_assert_true (f->loss_exact);
    g_assert_cmpint (f->before_lower, ==, 0);
    g_assert_cmpint (f->after_upper, ==, -4);
    g_assert_cmpstr (dj_move_to_string (f->line[0]), ==, "a");
  }
  g_assert_cmpint (dj_node_get_glyph (bad), ==, DJ_GLYPH_NONE);
  g_assert_null (dj_node_get_comment_after (bad));
  g_assert_cmpuint (dj_node_get_n_children (root), ==, 1);
  g_assert_true (dj_node_get_first_child (root) == bad);
  /* The perfect moves are judged good. */
  for (node = dj_node_get_first_child (bad); node != NULL; node = dj_node_get_first_child (node))
    {
      g_assert_cmpint (dj_node_get_glyph (node), ==, DJ_GLYPH_NONE);
      if (dj_node_get_finding (node) != NULL)
        g_assert_false (dj_finding_is_error (dj_node_get_finding (node)));
    }

  /* One undo restores the game exactly. */
  g_assert_true (dj_game_can_undo (game));
  dj_game_undo (game);
  g_assert_false (dj_game_can_undo (game));
  assert_same_tree (dj_game_get_root (game), dj_game_get_root (before));

  /* Reviewing twice finds the same, once. */
  dj_game_redo (game);
  finding = g_memdup2 (dj_node_get_finding (bad), sizeof (DjFinding));
  dj_review_start (review);
  dj_test_wait_until (TIMEOUT_S, review_done, review, "the second review");
  g_assert_true (dj_finding_equal (dj_node_get_finding (bad), finding));
  g_assert_cmpuint (dj_node_get_n_children (root), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* A smaller loss: e gives away 2 seeds (+4 where a and c keep +6), "?!". */
static void
test_review_inaccuracy (void)
{
  g_autoptr(DjGame) game = new_game (TWO_BEST);
  const DjRules *rules = dj_game_get_rules (game);
  DjReview *review = DJ_REVIEW (g_object_ref_sink (dj_review_new ()));
  DjNode *root = dj_game_get_root (game);
  DjNode *played = play (game, root, "e");
  DjNode *node = played;
  const DjFinding *f;

  for (guint i = 0; i < 2; i++)
    {
      DjMoves moves;

      dj_moves_generate (rules, dj_node_get_position (node), &moves);
      if (moves.end != DJ_END_NONE)
        break;
      node = dj_game_play (game, node, oracle_best_move (rules, node), NULL);
    }
  dj_game_clear_undo (game);

  dj_review_set_game (review, game);
  dj_review_start (review);
  dj_test_wait_until (TIMEOUT_S, review_done, review, "the review");
  g_assert_cmpint (dj_review_get_loss (review, 0), ==, 2);
  f = dj_node_get_finding (played);
  g_assert_nonnull (f);
  g_assert_cmpint (f->judgement, ==, DJ_JUDGEMENT_INACCURACY);
  g_assert_cmpint (dj_node_get_glyph (played), ==, DJ_GLYPH_NONE);
  g_assert_null (dj_node_get_comment_after (played));
  g_assert_cmpint (f->before_lower, ==, 6);
  g_assert_cmpint (f->after_lower, ==, 4);
  g_assert_cmpint (oracle_move_value (rules, dj_node_get_position (root), f->line[0]), ==, 6);

  /* Thresholds of 3, 5 and 8 seeds: two seeds lost is no inaccuracy. */
  dj_review_set_thresholds (review, &(DjThresholds) { 3, 5, 8 });
  dj_review_start (review);
  dj_test_wait_until (TIMEOUT_S, review_done, review, "the second review");
  f = dj_node_get_finding (played);
  g_assert_cmpint (f->judgement, ==, DJ_JUDGEMENT_GOOD);
  g_assert_cmpint (f->loss, ==, 2);
  g_assert_cmpuint (f->thresholds.blunder, ==, 8);
  g_object_unref (review);
}

/* Cancelling changes nothing. */
static void
test_review_cancel (void)
{
  g_autoptr(DjGame) game = NULL;
  g_autoptr(DjGame) before = NULL;
  DjReview *review = DJ_REVIEW (g_object_ref_sink (dj_review_new ()));
  gpointer alive = review;
  DjNode *node;

  /* A long game from the start: far too much to finish at once. */
  game = dj_game_new (&DJ_RULES_INIT (DJ_VARIANT_ABOURE), NULL);
  node = dj_game_get_root (game);
  for (guint i = 0; i < 6; i++)
    {
      DjMoves moves;

      dj_moves_generate (dj_game_get_rules (game), dj_node_get_position (node), &moves);
      for (DjMove m = 0; m < DJ_N_PITS; m++)
        if (dj_moves_is_legal (&moves, m))
          {
            node = dj_game_play (game, node, m, NULL);
            break;
          }
    }
  dj_game_clear_undo (game);
  before = dj_game_copy (game);

  dj_review_set_game (review, game);
  dj_review_start (review);
  g_assert_true (dj_review_get_running (review));
  dj_review_cancel (review);
  g_assert_false (dj_review_get_running (review));
  /* The cancelled search reports, then the review goes. */
  dj_review_set_game (review, NULL);
  g_object_add_weak_pointer (G_OBJECT (review), &alive);
  g_object_unref (review);
  while (alive != NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (dj_game_can_undo (game));
  assert_same_tree (dj_game_get_root (game), dj_game_get_root (before));
}

/* Play from Here, in the window */

static DjWindow *
window_from (const char *setup)
{
  DjWindow *window = new_window ();
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition pos;

  g_assert_true (dj_position_parse (setup, &pos, NULL));
  dj_window_start_game (window, &rules, &pos, NULL);
  flush_events ();
  return window;
}

static gboolean
engine_replied (gpointer data)
{
  DjPlayEngine *engine = data;
  DjGame *game = dj_play_engine_get_game (engine);
  DjNode *node = dj_game_get_current (game);

  return !dj_play_engine_get_thinking (engine) && dj_node_get_ply (node) >= 2
         && dj_node_get_position (node)->to_move != dj_play_engine_get_engine_side (engine);
}

static void
test_play_engine (void)
{
  DjWindow *window = window_from (ONE_BEST);
  DjGame *game = dj_window_get_game (window);
  const DjRules *rules = dj_game_get_rules (game);
  DjPlayEngine *engine;
  DjBoard *board = DJ_BOARD (dj_window_get_board (window));
  DjNode *root = dj_game_get_root (game);
  DjNode *user, *reply;

  engine = DJ_PLAY_ENGINE (dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_PLAY_ENGINE));
  g_assert_nonnull (engine);

  /* An existing main line, so that play goes into a variation. */
  play (game, root, "d");

  g_assert_true (dj_play_engine_start (engine, DJ_NORTH, DJ_LEVEL_PERFECT));
  g_assert_true (dj_play_engine_get_playing (engine));
  g_assert_cmpstr (dj_play_engine_get_text (engine), ==, "Playing against Djenon (perfect)");
  /* South, the user, is to move: the engine waits. */
  g_assert_false (dj_play_engine_get_thinking (engine));

  g_assert_true (dj_window_play_move (window, 2));   /* c */
  user = dj_game_get_current (game);
  g_assert_true (dj_node_get_parent (user) == root);
  g_assert_cmpuint (dj_node_get_index (user), ==, 1);
  g_assert_true (dj_play_engine_get_thinking (engine));
  g_assert_false (dj_board_get_interactive (board));

  dj_test_wait_until (TIMEOUT_S, engine_replied, engine, "the engine's reply");
  /* North replied; if South then had to pass, North moved again: every move
   * of the engine is one of the best value, and the user is to move. */
  reply = dj_node_get_first_child (user);
  g_assert_nonnull (reply);
  g_assert_cmpint (dj_node_get_mover (reply), ==, DJ_NORTH);
  for (DjNode *n = reply; n != NULL; n = dj_node_get_first_child (n))
    {
      DjNode *parent = dj_node_get_parent (n);

      g_assert_true (dj_node_get_n_children (parent) == 1 || parent == root);
      if (dj_node_get_mover (n) == DJ_NORTH)
        g_assert_cmpint (oracle_move_value (rules, dj_node_get_position (parent),
                                            dj_node_get_move (n)),
                         ==, oracle_best (rules, dj_node_get_position (parent)));
      else
        g_assert_cmpint (dj_node_get_move (n), ==, DJ_PASS);
      if (dj_node_get_first_child (n) == NULL)
        g_assert_true (n == dj_game_get_current (game));
    }
  g_assert_cmpint (dj_node_get_position (dj_game_get_current (game))->to_move, ==, DJ_SOUTH);
  g_assert_true (dj_board_get_interactive (board));
  {
    DjMoves moves;

    /* Here North's B ended the game (every pit 0 or 1): play stops by itself. */
    dj_moves_generate (rules, dj_node_get_position (dj_game_get_current (game)), &moves);
    g_assert_cmpint (dj_play_engine_get_playing (engine), ==, moves.end == DJ_END_NONE);
  }

  /* Navigating away while the engine thinks stops play and its search. */
  dj_game_set_current (game, root);
  g_assert_true (dj_play_engine_start (engine, DJ_NORTH, DJ_LEVEL_PERFECT));
  g_assert_true (dj_window_play_move (window, 3));   /* d, the main line */
  g_assert_true (dj_play_engine_get_thinking (engine));
  dj_game_set_current (game, root);
  g_assert_false (dj_play_engine_get_playing (engine));
  while (dj_play_engine_get_thinking (engine))
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
  g_assert_true (dj_game_get_current (game) == root);
  g_assert_null (dj_node_get_first_child (dj_node_get_first_child (root)));

  /* The engine may move first, and is stopped while thinking. */
  g_assert_true (dj_play_engine_start (engine, DJ_SOUTH, DJ_LEVEL_STRONG));
  g_assert_true (dj_play_engine_get_thinking (engine));
  dj_play_engine_stop (engine);
  g_assert_false (dj_play_engine_get_playing (engine));
  flush_events ();
  while (dj_play_engine_get_thinking (engine))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (dj_game_get_current (game) == root);
  g_assert_true (dj_board_get_interactive (board));

  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* Outside a window the engine plays into the game by itself; undoing its
 * move ends play rather than have it played again at once. */
static void
test_play_engine_undo (void)
{
  g_autoptr(DjGame) game = new_game (TWO_BEST);
  const DjRules *rules = dj_game_get_rules (game);
  DjPlayEngine *engine = DJ_PLAY_ENGINE (g_object_ref_sink (dj_play_engine_new ()));
  DjNode *root = dj_game_get_root (game);
  DjNode *user, *reply;

  dj_play_engine_set_game (engine, game);
  g_assert_true (dj_play_engine_start (engine, DJ_NORTH, DJ_LEVEL_PERFECT));
  user = play (game, root, "a");
  dj_game_set_current (game, user);
  g_assert_true (dj_play_engine_get_thinking (engine));
  dj_test_wait_until (TIMEOUT_S, engine_replied, engine, "the engine's reply");

  reply = dj_node_get_first_child (user);
  g_assert_nonnull (reply);
  g_assert_cmpint (dj_node_get_mover (reply), ==, DJ_NORTH);
  g_assert_cmpint (oracle_move_value (rules, dj_node_get_position (user), dj_node_get_move (reply)),
                   ==, oracle_best (rules, dj_node_get_position (user)));
  g_assert_true (dj_play_engine_get_playing (engine));

  dj_game_undo (game);
  g_assert_null (dj_node_get_first_child (user));
  g_assert_false (dj_play_engine_get_playing (engine));
  flush_events ();
  g_assert_null (dj_node_get_first_child (user));
  g_object_unref (engine);
}

/* Weaker levels replay the same way: the seed comes from the position. */
static void
test_play_seed (void)
{
  DjPosition a, b;

  g_assert_true (dj_position_parse (ONE_BEST, &a, NULL));
  b = a;
  g_assert_cmpuint (dj_play_engine_seed (&a, 3), ==, dj_play_engine_seed (&b, 3));
  g_assert_cmpuint (dj_play_engine_seed (&a, 3), !=, dj_play_engine_seed (&a, 4));
  for (DjLevel l = DJ_LEVEL_PERFECT; l < DJ_N_LEVELS; l++)
    {
      g_assert_nonnull (dj_level_get_title (l));
      g_assert_nonnull (dj_level_get_name (l));
    }
}

/* The window: win.show-analysis (F9, the header-bar toggle) shows the panel. */
static gboolean
window_panel_ready (gpointer data)
{
  DjAnalysisPanel *panel = data;

  return !dj_analysis_panel_get_busy (panel) && dj_analysis_panel_get_analysis (panel) != NULL;
}

static void
test_window_toggle (void)
{
  DjWindow *window = window_from (TWO_BEST);
  DjAnalysisPanel *panel;
  DjBoardScene *scene = dj_board_get_scene (DJ_BOARD (dj_window_get_board (window)));
  GAction *action;
  g_autoptr(GVariant) state = NULL;
  g_auto(GStrv) accels = NULL;

  panel = DJ_ANALYSIS_PANEL (dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_ANALYSIS_PANEL));
  g_assert_nonnull (panel);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (dj_analysis_panel_get_game (panel) == dj_window_get_game (window));

  action = g_action_map_lookup_action (G_ACTION_MAP (window), "show-analysis");
  g_assert_nonnull (action);
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.show-analysis");
  g_assert_cmpstr (accels[0], ==, "F9");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-analysis", NULL);
  state = g_action_get_state (action);
  g_assert_true (g_variant_get_boolean (state));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  dj_test_wait_until (TIMEOUT_S, window_panel_ready, panel, "the panel in the window");
  g_assert_cmpint (dj_board_scene_get_best_move (scene), ==,
                   dj_analysis_panel_get_analysis (panel)->moves[0].move);

  /* A new game: the panel follows. */
  dj_window_start_game (window, &DJ_RULES_INIT (DJ_VARIANT_ABOURE), NULL, NULL);
  g_assert_true (dj_analysis_panel_get_game (panel) == dj_window_get_game (window));
  dj_test_wait_until (TIMEOUT_S, window_panel_ready, panel, "the panel on the new game");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-analysis", NULL);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_cmpint (dj_board_scene_get_best_move (scene), ==, DJ_NO_MOVE);

  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* One search per window: the analysis panel, Review Game and Play from Here
 * of a window all analyse with its document's search, whose table has the
 * size the "analysis-table-mb" setting gives; closing the window while all
 * three are analysing is safe. */
static gboolean
all_gone (gpointer data)
{
  gpointer *alive = data;

  for (guint i = 0; i < 4; i++)
    if (alive[i] != NULL)
      return FALSE;
  return TRUE;
}

static void
test_window_shared_search (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  DjWindow *window, *other;
  DjGame *game;
  DjNode *node;
  DjSearch *search;
  DjAnalysisPanel *panel;
  DjReview *review;
  DjPlayEngine *engine;
  gpointer alive[4];
  g_autofree char *draft = NULL;

  /* Read when the search is made: a window opened after the change. */
  g_settings_set_uint (settings, "analysis-table-mb", 8);
  window = new_window ();
  g_settings_reset (settings, "analysis-table-mb");
  other = new_window ();
  search = dj_document_get_search (dj_window_get_document (window));
  g_assert_cmpuint (dj_search_get_table_bytes (search), <=, 8u << 20);
  g_assert_cmpuint (dj_search_get_table_bytes (search), >, 4u << 20);
  /* The default, 64 MB, in the other window: one search per window. */
  g_assert_true (dj_document_get_search (dj_window_get_document (other)) != search);
  g_assert_cmpuint (dj_search_get_table_bytes (dj_document_get_search (dj_window_get_document (other))),
                    <=, 64u << 20);
  g_assert_cmpuint (dj_search_get_table_bytes (dj_document_get_search (dj_window_get_document (other))),
                    >, 32u << 20);
  destroy_window (other);

  /* A few moves from the start: far too much for any of them to finish at once. */
  game = dj_window_get_game (window);
  node = dj_game_get_root (game);
  for (guint i = 0; i < 4; i++)
    {
      DjMoves moves;

      dj_moves_generate (dj_game_get_rules (game), dj_node_get_position (node), &moves);
      for (DjMove m = 0; m < DJ_N_PITS; m++)
        if (dj_moves_is_legal (&moves, m))
          {
            node = dj_game_play (game, node, m, NULL);
            break;
          }
    }
  dj_game_set_current (game, node);
  flush_events ();

  panel = DJ_ANALYSIS_PANEL (dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_ANALYSIS_PANEL));
  review = DJ_REVIEW (dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_REVIEW));
  engine = DJ_PLAY_ENGINE (dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_PLAY_ENGINE));
  g_assert_nonnull (panel);
  g_assert_nonnull (review);
  g_assert_nonnull (engine);

  /* All three at once, on the one search. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-analysis", NULL);
  dj_review_start (review);
  g_assert_true (dj_play_engine_start (engine, dj_node_get_position (node)->to_move,
                                       DJ_LEVEL_PERFECT));
  g_assert_true (dj_analysis_panel_get_busy (panel));
  g_assert_true (dj_review_get_running (review));
  g_assert_true (dj_play_engine_get_thinking (engine));
  g_assert_true (dj_analysis_panel_get_search (panel) == search);
  g_assert_true (dj_review_get_search (review) == search);
  g_assert_true (dj_play_engine_get_search (engine) == search);

  /* Closed while they analyse: the window and its document go at once, the
   * workers hold the search until they report, then everything goes. */
  alive[0] = panel;
  alive[1] = review;
  alive[2] = engine;
  alive[3] = dj_window_get_document (window);
  for (guint i = 0; i < 4; i++)
    g_object_add_weak_pointer (alive[i], &alive[i]);
  draft = g_strdup (dj_window_get_draft_id (window));
  gtk_window_destroy (GTK_WINDOW (window));
  dj_drafts_remove (draft);
  dj_test_wait_until (TIMEOUT_S, all_gone, alive, "the analyses of a closed window to end");
  flush_events ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;
  int status;

  setlocale (LC_ALL, "");
  home = dj_test_make_home ("djenon-test-analysis");
  g_test_init (&argc, &argv, NULL);

  if (!dj_test_start_app ())
    {
      g_test_skip ("no display");
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  g_test_add_func ("/djenon/analysis-ui/panel-values", test_panel_values);
  g_test_add_func ("/djenon/analysis-ui/panel-game-over", test_panel_game_over);
  g_test_add_func ("/djenon/analysis-ui/panel-held-key", test_panel_held_key);
  g_test_add_func ("/djenon/analysis-ui/panel-damaged-book", test_panel_damaged_book);
  g_test_add_func ("/djenon/analysis-ui/panel-deeper-tables", test_panel_deeper_tables);
  g_test_add_func ("/djenon/analysis-ui/add-variation", test_add_variation);
  g_test_add_func ("/djenon/analysis-ui/review-thresholds", test_review_thresholds);
  g_test_add_func ("/djenon/analysis-ui/review-game", test_review_game);
  g_test_add_func ("/djenon/analysis-ui/review-inaccuracy", test_review_inaccuracy);
  g_test_add_func ("/djenon/analysis-ui/review-cancel", test_review_cancel);
  g_test_add_func ("/djenon/analysis-ui/play-engine", test_play_engine);
  g_test_add_func ("/djenon/analysis-ui/play-engine-undo", test_play_engine_undo);
  g_test_add_func ("/djenon/analysis-ui/play-seed", test_play_seed);
  g_test_add_func ("/djenon/analysis-ui/window-toggle", test_window_toggle);
  g_test_add_func ("/djenon/analysis-ui/window-shared-search", test_window_shared_search);

  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  return status;
}
