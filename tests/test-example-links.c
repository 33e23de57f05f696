/* test-example-links.c: djenon: links, as a help reader hands them over and
 * as the rules viewer's "Open on the Board" sends them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dj-application.h"
#include "dj-drafts.h"
#include "dj-resources.h"
#include "dj-rules-example.h"
#include "dj-rules-view.h"
#include "dj-test-app.h"
#include "dj-window.h"

static guint
n_windows (void)
{
  guint n = 0;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    n += DJ_IS_WINDOW (l->data);
  return n;
}

typedef struct
{
  guint windows;
} Count;

static gboolean
has_more_windows (gpointer data)
{
  return n_windows () > ((Count *) data)->windows;
}

static DjWindow *
newest_window (void)
{
  /* GtkApplication lists the most recently focused first; the newest is the
   * one added last. */
  DjWindow *last = NULL;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (DJ_IS_WINDOW (l->data) && last == NULL)
      last = l->data;
  return last;
}

static AdwMessageDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

static gboolean
has_dialog (gpointer data)
{
  return find_dialog () != NULL;
}

static void
close_all_windows (void)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  for (GList *l = windows; l != NULL; l = l->next)
    if (DJ_IS_WINDOW (l->data))
      destroy_window (l->data);
    else
      gtk_window_destroy (l->data);
  g_list_free (windows);
  flush_events ();
}

static void
check_game_at (DjWindow   *window,
               const char *variant,
               const char *position)
{
  DjGame *game = dj_window_get_game (window);
  g_autofree char *start = dj_position_to_string (dj_node_get_position (dj_game_get_root (game)));

  g_assert_cmpstr (dj_variant_to_string (dj_game_get_rules (game)->variant), ==, variant);
  g_assert_cmpstr (start, ==, position);
}

/* A help reader hands Djenon the link of an example (the desktop file
 * registers the scheme): a new game window at its position. */
static void
test_open_from_help_reader (void)
{
  GFile *file = g_file_new_for_uri ("djenon:play?variant=abe&feeding=immediate"
                                    "&setup=0+0+0+1+0+1+0+0+0+0+0+1+20+25+N&move=F");
  Count before = { n_windows () };
  DjWindow *window;

  g_assert_true (g_file_has_uri_scheme (file, "djenon"));
  g_application_open (G_APPLICATION (app), &file, 1, "");
  dj_test_wait_until (10, has_more_windows, &before, "a window for the link");
  window = newest_window ();
  check_game_at (window, "abe", "0 0 0 1 0 1 0 0 0 0 0 1 20 25 N");
  g_assert_cmpint (dj_game_get_rules (dj_window_get_game (window))->feeding, ==, DJ_FEEDING_IMMEDIATE);
  /* Nothing of the user's changed: the new game has no moves yet. */
  g_assert_null (dj_node_get_first_child (dj_game_get_root (dj_window_get_game (window))));
  g_object_unref (file);
  close_all_windows ();
}

/* A link that is not one of Djenon's is refused with its reason, in a
 * dialog over the window the user is in; nothing else happens. */
static void
test_hostile_link (void)
{
  DjWindow *window = new_window ();
  GFile *file = g_file_new_for_uri ("djenon:play?variant=abe&setup=48+0+0+0+0+0+0+0+0+0+0+0+1+0+S");
  AdwMessageDialog *dialog;
  guint windows = n_windows ();

  dj_window_start_game (window, &DJ_RULES_INIT (DJ_VARIANT_ABOURE), NULL, NULL);
  g_application_open (G_APPLICATION (app), &file, 1, "");
  dj_test_wait_until (10, has_dialog, NULL, "the refusal");
  dialog = find_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "This Link Cannot Be Opened");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "position cannot be set up"));
  g_assert_cmpuint (n_windows (), ==, windows);
  check_game_at (window, "aboure", "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (file);
  close_all_windows ();
}

/* "Open on the Board" in the rules viewer starts a game window from the
 * example's position. */
static void
test_open_on_the_board (void)
{
  DjWindow *window = new_window ();
  GtkWindow *view = dj_rules_view_new (GTK_WINDOW (window), DJ_VARIANT_ABE);
  g_autoptr(GPtrArray) widgets = NULL;
  GtkWidget *example = NULL;
  Count before;

  dj_rules_view_show_page (DJ_RULES_VIEW (view), "rules-abe", "C");
  gtk_window_present (view);
  widgets = all_widgets (dj_rules_view_get_content (DJ_RULES_VIEW (view)));
  for (guint i = 0; i < widgets->len && example == NULL; i++)
    if (DJ_IS_RULES_EXAMPLE (widgets->pdata[i]) &&
        g_strcmp0 (gtk_widget_get_name (widgets->pdata[i]), "abe-capture") == 0)
      example = widgets->pdata[i];
  g_assert_nonnull (example);

  before.windows = n_windows ();
  g_assert_true (gtk_widget_activate_action (example, "example.open", NULL));
  dj_test_wait_until (10, has_more_windows, &before, "a window for the example");
  check_game_at (newest_window (), "abe", "3 0 2 3 1 1 3 5 0 2 1 4 10 13 S");
  gtk_window_destroy (view);
  close_all_windows ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = dj_test_make_home ("djenon-test-example-links");
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!dj_test_start_app ())
    {
      printf ("1..0 # SKIP no display\n");
      dj_test_remove_tree (home);
      return 0;
    }
  g_test_add_func ("/djenon/example-links/help-reader", test_open_from_help_reader);
  g_test_add_func ("/djenon/example-links/hostile", test_hostile_link);
  g_test_add_func ("/djenon/example-links/open-on-the-board", test_open_on_the_board);
  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  return status;
}
