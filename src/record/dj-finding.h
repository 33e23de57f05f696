/* dj-finding.h: what a review found about a move: the machine's, as data
 *
 * A finding is kept apart from what a person wrote (glyph, comments): the
 * values before and after the move, the seeds it lost, the better line and
 * the judgement, with the thresholds that judged it.  Nothing in it is prose:
 * views word it in the reader's language when they show it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dj-position.h"
#include "dj-search.h"

G_BEGIN_DECLS

/* Moves of the better line a finding keeps (the better move first). */
#define DJ_FINDING_LINE_MOVES 6

/* The largest threshold, in seeds (a game has 48). */
#define DJ_FINDING_MAX_SEEDS  48

typedef enum
{
  DJ_JUDGEMENT_UNPROVEN,     /* the bounds proved neither a loss nor best play */
  DJ_JUDGEMENT_GOOD,         /* proven to lose fewer seeds than an inaccuracy */
  DJ_JUDGEMENT_INACCURACY,
  DJ_JUDGEMENT_MISTAKE,
  DJ_JUDGEMENT_BLUNDER,
} DjJudgement;

#define DJ_JUDGEMENT_LAST DJ_JUDGEMENT_BLUNDER

/* Seeds lost against perfect play from which a move is an inaccuracy, a
 * mistake, a blunder: 1 ≤ inaccuracy ≤ mistake ≤ blunder ≤ 48. */
typedef struct
{
  guint inaccuracy;
  guint mistake;
  guint blunder;
} DjThresholds;

#define DJ_THRESHOLDS_DEFAULT ((DjThresholds) { 1, 3, 6 })

/* Values are final seed differences with perfect play, from the mover's
 * view, as proven bounds (lower == upper when exact). */
typedef struct _DjFinding
{
  int          before_lower;  /* the position before the move */
  int          before_upper;
  int          after_lower;   /* the move played */
  int          after_upper;
  int          loss;          /* seeds lost, at least; -1 when unproven */
  gboolean     loss_exact;
  DjJudgement  judgement;
  DjThresholds thresholds;    /* those that judged it */
  guint        line_len;      /* 1 or more */
  DjMove       line[DJ_FINDING_LINE_MOVES];  /* the better move and its line */
} DjFinding;

gboolean     dj_thresholds_is_valid      (const DjThresholds *thresholds);
/* The judgement of a proven loss of @loss seeds (≥ 0). */
DjJudgement  dj_thresholds_judge         (const DjThresholds *thresholds,
                                          int                 loss);

/* Stable names for files: "unproven", "good", "inaccuracy", "mistake",
 * "blunder". */
const char  *dj_judgement_to_string      (DjJudgement         judgement);
gboolean     dj_judgement_from_string    (const char         *str,
                                          DjJudgement        *judgement);
/* A translated name, e.g. "Mistake". */
const char  *dj_judgement_describe       (DjJudgement         judgement);

/* Judges @played, one of @analysis's moves, with @thresholds: FALSE when
 * the analysis has no such move.  Only proven bounds count: the loss is the
 * least the bounds prove. */
gboolean     dj_finding_judge            (DjFinding          *finding,
                                          const DjAnalysis   *analysis,
                                          DjMove              played,
                                          const DjThresholds *thresholds);
/* TRUE when the judgement is an inaccuracy, a mistake or a blunder. */
gboolean     dj_finding_is_error         (const DjFinding    *finding);
/* Both NULL, or the same data. */
gboolean     dj_finding_equal            (const DjFinding    *a,
                                          const DjFinding    *b);
/* TRUE when @finding is consistent: bounds ordered, valid thresholds, the
 * judgement they give the loss, a line of 1 to DJ_FINDING_LINE_MOVES pits
 * or passes. */
gboolean     dj_finding_is_valid         (const DjFinding    *finding);

G_END_DECLS
