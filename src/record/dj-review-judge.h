/* dj-review-judge.h: reviewing a game's main line against perfect play,
 * without widgets: shared by the application's Review Game and
 * `djenon-cli review`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-finding.h"
#include "dj-game.h"
#include "dj-search.h"

G_BEGIN_DECLS

/* One move of the main line and what the review found about it. */
typedef struct
{
  DjPosition position;   /* before the move */
  DjMove     played;
  guint      number;     /* the move number, as in the notation */
  gboolean   forced;     /* the only legal move (or a pass): not judged */
  gboolean   found;      /* @finding holds the review's finding */
  DjFinding  finding;
} DjReviewMove;

/* The moves of @game's main line, none judged yet: a GArray of
 * DjReviewMove. */
GArray   *dj_review_main_line   (DjGame             *game);

/* Puts the findings of @moves (from dj_review_main_line()) into @game as
 * one undo step "Review Game", replacing those of an earlier review.  A
 * person's glyphs and comments are never touched.  Stops where the main
 * line no longer matches @moves (it was edited meanwhile); returns the
 * number of findings put in. */
guint     dj_review_apply       (DjGame             *game,
                                 GArray             *moves);

/* Reviews @game's main line: analyses the position before every move that
 * had a choice with @search within @limits (NULL: to the end, so every
 * value is exact), judges each move with @thresholds and applies the
 * findings as dj_review_apply() does.  FALSE with G_IO_ERROR_CANCELLED when
 * @cancellable stopped it (the game is then unchanged). */
gboolean  dj_review_game        (DjGame                *game,
                                 DjSearch              *search,
                                 const DjSearchLimits  *limits,
                                 const DjThresholds    *thresholds,
                                 GCancellable          *cancellable,
                                 GError               **error);

G_END_DECLS
