/* dj-cli-engine.c: play, perft, why, bench
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "dj-cli.h"
#include "dj-cli-json.h"
#include "dj-perft.h"

gboolean
dj_cli_parse_rules (const char *variant,
                    const char *feeding,
                    DjRules    *rules)
{
  if (variant == NULL)
    {
      g_printerr (_("A variant is needed: aboure or abe\n"));
      return FALSE;
    }
  *rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  if (!dj_variant_from_string (variant, &rules->variant))
    {
      g_printerr (_("Unknown variant “%s”: use aboure or abe\n"), variant);
      return FALSE;
    }
  if (feeding != NULL && !dj_feeding_from_string (feeding, &rules->feeding))
    {
      g_printerr (_("Unknown feeding option “%s”: use on-starved-turn or immediate\n"), feeding);
      return FALSE;
    }
  return TRUE;
}

gboolean
dj_cli_parse_setup (const char *setup,
                    DjPosition *pos)
{
  g_autoptr(GError) error = NULL;

  if (setup == NULL)
    {
      dj_position_init_start (pos);
      return TRUE;
    }
  if (!dj_position_parse (setup, pos, &error))
    {
      g_printerr (_("Invalid set-up position: %s\n"), error->message);
      return FALSE;
    }
  return TRUE;
}

/* Plays @n MOVES… from @pos, as the commands that take a position after
 * some moves do.  FALSE, with the reason on standard error, at the first word
 * that is not a move or a move the rules do not allow there. */
gboolean
dj_cli_play_moves (const DjRules  *rules,
                   DjPosition     *pos,
                   int             n,
                   char          **moves)
{
  for (int i = 0; i < n; i++)
    {
      DjMove move;
      DjMoves legal;

      if (!dj_move_from_string (moves[i], &move))
        {
          g_printerr (_("not a move: “%s” (use a–f, A–F or pass)\n"), moves[i]);
          return FALSE;
        }
      dj_moves_generate (rules, pos, &legal);
      if (!dj_moves_is_legal (&legal, move))
        {
          /* Translators: a move that cannot be played, and why, as a keyword:
           * "illegal move D (singleton)" */
          g_printerr (_("illegal move %s (%s)\n"), moves[i],
                      dj_pit_status_to_string (dj_moves_why (&legal, move)));
          return FALSE;
        }
      dj_moves_child (&legal, pos, move, pos);
    }
  return TRUE;
}

gboolean
dj_cli_parse_game_args (int                *argc,
                        char             ***argv,
                        const char         *summary,
                        const GOptionEntry *extra,
                        DjRules            *rules,
                        DjPosition         *pos)
{
  g_autofree char *feeding = NULL;
  g_autofree char *setup = NULL;
  const GOptionEntry entries[] = {
    { "feeding", 0, 0, G_OPTION_ARG_STRING, &feeding,
      N_("When feeding is owed in Djenon-abe: on-starved-turn or immediate"), N_("OPTION") },
    { "setup", 0, 0, G_OPTION_ARG_STRING, &setup, N_("Start from this position"),
      N_("POSITION") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (summary);
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (extra != NULL)
    g_option_context_add_main_entries (context, extra, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  if (!dj_cli_parse_rules (*argc > 1 ? (*argv)[1] : NULL, feeding, rules) ||
      !dj_cli_parse_setup (setup, pos))
    return FALSE;
  /* As both file readers decide it */
  if (pos->feed_owed && rules->variant != DJ_VARIANT_ABE)
    {
      g_printerr (_("Invalid set-up position: a feeding move can be owed only in "
                    "Djenon-abe\n"));
      return FALSE;
    }
  return TRUE;
}

static void
append_legal (GString          *out,
              const DjMoves    *moves)
{
  gboolean first = TRUE;

  if (moves->end != DJ_END_NONE)
    {
      g_string_append_c (out, '-');
      return;
    }
  if (moves->must_pass)
    {
      g_string_append (out, "pass");
      return;
    }
  for (guint k = 0; k < DJ_ROW_PITS; k++)
    if (moves->pit[k] == DJ_PIT_LEGAL)
      {
        if (!first)
          g_string_append_c (out, ' ');
        g_string_append (out, dj_move_to_string (moves->row_start + k));
        first = FALSE;
      }
}

void
dj_cli_print_line (GString          *out,
                   const DjRules    *rules,
                   DjMove            move,
                   const DjPosition *pos)
{
  DjMoves moves;

  dj_moves_generate (rules, pos, &moves);
  g_string_append_printf (out, "%s |", dj_move_to_string (move));
  for (guint i = 0; i < DJ_N_PITS; i++)
    g_string_append_printf (out, " %u", pos->pits[i]);
  g_string_append_printf (out, " | %u %u | %c | ", pos->captured[0], pos->captured[1],
                          pos->to_move == DJ_SOUTH ? 'S' : 'N');
  append_legal (out, &moves);
  g_string_append (out, " | ");
  if (moves.end == DJ_END_NONE)
    g_string_append_c (out, '-');
  else
    {
      int score[2];

      dj_final_scores (rules, pos, score);
      g_string_append_printf (out, "over %d %d %s %s", score[0], score[1],
                              score[0] > score[1] ? "S" : score[0] < score[1] ? "N" : "draw",
                              dj_end_reason_to_string (moves.end));
    }
  g_string_append_c (out, '\n');
}

static void
append_trace (GString       *out,
              const DjTrace *trace)
{
  g_string_append (out, "#");
  if (trace->move == DJ_PASS)
    {
      g_string_append (out, " pass\n");
      return;
    }
  for (guint i = 0; i < trace->laps->len; i++)
    {
      const DjLap *lap = &g_array_index (trace->laps, DjLap, i);

      g_string_append_printf (out, " lap %u: %s %u ->", i + 1, dj_move_to_string (lap->pit),
                              lap->seeds);
      for (guint k = 0; k < lap->seeds; k++)
        g_string_append_printf (out, " %s",
                                dj_move_to_string (g_array_index (trace->drops, guint8,
                                                                  lap->first_drop + k)));
      g_string_append_printf (out, " (%s=%u);", dj_move_to_string (lap->landing),
                              lap->landing_count);
    }
  if (trace->end == DJ_TRACE_CAPTURE)
    {
      g_string_append (out, " capture");
      for (guint i = 0; i < trace->captures->len; i++)
        {
          const DjCapture *c = &g_array_index (trace->captures, DjCapture, i);

          g_string_append_printf (out, " %s:%u", dj_move_to_string (c->pit), c->seeds);
        }
      g_string_append_printf (out, " total %u\n", trace->captured);
    }
  else
    g_string_append (out, " ends empty\n");
}

int
dj_cli_play (int    argc,
             char **argv)
{
  gboolean show_trace = FALSE;
  const GOptionEntry entries[] = {
    { "trace", 0, 0, G_OPTION_ARG_NONE, &show_trace, N_("Describe the laps and captures"),
      NULL },
    { NULL }
  };
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(DjTrace) trace = dj_trace_new ();
  DjRules rules;
  DjPosition pos;

  if (!dj_cli_parse_game_args (&argc, &argv, _("VARIANT MOVES… — play moves"), entries,
                               &rules, &pos))
    return DJ_CLI_USAGE;

  for (int i = 2; i < argc; i++)
    {
      DjMove move;
      DjMoves moves;

      if (!dj_move_from_string (argv[i], &move))
        {
          fputs (out->str, stdout);
          g_printerr (_("not a move: “%s” (use a–f, A–F or pass)\n"), argv[i]);
          return DJ_CLI_USAGE;
        }
      dj_moves_generate (&rules, &pos, &moves);
      if (!dj_moves_is_legal (&moves, move))
        {
          fputs (out->str, stdout);
          fflush (stdout);
          /* Translators: a move that cannot be played, and why, as a keyword:
           * "illegal move D (singleton)" */
          g_printerr (_("illegal move %s (%s)\n"), argv[i],
                      dj_pit_status_to_string (dj_moves_why (&moves, move)));
          return DJ_CLI_USAGE;
        }
      if (show_trace)
        dj_play (&rules, &pos, move, trace, NULL);
      dj_moves_child (&moves, &pos, move, &pos);
      dj_cli_print_line (out, &rules, move, &pos);
      if (show_trace)
        append_trace (out, trace);
    }
  fputs (out->str, stdout);
  return DJ_CLI_OK;
}

/* How long a perft of @depth would take, from the growth of the shallower
 * ones, in seconds. */
static double
perft_estimate (const DjRules    *rules,
                const DjPosition *pos,
                guint             depth)
{
  guint64 leaves[DJ_PERFT_MAX_DEPTH + 1];
  double seconds = 0, growth;
  guint d;

  for (d = 1; d < depth; d++)
    {
      gint64 t0 = g_get_monotonic_time ();

      dj_perft (rules, pos, d, leaves);
      seconds = (g_get_monotonic_time () - t0) / 1e6;
      if (seconds > 0.05)
        break;
    }
  if (d >= depth)
    return seconds;
  growth = leaves[d - 1] > 0 ? (double) leaves[d] / leaves[d - 1] : 1;
  return seconds * pow (MAX (growth, 1.0), depth - d);
}

static char *
describe_duration (double seconds)
{
  if (seconds < 2 * 3600)
    return g_strdup_printf (_("about %.0f minutes"), seconds / 60);
  if (seconds < 3 * 86400)
    return g_strdup_printf (_("about %.0f hours"), seconds / 3600);
  if (seconds < 2 * 365 * 86400.0)
    return g_strdup_printf (_("about %.0f days"), seconds / 86400);
  if (seconds < 1000 * 365 * 86400.0)
    return g_strdup_printf (_("about %.0f years"), seconds / (365 * 86400.0));
  return g_strdup (_("more than a thousand years"));
}

int
dj_cli_perft (int    argc,
              char **argv)
{
  gboolean force = FALSE;
  const GOptionEntry entries[] = {
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_("Run even when it would take more than a minute"), NULL },
    { NULL }
  };
  guint64 leaves[DJ_PERFT_MAX_DEPTH + 1];
  guint64 depth;
  DjRules rules;
  DjPosition pos;

  if (!dj_cli_parse_game_args (&argc, &argv,
                               _("VARIANT DEPTH — count the leaves of the move tree"), entries,
                               &rules, &pos))
    return DJ_CLI_USAGE;
  if (argc != 3 ||
      !g_ascii_string_to_unsigned (argv[2], 10, 1, DJ_PERFT_MAX_DEPTH, &depth, NULL))
    {
      g_printerr (_("A depth from 1 to %d is needed\n"), DJ_PERFT_MAX_DEPTH);
      return DJ_CLI_USAGE;
    }
  /* Each level multiplies the work: a deep perft would run for years. */
  if (!force)
    {
      double seconds = perft_estimate (&rules, &pos, (guint) depth);

      if (seconds > 60)
        {
          g_autofree char *how_long = describe_duration (seconds);

          g_printerr (_("perft to depth %u would take %s; use --force to run it anyway\n"),
                      (guint) depth, how_long);
          return DJ_CLI_USAGE;
        }
    }

  dj_perft (&rules, &pos, (guint) depth, leaves);
  for (guint d = 1; d <= depth; d++)
    printf ("%u %" G_GUINT64_FORMAT "\n", d, leaves[d]);
  return DJ_CLI_OK;
}

int
dj_cli_why (int    argc,
            char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write the result as JSON (see the README for its shape)"), NULL },
    { NULL }
  };
  DjRules rules;
  DjPosition pos;
  DjMoves moves;

  if (!dj_cli_parse_game_args (&argc, &argv,
                               _("VARIANT — say which pits can be played, and why not"), entries,
                               &rules, &pos))
    return DJ_CLI_USAGE;

  dj_moves_generate (&rules, &pos, &moves);
  if (json)
    {
      g_autofree char *text = dj_position_to_string (&pos);
      g_autofree char *doc = NULL;
      DjJson out;

      dj_json_init (&out);
      dj_json_begin_object (&out);
      dj_json_member_string (&out, "variant", dj_variant_to_string (rules.variant));
      dj_json_member_string (&out, "feeding", rules.variant == DJ_VARIANT_ABE
                                              ? dj_feeding_to_string (rules.feeding) : NULL);
      dj_json_member_string (&out, "position", text);
      dj_json_key (&out, "pits");
      dj_json_begin_array (&out);
      for (guint k = 0; k < DJ_ROW_PITS; k++)
        {
          dj_json_begin_object (&out);
          dj_json_member_string (&out, "pit", dj_move_to_string (moves.row_start + k));
          dj_json_member_int (&out, "seeds", pos.pits[moves.row_start + k]);
          dj_json_member_string (&out, "status", dj_pit_status_to_string (moves.pit[k]));
          dj_json_member_string (&out, "why", dj_pit_status_describe (moves.pit[k]));
          dj_json_end_object (&out);
        }
      dj_json_end_array (&out);
      dj_json_member_bool (&out, "pass", moves.must_pass);
      dj_json_member_string (&out, "over", moves.end != DJ_END_NONE
                                           ? dj_end_reason_to_string (moves.end) : NULL);
      dj_json_end_object (&out);
      doc = dj_json_finish (&out);
      fputs (doc, stdout);
      return DJ_CLI_OK;
    }
  for (guint k = 0; k < DJ_ROW_PITS; k++)
    printf ("%s %u %s\n", dj_move_to_string (moves.row_start + k),
            pos.pits[moves.row_start + k], dj_pit_status_to_string (moves.pit[k]));
  if (moves.must_pass)
    printf ("pass legal\n");
  if (moves.end != DJ_END_NONE)
    printf ("over %s\n", dj_end_reason_to_string (moves.end));
  return DJ_CLI_OK;
}
