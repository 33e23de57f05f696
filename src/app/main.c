/* main.c: Djenon, a study and annotation tool for Djenon-aboure and Djenon-abe
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dj-application.h"
#include "dj-resources.h"

/* Started from the build tree (build-aux/run, or by hand): the GSettings
 * schema and the translations are the ones built there, not installed
 * ones.  Returns where the translations are. */
static char *
use_build_tree (void)
{
#ifdef DJ_BUILD_ROOT
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  if (exe != NULL && g_str_has_prefix (exe, DJ_BUILD_ROOT G_DIR_SEPARATOR_S))
    {
      g_autofree char *schemas = g_build_filename (DJ_BUILD_ROOT, "data", NULL);
      g_autofree char *compiled = g_build_filename (schemas, "gschemas.compiled", NULL);
      g_autofree char *po = g_build_filename (DJ_BUILD_ROOT, "po", NULL);

      if (g_getenv ("GSETTINGS_SCHEMA_DIR") == NULL && g_file_test (compiled, G_FILE_TEST_EXISTS))
        g_setenv ("GSETTINGS_SCHEMA_DIR", schemas, TRUE);
      if (g_file_test (po, G_FILE_TEST_IS_DIR))
        return g_steal_pointer (&po);
    }
#endif
  return g_strdup (LOCALEDIR);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DjApplication) app = NULL;
  g_autofree char *localedir = use_build_tree ();

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  dj_application_prepare_environment ();
  dj_register_resource ();

  app = dj_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
