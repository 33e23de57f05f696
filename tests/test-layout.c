/* test-layout.c: the window keeps its size, the board keeps a readable size
 *
 * The window never resizes itself when panels come and go (Review Game, Play
 * from Here, the analysis panel, the game graph): they share its space.  At
 * small sizes the panels scroll or fold before the board shrinks below a
 * readable size.  Pictures go to DJ_SCREENSHOT_DIR, to look at.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-test-app.h"
#include "dj-test-picture.h"

#include "dj-board.h"
#include "dj-explainer.h"
#include "dj-play-engine.h"
#include "dj-review.h"
#include "dj-review-graph.h"
#include "dj-study-pane.h"

#define TIMEOUT_S 30

/* The board's smallest readable size (48-pixel pits): pit letters and counts
 * legible. */
#define READABLE_BOARD_W 446
#define READABLE_BOARD_H 159

typedef struct
{
  GtkWidget *window;
  int        width, height;
  guint      frames;
} SizeWait;

static gboolean
count_frame (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       data)
{
  ((SizeWait *) data)->frames++;
  return G_SOURCE_CONTINUE;
}

static gboolean
size_changed_or_settled (gpointer data)
{
  SizeWait *w = data;

  return gtk_widget_get_width (w->window) != w->width ||
         gtk_widget_get_height (w->window) != w->height || w->frames >= 12;
}

/* Lets a dozen frames pass, or fewer if the window's size changes meanwhile:
 * a window that grows does so within a frame or two of its new request. */
static void
settle (GtkWidget *window)
{
  SizeWait w = { window, gtk_widget_get_width (window), gtk_widget_get_height (window), 0 };
  guint id = gtk_widget_add_tick_callback (window, count_frame, &w, NULL);

  gtk_widget_queue_resize (window);
  dj_test_wait_until (TIMEOUT_S, size_changed_or_settled, &w, "the layout to settle");
  gtk_widget_remove_tick_callback (window, id);
}

static gboolean
laid_out (gpointer data)
{
  return gtk_widget_get_width (data) > 0;
}

/* A window asked to be @width × @height, laid out; its size is in @size
 * (the window's own size, shadows and all, as it was first laid out). */
static DjWindow *
sized_window (int  width,
              int  height,
              int *size)
{
  DjWindow *window = dj_window_new (GTK_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  dj_test_wait_until (TIMEOUT_S, laid_out, window, "the window's first layout");
  settle (GTK_WIDGET (window));
  size[0] = gtk_widget_get_width (GTK_WIDGET (window));
  size[1] = gtk_widget_get_height (GTK_WIDGET (window));
  return window;
}

static void
assert_size (DjWindow  *window,
             const int *size)
{
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, size[0]);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, size[1]);
}

static gboolean
review_shown (gpointer data)
{
  GtkWidget *window = data;
  DjReview *review = DJ_REVIEW (dj_test_find_widget (window, DJ_TYPE_REVIEW));
  GtkWidget *graph = dj_test_find_widget (window, DJ_TYPE_REVIEW_GRAPH);

  return !dj_review_get_running (review) && gtk_widget_get_mapped (GTK_WIDGET (review)) &&
         gtk_widget_get_mapped (graph) && gtk_widget_get_height (graph) > 0;
}

static void
test_review_keeps_size (void)
{
  int size[2];
  DjWindow *window = sized_window (1100, 700, size);

  dj_window_show_sample (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-analysis", NULL);
  settle (GTK_WIDGET (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL);
  dj_test_answer_review_dialog ();
  dj_test_wait_until (TIMEOUT_S, review_shown, window, "the review and its graph");
  settle (GTK_WIDGET (window));
  dj_test_save_screenshot (GTK_WIDGET (window), "layout-review-1100x700.png");
  assert_size (window, size);
  destroy_window (window);
}

static gboolean
engine_banner_shown (gpointer data)
{
  GtkWidget *engine = data;

  return dj_play_engine_get_playing (DJ_PLAY_ENGINE (engine)) && gtk_widget_get_mapped (engine)
         && gtk_widget_get_height (engine) > 0;
}

static void
test_play_keeps_size (void)
{
  int size[2];
  DjWindow *window = sized_window (1100, 700, size);
  GtkWidget *engine = dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_PLAY_ENGINE);

  /* Analysis and the game graph open, the review's banner shown. */
  dj_window_show_sample (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-analysis", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "study.show-graph", NULL);
  dj_test_answer_review_dialog ();
  dj_test_wait_until (TIMEOUT_S, review_shown, window, "the review and its graph");
  settle (GTK_WIDGET (window));
  g_assert_true (dj_play_engine_start (DJ_PLAY_ENGINE (engine), DJ_NORTH, DJ_LEVEL_WEAK));
  dj_test_wait_until (TIMEOUT_S, engine_banner_shown, engine, "the engine's banner");
  settle (GTK_WIDGET (window));
  dj_test_save_screenshot (GTK_WIDGET (window), "layout-play-1100x700.png");
  assert_size (window, size);
  dj_play_engine_stop (DJ_PLAY_ENGINE (engine));
  destroy_window (window);
}

/* @widget lies wholly inside the part of @ancestor's allocation it can show. */
static void
assert_within (GtkWidget  *widget,
               GtkWidget  *ancestor,
               const char *what)
{
  graphene_rect_t inner, outer;

  g_assert_true (gtk_widget_compute_bounds (widget, ancestor, &inner));
  graphene_rect_init (&outer, 0, 0, gtk_widget_get_width (ancestor),
                      gtk_widget_get_height (ancestor));
  if (!graphene_rect_contains_rect (&outer, &inner))
    g_error ("%s at %g,%g %gx%g is cut off by its pane (%gx%g)", what, inner.origin.x,
             inner.origin.y, inner.size.width, inner.size.height, outer.size.width,
             outer.size.height);
}

static void
check_panels_open (int width,
                   int height)
{
  int size[2];
  DjWindow *window = sized_window (width, height, size);
  GtkWidget *board = dj_window_get_board (window);
  DjStudyPane *pane = dj_window_get_study_pane (window);
  GtkWidget *explainer = GTK_WIDGET (dj_study_pane_get_explainer (pane));
  g_autofree char *name = g_strdup_printf ("layout-panels-%dx%d.png", width, height);
  GtkWidget *button;

  dj_window_show_sample (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.last", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-analysis", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "study.show-graph", NULL);
  dj_study_pane_show_page (pane, "explain");
  dj_test_wait_until (TIMEOUT_S, review_shown, window, "the game graph");
  settle (GTK_WIDGET (window));
  dj_test_save_screenshot (GTK_WIDGET (window), name);

  assert_size (window, size);
  /* The board first: the panels scroll or fold before it gets small. */
  g_assert_true (gtk_widget_get_mapped (board));
  g_assert_cmpint (gtk_widget_get_width (board), >=, READABLE_BOARD_W);
  g_assert_cmpint (gtk_widget_get_height (board), >=, READABLE_BOARD_H);
  assert_within (board, GTK_WIDGET (window), "the board");

  /* The explainer's step buttons are whole where the explainer shows. */
  if (gtk_widget_get_mapped (explainer))
    {
      button = dj_test_find_widget (explainer, GTK_TYPE_BUTTON);
      g_assert_nonnull (button);
      for (; button != NULL; button = gtk_widget_get_next_sibling (button))
        assert_within (button, explainer, "an explainer button");
    }
  destroy_window (window);
}

static void
test_panels_800x600 (void)
{
  check_panels_open (800, 600);
}

static void
test_panels_1366x768 (void)
{
  check_panels_open (1366, 768);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = dj_test_make_home ("djenon-test-layout");
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!dj_test_start_app ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  g_test_add_func ("/djenon/layout/review-keeps-window-size", test_review_keeps_size);
  g_test_add_func ("/djenon/layout/play-keeps-window-size", test_play_keeps_size);
  g_test_add_func ("/djenon/layout/panels-800x600", test_panels_800x600);
  g_test_add_func ("/djenon/layout/panels-1366x768", test_panels_1366x768);
  status = g_test_run ();
  dj_test_remove_tree (home);
  return status;
}
