/* dj-game-info-dialog.h: edits who played, where, when and the result
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dj-game.h"

G_BEGIN_DECLS

#define DJ_TYPE_GAME_INFO_DIALOG (dj_game_info_dialog_get_type ())

G_DECLARE_FINAL_TYPE (DjGameInfoDialog, dj_game_info_dialog, DJ, GAME_INFO_DIALOG, AdwWindow)

/* Apply sets the information of @game in one undo step and closes. */
GtkWidget *dj_game_info_dialog_new    (GtkWindow        *parent,
                                       DjGame           *game);
/* What Apply would set (NULL while the date is not valid). */
DjGameInfo *dj_game_info_dialog_get_info (DjGameInfoDialog *self);

G_END_DECLS
