/* dj-explain.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dj-explain.h"



static const char *
side_name (DjSide side)
{
  return side == DJ_SOUTH ? _("South") : _("North");
}

static void
explain_step_free (gpointer data)
{
  DjExplainStep *step = data;

  g_free (step->text);
  g_free (step);
}

static void
add (GPtrArray *steps,
     guint      first,
     guint      last,
     char      *text)
{
  DjExplainStep *step = g_new0 (DjExplainStep, 1);

  step->first_step = first;
  step->last_step = last;
  step->text = text;
  g_ptr_array_add (steps, step);
}

guint
dj_trace_count_steps (const DjTrace *trace)
{
  g_return_val_if_fail (trace != NULL, 0);

  if (trace->move == DJ_PASS)
    return 1;
  return trace->laps->len + trace->drops->len + trace->captures->len;
}

/* "c, d, e and f": the pits a lap sows into, in order. */
static char *
pit_list (const DjTrace *trace,
          const DjLap   *lap)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < lap->seeds; k++)
    {
      guint8 pit = g_array_index (trace->drops, guint8, lap->first_drop + k);

      if (k > 0)
        g_string_append (s, k + 1 == lap->seeds ?
                         /* Translators: before the last item of a list of pits */
                         _(" and ") : _(", "));
      g_string_append (s, dj_move_to_string (pit));
    }
  return g_string_free (s, FALSE);
}

GPtrArray *
dj_trace_explain (const DjTrace *trace)
{
  GPtrArray *steps = g_ptr_array_new_with_free_func (explain_step_free);
  DjSide mover = trace->before.to_move;
  guint step = 1;

  g_return_val_if_fail (trace != NULL, steps);

  if (trace->move == DJ_PASS)
    {
      add (steps, 0, 0, g_strdup_printf (_("%s cannot move."), side_name (mover)));
      add (steps, 1, 1,
           trace->after.feed_owed ?
           g_strdup_printf (_("%s passes: its row is empty, and %s must now play a move that "
                              "gives it seeds."), side_name (mover),
                            side_name (DJ_OTHER_SIDE (mover))) :
           g_strdup_printf (_("%s passes, and %s moves again."), side_name (mover),
                            side_name (DJ_OTHER_SIDE (mover))));
      return steps;
    }

  add (steps, 0, 0,
       g_strdup_printf (_("%s plays %s."), side_name (mover), dj_move_to_string (trace->move)));

  for (guint i = 0; i < trace->laps->len; i++)
    {
      const DjLap *lap = &g_array_index (trace->laps, DjLap, i);
      g_autofree char *pits = pit_list (trace, lap);
      g_autoptr(GString) s = g_string_new (NULL);
      const char *pit = dj_move_to_string (lap->pit);
      const char *landing = dj_move_to_string (lap->landing);

      if (i == 0)
        g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Lap 1: %s lifts the %u seed of %s and sows it "
                                             "into %s.",
                                             "Lap 1: %s lifts the %u seeds of %s and sows them "
                                             "one by one into %s.", lap->seeds),
                                side_name (mover), lap->seeds, pit, pits);
      else
        g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Lap %u: the %u seed of %s is lifted and sown "
                                             "into %s.",
                                             "Lap %u: the %u seeds of %s are lifted and sown "
                                             "into %s.", lap->seeds),
                                i + 1, lap->seeds, pit, pits);
      if (lap->seeds >= DJ_N_PITS)
        g_string_append_printf (s, " %s", _("The lap goes all the way round the board and "
                                            "passes its own pit again."));
      g_string_append_c (s, ' ');
      if (lap->landing_count == 1)
        g_string_append_printf (s, _("The last seed falls into %s, which was empty: the move "
                                     "ends."), landing);
      else if (lap->landing_count == 2 || lap->landing_count == 4)
        g_string_append_printf (s, _("The last seed makes %u in %s: a capture."),
                                lap->landing_count, landing);
      else
        g_string_append_printf (s, _("The last seed makes %u in %s, so the sowing relays "
                                     "from there."), lap->landing_count, landing);

      add (steps, step, step + lap->seeds, g_string_free (g_steal_pointer (&s), FALSE));
      step += 1 + lap->seeds;
    }

  for (guint i = 0; i < trace->captures->len; i++)
    {
      const DjCapture *c = &g_array_index (trace->captures, DjCapture, i);
      char *text;

      if (i == 0)
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s takes the %u seed of %s.",
                                          "%s takes the %u seeds of %s.", c->seeds),
                                side_name (mover), c->seeds, dj_move_to_string (c->pit));
      else
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The pit before, %s, holds %u seed: taken too.",
                                          "The pit before, %s, holds %u seeds: taken too.",
                                          c->seeds),
                                dj_move_to_string (c->pit), c->seeds);
      add (steps, step, step, text);
      step++;
    }

  if (trace->end == DJ_TRACE_CAPTURE)
    {
      DjExplainStep *last = g_ptr_array_index (steps, steps->len - 1);
      const DjCapture *c = &g_array_index (trace->captures, DjCapture,
                                           trace->captures->len - 1);
      guint before = c->pit == 0 ? DJ_N_PITS - 1 : c->pit - 1u;
      guint count = trace->after.pits[before];
      g_autofree char *why = NULL;
      g_autofree char *total = NULL;
      char *text;

      /* Why the chain stopped, then the total. */
      if (before == g_array_index (trace->captures, DjCapture, 0).pit)
        why = g_strdup (_("The chain has come round to where it began and stops."));
      else
        why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s holds %u seed, not 2 or 4: the chain stops.",
                                         "%s holds %u seeds, not 2 or 4: the chain stops.",
                                         count),
                               dj_move_to_string (before), count);
      total = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s captured %u seed in all.",
                                         "%s captured %u seeds in all.", trace->captured),
                               side_name (mover), trace->captured);
      text = g_strdup_printf ("%s %s %s", last->text, why, total);
      g_free (last->text);
      last->text = text;
    }
  if (trace->fed)
    {
      DjExplainStep *last = g_ptr_array_index (steps, steps->len - 1);
      char *text = g_strdup_printf (_("%s %s’s row is no longer empty: the move feeds, as "
                                      "it must."), last->text,
                                    side_name (DJ_OTHER_SIDE (mover)));

      g_free (last->text);
      last->text = text;
    }
  return steps;
}
