/* test-learn-mistakes-ui.c: Learn from Your Mistakes in the window, by keyboard
 *
 * Real key events (XTest) with the default settings (animations on): the
 * shortcut starts the mode on a game without a review (it reviews first),
 * a pit letter tries a move, the verdict comes from exact values, Show
 * Solution, Next, Skip and Stop are reached by their keys; the document is
 * byte for byte what it was, with the same undo history, after a session
 * without Save as Variation, and Save as Variation is one step undone like
 * any other.  Run in English and in Urdu (right to left), with pictures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <X11/keysym.h>

#include "dj-board.h"
#include "dj-learn-mistakes.h"
#include "dj-xml.h"

#include "dj-test-app.h"
#include "dj-test-picture.h"
#include "dj-test-xtest.h"

#define TIMEOUT_S 120

static const KeySym ALT[] = { XK_Alt_L, 0 };
static const KeySym CTRL_ALT[] = { XK_Control_L, XK_Alt_L, 0 };

typedef struct
{
  DjWindow        *window;
  DjBoard         *board;
  DjGame          *game;
  DjCollection    *collection;
  DjLearnMistakes *mode;
  guint            index;     /* what a step waits for */
  /* ::position-missed */
  guint            missed;
  DjPosition       missed_position;
  char           **missed_best;
  char            *missed_source;
} Fixture;

static gboolean
english (void)
{
  return g_strcmp0 (g_getenv ("LANGUAGE"), "ur") != 0;
}

static void
on_missed (DjLearnMistakes  *mode,
           gpointer          rules,
           gpointer          position,
           char            **best,
           const char       *source,
           Fixture          *f)
{
  f->missed++;
  f->missed_position = *(const DjPosition *) position;
  g_assert_cmpint (((const DjRules *) rules)->variant, ==,
                   dj_game_get_rules (f->game)->variant);
  g_strfreev (f->missed_best);
  f->missed_best = g_strdupv (best);
  g_free (f->missed_source);
  f->missed_source = g_strdup (source);
}

static void
wait_for (Fixture     *f,
          gboolean   (*cond) (Fixture *f),
          const char  *what)
{
  dj_test_wait_until (TIMEOUT_S, (DjTestCondition) cond, f, what);
}

/* Asking position f->index, its values known, the board still. */
static gboolean
asking (Fixture *f)
{
  return dj_learn_mistakes_get_active (f->mode) && dj_learn_mistakes_get_ready (f->mode)
         && dj_learn_mistakes_get_index (f->mode) == f->index
         && !dj_learn_mistakes_get_solved (f->mode) && !dj_board_is_animating (f->board);
}

static gboolean
judged (Fixture *f)
{
  return *dj_learn_mistakes_get_verdict (f->mode) != '\0' && !dj_board_is_animating (f->board);
}

static gboolean
solved (Fixture *f)
{
  return dj_learn_mistakes_get_solved (f->mode) && !dj_board_is_animating (f->board);
}

static gboolean
stopped (Fixture *f)
{
  return !dj_learn_mistakes_get_active (f->mode)
         && dj_board_get_game (f->board) == f->game;
}

static gboolean
settled (Fixture *f)
{
  return dj_test_revealers_settled (f->window);
}

static const DjMistake *
mistake (Fixture *f,
         GArray  *mistakes)
{
  g_assert_cmpuint (f->index, <, mistakes->len);
  return &g_array_index (mistakes, DjMistake, f->index);
}

/* The letter of a pit for the side to move. */
static KeySym
pit_key (DjMove move)
{
  g_assert_cmpint (move, >=, 0);
  g_assert_cmpint (move, <, DJ_N_PITS);
  return XK_a + move % DJ_ROW_PITS;
}

static char *
document (Fixture *f)
{
  gsize len;

  return dj_xml_to_string (f->collection, &len);
}

static void
setup (Fixture *f)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples",
                                                 "aboure-sample.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = dj_xml_load_file (file, NULL, &error);
  GtkNative *native;
  int x, y;
  Window child;

  g_assert_no_error (error);
  /* The default settings: animations on, at their normal speed. */
  g_settings_reset (settings, "animation-speed");
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);

  f->window = new_window ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 800);
  dj_window_set_collection (f->window, collection, NULL);
  f->collection = collection;
  f->board = DJ_BOARD (dj_window_get_board (f->window));
  f->game = dj_window_get_game (f->window);
  f->mode = DJ_LEARN_MISTAKES (dj_test_find_widget (GTK_WIDGET (f->window),
                                                    DJ_TYPE_LEARN_MISTAKES));
  g_assert_nonnull (f->mode);
  g_assert_cmpint (dj_board_get_animation_speed (f->board), ==, DJ_ANIMATION_SPEED_NORMAL);
  g_signal_connect (f->mode, "position-missed", G_CALLBACK (on_missed), f);
  gtk_widget_grab_focus (GTK_WIDGET (f->board));
  flush_events ();

  /* The keys go to the window under the pointer (no window manager). */
  native = gtk_widget_get_native (GTK_WIDGET (f->board));
  XTranslateCoordinates (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                         DefaultRootWindow (xdisplay), 300, 300, &x, &y, &child);
  fake_motion (xdisplay, -1, x, y, 0);
  XSetInputFocus (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                  RevertToParent, CurrentTime);
  XFlush (xdisplay);
}

static void
teardown (Fixture *f)
{
  g_signal_handlers_disconnect_by_data (f->mode, f);
  g_strfreev (f->missed_best);
  g_free (f->missed_source);
  destroy_window (f->window);
}

static void
screenshot (Fixture    *f,
            const char *what)
{
  g_autofree char *name = g_strdup_printf ("learn-mistakes-%s-%s.png",
                                           english () ? "en" : "ur", what);

  wait_for (f, settled, "the banners still");
  dj_test_wait_windows_painted ();
  dj_test_save_screenshot (GTK_WIDGET (f->window), name);
}

static void
test_session (void)
{
  Fixture f = { 0 };
  g_autoptr(GArray) mistakes = NULL;
  g_autofree char *reviewed = NULL;
  g_autofree char *after = NULL;
  g_autofree char *undo_label = NULL;
  const DjMistake *m;
  DjMove best;
  guint n;

  setup (&f);
  g_assert_false (dj_game_has_findings (f.game));

  /* Ctrl+Alt+M: the review first, with its progress, then the first position. */
  xtest_press (XK_m, CTRL_ALT);
  f.index = 0;
  wait_for (&f, asking, "the review, then the first position asked");
  g_assert_true (dj_game_has_findings (f.game));
  g_assert_true (dj_board_get_game (f.board) != f.game);
  reviewed = document (&f);
  undo_label = g_strdup (dj_game_get_undo_label (f.game));
  g_assert_false (dj_game_can_redo (f.game));

  /* Exactly the review's losses, both sides, all of them. */
  mistakes = dj_mistakes_collect (f.game, DJ_MISTAKES_BOTH_SIDES);
  n = dj_learn_mistakes_get_n_positions (f.mode);
  g_assert_cmpuint (n, ==, mistakes->len);
  g_assert_cmpuint (n, >=, 3);
  m = mistake (&f, mistakes);
  g_assert_true (dj_position_equal (dj_node_get_position (dj_game_get_current (
                                      dj_board_get_game (f.board))), &m->position));
  if (!english ())
    {
      /* Translated, and right to left. */
      g_assert_cmpstr (_("Find a better move for South"), !=, "Find a better move for South");
      g_assert_cmpint (gtk_widget_get_direction (GTK_WIDGET (f.mode)), ==, GTK_TEXT_DIR_RTL);
    }
  screenshot (&f, "asked");

  /* The game's own move, with its letter: wrong, and the position missed. */
  xtest_press (pit_key (m->played), NULL);
  wait_for (&f, judged, "the verdict on the game's move");
  g_assert_false (dj_learn_mistakes_get_solved (f.mode));
  if (english ())
    g_assert_true (g_str_has_prefix (dj_learn_mistakes_get_verdict (f.mode), "Wrong: "));
  g_assert_cmpuint (f.missed, ==, 1);
  g_assert_true (dj_position_equal (&f.missed_position, &m->position));
  /* ... and it comes back in the puzzle trainer's repetitions: the
   * application's store has it, due now, with every best move. */
  {
    g_autoptr(DjTrainingStore) store = dj_application_ref_training_store (app, NULL);
    const DjRules *rules = dj_game_get_rules (f.game);
    DjTrainingItem *item = dj_training_store_find (store, rules, &m->position);
    g_autoptr(GPtrArray) due = dj_training_store_due (store, rules, g_get_real_time () / G_USEC_PER_SEC);

    g_assert_nonnull (item);
    g_assert_cmpint (dj_training_item_get_kind (item), ==, DJ_TRAINING_ITEM_POSITION);
    g_assert_false (dj_training_item_is_best (item, m->played));
    g_assert_true (g_ptr_array_find (due, item, NULL));
    g_assert_nonnull (strstr (dj_training_item_get_source (item), f.missed_source));
  }
  /* The verdict is an alert, for screen readers to say. */
  {
    g_autoptr(GPtrArray) widgets = all_widgets (GTK_WIDGET (f.mode));
    gboolean found = FALSE;

    for (guint i = 0; i < widgets->len; i++)
      if (GTK_IS_LABEL (widgets->pdata[i])
          && g_strcmp0 (gtk_label_get_label (widgets->pdata[i]),
                        dj_learn_mistakes_get_verdict (f.mode)) == 0)
        {
          g_assert_cmpint (gtk_accessible_get_accessible_role (widgets->pdata[i]), ==,
                           GTK_ACCESSIBLE_ROLE_ALERT);
          g_assert_true (gtk_widget_get_mapped (widgets->pdata[i]));
          found = TRUE;
        }
    g_assert_true (found);
  }
  /* The replay keys do not move the game behind the training. */
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.next", NULL);
  g_assert_true (dj_game_get_current (f.game) == dj_node_get_parent (m->node));
  g_assert_nonnull (f.missed_best);
  g_assert_cmpuint (g_strv_length (f.missed_best), >=, 1);
  g_assert_false (g_strv_contains ((const char *const *) f.missed_best,
                                   dj_move_to_string (m->played)));
  {
    g_autofree char *number = g_strdup_printf ("%u", m->number);

    g_assert_nonnull (strstr (f.missed_source, number));
  }
  screenshot (&f, "wrong");

  /* A best move: right; the focus on Next; no second miss. */
  g_assert_true (dj_move_from_string (f.missed_best[0], &best));
  xtest_press (pit_key (best), NULL);
  wait_for (&f, solved, "the best move judged right");
  if (english ())
    g_assert_true (g_str_has_prefix (dj_learn_mistakes_get_verdict (f.mode), "Right: "));
  g_assert_cmpuint (f.missed, ==, 1);
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f.window));

    g_assert_true (GTK_IS_BUTTON (focus));
    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), ==, "learn.next");
  }
  screenshot (&f, "right");

  /* Enter: Next. */
  xtest_press (XK_Return, NULL);
  f.index = 1;
  wait_for (&f, asking, "Enter to the second position");
  g_assert_cmpuint (f.missed, ==, 1);

  /* Alt+L: Show Solution, a miss. */
  if (english ())
    xtest_press (XK_l, ALT);
  else
    gtk_widget_activate_action (GTK_WIDGET (f.mode), "learn.solution", NULL);
  wait_for (&f, solved, "the solution shown");
  g_assert_cmpuint (f.missed, ==, 2);
  g_assert_true (dj_position_equal (&f.missed_position, &mistake (&f, mistakes)->position));
  screenshot (&f, "solution");

  xtest_press (XK_Return, NULL);
  f.index = 2;
  wait_for (&f, asking, "Enter to the third position");

  /* Alt+K: Skip; then Alt+E: End Training. */
  if (english ())
    xtest_press (XK_k, ALT);
  else
    gtk_widget_activate_action (GTK_WIDGET (f.mode), "learn.next", NULL);
  f.index = 3;
  if (n > 3)
    wait_for (&f, asking, "Skip to the fourth position");
  if (english ())
    xtest_press (XK_e, ALT);
  else
    gtk_widget_activate_action (GTK_WIDGET (f.mode), "learn.stop", NULL);
  wait_for (&f, stopped, "End Training, the board back on the game");

  /* The answers changed nothing: the document, byte for byte, and its
   * history. */
  after = document (&f);
  g_assert_cmpstr (after, ==, reviewed);
  g_assert_cmpstr (dj_game_get_undo_label (f.game), ==, undo_label);
  g_assert_false (dj_game_can_redo (f.game));
  teardown (&f);
}

/* Save as Variation: the line shown goes into the game as one undoable
 * step from the position, the game's move staying the main line. */
static void
test_save_variation (void)
{
  Fixture f = { 0 };
  g_autoptr(GArray) mistakes = NULL;
  g_autofree char *reviewed = NULL;
  g_autofree char *undone = NULL;
  const DjMistake *m;
  DjNode *parent, *variation;
  guint n_children;

  setup (&f);
  dj_learn_mistakes_set_filter (f.mode, DJ_MISTAKES_NORTH | DJ_MISTAKES_SERIOUS);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.learn-mistakes", NULL);
  f.index = 0;
  wait_for (&f, asking, "the review, then North's first mistake");
  mistakes = dj_mistakes_collect (f.game, DJ_MISTAKES_NORTH | DJ_MISTAKES_SERIOUS);
  g_assert_cmpuint (dj_learn_mistakes_get_n_positions (f.mode), ==, mistakes->len);
  m = mistake (&f, mistakes);
  g_assert_cmpint (m->position.to_move, ==, DJ_NORTH);
  reviewed = document (&f);

  gtk_widget_activate_action (GTK_WIDGET (f.mode), "learn.solution", NULL);
  wait_for (&f, solved, "the solution shown");
  parent = dj_node_get_parent (m->node);
  n_children = dj_node_get_n_children (parent);
  gtk_widget_activate_action (GTK_WIDGET (f.mode), "learn.save-variation", NULL);
  /* A new last variation; the game's move stays the main line. */
  g_assert_cmpuint (dj_node_get_n_children (parent), ==, n_children + 1);
  g_assert_true (dj_node_get_first_child (parent) == m->node);
  variation = dj_node_get_nth_child (parent, n_children);
  g_assert_true (g_strv_contains ((const char *const *) f.missed_best,
                                  dj_move_to_string (dj_node_get_move (variation))));
  g_assert_nonnull (dj_node_get_first_child (variation));   /* its line follows */
  g_assert_cmpstr (dj_game_get_undo_label (f.game), ==, _("Save as Variation"));

  dj_game_undo (f.game);
  undone = document (&f);
  g_assert_cmpstr (undone, ==, reviewed);
  gtk_widget_activate_action (GTK_WIDGET (f.mode), "learn.stop", NULL);
  wait_for (&f, stopped, "Stop");
  teardown (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = dj_test_make_home ("djenon-test-learn-mistakes");
  int status;

  /* In the language of LANGUAGE (the Urdu run), from the build's catalogues. */
  dj_test_use_built_translations ();
  g_test_init (&argc, &argv, NULL);
  if (!dj_test_start_app () || !xtest_load ())
    {
      g_print ("1..0 # SKIP no X display with XTest\n");
      dj_test_remove_tree (home);
      return 0;
    }
  g_test_add_func ("/djenon/learn-mistakes/session-by-keyboard", test_session);
  g_test_add_func ("/djenon/learn-mistakes/save-variation", test_save_variation);
  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  return status;
}
