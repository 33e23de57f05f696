/* test-markup-ui.c: board markup made as a user makes it
 *
 * Real pointer and key events go through the X server (XTest, loaded at run
 * time) to the application's window: right clicks, Alt+clicks, drags from
 * pit to pit, keys on the focused pit.  Each is checked in the record (and
 * its undo), in what the board draws (pixels of its picture, light and dark
 * style), and in what each pit's accessible description says.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>
#include <X11/keysym.h>

#include "dj-board.h"
#include "dj-notation.h"
#include "dj-pit.h"

#include "dj-test-app.h"
#include "dj-test-xtest.h"
#include "dj-test-picture.h"

/* Waits until the fake events sent so far are handled: the X server has
 * made them (a round trip after the XTest requests), they are in GDK's
 * queue (the same connection), and a frame has gone by in every window (GDK
 * hands events to GTK in a frame's first phase). */
static void
events_handled (void)
{
  XSync (xdisplay, False);
  flush_events ();
  dj_test_wait_windows_painted ();
  flush_events ();
}

static gboolean
style_is_light (gpointer data)
{
  return !adw_style_manager_get_dark (data);
}

static gboolean
style_is_dark (gpointer data)
{
  return adw_style_manager_get_dark (data);
}

/* The centre of @pit, or a point @fx, @fy of its size away from it, on the
 * screen. */
static void
pit_point (DjBoard *board,
           guint    pit,
           double   fx,
           double   fy,
           int     *rx,
           int     *ry)
{
  GtkWidget *widget = dj_board_get_pit_widget (board, pit);
  GtkNative *native = gtk_widget_get_native (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  graphene_point_t p;
  double sx, sy;
  Window child;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (w / 2 + fx * w, h / 2 + fy * h),
                                           &p));
  gtk_native_get_surface_transform (native, &sx, &sy);
  XTranslateCoordinates (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                         DefaultRootWindow (xdisplay), (int) (p.x + sx), (int) (p.y + sy),
                         rx, ry, &child);
}

static void
pointer_to (DjBoard *board,
            guint    pit,
            double   fx,
            double   fy)
{
  int x, y;

  pit_point (board, pit, fx, fy, &x, &y);
  fake_motion (xdisplay, -1, x, y, 0);
  events_handled ();
}

static void
button (guint    number,
        gboolean press)
{
  fake_button (xdisplay, number, press, 0);
  events_handled ();
}

static void
key (KeySym   keysym,
     gboolean press)
{
  fake_key (xdisplay, XKeysymToKeycode (xdisplay, keysym), press, 0);
  events_handled ();
}

static void
tap_key (KeySym keysym)
{
  key (keysym, TRUE);
  key (keysym, FALSE);
}

/* A click with @number on @pit, @modifier (a keysym, or 0) held. */
static void
click_pit (DjBoard *board,
           guint    pit,
           guint    number,
           KeySym   modifier)
{
  pointer_to (board, pit, 0, 0);
  if (modifier != 0)
    key (modifier, TRUE);
  button (number, TRUE);
  button (number, FALSE);
  if (modifier != 0)
    key (modifier, FALSE);
}

static void
drag_pits (DjBoard *board,
           guint    from,
           guint    to,
           guint    number,
           KeySym   modifier)
{
  pointer_to (board, from, 0, 0);
  if (modifier != 0)
    key (modifier, TRUE);
  button (number, TRUE);
  pointer_to (board, from, 0.3, 0.1);
  pointer_to (board, to, -0.2, 0);
  pointer_to (board, to, 0, 0);
  button (number, FALSE);
  if (modifier != 0)
    key (modifier, FALSE);
}

typedef struct
{
  DjWindow *window;
  DjBoard  *board;
  DjGame   *game;
  DjNode   *node;
  guint     edits;
} Fixture;

static void
node_changed_cb (DjGame  *game,
                 DjNode  *node,
                 Fixture *f)
{
  if (node == f->node)
    f->edits++;
}

static gboolean
board_shown (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->board)) &&
         gtk_widget_get_width (dj_board_get_pit_widget (f->board, 0)) > 30;
}

/* A game of one move (c), shown at that move, in a window of a fixed size. */
static void
fixture_set_up (Fixture *f)
{
  g_autoptr(DjCollection) collection = NULL;
  g_autoptr(GError) error = NULL;

  memset (f, 0, sizeof *f);
  collection = dj_notation_parse ("[Variant \"aboure\"]\n\n1. c *\n", -1, "test", &error);
  g_assert_no_error (error);
  f->window = new_window ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 720);
  dj_window_set_collection (f->window, collection, NULL);
  f->board = DJ_BOARD (dj_window_get_board (f->window));
  f->game = dj_window_get_game (f->window);
  f->node = dj_node_get_first_child (dj_game_get_root (f->game));
  dj_game_set_current (f->game, f->node);
  g_signal_connect (f->game, "node-changed", G_CALLBACK (node_changed_cb), f);
  dj_test_wait_until (10, board_shown, f, "the board shown");
  dj_test_wait_windows_painted ();
}

static void
fixture_tear_down (Fixture *f)
{
  if (f->game != NULL)
    g_signal_handlers_disconnect_by_data (f->game, f);
  destroy_window (f->window);
}

static const DjPitMark *
mark_of (Fixture *f,
         guint    pit)
{
  static const DjPitMark none = { 0 };
  const DjMarkup *m = dj_node_get_markup (f->node);

  return m != NULL ? &m->pits[pit] : &none;
}

static const char *
description_of (Fixture *f,
                guint    pit)
{
  return dj_pit_get_accessible_description (DJ_PIT (dj_board_get_pit_widget (f->board, pit)));
}

/* What the pit says, as assistive technology reads it. */
static void
assert_description (Fixture    *f,
                    guint       pit,
                    const char *expected)
{
  GtkWidget *widget = dj_board_get_pit_widget (f->board, pit);

  g_assert_cmpstr (description_of (f, pit), ==, expected);
  if (expected != NULL)
    gtk_test_accessible_assert_property (widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
  else
    g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget),
                                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
}

static void
test_mouse (void)
{
  Fixture f;
  guint n_nodes;
  const DjMarkup *m;

  fixture_set_up (&f);
  n_nodes = dj_game_get_n_nodes (f.game);

  /* A right click on D: a green circle; again: a cross. */
  click_pit (f.board, 9, 3, 0);
  g_assert_cmpint (mark_of (&f, 9)->shape, ==, DJ_MARK_CIRCLE);
  g_assert_cmpint (mark_of (&f, 9)->colour, ==, DJ_MARKER_GREEN);
  assert_description (&f, 9, "Green circle.");
  click_pit (f.board, 9, 3, 0);
  g_assert_cmpint (mark_of (&f, 9)->shape, ==, DJ_MARK_CROSS);
  assert_description (&f, 9, "Green cross.");

  /* Shift makes it red, Ctrl blue, both yellow. */
  click_pit (f.board, 0, 3, XK_Shift_L);
  g_assert_cmpint (mark_of (&f, 0)->shape, ==, DJ_MARK_CIRCLE);
  g_assert_cmpint (mark_of (&f, 0)->colour, ==, DJ_MARKER_RED);
  click_pit (f.board, 0, 3, XK_Control_L);
  g_assert_cmpint (mark_of (&f, 0)->shape, ==, DJ_MARK_CIRCLE);
  g_assert_cmpint (mark_of (&f, 0)->colour, ==, DJ_MARKER_BLUE);
  assert_description (&f, 0, "Blue circle.");

  /* Alt and the first button marks instead of playing the pit. */
  g_assert_true (dj_board_scene_can_play (dj_board_get_scene (f.board), 8));
  click_pit (f.board, 8, 1, XK_Alt_L);
  g_assert_cmpint (mark_of (&f, 8)->shape, ==, DJ_MARK_CIRCLE);
  g_assert_cmpuint (dj_game_get_n_nodes (f.game), ==, n_nodes);
  g_assert_true (dj_game_get_current (f.game) == f.node);

  /* A right drag from c to E draws an arrow; each end says so. */
  drag_pits (f.board, 2, 10, 3, 0);
  m = dj_node_get_markup (f.node);
  g_assert_nonnull (m);
  g_assert_cmpuint (m->n_arrows, ==, 1);
  g_assert_cmpuint (m->arrows[0].from, ==, 2);
  g_assert_cmpuint (m->arrows[0].to, ==, 10);
  g_assert_cmpuint (m->arrows[0].colour, ==, DJ_MARKER_GREEN);
  assert_description (&f, 2, "Arrow to pit E (Green).");
  assert_description (&f, 10, "Arrow from pit c (Green).");
  /* The drag left nothing half drawn. */
  g_assert_cmpint (dj_board_scene_get_arrow_draft (dj_board_get_scene (f.board), NULL, NULL),
                   ==, DJ_MARKER_NONE);
  /* Alt and the first button: an arrow from a to b. */
  drag_pits (f.board, 0, 1, 1, XK_Alt_L);
  g_assert_cmpuint (dj_node_get_markup (f.node)->n_arrows, ==, 2);
  g_assert_cmpuint (dj_game_get_n_nodes (f.game), ==, n_nodes);

  /* Every change is a step of the record's undo. */
  g_assert_cmpstr (dj_game_get_undo_label (f.game), ==, "Draw Arrow");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL));
  flush_events ();
  g_assert_cmpuint (dj_node_get_markup (f.node)->n_arrows, ==, 0);
  assert_description (&f, 10, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.redo", NULL));
  flush_events ();
  assert_description (&f, 10, "Arrow from pit c (Green).");
  /* Drawn again in its colour, the arrow goes. */
  drag_pits (f.board, 2, 10, 3, 0);
  g_assert_cmpuint (dj_node_get_markup (f.node)->n_arrows, ==, 0);
  g_assert_cmpstr (dj_game_get_undo_label (f.game), ==, "Remove Arrow");

  /* A square, then none, cycling on. */
  click_pit (f.board, 9, 3, 0);
  click_pit (f.board, 9, 3, 0);
  g_assert_cmpint (mark_of (&f, 9)->shape, ==, DJ_MARK_SQUARE);
  click_pit (f.board, 9, 3, 0);
  g_assert_cmpint (mark_of (&f, 9)->shape, ==, DJ_MARK_NONE);
  assert_description (&f, 9, NULL);

  /* Undo all the way back: no markup at all, as before. */
  while (dj_node_has_markers (f.node))
    dj_game_undo (f.game);
  g_assert_null (dj_node_get_markup (f.node));
  fixture_tear_down (&f);
}

static void
test_keyboard (void)
{
  Fixture f;
  const DjMarkup *m;

  fixture_set_up (&f);
  /* The keys go to the window under the pointer (no window manager). */
  pointer_to (f.board, 4, 0, 0);
  g_assert_true (gtk_widget_grab_focus (dj_board_get_pit_widget (f.board, 4)));
  dj_test_wait_windows_painted ();

  tap_key (XK_t);
  g_assert_cmpint (mark_of (&f, 4)->shape, ==, DJ_MARK_TRIANGLE);
  g_assert_cmpint (mark_of (&f, 4)->colour, ==, DJ_MARKER_GREEN);
  assert_description (&f, 4, "Green triangle.");
  tap_key (XK_k);
  g_assert_cmpint (mark_of (&f, 4)->colour, ==, DJ_MARKER_BLUE);
  tap_key (XK_3);
  g_assert_cmpint (mark_of (&f, 4)->shape, ==, DJ_MARK_LABEL);
  g_assert_cmpstr (mark_of (&f, 4)->label, ==, "3");
  assert_description (&f, 4, "Blue label “3”.");
  tap_key (XK_x);
  g_assert_cmpint (mark_of (&f, 4)->shape, ==, DJ_MARK_CROSS);
  tap_key (XK_x);
  g_assert_cmpint (mark_of (&f, 4)->shape, ==, DJ_MARK_NONE);

  /* Shift+Left twice from e draws an arrow to d, then to c. */
  tap_key (XK_o);
  key (XK_Shift_L, TRUE);
  tap_key (XK_Left);
  tap_key (XK_Left);
  key (XK_Shift_L, FALSE);
  {
    int from, to;

    g_assert_cmpint (dj_board_scene_get_arrow_draft (dj_board_get_scene (f.board), &from, &to),
                     ==, DJ_MARKER_BLUE);
    g_assert_cmpint (from, ==, 4);
    g_assert_cmpint (to, ==, 2);
  }
  /* Nothing in the record until Enter puts it down. */
  g_assert_cmpuint (dj_node_get_markup (f.node)->n_arrows, ==, 0);
  tap_key (XK_Return);
  m = dj_node_get_markup (f.node);
  g_assert_cmpuint (m->n_arrows, ==, 1);
  g_assert_cmpuint (m->arrows[0].from, ==, 4);
  g_assert_cmpuint (m->arrows[0].to, ==, 2);
  g_assert_cmpuint (m->arrows[0].colour, ==, DJ_MARKER_BLUE);
  /* Enter drew an arrow: it played nothing. */
  g_assert_true (dj_game_get_current (f.game) == f.node);
  assert_description (&f, 4, "Blue circle. Arrow to pit c (Blue).");

  /* Escape drops a draft. */
  key (XK_Shift_L, TRUE);
  tap_key (XK_Right);
  key (XK_Shift_L, FALSE);
  tap_key (XK_Escape);
  g_assert_cmpint (dj_board_scene_get_arrow_draft (dj_board_get_scene (f.board), NULL, NULL),
                   ==, DJ_MARKER_NONE);
  g_assert_cmpuint (dj_node_get_markup (f.node)->n_arrows, ==, 1);

  /* l asks for a label: typed and put down with Enter. */
  g_assert_true (gtk_widget_grab_focus (dj_board_get_pit_widget (f.board, 4)));
  tap_key (XK_l);
  dj_test_wait_windows_painted ();
  g_assert_nonnull (dj_board_get_label_entry (f.board));
  /* The text of the entry has the focus. */
  g_assert_true (gtk_widget_get_mapped (dj_board_get_label_entry (f.board)));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (gtk_widget_get_root (
                                           dj_board_get_label_entry (f.board))),
                                         dj_board_get_label_entry (f.board)));
  tap_key (XK_a);
  tap_key (XK_2);
  tap_key (XK_Return);
  dj_test_wait_windows_painted ();
  g_assert_cmpint (mark_of (&f, 4)->shape, ==, DJ_MARK_LABEL);
  g_assert_cmpstr (mark_of (&f, 4)->label, ==, "a2");
  g_assert_cmpint (mark_of (&f, 4)->colour, ==, DJ_MARKER_BLUE);
  assert_description (&f, 4, "Blue label “a2”. Arrow to pit c (Blue).");
  g_assert_true (gtk_widget_is_focus (dj_board_get_pit_widget (f.board, 4)));
  /* A label with a comma is refused, and the reason shown; Escape leaves it. */
  tap_key (XK_l);
  dj_test_wait_windows_painted ();
  /* The old label is there, selected: typing replaces it. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (dj_board_get_label_entry (f.board))),
                   ==, "a2");
  tap_key (XK_b);
  tap_key (XK_comma);
  tap_key (XK_Return);
  dj_test_wait_windows_painted ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (dj_board_get_label_entry (f.board))),
                   ==, "b,");
  g_assert_true (gtk_widget_has_css_class (dj_board_get_label_entry (f.board), "error"));
  gtk_test_accessible_assert_property (dj_board_get_label_entry (f.board),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "One to four characters, without spaces or any of "
                                       ", [ ] { } \\");
  tap_key (XK_Escape);
  dj_test_wait_windows_painted ();
  g_assert_cmpstr (mark_of (&f, 4)->label, ==, "a2");

  /* Delete on c takes its arrow off. */
  g_assert_true (gtk_widget_grab_focus (dj_board_get_pit_widget (f.board, 2)));
  tap_key (XK_Delete);
  g_assert_cmpuint (dj_node_get_markup (f.node)->n_arrows, ==, 0);
  assert_description (&f, 4, "Blue label “a2”.");
  fixture_tear_down (&f);
}

/* With the default settings, moves are animated: a mark made while one is
 * sown ends the animation and goes on the position the move reached. */
static void
test_during_animation (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  Fixture f;
  DjNode *after;

  g_settings_reset (settings, "animation-speed");
  fixture_set_up (&f);
  g_assert_cmpint (dj_board_get_animation_speed (f.board), ==, DJ_ANIMATION_SPEED_NORMAL);
  g_assert_true (dj_window_play_move (f.window, 6));   /* North plays A */
  after = dj_game_get_current (f.game);
  g_assert_true (after != f.node);
  g_assert_true (dj_board_is_animating (f.board));

  click_pit (f.board, 3, 3, XK_Shift_L);
  g_assert_false (dj_board_is_animating (f.board));
  g_assert_cmpint (dj_node_get_marker (after, 3), ==, DJ_MARKER_RED);
  g_assert_null (dj_node_get_markup (f.node));
  assert_description (&f, 3, "Red circle.");
  /* The move itself was played once, and the mark is one undo step. */
  g_assert_true (dj_game_get_current (f.game) == after);
  g_assert_cmpstr (dj_game_get_undo_label (f.game), ==, "Mark Pit");
  g_settings_set_enum (settings, "animation-speed", DJ_ANIMATION_SPEED_OFF);
  fixture_tear_down (&f);
}

/* The board's picture as the tests of the board render it. */
static GdkTexture *
render (DjBoard *board)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  GTK_WIDGET_GET_CLASS (board)->snapshot (GTK_WIDGET (board), snapshot);
  return dj_test_render_snapshot (snapshot, gtk_widget_get_width (GTK_WIDGET (board)),
                                  gtk_widget_get_height (GTK_WIDGET (board)));
}

typedef struct
{
  int r, g, b;
} Rgb;

static Rgb
pixel (GdkTexture *texture,
       int         x,
       int         y)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) w * h * 4);
  guchar *p;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, w);
  g_assert_cmpint (y, <, h);
  gdk_texture_download (texture, data, (gsize) w * 4);
  p = data + ((gsize) y * w + x) * 4;
  /* Cairo's ARGB32 in memory: B G R A. */
  return (Rgb) { p[2], p[1], p[0] };
}

/* A point @fx, @fy of the pit's size from its centre, in the board. */
static void
board_point (DjBoard *board,
             guint    pit,
             double   fx,
             double   fy,
             int     *x,
             int     *y)
{
  GtkWidget *widget = dj_board_get_pit_widget (board, pit);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  graphene_point_t p;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (board),
                                           &GRAPHENE_POINT_INIT (w / 2 + fx * w, h / 2 + fy * h),
                                           &p));
  *x = (int) p.x;
  *y = (int) p.y;
}

static Rgb
pit_pixel (GdkTexture *texture,
           DjBoard    *board,
           guint       pit,
           double      fx,
           double      fy)
{
  int x, y;

  board_point (board, pit, fx, fy, &x, &y);
  return pixel (texture, x, y);
}

/* Half way between two pits. */
static Rgb
between_pixel (GdkTexture *texture,
               DjBoard    *board,
               guint       a,
               guint       b)
{
  int xa, ya, xb, yb;

  board_point (board, a, 0, 0, &xa, &ya);
  board_point (board, b, 0, 0, &xb, &yb);
  return pixel (texture, (xa + xb) / 2, (ya + yb) / 2);
}

#define ASSERT_GREEN(p) g_assert_true ((p).g > 150 && (p).g > (p).r + 60 && (p).g > (p).b + 20)
#define ASSERT_RED(p)   g_assert_true ((p).r > 150 && (p).r > (p).g + 80 && (p).r > (p).b + 80)
#define ASSERT_YELLOW(p) g_assert_true ((p).r > 200 && (p).g > 170 && (p).b < 110)
#define ASSERT_BLUE(p)  g_assert_true ((p).b > 150 && (p).b > (p).r + 80)

static void
save_render (GdkTexture *texture,
             const char *name)
{
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, file, NULL);

  gdk_texture_save_to_png (texture, path);
  g_test_message ("the board drawn: %s", path);
}

/* Marks made with the mouse show where the user put them, in both styles. */
static void
check_picture (Fixture    *f,
               const char *name)
{
  g_autoptr(GdkTexture) texture = render (f->board);
  Rgb p;

  save_render (texture, name);
  /* The green cross on D, on an arm between the centre and a corner. */
  p = pit_pixel (texture, f->board, 9, 0.14, 0.14);
  ASSERT_GREEN (p);
  p = pit_pixel (texture, f->board, 9, -0.14, 0.14);
  ASSERT_GREEN (p);
  /* The red label on a: its badge beside the text. */
  p = pit_pixel (texture, f->board, 0, -0.17, 0.0);
  ASSERT_RED (p);
  /* The blue circle on b: its ring at the rim. */
  p = pit_pixel (texture, f->board, 1, 0.47, 0.0);
  ASSERT_BLUE (p);
  /* The green arrow from c to E, half way. */
  p = between_pixel (texture, f->board, 2, 10);
  ASSERT_GREEN (p);
  /* The green triangle on B, near its top corner. */
  p = pit_pixel (texture, f->board, 7, 0.0, -0.28);
  ASSERT_GREEN (p);
  /* The yellow square on C, on its right side. */
  p = pit_pixel (texture, f->board, 8, 0.22, 0.05);
  ASSERT_YELLOW (p);
}

static void
test_picture (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autoptr(GdkTexture) plain = NULL;
  Fixture f;
  Rgb wood_light, wood_dark, before;

  fixture_set_up (&f);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  dj_test_wait_until (10, style_is_light, style, "the light style");
  dj_test_wait_windows_painted ();
  plain = render (f.board);
  before = between_pixel (plain, f.board, 2, 10);

  drag_pits (f.board, 2, 10, 3, 0);
  click_pit (f.board, 9, 3, 0);
  click_pit (f.board, 9, 3, 0);
  click_pit (f.board, 1, 3, XK_Control_L);
  /* A green triangle on B, a yellow square on C. */
  for (guint i = 0; i < 3; i++)
    click_pit (f.board, 7, 3, 0);
  key (XK_Control_L, TRUE);
  for (guint i = 0; i < 4; i++)
    click_pit (f.board, 8, 3, XK_Shift_L);
  key (XK_Control_L, FALSE);
  g_assert_cmpint (mark_of (&f, 7)->shape, ==, DJ_MARK_TRIANGLE);
  g_assert_cmpint (mark_of (&f, 8)->shape, ==, DJ_MARK_SQUARE);
  g_assert_cmpint (mark_of (&f, 8)->colour, ==, DJ_MARKER_YELLOW);
  pointer_to (f.board, 0, 0, 0);
  g_assert_true (gtk_widget_grab_focus (dj_board_get_pit_widget (f.board, 0)));
  key (XK_Shift_L, TRUE);
  key (XK_Shift_L, FALSE);
  tap_key (XK_k);   /* the pen: green to blue */
  tap_key (XK_k);   /* blue to yellow */
  tap_key (XK_k);   /* yellow to red */
  tap_key (XK_1);
  g_assert_cmpint (mark_of (&f, 0)->shape, ==, DJ_MARK_LABEL);
  g_assert_cmpint (mark_of (&f, 0)->colour, ==, DJ_MARKER_RED);
  gtk_window_set_focus_visible (GTK_WINDOW (f.window), FALSE);
  dj_board_scene_set_hover (dj_board_get_scene (f.board), -1);
  dj_test_wait_windows_painted ();

  /* Before the arrow, the wood; now the arrow. */
  g_assert_false (before.g > before.r + 60);
  check_picture (&f, "markup-light");
  {
    g_autoptr(GdkTexture) light = render (f.board);

    wood_light = pit_pixel (light, f.board, 5, 0, -0.59);
  }

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  dj_test_wait_until (10, style_is_dark, style, "the dark style");
  dj_test_wait_windows_painted ();
  check_picture (&f, "markup-dark");
  {
    g_autoptr(GdkTexture) dark = render (f.board);

    wood_dark = pit_pixel (dark, f.board, 5, 0, -0.59);
  }
  /* The style did change: the wood is darker. */
  g_assert_cmpint (wood_dark.r + wood_dark.g + wood_dark.b, <,
                   wood_light.r + wood_light.g + wood_light.b - 60);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);

  /* Saved and read again, the markup is the same. */
  {
    g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "markup-ui.djenon", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GError) error = NULL;
    DjMarkup saved = *dj_node_get_markup (f.node);
    DjNode *node;

    g_assert_true (dj_window_save_to (f.window, file, &error));
    g_assert_no_error (error);
    g_signal_handlers_disconnect_by_data (f.game, &f);
    f.game = NULL;   /* loading replaces it */
    g_assert_true (dj_window_load_file (f.window, file, &error));
    g_assert_no_error (error);
    node = dj_node_get_first_child (dj_game_get_root (dj_window_get_game (f.window)));
    g_assert_true (dj_markup_equal (dj_node_get_markup (node), &saved));
    g_remove (path);
  }
  fixture_tear_down (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;
  int status;

  home = dj_test_make_home ("djenon-test-markup-ui");
  g_test_init (&argc, &argv, NULL);

  if (!dj_test_start_app () || !xtest_load ())
    {
      g_test_skip ("no X display with XTest");
      g_print ("1..0 # SKIP no X display with XTest\n");
      dj_test_remove_tree (home);
      return 0;
    }

  g_test_add_func ("/djenon/markup-ui/mouse", test_mouse);
  g_test_add_func ("/djenon/markup-ui/keyboard", test_keyboard);
  g_test_add_func ("/djenon/markup-ui/picture", test_picture);
  g_test_add_func ("/djenon/markup-ui/during-animation", test_during_animation);

  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  return status;
}
