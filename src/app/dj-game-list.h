/* dj-game-list.h: the games of a file: find, sort, open, add, delete, reorder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-collection.h"

G_BEGIN_DECLS

#define DJ_TYPE_GAME_LIST (dj_game_list_get_type ())

G_DECLARE_FINAL_TYPE (DjGameList, dj_game_list, DJ, GAME_LIST, GtkWidget)

/* Lists the games of a DjCollection in columns (South, North, Event, Site,
 * Date, Result, Game); the game shown is selected.  Choosing a game emits
 * ::game-activated (DjGame *game): the window shows it.
 *
 * Search as you type (typing in the list goes to the search): every word of the search must appear (case and
 * accents aside) in the players, event, site, date, round, result or the
 * game's name.  A column header sorts by that column (again: the other way);
 * the Sort menu does the same from the keyboard.  Below, "12 of 10,000
 * games" says how many are shown.
 *
 * Properties: "search" (the search text), "sort-column" ("" the file's
 * order, or a column id: south, north, event, site, date, result, variant;
 * "header" once a column header chose another order), "sort-descending".
 *
 * Widget actions: games.add (a new game with the rules of the one shown,
 * then activated), games.delete (asks first; the last game cannot go),
 * games.move-up, games.move-down (the selected game; only in the file's
 * order with no search), games.sort-by (s: a "sort-column"),
 * games.sort-descending (toggle), games.find (focuses the search). */
GtkWidget   *dj_game_list_new          (void);

void         dj_game_list_set_collection (DjGameList   *self,
                                          DjCollection *collection,
                                          DjGame       *current);
DjGame      *dj_game_list_get_selected (DjGameList   *self);
/* Deletes the selected game without asking (what the dialog's answer does). */
void         dj_game_list_delete_selected (DjGameList *self);

const char  *dj_game_list_get_search   (DjGameList   *self);
void         dj_game_list_set_search   (DjGameList   *self,
                                        const char   *search);
/* The games shown, in the order shown. */
guint        dj_game_list_get_n_shown  (DjGameList   *self);
DjGame      *dj_game_list_get_shown    (DjGameList   *self,
                                        guint         position);
/* What the count under the list says, e.g. "12 of 10,000 games". */
const char  *dj_game_list_get_count_text (DjGameList *self);
/* The column view (its columns' ids are the sort-column ids). */
GtkColumnView *dj_game_list_get_column_view (DjGameList *self);

/* Does @game match @search (the list's rule)?  For tests and benchmarks. */
gboolean     dj_game_list_game_matches (DjGame       *game,
                                        const char   *search);

G_END_DECLS
