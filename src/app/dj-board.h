/* dj-board.h: the board widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-board-scene.h"
#include "dj-game.h"
#include "dj-picture-cache.h"

G_BEGIN_DECLS

#define DJ_TYPE_BOARD (dj_board_get_type ())
G_DECLARE_FINAL_TYPE (DjBoard, dj_board, DJ, BOARD, GtkWidget)

/*
 * DjBoard draws a DjBoardScene and turns clicks and keys into scene calls.
 * Record → scene → widget: given a game, the board shows its current node
 * by itself, from ::current-changed, and animates the move when the node was
 * reached by dj_game_play_turn() (dj_game_get_current_trace()).  It never
 * changes a game: choosing a pit emits ::pit-activated (or ::move-refused)
 * and the window plays the turn into the record.
 *
 * Properties:
 *   "game"             DjGame            the game whose current node is shown
 *   "flipped"          gboolean          North's row at the bottom (the widget
 *                                         action "board.flip" toggles it)
 *   "animation-speed"  DjAnimationSpeed  GSettings nicks "off" "fast" "normal" "slow"
 *   "show-counts"      gboolean          a count on every pit (piles over 12
 *                                         always show one)
 *   "interactive"      gboolean          FALSE: no pit can be chosen (replays)
 *   "animating"        gboolean          read-only
 *   "busy-text"        gchararray        why no pit is taken while the board is
 *                                         not interactive (e.g. "Djenon is
 *                                         thinking"), for ::move-refused
 *
 * Signals:
 *   pit-activated (int move)             a legal pit was chosen by click,
 *                                         Enter/Space or its letter
 *   move-refused (int move, guint reason) a pit that cannot be played was
 *                                         chosen, or the board takes no move
 *                                         now; dj_board_describe_refusal()
 *                                         says why
 *
 * Keys (while a pit has the focus): arrows move between pits on screen,
 * Enter or Space plays the focused pit, a letter a–f (either case) plays
 * that pit of the side to move.  While a move is animated, any click or key
 * finishes the animation at once and then does its work in the position that
 * results: a pit chosen during an animation is played (or refused), so no
 * input is lost however fast it comes.
 *
 * CSS: node "board"; pits are "pit" nodes with classes .south/.north,
 * .legal, .mover, .best.  Colours come from data/board.css.
 */

/* Reasons of ::move-refused besides a DjPitStatus. */
#define DJ_BOARD_REFUSED_BUSY 0x100   /* not interactive: see "busy-text" */
#define DJ_BOARD_REFUSED_STEP 0x101   /* showing a move step by step */

GtkWidget        *dj_board_new                 (void);

DjBoardScene     *dj_board_get_scene           (DjBoard          *self);
/* The pictures the board draws its unchanging parts from (for tests). */
DjPictureCache   *dj_board_get_pictures        (DjBoard          *self);

DjGame           *dj_board_get_game            (DjBoard          *self);
void              dj_board_set_game            (DjBoard          *self,
                                                DjGame           *game);

/* Shows @pos and computes its legal pits.  Stops a running animation, unless
 * @pos is the position that animation leads to (so the window may call this
 * right after dj_board_play_trace() for the same move). */
void              dj_board_set_position        (DjBoard          *self,
                                                const DjRules    *rules,
                                                const DjPosition *pos);

/* Shows trace->after, animating seed by seed from trace->before at the
 * current speed: at once when the speed is OFF, when the desktop turns
 * animations off (gtk-enable-animations) or when the board is not shown.
 * A move longer than about 20 s is sped up to fit. */
void              dj_board_play_trace          (DjBoard          *self,
                                                const DjTrace    *trace);
/* The same for a turn: animates @trace, then shows @final (the position
 * after the pass the move forced, if any). */
void              dj_board_play_turn           (DjBoard          *self,
                                                const DjTrace    *trace,
                                                const DjPosition *final);
void              dj_board_finish_animation    (DjBoard          *self);
gboolean          dj_board_is_animating        (DjBoard          *self);

/* Shows the board after @step steps of @trace, as defined for DjTraceStep in
 * dj-board-scene.h: step 0 is trace->before; each lap's lift, each seed
 * dropped and each pit captured is one step; dj_trace_n_steps(trace) (or
 * more) is trace->after, with its legal pits.  Seeds in the hand are drawn
 * over the pit they were last lifted from or sown into. */
void              dj_board_show_trace_step     (DjBoard          *self,
                                                const DjTrace    *trace,
                                                guint             step);

gboolean          dj_board_get_flipped         (DjBoard          *self);
void              dj_board_set_flipped         (DjBoard          *self,
                                                gboolean          flipped);
DjAnimationSpeed  dj_board_get_animation_speed (DjBoard          *self);
void              dj_board_set_animation_speed (DjBoard          *self,
                                                DjAnimationSpeed  speed);
gboolean          dj_board_get_show_counts     (DjBoard          *self);
void              dj_board_set_show_counts     (DjBoard          *self,
                                                gboolean          show_counts);
gboolean          dj_board_get_interactive     (DjBoard          *self);
void              dj_board_set_interactive     (DjBoard          *self,
                                                gboolean          interactive);

const char       *dj_board_get_busy_text       (DjBoard          *self);
void              dj_board_set_busy_text       (DjBoard          *self,
                                                const char       *text);
/* A sentence saying why a pit was refused (a ::move-refused reason). */
const char       *dj_board_describe_refusal    (DjBoard          *self,
                                                guint             reason);

/* Coloured rings on pits: 0 none, 1 red, 2 green, 3 blue, 4 yellow.
 * NULL clears them. */
void              dj_board_set_markers         (DjBoard          *self,
                                                const guint8      markers[12]);
/* Highlights the pit of @move as the best one (DJ_NO_MOVE: none). */
void              dj_board_set_best_move       (DjBoard          *self,
                                                DjMove            move);

/* The child widget of @pit (a DjPit, a button), e.g. for tests. */
GtkWidget        *dj_board_get_pit_widget      (DjBoard          *self,
                                                guint             pit);
/* The accessible description last set on the board. */
const char       *dj_board_get_description     (DjBoard          *self);

G_END_DECLS
