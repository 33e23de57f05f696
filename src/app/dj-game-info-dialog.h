/* dj-game-info-dialog.h: edits every field of a game's information
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dj-game.h"

G_BEGIN_DECLS

#define DJ_TYPE_GAME_INFO_DIALOG (dj_game_info_dialog_get_type ())

G_DECLARE_FINAL_TYPE (DjGameInfoDialog, dj_game_info_dialog, DJ, GAME_INFO_DIALOG, AdwWindow)

/* Players, event, site, date, round, result, how the game ended (and the
 * rules' reason, the final score), annotator, recorder, source, notes and
 * free tags ("Key = value", one a line); the rules in force are shown.
 * Apply (the widget action dialog.apply, Ctrl+Enter) sets the information of
 * @game in one undo step and closes. */
GtkWidget  *dj_game_info_dialog_new        (GtkWindow        *parent,
                                            DjGame           *game);
/* What Apply would set (NULL while a field is not valid: the date, a tag
 * line without "="). */
DjGameInfo *dj_game_info_dialog_get_info   (DjGameInfoDialog *self);

/* For tests: sets a text field by name ("south", "north", "event", "site",
 * "date", "round", "annotator", "recorder", "source", "notes", "tags"). */
gboolean    dj_game_info_dialog_set_field  (DjGameInfoDialog *self,
                                            const char       *name,
                                            const char       *value);
void        dj_game_info_dialog_set_result (DjGameInfoDialog *self,
                                            DjResult          result,
                                            DjTermination     termination);

G_END_DECLS
