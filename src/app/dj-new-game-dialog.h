/* dj-new-game-dialog.h: chooses the game, the players and the start position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dj-game-info.h"
#include "dj-setup-editor.h"

G_BEGIN_DECLS

#define DJ_TYPE_NEW_GAME_DIALOG (dj_new_game_dialog_get_type ())

G_DECLARE_FINAL_TYPE (DjNewGameDialog, dj_new_game_dialog, DJ, NEW_GAME_DIALOG, AdwWindow)

/* Signal "create": the user pressed Create with valid choices; read them with
 * the getters and destroy the dialog. */
GtkWidget     *dj_new_game_dialog_new          (GtkWindow       *parent);

void           dj_new_game_dialog_get_rules    (DjNewGameDialog *self,
                                                DjRules         *rules);
void           dj_new_game_dialog_get_start    (DjNewGameDialog *self,
                                                DjPosition      *start);
/* The players' names (NULL when none was typed). */
DjGameInfo    *dj_new_game_dialog_get_info     (DjNewGameDialog *self);
gboolean       dj_new_game_dialog_can_create   (DjNewGameDialog *self);

/* Parts, for tests. */
DjSetupEditor *dj_new_game_dialog_get_editor   (DjNewGameDialog *self);
void           dj_new_game_dialog_set_setup    (DjNewGameDialog *self,
                                                gboolean         setup);

G_END_DECLS
