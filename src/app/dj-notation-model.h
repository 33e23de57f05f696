/* dj-notation-model.h: a game's whole move tree as rows of notation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-game.h"

G_BEGIN_DECLS

/* At most this many moves share a row, so that no row is long to lay out. */
#define DJ_NOTATION_ROW_MAX 16

#define DJ_TYPE_NOTATION_ROW (dj_notation_row_get_type ())

G_DECLARE_FINAL_TYPE (DjNotationRow, dj_notation_row, DJ, NOTATION_ROW, GObject)

/* A row is a run of moves of one line: @first, then its first child, and so
 * on, @n_nodes moves in all.  Its depth is the variation nesting (0 for the
 * main line); a row that begins a variation says so.  One row may come
 * before the moves: the start position's notes (the root's comments), with
 * the root as @first and no moves. */
DjNode        *dj_notation_row_get_first        (DjNotationRow   *self);
guint          dj_notation_row_get_n_nodes      (DjNotationRow   *self);
/* The @i-th move of the row (0 is the first). */
DjNode        *dj_notation_row_get_node         (DjNotationRow   *self,
                                                 guint            i);
guint          dj_notation_row_get_depth        (DjNotationRow   *self);
gboolean       dj_notation_row_starts_variation (DjNotationRow   *self);
gboolean       dj_notation_row_is_start         (DjNotationRow   *self);
/* A number that changes whenever what the row shows may have changed (its
 * moves, their annotations, its depth, the current move coming or going).
 * No two rows of any model share one: a view that drew a row with this
 * stamp need not draw it again. */
guint64        dj_notation_row_get_stamp        (DjNotationRow   *self);

#define DJ_TYPE_NOTATION_MODEL (dj_notation_model_get_type ())

G_DECLARE_FINAL_TYPE (DjNotationModel, dj_notation_model, DJ, NOTATION_MODEL, GObject)

/* A GListModel of DjNotationRow: every move of @game in the order the text
 * notation writes them (a move, then the variations that replace it, then
 * the line going on), cut into rows at each branch and every
 * DJ_NOTATION_ROW_MAX moves; first, if the root has comments, a row of
 * notes on the start position.
 *
 * It follows the game's signals and changes only the rows an edit touches,
 * each edit reported by one items-changed at most: a move played at the end
 * of a line, a new or removed variation, a reordering of variations, an
 * annotation or a step to another move cost the rows concerned, whatever the
 * size of the tree.  A change of the main line at a branch (promotion,
 * removing a move that has variations) sets the lines below it at new
 * levels: their rows are kept, with the new level, where they begin with
 * the same move as before.  Nothing walks the tree recursively.
 *
 * A row whose moves stay but show differently (an annotation, the current
 * move coming or going, the start position's notes) is reported by the
 * signal ::row-changed (DjNotationRow *row), not by items-changed: a view
 * redraws it in place. */
DjNotationModel *dj_notation_model_new          (DjGame          *game);

DjGame          *dj_notation_model_get_game     (DjNotationModel *self);
/* The row showing @node and the place of @node in it; NULL for the root. */
DjNotationRow   *dj_notation_model_find_row     (DjNotationModel *self,
                                                 DjNode          *node,
                                                 guint           *index);
/* The row of the start position's notes, or NULL when the root has no
 * comment. */
DjNotationRow   *dj_notation_model_get_start_row (DjNotationModel *self);
/* The position of @row in the list.  O(log rows). */
guint            dj_notation_model_get_row_position (DjNotationModel *self,
                                                     DjNotationRow   *row);

/* Checks every row against the tree (tests): FALSE with a message when the
 * rows do not show exactly the tree's moves in notation order. */
gboolean         dj_notation_model_check        (DjNotationModel *self,
                                                 char           **message);

G_END_DECLS
