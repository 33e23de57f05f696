/* dj-collection.h: the games of one file, as a GListModel of DjGame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-game.h"

G_BEGIN_DECLS

#define DJ_TYPE_COLLECTION (dj_collection_get_type ())

G_DECLARE_FINAL_TYPE (DjCollection, dj_collection, DJ, COLLECTION, GObject)

/* Properties: "modified" (read-only, notify): a game was added or removed,
 * or a game is modified (see dj_game_get_modified()).  The GListModel
 * signal items-changed reports added and removed games. */

DjCollection *dj_collection_new           (void);
/* A collection holding one new empty game with @rules (standard start). */
DjCollection *dj_collection_new_with_game (const DjRules *rules);

guint         dj_collection_get_n_games   (DjCollection  *self);
/* Borrowed; NULL when @position is out of range. */
DjGame       *dj_collection_get_game      (DjCollection  *self,
                                           guint          position);
/* The place of @game, or -1. */
int           dj_collection_find          (DjCollection  *self,
                                           DjGame        *game);
/* A game belongs to one collection, once. */
void          dj_collection_append        (DjCollection  *self,
                                           DjGame        *game);
void          dj_collection_insert        (DjCollection  *self,
                                           guint          position,
                                           DjGame        *game);
void          dj_collection_remove        (DjCollection  *self,
                                           guint          position);

gboolean      dj_collection_get_modified  (DjCollection  *self);
/* FALSE marks the collection and all its games as saved. */
void          dj_collection_set_modified  (DjCollection  *self,
                                           gboolean       modified);

G_END_DECLS
