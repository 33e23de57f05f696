/* dj-finding-text.c: a review's finding in the reader's language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-analysis-panel.h"
#include "dj-bidi.h"
#include "dj-finding-text.h"
#include "dj-move-label.h"

char *
dj_finding_text_value (int lower,
                       int upper)
{
  g_autofree char *a = dj_analysis_format_value (lower);
  g_autofree char *b = NULL;

  if (lower == upper)
    return g_steal_pointer (&a);
  b = dj_analysis_format_value (upper);
  /* Translators: a value known to lie between two bounds, e.g. "+1 … +5" */
  return g_strdup_printf (_("%s … %s"), a, b);
}

char *
dj_finding_text_line (const DjFinding *finding)
{
  GString *text = g_string_new (DJ_LRI);

  g_return_val_if_fail (finding != NULL, NULL);

  for (guint i = 0; i < finding->line_len; i++)
    {
      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, DJ_FSI);
      g_string_append (text, dj_move_label (finding->line[i]));
      g_string_append (text, DJ_PDI);
    }
  g_string_append (text, DJ_PDI);
  return g_string_free (text, FALSE);
}

char *
dj_finding_text_describe (const DjFinding *finding,
                          DjMove           played)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *best = NULL;
  g_autofree char *move = NULL;
  g_autofree char *lost = NULL;
  const char *what;

  g_return_val_if_fail (finding != NULL, NULL);

  {
    g_autofree char *b = dj_finding_text_value (finding->before_lower, finding->before_upper);
    g_autofree char *a = dj_finding_text_value (finding->after_lower, finding->after_upper);

    before = dj_bidi_ltr (b);
    after = dj_bidi_ltr (a);
  }
  best = g_strconcat (DJ_FSI, dj_move_label (finding->line[0]), DJ_PDI, NULL);
  move = g_strconcat (DJ_FSI, dj_move_label (played), DJ_PDI, NULL);
  what = dj_judgement_describe (finding->judgement);

  if (finding->judgement == DJ_JUDGEMENT_UNPROVEN)
    /* Translators: a move the review could not judge: "Not proven: c +2 … +6,
     * best d +4 … +6" */
    return g_strdup_printf (_("%s: %s %s, best %s %s"), what, move, after, best, before);
  if (finding->loss == 0)
    /* Translators: a move as good as perfect play: "Good move: best play (+4)" */
    return g_strdup_printf (_("%s: best play (%s)"), what, after);
  if (finding->loss_exact)
    lost = g_strdup_printf (ngettext ("lost %d seed", "lost %d seeds", finding->loss),
                            finding->loss);
  else
    lost = g_strdup_printf (ngettext ("lost at least %d seed", "lost at least %d seeds",
                                      finding->loss), finding->loss);
  /* Translators: what the review found about a move: its judgement, the seeds
   * lost, the better move and its value, the played move's value, e.g.
   * "Mistake: lost 4 seeds. Best d (+6), played +2" */
  return g_strdup_printf (_("%s: %s. Best %s (%s), played %s"), what, lost, best, before, after);
}
