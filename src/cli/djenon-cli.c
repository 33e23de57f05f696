/* djenon-cli.c: the command-line tool
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "dj-cli.h"

static const struct
{
  const char   *name;
  DjCliCommand  run;
  const char   *usage;
} commands[] = {
  { "play", dj_cli_play,
    N_("play VARIANT [--feeding X] [--setup POS] [--trace] MOVES…") },
  { "perft", dj_cli_perft, N_("perft VARIANT DEPTH [--feeding X] [--setup POS] [--force]") },
  { "why", dj_cli_why, N_("why VARIANT [--feeding X] [--setup POS]") },
  { "bench", dj_cli_bench, N_("bench [--quick] [--search] [--files]") },
  { "analyse", dj_cli_analyse,
    N_("analyse VARIANT [--feeding X] [--setup POS] [--time MS] MOVES…") },
  { "bestmove", dj_cli_bestmove,
    N_("bestmove VARIANT [--feeding X] [--setup POS] [--time MS] MOVES…") },
  { "solve", dj_cli_solve, N_("solve VARIANT [--feeding X] [--setup POS] [--time MS]") },
  { "validate", dj_cli_validate, N_("validate FILE…") },
  { "convert", dj_cli_convert, N_("convert [--from xml|text] [--to xml|text] IN OUT") },
  { "show", dj_cli_show, N_("show [--game N] FILE") },
  { "diagram", dj_cli_diagram,
    N_("diagram (FILE [--game N] [--move PATH] | VARIANT [--setup POS]) --output OUT.svg|OUT.png "
       "[--size PX] [--caption] [--flip]") },
  { "sheet", dj_cli_sheet,
    N_("sheet FILE [--game N] [--every N] [--diagram PATH]… [--paper a4|letter] --output OUT.pdf") },
};

/* Where the translations are: DJENON_LOCALEDIR when it is set (`meson
 * devenv` sets it to the build tree's), else where they are installed. */
static const char *
locale_dir (void)
{
  const char *dir = g_getenv ("DJENON_LOCALEDIR");

  return dir != NULL && *dir != '\0' ? dir : LOCALEDIR;
}

static void
usage (void)
{
  g_printerr (_("Usage: djenon-cli COMMAND …\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_printerr ("  djenon-cli %s\n", _(commands[i].usage));
  g_printerr (_("Exit status: 0 done, 1 a file or game is not valid, 2 bad arguments, "
                "3 the output could not be saved\n"));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      usage ();
      return argc < 2 ? DJ_CLI_USAGE : DJ_CLI_OK;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);

  g_printerr (_("Unknown command “%s”\n"), argv[1]);
  usage ();
  return DJ_CLI_USAGE;
}
