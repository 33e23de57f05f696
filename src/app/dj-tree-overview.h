/* dj-tree-overview.h: the whole move tree at a glance, one dot a move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-game.h"

G_BEGIN_DECLS

#define DJ_TYPE_TREE_OVERVIEW (dj_tree_overview_get_type ())

G_DECLARE_FINAL_TYPE (DjTreeOverview, dj_tree_overview, DJ, TREE_OVERVIEW, GtkWidget)

/* Draws every move as a dot, one column a ply: the main line straight along
 * the top, each variation on a lane below the line it leaves, lanes reused
 * where lines do not overlap.  The current move is ringed and kept in view;
 * a click (or Left, Right, Up, Down, Home, End) goes to a move.  Scrollable
 * (GtkScrollable): put it in a GtkScrolledWindow.
 *
 * The layout is computed without recursion, after the record's action (in
 * an idle callback); a move played at the end of a line is placed at once
 * without a new layout. */
GtkWidget   *dj_tree_overview_new         (void);

void         dj_tree_overview_set_game    (DjTreeOverview *self,
                                           DjGame         *game);
/* Where @node is drawn, in layout cells (column = ply, row = lane); FALSE
 * when it is not laid out.  Lays out first if needed. */
gboolean     dj_tree_overview_get_cell    (DjTreeOverview *self,
                                           DjNode         *node,
                                           guint          *column,
                                           guint          *lane);
guint        dj_tree_overview_get_n_lanes (DjTreeOverview *self);
/* The node drawn nearest to (@x, @y) in widget coordinates, or NULL. */
DjNode      *dj_tree_overview_pick        (DjTreeOverview *self,
                                           double          x,
                                           double          y);
/* The tooltip of the dot nearest to (@x, @y): the move with its glyph and
 * assessment ("12. c!? ±"), or NULL. */
char        *dj_tree_overview_describe_at (DjTreeOverview *self,
                                           double          x,
                                           double          y);

G_END_DECLS
