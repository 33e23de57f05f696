/* test-notation-look.c: how the notation reads
 *
 * The current move's mark keeps a glyph readable (a green "!" is drawn in
 * the accent's foreground on it) and keeps the spaces beside the move ("c A"
 * never reads "cA"); the assessment menu shows the signs as printed.
 * Pictures go to DJ_SCREENSHOT_DIR, to look at.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-test-app.h"
#include "dj-test-picture.h"

#include "dj-notation-line.h"
#include "dj-notation-view.h"
#include "dj-study-pane.h"
#include "dj-tree-overview.h"

#define TIMEOUT_S 30

/* @widget as on screen once drawn anew, by the cairo renderer. */
static GdkTexture *
picture_of (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  int w, h;

  dj_test_wait_frames (widget, "a frame drawn");
  w = gtk_widget_get_width (widget);
  h = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  return dj_test_render_snapshot (snapshot, w, h);
}

static guint32
pixel (const guchar *data,
       int           stride,
       int           x,
       int           y)
{
  guint32 p;

  memcpy (&p, data + (gsize) y * stride + (gsize) x * 4, 4);
  return p;
}

#define R(p) (((p) >> 16) & 0xff)
#define G(p) (((p) >> 8) & 0xff)
#define B(p) ((p) & 0xff)

static gboolean
is_green (guint32 p)
{
  return G (p) > 120 && G (p) > R (p) + 40 && G (p) > B (p) + 20;
}

/* Adwaita's accent blue, #3584e4. */
static gboolean
is_accent (guint32 p)
{
  return ABS ((int) R (p) - 0x35) < 24 && ABS ((int) G (p) - 0x84) < 24 &&
         ABS ((int) B (p) - 0xe4) < 24;
}

static void
test_current_move_mark (void)
{
  /* "1. c! A": the move c and its glyph marked, the glyph green. */
  static const char text[] = "1. c! A";
  GtkWidget *window = gtk_window_new ();
  GtkWidget *line = dj_notation_line_new ();
  g_autoptr(GObject) owner = g_object_new (G_TYPE_OBJECT, NULL);
  PangoAttrList *attrs = pango_attr_list_new ();
  PangoAttribute *green = pango_attr_foreground_new (0x2600, 0xa200, 0x6900);
  PangoAttribute *bigger = pango_attr_scale_new (2.0);
  g_autoptr(GdkTexture) picture = NULL;
  g_autoptr(PangoLayout) layout = NULL;
  g_autofree guchar *data = NULL;
  PangoRectangle space, a;
  int w, h, stride, greens = 0, accents = 0, gap = 0;

  green->start_index = 4;
  green->end_index = 5;
  pango_attr_list_insert (attrs, green);
  bigger->start_index = 0;
  bigger->end_index = sizeof text - 1;
  pango_attr_list_insert (attrs, bigger);
  dj_notation_line_set_shared_text (DJ_NOTATION_LINE (line), owner, text, attrs);
  dj_notation_line_set_mark (DJ_NOTATION_LINE (line), 3, 5);
  gtk_widget_set_direction (line, GTK_TEXT_DIR_LTR);
  gtk_window_set_child (GTK_WINDOW (window), line);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 60);
  gtk_window_present (GTK_WINDOW (window));

  picture = picture_of (line);
  dj_test_save_screenshot (line, "notation-mark.png");
  w = gdk_texture_get_width (picture);
  h = gdk_texture_get_height (picture);
  stride = w * 4;
  data = g_malloc ((gsize) stride * h);
  gdk_texture_download (picture, data, stride);

  /* The same text laid out alike: where the space after "c!" and "A" are. */
  layout = gtk_widget_create_pango_layout (line, text);
  pango_layout_set_attributes (layout, attrs);
  pango_layout_index_to_pos (layout, 5, &space);
  pango_layout_index_to_pos (layout, 6, &a);
  pango_attr_list_unref (attrs);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 p = pixel (data, stride, x, y);

        greens += is_green (p);
        accents += is_accent (p);
      }
  /* Columns of the space between "c!" and "A" that the mark leaves alone. */
  for (int x = PANGO_PIXELS (space.x); x < PANGO_PIXELS (a.x); x++)
    {
      gboolean clear = TRUE;

      for (int y = 0; y < h && clear; y++)
        clear = !is_accent (pixel (data, stride, x, y));
      gap += clear;
    }
  g_test_message ("green pixels %d, accent pixels %d, clear columns %d of %d", greens, accents,
                  gap, PANGO_PIXELS (a.x) - PANGO_PIXELS (space.x));
  g_assert_cmpint (accents, >, 50);
  /* The glyph is drawn in the accent's foreground over the mark. */
  g_assert_cmpint (greens, ==, 0);
  /* The space stays a space: the mark takes one pixel of it at most. */
  g_assert_cmpint (gap, >=, PANGO_PIXELS (a.x) - PANGO_PIXELS (space.x) - 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The labels of @menu's items and of its sections' items, one a line. */
static void
menu_labels (GMenuModel *menu,
             GString    *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *label = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        g_string_append_printf (out, "%s\n", label);
      if (section != NULL)
        menu_labels (section, out);
    }
}

typedef struct
{
  GtkWidget *view;
  GString   *labels;
} MenuSearch;

/* The menu buttons get their menus when first opened. */
static gboolean
assessment_menu_found (gpointer data)
{
  MenuSearch *search = data;
  g_autoptr(GPtrArray) widgets = all_widgets (search->view);

  for (guint i = 0; i < widgets->len; i++)
    if (GTK_IS_MENU_BUTTON (widgets->pdata[i]))
      {
        GMenuModel *model;

        /* Menus are built when first opened. */
        if (gtk_widget_is_sensitive (widgets->pdata[i]))
          {
            gtk_menu_button_popup (widgets->pdata[i]);
            gtk_menu_button_popdown (widgets->pdata[i]);
          }
        model = gtk_menu_button_get_menu_model (widgets->pdata[i]);
        g_string_truncate (search->labels, 0);
        if (model != NULL)
          menu_labels (model, search->labels);
        if (strstr (search->labels->str, "even") != NULL)
          return TRUE;
      }
  return FALSE;
}

/* The assessment menu's items begin with the signs as printed. */
static void
test_assessment_menu (void)
{
  DjWindow *window = new_window ();
  g_autoptr(GString) labels = g_string_new (NULL);
  MenuSearch search = { dj_window_get_move_list (window), labels };

  dj_test_wait_until (TIMEOUT_S, assessment_menu_found, &search, "the assessment menu");
  g_test_message ("%s", labels->str);
  for (const char *const *sign = (const char *const[]) { "⩲", "⩱", "±", "∓", "+−", "−+", NULL };
       *sign != NULL; sign++)
    g_assert_nonnull (strstr (labels->str, *sign));
  g_assert_null (strstr (labels->str, "+/-"));
  g_assert_null (strstr (labels->str, "+="));
  destroy_window (window);
}

static gboolean
tree_shown (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0 &&
         gtk_widget_get_has_tooltip (data);
}

/* Every dot of the move tree says its move, glyph and assessment. */
static void
test_tree_tooltips (void)
{
  DjWindow *window = new_window ();
  DjStudyPane *pane = dj_window_get_study_pane (window);
  GtkWidget *tree;
  DjGame *game = dj_window_get_game (window);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_true (dj_window_play_move (window, 2));
  dj_game_set_glyph (game, dj_game_get_current (game), DJ_GLYPH_INTERESTING);
  dj_game_set_assessment (game, dj_game_get_current (game), DJ_ASSESSMENT_SOUTH_CLEAR);
  g_assert_true (dj_window_play_move (window, 6 + 4));
  dj_study_pane_show_page (pane, "tree");
  flush_events ();
  /* Made when first shown. */
  tree = dj_test_find_widget (GTK_WIDGET (pane), DJ_TYPE_TREE_OVERVIEW);
  g_assert_nonnull (tree);
  dj_test_wait_until (TIMEOUT_S, tree_shown, tree, "the move tree");
  flush_events ();

  for (int y = 0; y < gtk_widget_get_height (tree); y += 2)
    for (int x = 0; x < gtk_widget_get_width (tree); x += 2)
      {
        char *text = dj_tree_overview_describe_at (DJ_TREE_OVERVIEW (tree), x, y);

        if (text != NULL)
          g_hash_table_add (seen, text);
      }
  g_assert_true (g_hash_table_contains (seen, "Start"));
  g_assert_true (g_hash_table_contains (seen, "\u20661. c!? \u00b1\u2069"));
  g_assert_true (g_hash_table_contains (seen, "\u20661… E\u2069"));
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = dj_test_make_home ("djenon-test-notation-look");
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!dj_test_start_app ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  g_test_add_func ("/djenon/notation-look/current-move-mark", test_current_move_mark);
  g_test_add_func ("/djenon/notation-look/assessment-menu", test_assessment_menu);
  g_test_add_func ("/djenon/notation-look/tree-tooltips", test_tree_tooltips);
  status = g_test_run ();
  dj_test_remove_tree (home);
  return status;
}
