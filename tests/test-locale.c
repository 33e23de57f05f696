/* test-locale.c: the main window in the language of $LANGUAGE (run for Urdu
 * and Nepali): translated, mirrored for a right-to-left language while the
 * board keeps its geometry, and every label drawn with no missing glyph.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "dj-application.h"
#include "dj-board.h"
#include "dj-resources.h"
#include "dj-window.h"

static DjApplication *app;

static void
flush_events (void)
{
  for (guint i = 0; i < 20; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

/* Every GtkLabel under @widget, depth first, without recursion. */
static GPtrArray *
all_labels (GtkWidget *widget)
{
  GPtrArray *labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, widget);
  while (stack->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

      if (GTK_IS_LABEL (w) && gtk_widget_get_mapped (w))
        g_ptr_array_add (labels, w);
      for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (stack, c);
    }
  return labels;
}

static void
test_main_window (void)
{
  const char *lang = g_getenv ("LANGUAGE");
  gboolean rtl = g_str_has_prefix (lang, "ur");
  DjWindow *window = dj_window_new (GTK_APPLICATION (app));
  g_autoptr(GPtrArray) labels = NULL;
  guint unknown = 0, translated = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  dj_window_show_sample (window);
  gtk_window_present (GTK_WINDOW (window));
  flush_events ();

  /* The interface is in the language asked for: "Save" is translated. */
  g_assert_cmpstr (_("Save"), !=, "Save");
  g_assert_cmpint (gtk_widget_get_direction (GTK_WIDGET (window)), ==,
                   rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
  /* Sowing stays counter-clockwise: the board never mirrors. */
  g_assert_cmpint (gtk_widget_get_direction (dj_window_get_board (window)), ==,
                   GTK_TEXT_DIR_LTR);

  labels = all_labels (GTK_WIDGET (window));
  g_assert_cmpuint (labels->len, >, 5);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];
      const char *text = gtk_label_get_text (label);
      int n = pango_layout_get_unknown_glyphs_count (gtk_label_get_layout (label));

      if (n > 0)
        g_test_message ("%d unknown glyphs in “%s”", n, text);
      unknown += n;
      /* A label in the script of the language (not ASCII only). */
      for (const char *p = text; *p; p = g_utf8_next_char (p))
        if (g_utf8_get_char (p) >= 0x0600)
          {
            translated++;
            break;
          }
    }
  g_test_message ("%u labels, %u in the language's script", labels->len, translated);
  g_assert_cmpuint (unknown, ==, 0);
  g_assert_cmpuint (translated, >=, 5);

  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *home = g_dir_make_tmp ("djenon-test-locale-XXXXXX", NULL);
  int status;

  setlocale (LC_ALL, "");
  /* The translations as built, not as installed. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("DJENON_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", home, TRUE);
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  dj_register_resource ();
  app = dj_application_new (G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/djenon/locale/main-window", test_main_window);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
