/* dj-finding.c: what a review found about a move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-finding.h"

static const char *const judgement_names[] = {
  [DJ_JUDGEMENT_UNPROVEN] = "unproven",
  [DJ_JUDGEMENT_GOOD] = "good",
  [DJ_JUDGEMENT_INACCURACY] = "inaccuracy",
  [DJ_JUDGEMENT_MISTAKE] = "mistake",
  [DJ_JUDGEMENT_BLUNDER] = "blunder",
};

gboolean
dj_thresholds_is_valid (const DjThresholds *thresholds)
{
  g_return_val_if_fail (thresholds != NULL, FALSE);

  return thresholds->inaccuracy >= 1 && thresholds->inaccuracy <= thresholds->mistake &&
         thresholds->mistake <= thresholds->blunder &&
         thresholds->blunder <= DJ_FINDING_MAX_SEEDS;
}

DjJudgement
dj_thresholds_judge (const DjThresholds *thresholds,
                     int                 loss)
{
  g_return_val_if_fail (thresholds != NULL, DJ_JUDGEMENT_UNPROVEN);

  if (loss < 0)
    return DJ_JUDGEMENT_UNPROVEN;
  if ((guint) loss >= thresholds->blunder)
    return DJ_JUDGEMENT_BLUNDER;
  if ((guint) loss >= thresholds->mistake)
    return DJ_JUDGEMENT_MISTAKE;
  if ((guint) loss >= thresholds->inaccuracy)
    return DJ_JUDGEMENT_INACCURACY;
  return DJ_JUDGEMENT_GOOD;
}

const char *
dj_judgement_to_string (DjJudgement judgement)
{
  g_return_val_if_fail (judgement <= DJ_JUDGEMENT_LAST, NULL);
  return judgement_names[judgement];
}

gboolean
dj_judgement_from_string (const char  *str,
                          DjJudgement *judgement)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (judgement_names); i++)
    if (strcmp (str, judgement_names[i]) == 0)
      {
        if (judgement != NULL)
          *judgement = i;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_judgement_describe (DjJudgement judgement)
{
  switch (judgement)
    {
    case DJ_JUDGEMENT_UNPROVEN:
      /* Translators: a reviewed move whose value the review could not prove */
      return _("Not proven");
    case DJ_JUDGEMENT_GOOD:
      /* Translators: a reviewed move that lost no seeds worth a mention */
      return _("Good move");
    case DJ_JUDGEMENT_INACCURACY:
      return _("Inaccuracy");
    case DJ_JUDGEMENT_MISTAKE:
      return _("Mistake");
    case DJ_JUDGEMENT_BLUNDER:
      return _("Blunder");
    default:
      g_return_val_if_reached (NULL);
    }
}

/* The judgement dj_finding_judge() gives a loss. */
/* A proven least loss below an inaccuracy proves nothing good. */
static DjJudgement
expected_judgement (const DjFinding *finding)
{
  DjJudgement judgement = dj_thresholds_judge (&finding->thresholds, finding->loss);

  if (judgement == DJ_JUDGEMENT_GOOD && !finding->loss_exact)
    return DJ_JUDGEMENT_UNPROVEN;
  return judgement;
}

gboolean
dj_finding_judge (DjFinding          *finding,
                  const DjAnalysis   *analysis,
                  DjMove              played,
                  const DjThresholds *thresholds)
{
  const DjMoveValue *mine = NULL;
  const DjMoveValue *best = NULL;
  int best_lower = G_MININT, best_upper = G_MININT;
  int least, most;

  g_return_val_if_fail (finding != NULL, FALSE);
  g_return_val_if_fail (analysis != NULL, FALSE);
  g_return_val_if_fail (thresholds != NULL && dj_thresholds_is_valid (thresholds), FALSE);

  memset (finding, 0, sizeof *finding);
  for (guint i = 0; i < analysis->n_moves; i++)
    {
      const DjMoveValue *mv = &analysis->moves[i];

      if (mv->move == played)
        mine = mv;
      if (best == NULL || mv->lower > best->lower
          || (mv->lower == best->lower && mv->exact && !best->exact))
        best = mv;
      best_lower = MAX (best_lower, mv->lower);
      best_upper = MAX (best_upper, mv->upper);
    }
  if (mine == NULL || best == NULL)
    return FALSE;

  finding->before_lower = best_lower;
  finding->before_upper = best_upper;
  finding->after_lower = mine->lower;
  finding->after_upper = mine->upper;
  finding->thresholds = *thresholds;

  /* The true loss, best value − played value, lies in [least, most]. */
  least = best_lower - mine->upper;
  most = best_upper - mine->lower;
  finding->loss = -1;
  if (least == most || most <= 0)
    {
      finding->loss = MAX (least, 0);
      finding->loss_exact = TRUE;
    }
  else if (least >= 1)
    finding->loss = least;
  finding->judgement = expected_judgement (finding);

  finding->line[0] = best->move;
  finding->line_len = 1;
  for (guint i = 1; i < best->line_len && i < DJ_FINDING_LINE_MOVES; i++)
    finding->line[finding->line_len++] = best->line[i];
  return TRUE;
}

gboolean
dj_finding_is_error (const DjFinding *finding)
{
  g_return_val_if_fail (finding != NULL, FALSE);

  return finding->judgement >= DJ_JUDGEMENT_INACCURACY;
}

gboolean
dj_finding_equal (const DjFinding *a,
                  const DjFinding *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (a->before_lower != b->before_lower || a->before_upper != b->before_upper ||
      a->after_lower != b->after_lower || a->after_upper != b->after_upper ||
      a->loss != b->loss || !a->loss_exact != !b->loss_exact ||
      a->judgement != b->judgement || a->line_len != b->line_len ||
      a->thresholds.inaccuracy != b->thresholds.inaccuracy ||
      a->thresholds.mistake != b->thresholds.mistake ||
      a->thresholds.blunder != b->thresholds.blunder)
    return FALSE;
  for (guint i = 0; i < a->line_len && i < DJ_FINDING_LINE_MOVES; i++)
    if (a->line[i] != b->line[i])
      return FALSE;
  return TRUE;
}

gboolean
dj_finding_is_valid (const DjFinding *finding)
{
  g_return_val_if_fail (finding != NULL, FALSE);

  if (finding->before_lower > finding->before_upper ||
      finding->after_lower > finding->after_upper ||
      finding->loss < -1 || finding->loss > 2 * DJ_FINDING_MAX_SEEDS ||
      (finding->loss < 0 && finding->loss_exact) ||
      !dj_thresholds_is_valid (&finding->thresholds) ||
      finding->judgement != expected_judgement (finding) ||
      finding->line_len < 1 || finding->line_len > DJ_FINDING_LINE_MOVES)
    return FALSE;
  for (guint i = 0; i < finding->line_len; i++)
    if (finding->line[i] < 0 || finding->line[i] > DJ_PASS)
      return FALSE;
  return TRUE;
}
