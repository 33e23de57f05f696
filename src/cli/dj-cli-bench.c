/* dj-cli-bench.c: speed of the engine, measured and printed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "dj-cli.h"
#include "dj-perft.h"

/* Plays @games random games with a fixed seed; returns the moves played. */
static guint64
random_playouts (const DjRules *rules,
                 guint          games,
                 guint32        seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint64 played = 0;

  for (guint g = 0; g < games; g++)
    {
      DjPosition pos;

      dj_position_init_start (&pos);
      /* The repetition of positions can make a random game long; cap it. */
      for (guint ply = 0; ply < 2000; ply++)
        {
          DjMoves moves;
          guint pick;

          dj_moves_generate (rules, &pos, &moves);
          if (moves.end != DJ_END_NONE)
            break;
          played++;
          if (moves.must_pass)
            {
              dj_moves_child (&moves, &pos, DJ_PASS, &pos);
              continue;
            }
          pick = g_rand_int_range (rand, 0, moves.n_legal);
          for (guint k = 0; k < DJ_ROW_PITS; k++)
            if (moves.pit[k] == DJ_PIT_LEGAL && pick-- == 0)
              {
                pos = moves.children[k];
                break;
              }
        }
    }
  return played;
}

int
dj_cli_bench (int    argc,
              char **argv)
{
  gboolean quick = FALSE;
  const GOptionEntry entries[] = {
    { "quick", 0, 0, G_OPTION_ARG_NONE, &quick, N_("Shallower perft, fewer games"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("— measure the engine: random games and perft"));
  g_autoptr(GError) error = NULL;
  static const struct
  {
    const char *name;
    DjRules     rules;
    guint       depth, quick_depth;
  } sets[] = {
    { "aboure", { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN }, 12, 9 },
    { "abe", { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN }, 10, 8 },
    { "abe --feeding immediate", { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE }, 10, 8 },
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      guint games = quick ? 2000 : 20000;
      guint depth = quick ? sets[i].quick_depth : sets[i].depth;
      guint64 leaves[DJ_PERFT_MAX_DEPTH + 1];
      DjPosition start;
      gint64 t0, t1;
      guint64 moves;

      t0 = g_get_monotonic_time ();
      moves = random_playouts (&sets[i].rules, games, 20261129);
      t1 = g_get_monotonic_time ();
      printf ("playouts %-24s %u games, %" G_GUINT64_FORMAT " moves, %.0f moves/s\n",
              sets[i].name, games, moves, moves / ((t1 - t0) / 1e6));
      fflush (stdout);

      dj_position_init_start (&start);
      t0 = g_get_monotonic_time ();
      dj_perft (&sets[i].rules, &start, depth, leaves);
      t1 = g_get_monotonic_time ();
      printf ("perft    %-24s depth %u, %" G_GUINT64_FORMAT " leaves, %.2f s, %.1f M leaves/s\n",
              sets[i].name, depth, leaves[depth], (t1 - t0) / 1e6,
              leaves[depth] / ((double) (t1 - t0)));
      fflush (stdout);
    }
  return DJ_CLI_OK;
}
