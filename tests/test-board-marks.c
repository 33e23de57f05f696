/* test-board-marks.c: the board's highlights each look their own way
 *
 * The last move (a warm tint of the pit played, a dot where its last seed
 * landed), the analysis' best move (a soft glow and a star), playable pits
 * (a light rim) and the user's own marks (crisp coloured rings) must not be
 * taken for one another.  Pictures go to DJ_SCREENSHOT_DIR, to look at.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dj-test-app.h"
#include "dj-test-picture.h"

#include "dj-board.h"
#include "dj-pit.h"

#define TIMEOUT_S 30

static GtkWidget *
board_pit (GtkWidget *board,
           guint      pit)
{
  for (GtkWidget *c = gtk_widget_get_first_child (board); c; c = gtk_widget_get_next_sibling (c))
    if (DJ_IS_PIT (c) && dj_pit_get_index (DJ_PIT (c)) == pit)
      return c;
  g_assert_not_reached ();
}

static GdkTexture *
board_texture (GtkWidget *board)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (board);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int w = gtk_widget_get_width (board), h = gtk_widget_get_height (board);

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  return dj_test_render_snapshot (snapshot, w, h);
}

/* The board as on screen (once drawn anew), by the cairo renderer. */
static GdkTexture *
board_picture (GtkWidget *board)
{
  dj_test_wait_frames (board, "the board drawn");
  return board_texture (board);
}

/* The colour at @x, @y of @texture, as 0–255 channels (r, g, b). */
static void
pixel_at (GdkTexture *texture,
          int         x,
          int         y,
          guchar      rgb[3])
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) w * h * 4);
  guint32 p;

  g_assert_true (x >= 0 && x < w && y >= 0 && y < h);
  gdk_texture_download (texture, data, (gsize) w * 4);
  memcpy (&p, data + ((gsize) y * w + x) * 4, 4);
  /* Cairo's ARGB32, native endian. */
  rgb[0] = (p >> 16) & 0xff;
  rgb[1] = (p >> 8) & 0xff;
  rgb[2] = p & 0xff;
}

/* Where @pit's centre is on the board, and its diameter. */
static void
pit_place (GtkWidget *board,
           guint      pit,
           double    *cx,
           double    *cy,
           double    *d)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (board_pit (board, pit), board, &r));
  *cx = r.origin.x + r.size.width / 2;
  *cy = r.origin.y + r.size.height / 2;
  *d = r.size.width;
}

/* Laid out, drawn, and showing no move in flight. */
static gboolean
board_still (gpointer data)
{
  return gtk_widget_get_width (data) > 0 && gtk_widget_get_mapped (data) &&
         !dj_board_is_animating (data);
}

static void
test_last_move (void)
{
  DjWindow *window = new_window ();
  GtkWidget *board = dj_window_get_board (window);
  DjBoardScene *scene = dj_board_get_scene (DJ_BOARD (board));
  g_autoptr(DjTrace) trace = dj_trace_new ();
  g_autoptr(GdkTexture) picture = NULL;
  DjGame *game = dj_window_get_game (window);
  int landing = -2;
  double cx, cy, d;
  guchar rgb[3];

  dj_test_wait_until (TIMEOUT_S, board_still, board, "the board on screen");
  /* At the start there is no last move. */
  g_assert_cmpint (dj_board_scene_get_last_move (scene, &landing), ==, -1);
  g_assert_cmpint (landing, ==, -1);

  g_assert_true (dj_play (dj_game_get_rules (game),
                          dj_node_get_position (dj_game_get_current (game)), 2, trace, NULL));
  g_assert_true (dj_window_play_move (window, 2));
  dj_test_wait_until (TIMEOUT_S, board_still, board, "the move's animation");
  flush_events ();

  g_assert_cmpint (dj_board_scene_get_last_move (scene, &landing), ==, 2);
  g_assert_cmpint (landing, ==,
                   g_array_index (trace->laps, DjLap, trace->laps->len - 1).landing);
  g_assert_true (gtk_widget_has_css_class (board_pit (board, 2), "last-move"));
  g_assert_false (gtk_widget_has_css_class (board_pit (board, landing), "last-move"));

  picture = board_picture (board);
  dj_test_save_screenshot (board, "board-last-move.png");
  /* The dot at the landing pit's foot is amber. */
  pit_place (board, landing, &cx, &cy, &d);
  pixel_at (picture, (int) cx, (int) (cy + d * 0.38), rgb);
  g_test_message ("landing dot %u %u %u", rgb[0], rgb[1], rgb[2]);
  g_assert_cmpint (rgb[0], >, 200);
  g_assert_cmpint (rgb[1], >, 130);
  g_assert_cmpint (rgb[2], <, 80);

  /* Stepping back to the start takes it away; forward shows it again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.first", NULL);
  flush_events ();
  g_assert_cmpint (dj_board_scene_get_last_move (scene, NULL), ==, -1);
  g_assert_false (gtk_widget_has_css_class (board_pit (board, 2), "last-move"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
  dj_test_wait_until (TIMEOUT_S, board_still, board, "the move's animation");
  flush_events ();
  g_assert_cmpint (dj_board_scene_get_last_move (scene, NULL), ==, 2);
  destroy_window (window);
}

/* Playable pits are not ringed in the accent colour any more (a blue circle
 * is the user's mark), the best move is not ringed in green (a green
 * circle is the user's mark): just outside a playable pit the rim is
 * light, not blue; round the best move the glow is soft, not a line. */
static void
test_distinct_highlights (void)
{
  DjWindow *window = new_window ();
  GtkWidget *board = dj_window_get_board (window);
  DjBoardScene *scene = dj_board_get_scene (DJ_BOARD (board));
  g_autoptr(GdkTexture) picture = NULL;
  GdkRGBA accent;
  double cx, cy, d;
  guchar rim[3], best_near[3], best_far[3];

  dj_test_wait_until (TIMEOUT_S, board_still, board, "the board on screen");
  dj_board_scene_set_best_move (scene, 4);
  flush_events ();
  picture = board_picture (board);
  dj_test_save_screenshot (board, "board-highlights.png");

  /* Pit a (0) is playable at the start: its rim, 1 px outside the hole. */
  pit_place (board, 0, &cx, &cy, &d);
  pixel_at (picture, (int) cx, (int) (cy - d / 2 - 1), rim);
  g_test_message ("playable rim %u %u %u", rim[0], rim[1], rim[2]);
  dj_marker_lookup_color (board, DJ_MARKER_BLUE, &accent);
  /* Not a blue ring: blue is not the strongest channel by far. */
  g_assert_cmpint ((int) rim[2] - MAX (rim[0], rim[1]), <, 30);

  /* The best move (e): the glow fades outward, with no crisp edge. */
  pit_place (board, 4, &cx, &cy, &d);
  pixel_at (picture, (int) (cx + d / 2 + 1), (int) cy, best_near);
  pixel_at (picture, (int) (cx + d / 2 + 4), (int) cy, best_far);
  g_test_message ("best glow %u %u %u / %u %u %u", best_near[0], best_near[1], best_near[2],
                  best_far[0], best_far[1], best_far[2]);
  g_assert_cmpint (best_near[1], >, best_near[0]);
  g_assert_cmpint (ABS ((int) best_near[1] - (int) best_far[1]), <, 40);
  destroy_window (window);
}

static double
luminance (const GdkRGBA *c)
{
  double ch[3] = { c->red, c->green, c->blue }, l[3];

  for (guint i = 0; i < 3; i++)
    l[i] = ch[i] <= 0.03928 ? ch[i] / 12.92 : pow ((ch[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

/* WCAG's contrast ratio of @fg (with its alpha) over the opaque @bg. */
static double
contrast (GdkRGBA fg,
          GdkRGBA bg)
{
  double a = luminance (&bg), b;

  fg.red = fg.red * fg.alpha + bg.red * (1 - fg.alpha);
  fg.green = fg.green * fg.alpha + bg.green * (1 - fg.alpha);
  fg.blue = fg.blue * fg.alpha + bg.blue * (1 - fg.alpha);
  b = luminance (&fg);
  return (MAX (a, b) + 0.05) / (MIN (a, b) + 0.05);
}

static gboolean
style_is (gpointer data)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ()) == GPOINTER_TO_INT (data);
}

/* The pit letters of the side not to move stay readable on the wood, in
 * the light style and in the dark one (WCAG AA for text: 4.5:1). */
static void
test_letter_contrast (void)
{
  AdwStyleManager *styles = adw_style_manager_get_default ();
  DjWindow *window = new_window ();
  GtkWidget *board = dj_window_get_board (window);

  for (int dark = 0; dark <= 1; dark++)
    {
      GdkRGBA dim, wood;
      double ratio;

      adw_style_manager_set_color_scheme (styles, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                       : ADW_COLOR_SCHEME_FORCE_LIGHT);
      dj_test_wait_until (TIMEOUT_S, style_is, GINT_TO_POINTER (dark), "the style");
      flush_events ();
      dj_board_lookup_color (board, "dj_label_dim_color", "#000000", &dim);
      dj_board_lookup_color (board, "dj_wood_color", "#ffffff", &wood);
      ratio = contrast (dim, wood);
      g_test_message ("%s style: dim letters %.2f:1", dark ? "dark" : "light", ratio);
      if (dark)
        {
          dj_test_wait_until (TIMEOUT_S, board_still, board, "the board on screen");
          dj_test_save_screenshot (board, "board-dark.png");
        }
      g_assert_cmpfloat (ratio, >=, 4.5);
    }
  adw_style_manager_set_color_scheme (styles, ADW_COLOR_SCHEME_DEFAULT);
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = dj_test_make_home ("djenon-test-board-marks");
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!dj_test_start_app ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  g_test_add_func ("/djenon/board-marks/last-move", test_last_move);
  g_test_add_func ("/djenon/board-marks/distinct-highlights", test_distinct_highlights);
  g_test_add_func ("/djenon/board-marks/letter-contrast", test_letter_contrast);
  status = g_test_run ();
  dj_test_remove_tree (home);
  return status;
}
