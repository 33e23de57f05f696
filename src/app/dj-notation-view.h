/* dj-notation-view.h: the notation pane: the whole move tree, to read, walk and edit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-notation-model.h"

G_BEGIN_DECLS

#define DJ_TYPE_NOTATION_VIEW (dj_notation_view_get_type ())

G_DECLARE_FINAL_TYPE (DjNotationView, dj_notation_view, DJ, NOTATION_VIEW, GtkWidget)

/* Shows every move of a game in notation order: the main line with move
 * numbers, variations where they branch off, indented and coloured by level,
 * comments before and after moves, glyphs and assessments; first, the notes
 * on the start position (the root's comments).  The current move is
 * highlighted and kept in view.  A click on a move goes there, a click on
 * the start position's notes to the start; Left and Right walk the line, Up
 * and Down choose among the alternatives to the current move, Home and End
 * go to the ends of the line.
 *
 * Widget actions, on the current move (enabled when they apply), with a
 * context menu (right click, long press, Menu or Shift+F10) and shortcuts:
 *   notation.promote            Ctrl+Up      the variation one place up
 *   notation.move-down          Ctrl+Down    the variation one place down
 *   notation.make-main-line     Ctrl+Shift+Up
 *   notation.delete-variation   Delete       the variation holding the move
 *   notation.delete-from-here   Shift+Delete the move and all after it
 * (Glyphs are the window's win.glyph, Ctrl+0…6, wherever the focus is.)
 *   notation.assessment (i)                  a DjAssessment
 *   notation.marker ((ii))                   pit, DjMarker (toggles)
 *   notation.clear-markers
 *   notation.context-menu       Menu, Shift+F10
 * Property "game" (DjGame). */
GtkWidget       *dj_notation_view_new          (void);

DjGame          *dj_notation_view_get_game     (DjNotationView *self);
void             dj_notation_view_set_game     (DjNotationView *self,
                                                DjGame         *game);
DjNotationModel *dj_notation_view_get_model    (DjNotationView *self);

/* What a row shows (tests): the text, and the byte range of each move. */
char            *dj_notation_view_get_row_text (DjNotationView *self,
                                                guint           position);
/* The whole notation as shown, one row a line, indented two spaces a level,
 * the current move in [brackets] (tests and assistive technology). */
char            *dj_notation_view_get_text     (DjNotationView *self);

/* Goes to the move shown at byte @index of row @position (a click). */
gboolean         dj_notation_view_activate_at  (DjNotationView *self,
                                                guint           position,
                                                guint           index);

G_END_DECLS
