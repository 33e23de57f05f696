/* main.c: Djenon, a study and annotation tool for Djenon-aboure and Djenon-abe
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dj-application.h"
#include "dj-resources.h"

/* Where the translations are: DJENON_LOCALEDIR when it is set (`meson
 * devenv` sets it to the build tree's), else where they are installed. */
static const char *
locale_dir (void)
{
  const char *dir = g_getenv ("DJENON_LOCALEDIR");

  return dir != NULL && *dir != '\0' ? dir : LOCALEDIR;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DjApplication) app = NULL;
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  dj_application_prepare_environment ();
  dj_register_resource ();

  app = dj_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
