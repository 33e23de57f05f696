/* dj-mistakes.h: Learn from Your Mistakes without widgets: the positions a
 * review found a side losing seeds in, and a try there judged exactly
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-game.h"
#include "dj-search.h"

G_BEGIN_DECLS

/* Which positions are offered. */
typedef enum
{
  DJ_MISTAKES_SOUTH = 1 << 0,     /* South's moves */
  DJ_MISTAKES_NORTH = 1 << 1,     /* North's moves */
  DJ_MISTAKES_BOTH_SIDES = DJ_MISTAKES_SOUTH | DJ_MISTAKES_NORTH,
  DJ_MISTAKES_SERIOUS = 1 << 2,   /* only mistakes and blunders, not every loss */
} DjMistakesFilter;

/* A move of the main line that the review proved to lose seeds. */
typedef struct
{
  DjNode     *node;       /* the move played (its parent is the position) */
  DjPosition  position;   /* before the move */
  DjMove      played;
  guint       number;     /* the move number, as in the notation */
  DjFinding   finding;    /* the review's, as it was when collected */
} DjMistake;

/* The moves of @game's main line, in order, whose review finding proves a
 * loss of at least one seed (with DJ_MISTAKES_SERIOUS: one judged a mistake
 * or a blunder by the review's thresholds), made by a side of @filter.  A
 * GArray of DjMistake, empty when the game has no such finding. */
GArray      *dj_mistakes_collect       (DjGame           *game,
                                        DjMistakesFilter  filter);

typedef enum
{
  DJ_TRY_WRONG,    /* loses as much as the game's move, or more */
  DJ_TRY_BETTER,   /* loses less than the game's move, but loses */
  DJ_TRY_RIGHT,    /* keeps the position's value */
} DjTryVerdict;

/* Judges @try in @mistake's position against @analysis, an exact analysis
 * of that position (every move's value proven: dj_search_analyse() without
 * limits).  @value, if not NULL, gets the try's value (mover's view).
 * Returns DJ_TRY_WRONG for a move the analysis does not have. */
DjTryVerdict dj_mistake_judge_try      (const DjMistake  *mistake,
                                        const DjAnalysis *analysis,
                                        DjMove            try,
                                        int              *value);

/* The moves of @analysis that keep the position's value, in the analysis'
 * order; returns how many (at most DJ_N_PITS + 1). */
guint        dj_analysis_best_moves    (const DjAnalysis *analysis,
                                        DjMove            best[DJ_N_PITS + 1]);

G_END_DECLS
