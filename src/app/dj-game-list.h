/* dj-game-list.h: the games of a file: open, add, delete, reorder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-collection.h"

G_BEGIN_DECLS

#define DJ_TYPE_GAME_LIST (dj_game_list_get_type ())

G_DECLARE_FINAL_TYPE (DjGameList, dj_game_list, DJ, GAME_LIST, GtkWidget)

/* Lists the games of a DjCollection with their players, event and result;
 * the game shown is selected.  Choosing a game emits ::game-activated
 * (DjGame *game): the window shows it.
 *
 * Widget actions: games.add (a new game with the rules of the one shown,
 * then activated), games.delete (asks first; the last game cannot go),
 * games.move-up, games.move-down (the selected game). */
GtkWidget   *dj_game_list_new          (void);

void         dj_game_list_set_collection (DjGameList   *self,
                                          DjCollection *collection,
                                          DjGame       *current);
DjGame      *dj_game_list_get_selected (DjGameList   *self);
/* Deletes the selected game without asking (what the dialog's answer does). */
void         dj_game_list_delete_selected (DjGameList *self);

G_END_DECLS
