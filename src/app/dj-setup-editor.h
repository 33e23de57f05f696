/* dj-setup-editor.h: sets up a position pit by pit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-position.h"

G_BEGIN_DECLS

#define DJ_TYPE_SETUP_EDITOR (dj_setup_editor_get_type ())

G_DECLARE_FINAL_TYPE (DjSetupEditor, dj_setup_editor, DJ, SETUP_EDITOR, GtkWidget)

/* Twelve spin buttons laid out as the board (North's row on top, from F on
 * the left to A on the right; South's row below, a to f) and one for each
 * player's captures, set by click, scroll or typing.  Property "valid"
 * (notified): the seeds add up to 48.  Signal "changed" after every edit. */
GtkWidget    *dj_setup_editor_new            (void);

/* The position with @to_move to move. */
void          dj_setup_editor_get_position   (DjSetupEditor    *self,
                                              DjSide            to_move,
                                              DjPosition       *pos);
void          dj_setup_editor_set_position   (DjSetupEditor    *self,
                                              const DjPosition *pos);
gboolean      dj_setup_editor_get_valid      (DjSetupEditor    *self);
/* Why the position is not valid, or a confirmation when it is. */
const char   *dj_setup_editor_get_message    (DjSetupEditor    *self);
/* The spin button of pit 0…11, or of the captures of South (12) or North (13). */
GtkSpinButton *dj_setup_editor_get_spin      (DjSetupEditor    *self,
                                              guint             index);

G_END_DECLS
