/* test-startup.c: Djenon starts GTK as main() does, and quickly, without
 * changing what the window looks like or what it passes on
 *
 * The application speeds up its start by reading GTK's settings under the
 * empty theme libadwaita would choose anyway, and by ordering libadwaita
 * and the icon theme (see dj-application.c).  This runs the application as
 * main() runs it and checks what a user would notice if that went wrong:
 * libadwaita's stylesheet missing, icons missing, or programs Djenon starts
 * inheriting the variables set for its own start.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include "dj-application.h"
#include "dj-toolkit.h"
#include "dj-resources.h"

#include "dj-test-app.h"

static gboolean started, activated;

static void
check_started (GApplication *application)
{
  GtkSettings *settings = gtk_settings_get_default ();
  GtkIconTheme *icons = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_autofree char *theme = NULL;

  started = TRUE;

  /* Gone from the environment before anything could inherit them. */
  g_assert_null (g_getenv ("GTK_THEME"));
  g_assert_null (g_getenv ("GDK_DEBUG"));

  /* libadwaita took over: the empty GTK theme beneath its own stylesheet. */
  g_object_get (settings, "gtk-theme-name", &theme, NULL);
  g_assert_cmpstr (theme, ==, "Adwaita-empty");

  /* Djenon's own icon (from its resources) and the theme's icons. */
  g_assert_true (gtk_icon_theme_has_icon (icons, APP_ID));
  g_assert_true (gtk_icon_theme_has_icon (icons, "open-menu-symbolic"));
  g_assert_true (gtk_icon_theme_has_icon (icons, "go-next-symbolic"));
}

static gboolean
quit_later (gpointer data)
{
  g_application_quit (G_APPLICATION (data));
  return G_SOURCE_REMOVE;
}

static void
check_activated (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));
  GtkStyleContext *style;
  GdkRGBA accent, fg;

  activated = TRUE;
  g_assert_nonnull (window);

  /* libadwaita's stylesheet is in force: its named colours exist, with
   * Adwaita's blue accent and dark text on the light style. */
  style = gtk_widget_get_style_context (GTK_WIDGET (window));
  g_assert_true (gtk_style_context_lookup_color (style, "accent_bg_color", &accent));
  g_assert_true (gtk_style_context_lookup_color (style, "window_fg_color", &fg));
  g_assert_cmpfloat (accent.blue, >, accent.red);
  g_assert_cmpfloat (fg.red, <, 0.5);

  g_idle_add (quit_later, application);
}

static void
test_start (void)
{
  int status;

  app = dj_application_new (G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "startup", G_CALLBACK (check_started), NULL);
  g_signal_connect_after (app, "activate", G_CALLBACK (check_activated), NULL);
  status = g_application_run (G_APPLICATION (app), 0, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (started);
  g_assert_true (activated);
  g_clear_object (&app);
}

/* The GTK 4.8 workarounds switch themselves off on a newer GTK. */
static void
test_workaround_versions (void)
{
  g_assert_true (dj_toolkit_version_needs_workarounds (4, 8));
  g_assert_true (dj_toolkit_version_needs_workarounds (4, 6));
  g_assert_false (dj_toolkit_version_needs_workarounds (4, 10));
  g_assert_false (dj_toolkit_version_needs_workarounds (4, 12));
  g_assert_false (dj_toolkit_version_needs_workarounds (5, 0));
  g_assert_true (dj_toolkit_needs_workarounds ()
                 == (gtk_get_major_version () == 4 && gtk_get_minor_version () <= 8));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;
  int status;

  setlocale (LC_ALL, "");
  home = dj_test_make_home ("djenon-test-startup");
  g_test_init (&argc, &argv, NULL);
  /* GTK must not start before the environment is prepared, so whether
   * there is a display is asked of the environment alone. */
  if ((g_getenv ("DISPLAY") == NULL || *g_getenv ("DISPLAY") == '\0') &&
      (g_getenv ("WAYLAND_DISPLAY") == NULL || g_strcmp0 (g_getenv ("GDK_BACKEND"), "x11") == 0))
    {
      g_print ("1..0 # SKIP no display\n");
      dj_test_remove_tree (home);
      return 0;
    }

  /* As main() does, before GTK starts. */
  g_unsetenv ("GTK_THEME");
  g_unsetenv ("GDK_DEBUG");
  dj_application_prepare_environment ();
  /* Debian 12's GTK 4.8: the workaround is on (off on a newer GTK). */
  if (dj_toolkit_needs_workarounds ())
    g_assert_cmpstr (g_getenv ("GTK_THEME"), ==, "Adwaita-empty");
  else
    g_assert_null (g_getenv ("GTK_THEME"));
  dj_register_resource ();

  g_test_add_func ("/djenon/app/startup", test_start);
  g_test_add_func ("/djenon/app/workaround-versions", test_workaround_versions);
  status = g_test_run ();

  dj_test_remove_tree (home);
  return status;
}
