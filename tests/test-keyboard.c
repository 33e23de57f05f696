/* test-keyboard.c: a whole game annotated without the mouse
 *
 * Real key events go through the X server (XTest, loaded at run time) to
 * the window, with the default settings (animations on) and the focus
 * wherever the previous key left it, as a ChessX or Lichess study user
 * annotates: moves with the pit letters, replay with the arrows, a
 * variation promoted and demoted (the keys also from the notation), a glyph,
 * an assessment, a comment written and left with Escape, marks, a label, an
 * arrow, comments found again.  Each step waits for the state it expects,
 * never for a time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>
#include <X11/keysym.h>

#include "dj-board.h"
#include "dj-notation-view.h"
#include "dj-study-pane.h"

#include "dj-test-app.h"
#include "dj-test-xtest.h"

#define TIMEOUT_S 20

static const KeySym CTRL[] = { XK_Control_L, 0 };
static const KeySym ALT[] = { XK_Alt_L, 0 };
static const KeySym SHIFT[] = { XK_Shift_L, 0 };
static const KeySym CTRL_SHIFT[] = { XK_Control_L, XK_Shift_L, 0 };

typedef struct
{
  DjWindow   *window;
  DjBoard    *board;
  DjGame     *game;
  GtkWidget  *list_view;
  /* What the step waits for. */
  DjNode     *node;
  guint       ply;
  const char *text;
  guint       pit;
  int         value;
} Fixture;

static DjNode *
current (Fixture *f)
{
  return dj_game_get_current (f->game);
}

static GtkWidget *
focus (Fixture *f)
{
  return gtk_root_get_focus (GTK_ROOT (f->window));
}

static gboolean
board_has_focus (Fixture *f)
{
  GtkWidget *w = focus (f);

  return w != NULL && gtk_widget_is_ancestor (w, GTK_WIDGET (f->board));
}

static void
wait_for (Fixture     *f,
          gboolean   (*cond) (Fixture *f),
          const char  *what)
{
  dj_test_wait_until (TIMEOUT_S, (DjTestCondition) cond, f, what);
}

static gboolean
at_ply (Fixture *f)
{
  return dj_node_get_ply (current (f)) == f->ply;
}

static gboolean
at_node (Fixture *f)
{
  return current (f) == f->node;
}

static gboolean
node_is_first (Fixture *f)
{
  return dj_node_get_first_child (dj_node_get_parent (f->node)) == f->node;
}

static gboolean
node_is_second (Fixture *f)
{
  return dj_node_get_next_sibling (dj_node_get_first_child (dj_node_get_parent (f->node)))
         == f->node;
}

static gboolean
node_on_main_line (Fixture *f)
{
  for (DjNode *n = f->node; dj_node_get_parent (n) != NULL; n = dj_node_get_parent (n))
    if (dj_node_get_first_child (dj_node_get_parent (n)) != n)
      return FALSE;
  return TRUE;
}

static gboolean
glyph_set (Fixture *f)
{
  return dj_node_get_glyph (f->node) == (DjGlyph) f->value;
}

static gboolean
assessment_set (Fixture *f)
{
  return dj_node_get_assessment (f->node) == (DjAssessment) f->value;
}

static gboolean
comment_view_focused (Fixture *f)
{
  return focus (f) == GTK_WIDGET (dj_study_pane_get_comment_view (
                        dj_window_get_study_pane (f->window), TRUE));
}

static gboolean
comment_typed (Fixture *f)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (
    dj_study_pane_get_comment_view (dj_window_get_study_pane (f->window), TRUE));
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  return g_strcmp0 (text, f->text) == 0;
}

/* The comment is in the record and the keys are back on the board. */
static gboolean
comment_saved_on_board (Fixture *f)
{
  return g_strcmp0 (dj_node_get_comment_after (f->node), f->text) == 0 && board_has_focus (f);
}

static const DjPitMark *
mark_of (Fixture *f)
{
  const DjMarkup *m = dj_node_get_markup (current (f));

  return m != NULL ? &m->pits[f->pit] : NULL;
}

static gboolean
mark_shape_is (Fixture *f)
{
  const DjPitMark *mark = mark_of (f);

  return (mark != NULL ? (int) mark->shape : DJ_MARK_NONE) == f->value;
}

static gboolean
label_entry_shown (Fixture *f)
{
  GtkWidget *entry = dj_board_get_label_entry (f->board);

  /* The entry's text has the focus. */
  return entry != NULL && gtk_widget_get_mapped (entry) && focus (f) != NULL
         && gtk_widget_is_ancestor (focus (f), entry);
}

static gboolean
label_typed (Fixture *f)
{
  return g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (dj_board_get_label_entry (f->board))),
                    f->text) == 0;
}

static gboolean
label_set_on_board (Fixture *f)
{
  const DjPitMark *mark = mark_of (f);

  return mark != NULL && mark->shape == DJ_MARK_LABEL && g_strcmp0 (mark->label, f->text) == 0
         && board_has_focus (f);
}

static gboolean
mark_colour_is (Fixture *f)
{
  const DjPitMark *mark = mark_of (f);

  return mark != NULL && (int) mark->colour == f->value;
}

static gboolean
arrow_drawn (Fixture *f)
{
  const DjMarkup *m = dj_node_get_markup (current (f));

  return m != NULL && m->n_arrows == 1 && m->arrows[0].from == f->pit
         && (int) m->arrows[0].to == f->value;
}

static gboolean
focused_pit_is (Fixture *f)
{
  GtkWidget *w = focus (f);

  return w == dj_board_get_pit_widget (f->board, f->pit);
}

static gboolean
list_view_focused (Fixture *f)
{
  GtkWidget *w = focus (f);

  return w != NULL && (w == f->list_view || gtk_widget_is_ancestor (w, f->list_view));
}

static gboolean
n_nodes_is (Fixture *f)
{
  return dj_game_get_n_nodes (f->game) == f->ply;
}

static gboolean
board_shown (Fixture *f)
{
  return gtk_widget_get_mapped (GTK_WIDGET (f->board))
         && gtk_widget_get_width (dj_board_get_pit_widget (f->board, 0)) > 30
         && board_has_focus (f);
}

static GtkWidget *
find_list_view (GtkWidget *root)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      GtkWidget *widget = g_ptr_array_steal_index (stack, stack->len - 1);

      if (GTK_IS_LIST_VIEW (widget))
        return widget;
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (stack, child);
    }
  return NULL;
}

/* Plays @letter (the pit of the side to move) and waits for the move. */
static void
play_key (Fixture *f,
          KeySym   letter)
{
  f->ply = dj_node_get_ply (current (f)) + 1;
  xtest_press (letter, NULL);
  wait_for (f, at_ply, "the move played");
}

static void
type_text (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    xtest_press ((KeySym) *p, NULL);
}

static void
test_annotate_game (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  Fixture f = { 0 };
  DjNode *a_node, *d_node, *e_node;
  GtkNative *native;
  int x, y;
  Window child;

  /* The default settings: animations on, at their normal speed. */
  g_settings_reset (settings, "animation-speed");
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);

  f.window = new_window ();
  gtk_window_set_default_size (GTK_WINDOW (f.window), 1100, 720);
  /* As New Game leaves it: ready for the first move. */
  dj_window_start_game (f.window, &rules, NULL, NULL);
  f.board = DJ_BOARD (dj_window_get_board (f.window));
  f.game = dj_window_get_game (f.window);
  f.list_view = find_list_view (GTK_WIDGET (dj_study_pane_get_notation (
                                  dj_window_get_study_pane (f.window))));
  g_assert_nonnull (f.list_view);
  gtk_widget_grab_focus (GTK_WIDGET (f.board));
  wait_for (&f, board_shown, "the board, focused");
  g_assert_cmpint (dj_board_get_animation_speed (f.board), ==, DJ_ANIMATION_SPEED_NORMAL);

  /* The keys go to the window under the pointer (no window manager). */
  native = gtk_widget_get_native (GTK_WIDGET (f.board));
  XTranslateCoordinates (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                         DefaultRootWindow (xdisplay), 300, 300, &x, &y, &child);
  fake_motion (xdisplay, -1, x, y, 0);
  XSetInputFocus (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                  RevertToParent, CurrentTime);
  XFlush (xdisplay);

  /* c A d, with the letters. */
  play_key (&f, XK_c);
  play_key (&f, XK_a);
  a_node = current (&f);
  play_key (&f, XK_d);
  d_node = current (&f);
  g_assert_true (board_has_focus (&f));

  /* Left replays back although a pit has the focus. */
  f.ply = 2;
  xtest_press (XK_Left, NULL);
  wait_for (&f, at_ply, "Left to step back from the board");
  g_assert_true (current (&f) == a_node);
  /* Ctrl+Left and Ctrl+Right move between pits, Left does not. */
  f.pit = 1;   /* b, after the letter d (pit 3) … */
  xtest_press (XK_Left, CTRL);
  xtest_press (XK_Left, CTRL);
  wait_for (&f, focused_pit_is, "Ctrl+Left to focus pit b");
  g_assert_true (current (&f) == a_node);

  /* e: a variation, then promoted with Ctrl+Up from the board. */
  play_key (&f, XK_e);
  e_node = current (&f);
  g_assert_true (dj_node_get_parent (e_node) == a_node && e_node != d_node);
  f.node = e_node;
  g_assert_true (node_is_second (&f));
  xtest_press (XK_Up, CTRL);
  wait_for (&f, node_is_first, "Ctrl+Up to promote the variation");
  g_assert_true (dj_game_can_undo (f.game));

  /* From the notation (as a click there leaves the focus): Ctrl+Down and
   * Shift+Ctrl+Up, which its list view would take. */
  gtk_widget_grab_focus (f.list_view);
  wait_for (&f, list_view_focused, "the notation focused");
  xtest_press (XK_Down, CTRL);
  wait_for (&f, node_is_second, "Ctrl+Down in the notation");
  xtest_press (XK_Up, CTRL_SHIFT);
  wait_for (&f, node_on_main_line, "Shift+Ctrl+Up in the notation");
  /* Ctrl+Z undoes it, wherever the focus is. */
  xtest_press (XK_z, CTRL);
  wait_for (&f, node_is_second, "Ctrl+Z after Make Main Line");
  xtest_press (XK_Up, CTRL);
  wait_for (&f, node_is_first, "Ctrl+Up in the notation");

  /* A glyph and an assessment on e. */
  f.node = current (&f);
  g_assert_true (f.node == e_node);
  f.value = DJ_GLYPH_GOOD;
  xtest_press (XK_1, CTRL);
  wait_for (&f, glyph_set, "Ctrl+1 to set !");
  f.value = DJ_ASSESSMENT_SOUTH_SLIGHT;
  xtest_press (XK_3, ALT);
  wait_for (&f, assessment_set, "Alt+3 to set an assessment");

  /* Ctrl+E to the comment, typing, Escape back to the board. */
  xtest_press (XK_e, CTRL);
  wait_for (&f, comment_view_focused, "Ctrl+E to the comment");
  f.text = "fine";
  type_text (f.text);
  wait_for (&f, comment_typed, "the comment typed");
  xtest_press (XK_Escape, NULL);
  wait_for (&f, comment_saved_on_board, "Escape to the board, the comment saved");

  /* Marks on the focused pit: o, a label, k (on the same pit, so the focus
   * must be back on it after the label). */
  f.pit = dj_board_scene_get_focus (dj_board_get_scene (f.board));
  g_assert_true (focused_pit_is (&f));
  f.value = DJ_MARK_CIRCLE;
  xtest_press (XK_o, NULL);
  wait_for (&f, mark_shape_is, "o for a circle");
  xtest_press (XK_l, NULL);
  wait_for (&f, label_entry_shown, "l for the label entry");
  f.text = "x2";
  type_text (f.text);
  wait_for (&f, label_typed, "the label typed");
  xtest_press (XK_Return, NULL);
  wait_for (&f, label_set_on_board, "Enter: the label set, the keys on the board");
  f.value = mark_of (&f)->colour % DJ_MARKER_LAST + 1;
  xtest_press (XK_k, NULL);
  wait_for (&f, mark_colour_is, "k after the label");

  /* Shift+Up draws an arrow to the pit above (South is below: the pits
   * run a–f left to right, A–F right to left above), Shift+Down takes its
   * end back, Shift+Up again, Enter puts it down. */
  g_assert_cmpuint (f.pit, <, DJ_ROW_PITS);
  f.value = (int) DJ_N_PITS - 1 - (int) f.pit;
  xtest_press (XK_Up, SHIFT);
  xtest_press (XK_Down, SHIFT);
  xtest_press (XK_Up, SHIFT);
  xtest_press (XK_Return, NULL);
  wait_for (&f, arrow_drawn, "Shift+Up and Enter for an arrow");

  /* Home, then Alt+Down to the comment, Alt+Up finds none before it. */
  f.ply = 0;
  xtest_press (XK_Home, NULL);
  wait_for (&f, at_ply, "Home");
  f.node = e_node;
  xtest_press (XK_Down, ALT);
  wait_for (&f, at_node, "Alt+Down to the next comment");
  /* One more move, and back to the comment with Alt+Up. */
  g_assert_null (dj_node_get_first_child (e_node));
  play_key (&f, XK_b);
  xtest_press (XK_Up, ALT);
  wait_for (&f, at_node, "Alt+Up to the previous comment");
  /* End replays forward again from the board. */
  f.ply = dj_node_get_ply (dj_node_get_line_end (current (&f)));
  xtest_press (XK_End, NULL);
  wait_for (&f, at_ply, "End");

  /* Ctrl+Z from the board takes the last edit (the move b) back. */
  f.ply = dj_game_get_n_nodes (f.game) - 1;
  xtest_press (XK_z, CTRL);
  wait_for (&f, n_nodes_is, "Ctrl+Z from the board");

  destroy_window (f.window);
  g_settings_set_enum (settings, "animation-speed", DJ_ANIMATION_SPEED_OFF);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = dj_test_make_home ("djenon-test-keyboard");
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!dj_test_start_app () || !xtest_load ())
    {
      g_print ("1..0 # SKIP no X display with XTest\n");
      dj_test_remove_tree (home);
      return 0;
    }
  g_test_add_func ("/djenon/keyboard/annotate-game", test_annotate_game);
  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  return status;
}
