/* dj-review.h: Review Game: every move of the main line against perfect play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-finding.h"
#include "dj-game.h"
#include "dj-search.h"

G_BEGIN_DECLS

#define DJ_TYPE_REVIEW (dj_review_get_type ())

G_DECLARE_FINAL_TYPE (DjReview, dj_review, DJ, REVIEW, GtkWidget)

/* Time the solver gets for each position of the game: none unless the user
 * chooses one, so every judgement rests on exact values. */
#define DJ_REVIEW_DEFAULT_BUDGET_MS 0
/*
 * DjReview is the banner that reviews a game: dj_review_start() analyses the
 * position before every move of the main line in the background (a progress
 * bar and a Cancel button show meanwhile), then puts in, as one undo step
 * "Review Game", a finding for every move it analysed (dj-finding.h): the
 * values before and after the move, the seeds it lost, the better line and
 * its judgement by the thresholds.  Findings are the machine's: a person's
 * glyphs, comments and moves are never touched (see dj-review-judge.h,
 * shared with `djenon-cli review`).
 *
 * Only proven values judge a move: when the time budget ran out, a move is
 * judged only if the bounds prove a loss (the best move's lower bound above
 * the played move's upper bound), and then by the least loss they prove.  A
 * move with only one legal choice is not judged.  Cancelling changes nothing.
 *
 * Properties: "game" (DjGame), "running" (read-only).
 * Signal: finished (gboolean completed): the review ended, applied (TRUE) or
 * cancelled (FALSE).
 */
GtkWidget  *dj_review_new               (void);

DjGame     *dj_review_get_game          (DjReview *self);
/* A new game cancels a running review. */
void        dj_review_set_game          (DjReview *self,
                                         DjGame   *game);
/* The search the review analyses with (a reference is taken; NULL: one of
 * its own, made on first use); the window gives its document's. */
DjSearch   *dj_review_get_search        (DjReview *self);
void        dj_review_set_search        (DjReview *self,
                                         DjSearch *search);
void        dj_review_set_time_budget   (DjReview *self,
                                         gint64    time_ms);

/* The seeds lost from which a move is an inaccuracy, a mistake, a blunder;
 * read from the settings when the review is made. */
void                dj_review_set_thresholds (DjReview           *self,
                                              const DjThresholds *thresholds);
const DjThresholds *dj_review_get_thresholds (DjReview           *self);
/* Offers the thresholds in a dialog, remembers them in the settings and
 * starts the review (nothing if already running). */
void        dj_review_ask               (DjReview *self);
/* Starts reviewing the game's main line (nothing if already running). */
void        dj_review_start             (DjReview *self);
void        dj_review_cancel            (DjReview *self);
gboolean    dj_review_get_running       (DjReview *self);

/* The default thresholds, in seeds lost against perfect play:
 * 0 none; 1–2 "?!" (inaccuracy, DJ_GLYPH_DUBIOUS); 3–5 "?" (mistake,
 * DJ_GLYPH_MISTAKE); 6 or more "??" (blunder, DJ_GLYPH_BLUNDER). */
DjGlyph     dj_review_glyph_for_loss    (int       loss);

/* After a finished review: one line per move, e.g. "3. c: lost 4 seeds (?) —
 * best d (+2), played c (−2)", and the summary shown in the banner. */
guint       dj_review_get_n_moves       (DjReview *self);
/* The seeds move @index (0 = the first move) lost, or -1 when it was not
 * judged (forced, or only bounded). */
int         dj_review_get_loss          (DjReview *self,
                                         guint     index);
const char *dj_review_get_summary       (DjReview *self);
/* After a finished review, the value of the position after @index moves of
 * the main line (0: its start, up to dj_review_get_n_moves()), the final
 * difference with perfect play from South's view, as proven bounds (equal
 * when exact).  FALSE when the review did not bound it (none done yet, or
 * the main line was not analysed there). */
gboolean    dj_review_get_value         (DjReview *self,
                                         guint     index,
                                         int      *lower,
                                         int      *upper);
/* Move @index (0 = the first) was the only legal one. */
gboolean    dj_review_get_forced        (DjReview *self,
                                         guint     index);

G_END_DECLS
