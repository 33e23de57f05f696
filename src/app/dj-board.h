/* dj-board.h: the board widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-board-scene.h"
#include "dj-picture-cache.h"

G_BEGIN_DECLS

#define DJ_TYPE_BOARD (dj_board_get_type ())
G_DECLARE_FINAL_TYPE (DjBoard, dj_board, DJ, BOARD, GtkWidget)

/*
 * DjBoard draws a DjBoardScene and turns clicks and keys into scene calls.
 * It never changes a game by itself: choosing a pit emits ::pit-activated
 * (or ::move-refused) and the window plays the move into the record, then
 * calls dj_board_play_trace() or dj_board_set_position().
 *
 * Properties:
 *   "flipped"          gboolean          North's row at the bottom (the widget
 *                                         action "board.flip" toggles it)
 *   "animation-speed"  DjAnimationSpeed  GSettings nicks "off" "fast" "normal" "slow"
 *   "show-counts"      gboolean          a count on every pit (piles over 12
 *                                         always show one)
 *   "interactive"      gboolean          FALSE: no pit can be chosen (replays)
 *   "animating"        gboolean          read-only
 *
 * Signals:
 *   pit-activated (int move)             a legal pit was chosen by click,
 *                                         Enter/Space or its letter
 *   move-refused (int move, guint reason) a pit that cannot be played was
 *                                         chosen; reason is a DjPitStatus for
 *                                         dj_pit_status_describe()
 *   markup-edited (DjMarkup *markup, char *label)  the user changed the
 *                                         markup: the whole new markup and
 *                                         the undo step's name
 *
 * Keys (while a pit has the focus): arrows move between pits on screen,
 * Enter or Space plays the focused pit, a letter a–f (either case) plays
 * that pit of the side to move.  While a move is animated, any click or key
 * only finishes the animation.
 *
 * Markup: a right click (or Alt+click) on a pit marks it, again cycles the
 * shape (circle, cross, triangle, square, none); a right drag (or Alt+drag)
 * from pit to pit draws an arrow, again takes it off.  Green, Shift red,
 * Ctrl blue, Shift+Ctrl yellow.  On the focused pit: o x t s toggle a
 * circle, cross, triangle or square, 1–9 a number label, l asks for a label,
 * k the next colour,
 * Delete removes its mark and arrows; Shift+arrows draw an arrow from it,
 * Enter puts it down, Escape drops it.
 *
 * CSS: node "board"; pits are "pit" nodes with classes .south/.north,
 * .legal, .mover, .best.  Colours come from data/board.css.
 */

GtkWidget        *dj_board_new                 (void);

DjBoardScene     *dj_board_get_scene           (DjBoard          *self);
/* The pictures the board draws its unchanging parts from (for tests). */
DjPictureCache   *dj_board_get_pictures        (DjBoard          *self);

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

/* Coloured rings on pits: 0 none, 1 red, 2 green, 3 blue, 4 yellow.
 * NULL clears them. */
void              dj_board_set_markers         (DjBoard          *self,
                                                const guint8      markers[12]);
/* The board markup shown (marks and arrows, see dj-markup.h); NULL clears it. */
void              dj_board_set_markup          (DjBoard          *self,
                                                const DjMarkup   *markup);
/* Asks for a label for @pit in a popover over it (the key l does): Enter
 * puts it on, an empty text takes it off, a bad one is refused with the
 * reason shown. */
void              dj_board_ask_label           (DjBoard          *self,
                                                guint             pit);
/* The popover's text entry (NULL until first asked), for tests. */
GtkWidget        *dj_board_get_label_entry     (DjBoard          *self);
/* Highlights the pit of @move as the best one (DJ_NO_MOVE: none). */
void              dj_board_set_best_move       (DjBoard          *self,
                                                DjMove            move);

/* The child widget of @pit (a DjPit, a button), e.g. for tests. */
GtkWidget        *dj_board_get_pit_widget      (DjBoard          *self,
                                                guint             pit);
/* The accessible description last set on the board. */
const char       *dj_board_get_description     (DjBoard          *self);

G_END_DECLS
