/* dj-play-engine.h: Play from Here: the user against the engine, into the move tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-board.h"
#include "dj-game.h"
#include "dj-search.h"

G_BEGIN_DECLS

#define DJ_TYPE_PLAY_ENGINE (dj_play_engine_get_type ())

G_DECLARE_FINAL_TYPE (DjPlayEngine, dj_play_engine, DJ, PLAY_ENGINE, GtkWidget)

/* Time the engine may think about one move. */
#define DJ_PLAY_ENGINE_DEFAULT_BUDGET_MS 3000

/*
 * DjPlayEngine is the banner "Playing against Djenon (strong) — Stop".  From
 * the current node, the user plays one side and the engine the other, at a
 * DjLevel; the engine chooses in a worker thread (dj_search_choose(), with a
 * seed made from the position and the ply, so a weaker level replays the same
 * way) and plays its move at the current node with dj_game_play_turn(): into
 * the line if it ends there, else as a new variation (or following a move
 * already recorded), with the pass it forces.  A board showing the game
 * animates it by itself.
 *
 * Play goes on while the current node moves forward by the moves played (the
 * user's, the engine's, a forced pass).  Navigating anywhere else, undoing or
 * deleting a move of it, a new game, or Stop ends it and cancels the engine's
 * search.  The board takes no clicks
 * while the engine thinks.
 *
 * Properties: "game", "board", "record-times" (the engine's moves get the
 * time they took, like the user's with live recording on), "playing" and
 * "thinking" (read-only).
 */
GtkWidget    *dj_play_engine_new             (void);

DjGame       *dj_play_engine_get_game        (DjPlayEngine *self);
void          dj_play_engine_set_game        (DjPlayEngine *self,
                                              DjGame       *game);
DjBoard      *dj_play_engine_get_board       (DjPlayEngine *self);
void          dj_play_engine_set_board       (DjPlayEngine *self,
                                              DjBoard      *board);
/* The search the engine chooses its moves with (a reference is taken; NULL:
 * one of its own, made on first use); the window gives its document's. */
DjSearch     *dj_play_engine_get_search      (DjPlayEngine *self);
void          dj_play_engine_set_search      (DjPlayEngine *self,
                                              DjSearch     *search);
void          dj_play_engine_set_time_budget (DjPlayEngine *self,
                                              gint64        time_ms);

/* "Play from Here…": asks which side the engine plays and how well, then
 * starts. */
void          dj_play_engine_present_dialog  (DjPlayEngine *self);
/* Starts play at the current node; FALSE when the game is over there. */
gboolean      dj_play_engine_start           (DjPlayEngine *self,
                                              DjSide        engine_side,
                                              DjLevel       level);
void          dj_play_engine_stop            (DjPlayEngine *self);

gboolean      dj_play_engine_get_playing     (DjPlayEngine *self);
gboolean      dj_play_engine_get_thinking    (DjPlayEngine *self);
DjSide        dj_play_engine_get_engine_side (DjPlayEngine *self);
DjLevel       dj_play_engine_get_level       (DjPlayEngine *self);
/* The banner's text, e.g. "Playing against Djenon (strong)". */
const char   *dj_play_engine_get_text        (DjPlayEngine *self);

/* The seed dj_search_choose() gets for @pos at @ply. */
guint32       dj_play_engine_seed            (const DjPosition *pos,
                                              guint             ply);
/* "Perfect", "Strong" … for choosing; "perfect", "strong" … within a sentence. */
const char   *dj_level_get_title             (DjLevel       level);
const char   *dj_level_get_name              (DjLevel       level);

G_END_DECLS
