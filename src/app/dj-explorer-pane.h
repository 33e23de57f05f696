/* dj-explorer-pane.h: the moves played from the current position in the library
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-game.h"
#include "dj-library.h"
#include "dj-search.h"

G_BEGIN_DECLS

#define DJ_TYPE_EXPLORER_PANE (dj_explorer_pane_get_type ())

G_DECLARE_FINAL_TYPE (DjExplorerPane, dj_explorer_pane, DJ, EXPLORER_PANE, GtkWidget)

/*
 * While visible, DjExplorerPane lists every move played from the current
 * position of its game in the game library (dj_library_explore(), in a
 * worker thread), with its games, results and mean final difference from the
 * mover's side, then adds each move's exact perfect-play value (on the
 * window's shared DjSearch) and the best moves never played, marked as such.
 * A position left before its answer arrives is dropped: only the position
 * current when a worker reports is asked next, never a queue of them.  The
 * first time it is shown it brings the library up to date with its folders
 * (dj_library_update_async()), then asks again.
 *
 * Activating a row (click or Enter) emits "move-activated" (int move): the
 * window plays it on the board.
 *
 * Properties: "game" (DjGame), "busy" (read-only: the library or the
 * search is being asked, or the library updated).
 */
GtkWidget       *dj_explorer_pane_new          (void);

void             dj_explorer_pane_set_game     (DjExplorerPane *self,
                                                DjGame         *game);
DjGame          *dj_explorer_pane_get_game     (DjExplorerPane *self);
/* The search that gives the values (a reference is taken; NULL: one of its
 * own, made on first use). */
void             dj_explorer_pane_set_search   (DjExplorerPane *self,
                                                DjSearch       *search);
/* The library's folder (NULL: dj_library_default_dir()); call before the
 * pane is first shown. */
void             dj_explorer_pane_set_library_dir (DjExplorerPane *self,
                                                   const char     *dir);
/* Filters: only the games of @player (NULL or empty: all), and for
 * Djenon-abe the games of both feeding options. */
void             dj_explorer_pane_set_filter   (DjExplorerPane *self,
                                                const char     *player,
                                                gboolean        any_feeding);

gboolean         dj_explorer_pane_get_busy     (DjExplorerPane *self);
/* The table shown (DjExplorerMove), of the current position; NULL while
 * the library is asked, or when hidden, empty or without a game. */
GArray          *dj_explorer_pane_get_table    (DjExplorerPane *self);
/* TRUE when the table shown has its perfect-play values. */
gboolean         dj_explorer_pane_has_values   (DjExplorerPane *self);
/* Rows shown (the table's, in order), and what row @index says to
 * assistive technology; NULL past the last row. */
guint            dj_explorer_pane_get_n_rows   (DjExplorerPane *self);
char            *dj_explorer_pane_describe_row (DjExplorerPane *self,
                                                guint           index);
/* The page shown: "empty" (no folders in the library), "none" (no game of
 * the library reaches this position), "moves", "error" or "wait". */
const char      *dj_explorer_pane_get_page     (DjExplorerPane *self);
/* Plays the move of row @index, as a click on it does. */
void             dj_explorer_pane_activate_row (DjExplorerPane *self,
                                                guint           index);

/* Position search: the games of the library reaching the current position
 * (dj_library_find(), at most DJ_EXPLORER_PANE_MAX_HITS listed) and how many
 * there are.  Activating one (double click or Enter) emits "game-activated"
 * (string path, uint game number from 1, uint ply): the window opens it at
 * that position. */
#define DJ_EXPLORER_PANE_MAX_HITS 200
guint                dj_explorer_pane_get_n_hits    (DjExplorerPane *self);
guint                dj_explorer_pane_get_hits_total (DjExplorerPane *self);
const DjLibraryHit  *dj_explorer_pane_get_hit       (DjExplorerPane *self,
                                                     guint           index);
void                 dj_explorer_pane_open_hit      (DjExplorerPane *self,
                                                     guint           index);

G_END_DECLS
