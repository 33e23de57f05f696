/* test-puzzle-ui.c: the puzzle trainer with the default settings (animations
 * on): a puzzle solved, one failed that comes back, both hint levels,
 * Reveal, a puzzle done with the keys alone, a damaged store; screenshots
 * in the language of the run (English, Urdu)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dj-explainer.h"
#include "dj-move-label.h"
#include "dj-puzzle-window.h"
#include "dj-training-store.h"
#include "dj-xml.h"

#include "dj-test-app.h"
#include "dj-test-picture.h"
#include "dj-test-xtest.h"

#define TIMEOUT_S 120

static gboolean have_xtest;

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 100;
}

/* The trainer, opened as the menu item does. */
static DjPuzzleWindow *
open_trainer (void)
{
  DjPuzzleWindow *trainer = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (app), "puzzles", NULL);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (DJ_IS_PUZZLE_WINDOW (l->data))
      trainer = l->data;
  g_assert_nonnull (trainer);
  dj_test_wait_until (20, is_mapped, dj_puzzle_window_get_board (trainer), "the trainer shown");
  return trainer;
}

static gboolean
is_still (gpointer data)
{
  DjPuzzleWindow *trainer = data;
  DjPuzzleState state = dj_puzzle_window_get_state (trainer);

  return (state == DJ_PUZZLE_STATE_SOLVING || state == DJ_PUZZLE_STATE_SOLVED)
         && !dj_board_is_animating (dj_puzzle_window_get_board (trainer));
}

static gboolean
animating (gpointer data)
{
  return dj_board_is_animating (data);
}

static void
wait_still (DjPuzzleWindow *trainer)
{
  dj_test_wait_until (TIMEOUT_S, is_still, trainer, "the solver's turn or the end");
}

static void
click (DjPuzzleWindow *trainer,
       DjMove          move)
{
  g_signal_emit_by_name (dj_board_get_pit_widget (dj_puzzle_window_get_board (trainer), move),
                         "clicked");
}

/* A legal move of the side to move that is not the solution's. */
static DjMove
wrong_move (DjPuzzleWindow *trainer)
{
  DjGame *game = dj_puzzle_window_get_game (trainer);
  const DjPosition *pos = dj_node_get_position (dj_game_get_current (game));
  DjMove expected = dj_puzzle_window_get_expected (trainer);
  DjMoves moves;

  dj_moves_generate (dj_game_get_rules (game), pos, &moves);
  for (guint i = 0; i < DJ_ROW_PITS; i++)
    {
      DjMove move = (DjMove) (moves.row_start + i);

      if (move != expected && dj_moves_is_legal (&moves, move))
        return move;
    }
  g_assert_not_reached ();
}

static DjTrainingItem *
item_of (DjPuzzleWindow *trainer)
{
  DjGame *game = dj_puzzle_window_get_game (trainer);

  return dj_training_store_find (dj_puzzle_window_get_store (trainer), dj_game_get_rules (game),
                                 dj_game_get_start (game));
}

typedef struct
{
  DjPuzzleWindow *trainer;
  guint           box;
  guint           answers;
} Saved;

static gboolean
answer_saved (gpointer data)
{
  Saved *saved = data;
  DjTrainingItem *item = item_of (saved->trainer);

  return item != NULL && dj_training_item_get_box (item) == saved->box
         && dj_training_item_get_n_answers (item) == saved->answers;
}

/* The answer is written once the verdict is shown. */
static void
wait_saved (DjPuzzleWindow *trainer,
            guint           box,
            guint           answers)
{
  Saved saved = { trainer, box, answers };

  dj_test_wait_until (20, answer_saved, &saved, "the answer saved");
}

static void
screenshot (DjPuzzleWindow *trainer,
            const char     *what)
{
  const char *lang = g_getenv ("LANGUAGE");
  g_autofree char *name = g_strdup_printf ("puzzle-%s-%s.png",
                                           lang != NULL && *lang != '\0' ? lang : "C", what);

  dj_test_wait_frames (GTK_WIDGET (trainer), "the trainer drawn");
  dj_test_save_screenshot (GTK_WIDGET (trainer), name);
}

/* Solve the first puzzle, fail the second and see it come back, hints,
 * Reveal. */
static void
test_train (void)
{
  DjPuzzleWindow *trainer = open_trainer ();
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjTrainingStore *store = dj_puzzle_window_get_store (trainer);
  DjTrainingScore score;
  DjMove move;
  guint solver_moves = 0;
  guint failed;
  gint64 worst = 0;

  dj_puzzle_window_set_rules (trainer, &rules);
  g_assert_cmpuint (dj_puzzle_window_get_number (trainer), ==, 1);
  g_assert_false (dj_puzzle_window_get_repeated (trainer));
  g_assert_null (dj_puzzle_window_get_problem (trainer));
  /* The solver (North here) sits at the bottom. */
  g_assert_true (dj_board_get_flipped (dj_puzzle_window_get_board (trainer)));
  screenshot (trainer, "start");

  /* Solve it: every move of the solver, Djenon's replies animated. */
  while (dj_puzzle_window_get_state (trainer) == DJ_PUZZLE_STATE_SOLVING)
    {
      move = dj_puzzle_window_get_expected (trainer);
      g_assert_cmpint (move, !=, DJ_NO_MOVE);
      click (trainer, move);
      worst = MAX (worst, dj_puzzle_window_get_judgement_us (trainer));
      solver_moves++;
      if (dj_puzzle_window_get_state (trainer) != DJ_PUZZLE_STATE_SOLVED)
        {
          g_autofree char *right = g_strdup_printf (_("Right: %s keeps the value."),
                                                    dj_move_label (move));

          g_assert_cmpstr (dj_puzzle_window_get_feedback (trainer), ==, right);
          /* The move and Djenon's reply are shown, not jumped to. */
          dj_test_wait_until (TIMEOUT_S, animating, dj_puzzle_window_get_board (trainer),
                              "the move animated");
        }
      wait_still (trainer);
    }
  g_test_message ("judgement: at most %" G_GINT64_FORMAT " µs", worst);
  g_assert_cmpuint (solver_moves, ==, 4);   /* the set's first puzzle: four moves to find */
  g_assert_cmpint (dj_puzzle_window_get_state (trainer), ==, DJ_PUZZLE_STATE_SOLVED);
  g_assert_cmpstr (dj_puzzle_window_get_feedback (trainer), ==, _("Solved!"));
  /* The verdict is an alert on the screen, for screen readers to say. */
  {
    g_autoptr(GPtrArray) stack = g_ptr_array_new ();
    gboolean found = FALSE;

    g_ptr_array_add (stack, trainer);
    while (stack->len > 0)
      {
        GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

        if (GTK_IS_LABEL (w) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (w)), _("Solved!")) == 0)
          {
            g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (w)), ==,
                             GTK_ACCESSIBLE_ROLE_ALERT);
            g_assert_true (gtk_widget_get_mapped (w));
            found = TRUE;
          }
        for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
          g_ptr_array_add (stack, c);
      }
    g_assert_true (found);
  }
  g_assert_null (dj_node_get_first_child (dj_game_get_current (dj_puzzle_window_get_game (trainer))));
  wait_saved (trainer, 2, 1);
  dj_training_store_get_score (store, &rules, &score);
  g_assert_cmpuint (score.streak, ==, 1);
  g_assert_cmpint (score.rating, >, DJ_TRAINING_START_RATING);
  screenshot (trainer, "solved");
  /* Done: a pit chosen now is told so, and changes nothing. */
  click (trainer, 0);
  g_assert_cmpstr (dj_puzzle_window_get_feedback (trainer), ==, _("Done: go on with the next puzzle"));

  /* Fail the next one: judged, not played, and it comes back. */
  gtk_widget_activate_action (GTK_WIDGET (trainer), "puzzle.next", NULL);
  g_assert_cmpuint (dj_puzzle_window_get_number (trainer), ==, 2);
  failed = dj_puzzle_window_get_number (trainer);
  move = wrong_move (trainer);
  click (trainer, move);
  {
    g_autofree char *wrong = NULL;
    const char *min_loss = dj_game_info_get_tag (dj_game_get_info (dj_puzzle_window_get_game (trainer)),
                                                 "PuzzleMinLoss");
    guint n = (guint) g_ascii_strtoull (min_loss, NULL, 10);

    wrong = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Wrong: %s loses at least %u seed. Try again.",
                                          "Wrong: %s loses at least %u seeds. Try again.", n),
                             dj_move_label (move), n);
    g_assert_cmpstr (dj_puzzle_window_get_feedback (trainer), ==, wrong);
  }
  g_assert_true (dj_game_get_current (dj_puzzle_window_get_game (trainer))
                 == dj_game_get_root (dj_puzzle_window_get_game (trainer)));
  g_assert_cmpint (dj_puzzle_window_get_state (trainer), ==, DJ_PUZZLE_STATE_SOLVING);
  wait_saved (trainer, 1, 1);
  dj_training_store_get_score (store, &rules, &score);
  g_assert_cmpuint (score.streak, ==, 0);
  g_assert_cmpuint (score.best_streak, ==, 1);
  screenshot (trainer, "wrong");

  /* Another puzzle first, then the failed one again. */
  gtk_widget_activate_action (GTK_WIDGET (trainer), "puzzle.next", NULL);
  g_assert_cmpuint (dj_puzzle_window_get_number (trainer), ==, 3);
  g_assert_false (dj_puzzle_window_get_repeated (trainer));

  /* A pit that cannot be played is refused with the reason, no answer. */
  {
    DjGame *game = dj_puzzle_window_get_game (trainer);
    DjMoves moves;
    DjMove refused = DJ_NO_MOVE;

    dj_moves_generate (dj_game_get_rules (game), dj_game_get_start (game), &moves);
    for (guint i = 0; i < DJ_ROW_PITS && refused == DJ_NO_MOVE; i++)
      if (moves.pit[i] != DJ_PIT_LEGAL)
        {
          refused = (DjMove) (moves.row_start + i);
          click (trainer, refused);
          g_assert_cmpstr (dj_puzzle_window_get_feedback (trainer), ==,
                           dj_board_describe_refusal (dj_puzzle_window_get_board (trainer),
                                                      moves.pit[i]));
          g_assert_cmpint (dj_puzzle_window_get_state (trainer), ==, DJ_PUZZLE_STATE_SOLVING);
        }
    g_assert_cmpint (refused, !=, DJ_NO_MOVE);
  }

  /* Hints: the half of the row, then the pit. */
  move = dj_puzzle_window_get_expected (trainer);
  gtk_widget_activate_action (GTK_WIDGET (trainer), "puzzle.hint", NULL);
  g_assert_cmpuint (dj_puzzle_window_get_hint_level (trainer), ==, 1);
  g_assert_nonnull (strstr (dj_puzzle_window_get_feedback (trainer), dj_move_label (move)));
  screenshot (trainer, "hint");
  g_assert_null (item_of (trainer));   /* the half is no miss */
  gtk_widget_activate_action (GTK_WIDGET (trainer), "puzzle.hint", NULL);
  g_assert_cmpuint (dj_puzzle_window_get_hint_level (trainer), ==, 2);
  {
    g_autofree char *hint = g_strdup_printf (_("Hint: play %s. This puzzle counts as missed."),
                                             dj_move_label (move));

    g_assert_cmpstr (dj_puzzle_window_get_feedback (trainer), ==, hint);
  }
  wait_saved (trainer, 1, 1);

  gtk_widget_activate_action (GTK_WIDGET (trainer), "puzzle.next", NULL);
  g_assert_cmpuint (dj_puzzle_window_get_number (trainer), ==, failed);
  g_assert_true (dj_puzzle_window_get_repeated (trainer));

  /* Reveal: Djenon plays the whole solution, the explainer tells it. */
  gtk_widget_activate_action (GTK_WIDGET (trainer), "puzzle.reveal", NULL);
  g_assert_cmpint (dj_puzzle_window_get_state (trainer), ==, DJ_PUZZLE_STATE_REVEALING);
  {
    g_autofree char *line = NULL;
    g_autofree char *said = NULL;
    GString *moves = g_string_new (NULL);

    for (DjNode *node = dj_node_get_first_child (dj_game_get_root (dj_puzzle_window_get_game (trainer)));
         node != NULL; node = dj_node_get_first_child (node))
      g_string_append_printf (moves, "%s%s", moves->len > 0 ? " " : "",
                              dj_move_label (dj_node_get_move (node)));
    line = g_string_free (moves, FALSE);
    said = g_strdup_printf (_("The solution: %s. This puzzle comes back soon."), line);
    g_assert_cmpstr (dj_puzzle_window_get_feedback (trainer), ==, said);
  }
  dj_test_wait_until (TIMEOUT_S, animating, dj_puzzle_window_get_board (trainer),
                      "the solution animated");
  wait_still (trainer);
  g_assert_cmpint (dj_puzzle_window_get_state (trainer), ==, DJ_PUZZLE_STATE_SOLVED);
  g_assert_null (dj_node_get_first_child (dj_game_get_current (dj_puzzle_window_get_game (trainer))));
  /* Missed again: its second answer. */
  wait_saved (trainer, 1, 2);
  screenshot (trainer, "revealed");

  gtk_window_destroy (GTK_WINDOW (trainer));
}

static void
press (KeySym keysym,
       KeySym mod)
{
  if (mod != 0)
    xtest_send_key (mod, TRUE);
  xtest_send_key (keysym, TRUE);
  xtest_send_key (keysym, FALSE);
  if (mod != 0)
    xtest_send_key (mod, FALSE);
}

static gboolean
hint_level_is_1 (gpointer data)
{
  return dj_puzzle_window_get_hint_level (data) == 1;
}

static gboolean
is_active (gpointer data)
{
  return gtk_window_is_active (data);
}

static gboolean
solved (gpointer data)
{
  return dj_puzzle_window_get_state (data) == DJ_PUZZLE_STATE_SOLVED;
}

static guint wanted_number;

static gboolean
number_is (gpointer data)
{
  return dj_puzzle_window_get_number (data) == wanted_number;
}

static guint wanted_ply;

static gboolean
moved (gpointer data)
{
  return dj_node_get_ply (dj_game_get_current (dj_puzzle_window_get_game (data))) >= wanted_ply;
}

/* A whole puzzle with real key events: the board's pit letters, Ctrl+H,
 * Ctrl+N.  Djenon-aboure's first puzzle. */
static void
test_keyboard (void)
{
  DjPuzzleWindow *trainer;
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjBoard *board;

  if (!have_xtest)
    {
      g_test_skip ("no XTest");
      return;
    }
  trainer = open_trainer ();
  dj_puzzle_window_set_rules (trainer, &rules);
  board = dj_puzzle_window_get_board (trainer);
  gtk_window_present (GTK_WINDOW (trainer));
  dj_test_wait_until (20, is_active, trainer, "the trainer active");
  gtk_widget_grab_focus (dj_board_get_pit_widget (board, dj_puzzle_window_get_expected (trainer)));

  press (XK_h, XK_Control_L);
  dj_test_wait_until (20, hint_level_is_1, trainer, "Ctrl+H");
  while (dj_puzzle_window_get_state (trainer) == DJ_PUZZLE_STATE_SOLVING)
    {
      DjMove move = dj_puzzle_window_get_expected (trainer);
      /* The letter of the pit, of either row. */
      KeySym key = XK_a + move % DJ_ROW_PITS;

      wanted_ply = dj_node_get_ply (dj_game_get_current (dj_puzzle_window_get_game (trainer))) + 1;
      press (key, 0);
      dj_test_wait_until (20, moved, trainer, "the pit's letter played");
      wait_still (trainer);
    }
  dj_test_wait_until (TIMEOUT_S, solved, trainer, "solved with the keys");
  g_assert_cmpstr (dj_puzzle_window_get_feedback (trainer), ==, _("Solved!"));

  wanted_number = dj_puzzle_window_get_number (trainer) + 1;
  press (XK_n, XK_Control_L);
  dj_test_wait_until (20, number_is, trainer, "Ctrl+N");
  g_assert_cmpint (dj_puzzle_window_get_state (trainer), ==, DJ_PUZZLE_STATE_SOLVING);
  gtk_window_destroy (GTK_WINDOW (trainer));
}

/* A set of the user's: its puzzles, in its order; a file without puzzles is
 * refused with the reason. */
static void
test_open_set (void)
{
  g_autofree char *starter = g_build_filename (dj_puzzle_window_default_dir (), "abe-immediate.djenon",
                                               NULL);
  g_autofree char *dir = g_dir_make_tmp ("djenon-puzzle-set-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "mine.djenon", NULL);
  g_autofree char *sample_path = g_build_filename (dir, "game.djenon", NULL);
  g_autoptr(GFile) starter_file = g_file_new_for_path (starter);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) sample = g_file_new_for_path (sample_path);
  g_autoptr(DjCollection) all = NULL;
  g_autoptr(DjCollection) mine = dj_collection_new ();
  g_autoptr(DjCollection) game = NULL;
  g_autoptr(GError) error = NULL;
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjRules immediate = { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE };
  DjPuzzleWindow *trainer;

  all = dj_xml_load_file (starter_file, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 150; i < 152; i++)
    {
      g_autoptr(DjGame) copy = dj_game_copy (dj_collection_get_game (all, i));

      dj_collection_append (mine, copy);
    }
  g_assert_true (dj_xml_save_file (mine, file, NULL, &error));
  g_assert_no_error (error);
  /* An ordinary game from the start is no puzzle. */
  game = dj_collection_new_with_game (&rules);
  dj_game_play (dj_collection_get_game (game, 0),
                dj_game_get_root (dj_collection_get_game (game, 0)), 2, &error);
  g_assert_no_error (error);
  g_assert_true (dj_xml_save_file (game, sample, NULL, &error));

  trainer = open_trainer ();
  dj_puzzle_window_set_rules (trainer, &rules);
  g_assert_false (dj_puzzle_window_open_set (trainer, sample, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, sample_path));
  g_clear_error (&error);
  g_assert_true (dj_rules_equal (dj_puzzle_window_get_rules (trainer), &rules));

  g_assert_true (dj_puzzle_window_open_set (trainer, file, &error));
  g_assert_no_error (error);
  g_assert_true (dj_rules_equal (dj_puzzle_window_get_rules (trainer), &immediate));
  g_assert_cmpuint (dj_puzzle_window_get_number (trainer), ==, 1);
  g_assert_true (dj_position_equal (dj_game_get_start (dj_puzzle_window_get_game (trainer)),
                                    dj_game_get_start (dj_collection_get_game (mine, 0))));
  gtk_widget_activate_action (GTK_WIDGET (trainer), "puzzle.next", NULL);
  g_assert_cmpuint (dj_puzzle_window_get_number (trainer), ==, 2);
  g_assert_true (dj_position_equal (dj_game_get_start (dj_puzzle_window_get_game (trainer)),
                                    dj_game_get_start (dj_collection_get_game (mine, 1))));
  gtk_window_destroy (GTK_WINDOW (trainer));
  dj_test_remove_tree (dir);
}

/* A damaged store: said in the window, moved aside, training goes on. */
static void
test_damaged_store (void)
{
  g_autofree char *dir = dj_training_store_default_dir ();
  g_autofree char *path = g_build_filename (dir, DJ_TRAINING_STORE_FILE, NULL);
  DjPuzzleWindow *trainer;
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  const char *problem;

  g_assert_true (g_file_set_contents (path, "[Djenon Training]\nVersion=1\n", -1, NULL));
  trainer = open_trainer ();
  problem = dj_puzzle_window_get_problem (trainer);
  g_assert_nonnull (problem);
  g_assert_nonnull (strstr (problem, path));
  g_assert_nonnull (strstr (problem, ".damaged-"));
  dj_puzzle_window_set_rules (trainer, &rules);
  /* Afresh: the first puzzle again. */
  g_assert_cmpuint (dj_puzzle_window_get_number (trainer), ==, 1);
  screenshot (trainer, "damaged");
  gtk_widget_activate_action (GTK_WIDGET (trainer), "puzzle.dismiss", NULL);
  g_assert_null (dj_puzzle_window_get_problem (trainer));
  gtk_window_destroy (GTK_WINDOW (trainer));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = dj_test_make_home ("djenon-test-puzzle-ui");
  g_autoptr(GSettings) settings = NULL;
  int status;

  dj_test_use_built_translations ();
  g_test_init (&argc, &argv, NULL);
  if (!dj_test_start_app ())
    {
      g_print ("1..0 # SKIP no display\n");
      dj_test_remove_tree (home);
      return 0;
    }
  have_xtest = xtest_load ();
  /* The default settings: animations on. */
  settings = g_settings_new (APP_ID);
  g_settings_reset (settings, "animation-speed");

  g_test_add_func ("/djenon/puzzle-ui/train", test_train);
  g_test_add_func ("/djenon/puzzle-ui/keyboard", test_keyboard);
  g_test_add_func ("/djenon/puzzle-ui/open-set", test_open_set);
  g_test_add_func ("/djenon/puzzle-ui/damaged-store", test_damaged_store);
  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  return status;
}
