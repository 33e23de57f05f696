/* dj-cli-tables.c: tables status|build, the endgame tables and their deeper levels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The installed tables hold DJ_TABLES_SEEDS seeds; deeper ones are made on
 * the user's machine and cached (dj-search-tables.h).  The application
 * makes them in the background on first use; `tables build` makes them at
 * once, for scripts, benchmarks and a machine set up before it is used.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dj-cli.h"
#include "dj-search-tables.h"

static const struct
{
  const char *name;
  DjRules     rules;
} rule_sets[] = {
  { "aboure", { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN } },
  { "abe", { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN } },
  { "abe --feeding immediate", { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE } },
};

/* The seeds of the deeper tables to make: as many as the memory free
 * allows, or as wanted when it allows none (`tables build` says why). */
static guint
deeper_seeds (const DjRules *rules)
{
  guint target = dj_tables_cache_target (rules);

  return target != 0 ? target : dj_tables_cache_seeds (rules);
}

/* One line a rule set: the installed tables, then the deeper ones. */
static void
print_status (const char    *name,
              const DjRules *rules)
{
  const DjTables *tables = dj_tables_get (rules);
  g_autofree char *path = dj_tables_path (rules);
  g_autofree char *cache = dj_tables_cache_path (rules);
  const GError *why = NULL;

  if (tables == NULL)
    {
      const GError *refused = dj_tables_refused (rules);

      if (refused != NULL)
        /* Translators: %s: a rule set (abe, aboure), then why its tables were refused
         * (the message names the file) */
        printf (_("%s: endgame tables refused: %s\n"), name, refused->message);
      else
        /* Translators: %s: a rule set (abe, aboure), then a file */
        printf (_("%s: no endgame tables at %s\n"), name, path);
      return;
    }
  switch (dj_tables_cache_state (rules, &why))
    {
    case DJ_TABLES_CACHE_NOT_WANTED:
      /* Translators: %s: a rule set; %u: seeds; %s: the tables' file */
      printf (_("%s: endgame tables of %u seeds (%s); no deeper ones needed\n"), name,
              dj_tables_max_seeds (tables), path);
      break;
    case DJ_TABLES_CACHE_READY:
      /* Translators: %s: a rule set; %u: seeds; %s: the cache file */
      printf (_("%s: endgame tables of %u seeds, the deeper levels from %s\n"), name,
              dj_tables_max_seeds (tables), cache);
      break;
    case DJ_TABLES_CACHE_MISSING:
      /* Translators: %s: a rule set; %u: seeds; %u: seeds; %s: the cache file */
      printf (_("%s: endgame tables of %u seeds; those of %u seeds are not made yet (%s)\n"),
              name, dj_tables_max_seeds (tables),
              deeper_seeds (rules), cache);
      break;
    case DJ_TABLES_CACHE_REFUSED:
      /* Translators: %s: a rule set; %u: seeds; %u: seeds; %s: why the cache file was refused */
      printf (_("%s: endgame tables of %u seeds; those of %u seeds were refused and must be "
                "made again: %s\n"),
              name, dj_tables_max_seeds (tables),
              deeper_seeds (rules), why->message);
      break;
    }
}

typedef struct
{
  const char *name;
  int         last;     /* percent last printed */
  gboolean    tty;
} Progress;

static void
on_progress (double   fraction,
             gpointer data)
{
  Progress *p = data;
  int percent = (int) (fraction * 100);

  /* Every percent on a terminal, every tenth in a log. */
  if (percent == p->last || (!p->tty && percent / 10 == p->last / 10))
    return;
  p->last = percent;
  /* Translators: %s: a rule set; %d: percent done */
  g_printerr (_("%s: making endgame tables… %d %%"), p->name, percent);
  g_printerr (p->tty ? "\r" : "\n");
}

int
dj_cli_tables (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  const char *action;
  int status = DJ_CLI_OK;

  context = g_option_context_new (_("status|build — the endgame tables and the deeper ones "
                                    "made on this computer"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Endgame tables of more seeds than the installed ones make "
                                  "the analysis of Djenon-abe faster; the application makes "
                                  "them in the background, this command at once. They are "
                                  "kept in the user's cache folder."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  action = argc >= 2 ? argv[1] : "status";
  if (argc > 2 || (strcmp (action, "status") != 0 && strcmp (action, "build") != 0))
    {
      g_printerr (_("Usage: djenon-cli tables status|build\n"));
      return DJ_CLI_USAGE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (rule_sets); i++)
    {
      const DjRules *rules = &rule_sets[i].rules;
      DjTablesCache state = dj_tables_cache_state (rules, NULL);

      if (strcmp (action, "build") == 0 &&
          (state == DJ_TABLES_CACHE_MISSING || state == DJ_TABLES_CACHE_REFUSED))
        {
          Progress p = { rule_sets[i].name, -1, isatty (STDERR_FILENO) };
          g_autoptr(GError) failed = NULL;
          gint64 t0 = g_get_monotonic_time ();

          if (!dj_tables_cache_build (rules, on_progress, &p, NULL, &failed))
            {
              status = DJ_CLI_SAVE_FAILED;
              if (dj_tables_cache_state (rules, NULL) == DJ_TABLES_CACHE_READY)
                {
                  /* Made, but not in the cache (a full disk): the status
                   * line would name a file that is not there. */
                  /* Translators: %s: a rule set, then why the tables were not saved */
                  g_printerr (_("%s: endgame tables made but not saved: %s\n"),
                              rule_sets[i].name, failed->message);
                  continue;
                }
              /* Translators: %s: a rule set, then why the tables were not made */
              g_printerr (_("%s: endgame tables not made: %s\n"), rule_sets[i].name,
                          failed->message);
            }
          else
            /* Translators: %s: a rule set; %.1f: seconds */
            g_printerr (_("%s: endgame tables made in %.1f s\n"), rule_sets[i].name,
                        (g_get_monotonic_time () - t0) / 1e6);
        }
      print_status (rule_sets[i].name, rules);
    }
  return status;
}
