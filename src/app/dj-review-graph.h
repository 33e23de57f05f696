/* dj-review-graph.h: the game graph: the exact value along the main line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-review.h"

G_BEGIN_DECLS

#define DJ_TYPE_REVIEW_GRAPH (dj_review_graph_get_type ())

G_DECLARE_FINAL_TYPE (DjReviewGraph, dj_review_graph, DJ, REVIEW_GRAPH, GtkWidget)

/*
 * Draws the results of a DjReview: one point per position of the main line
 * (the start, then after each move), its perfect-play value from South's
 * view (above the middle line South is ahead), a bar where only bounds were
 * proven, and the moves the review judged marked in the colours of their
 * glyphs (?! yellow, ? orange, ?? red).  The point of the current move is
 * highlighted.  Clicking a point, or Left, Right, Home, End, Page Up and
 * Page Down on the focused plot, goes to that move of the game.  The plot
 * is a slider to assistive technology, its value text the point's move,
 * value and judgement.
 *
 * Properties: "review" (DjReview).  Widget action graph.close hides it.
 */
GtkWidget   *dj_review_graph_new             (void);

DjReview    *dj_review_graph_get_review      (DjReviewGraph *self);
void         dj_review_graph_set_review      (DjReviewGraph *self,
                                              DjReview      *review);

/* What is drawn (tests): the number of points (0 without results), and
 * point @index: FALSE when its value is unknown, else its bounds (equal when
 * exact) and the glyph of the move that led to it (DJ_GLYPH_NONE if none). */
guint        dj_review_graph_get_n_points    (DjReviewGraph *self);
gboolean     dj_review_graph_get_point       (DjReviewGraph *self,
                                              guint          index,
                                              int           *lower,
                                              int           *upper,
                                              DjGlyph       *glyph);
/* The highlighted point (the current move's), or -1. */
int          dj_review_graph_get_selected    (DjReviewGraph *self);
/* Where point @index is drawn, in the plot's coordinates. */
void         dj_review_graph_get_point_xy    (DjReviewGraph *self,
                                              guint          index,
                                              double        *x,
                                              double        *y);
/* The plot (the focusable slider). */
GtkWidget   *dj_review_graph_get_plot        (DjReviewGraph *self);
/* What assistive technology reads for point @index. */
char        *dj_review_graph_describe_point  (DjReviewGraph *self,
                                              guint          index);

G_END_DECLS
