/* dj-make-tables.c: builds the endgame tables of one rule set (a build tool)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dj-make-tables VARIANT FEEDING SEEDS OUTPUT
 * e.g. dj-make-tables abe immediate 12 abe-immediate.djtb.  The result depends
 * on the rules and SEEDS only, so every build makes the same bytes.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "dj-search-tables.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  DjTables *tables;
  DjRules rules;
  guint64 seeds;
  gint64 t0 = g_get_monotonic_time ();

  if (argc != 5 || !dj_variant_from_string (argv[1], &rules.variant) ||
      !dj_feeding_from_string (argv[2], &rules.feeding) ||
      !g_ascii_string_to_unsigned (argv[3], 10, 0, DJ_TABLES_MAX_SEEDS, &seeds, NULL))
    {
      fprintf (stderr, "usage: dj-make-tables aboure|abe on-starved-turn|immediate SEEDS OUTPUT\n");
      return 2;
    }
  tables = dj_tables_build (&rules, seeds, NULL, NULL);
  for (guint n = 0; n <= seeds; n++)
    fprintf (stderr, "%u seeds: %u positions, %u worth 0 by endless play\n", n,
             dj_tables_level_size (n), dj_tables_count_endless (tables, n));
  if (!dj_tables_save (tables, argv[4], &error))
    {
      fprintf (stderr, "%s\n", error->message);
      dj_tables_free (tables);
      return 1;
    }
  dj_tables_free (tables);
  fprintf (stderr, "%s: %.1f s\n", argv[4], (g_get_monotonic_time () - t0) / 1e6);
  return 0;
}
