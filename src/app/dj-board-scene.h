/* dj-board-scene.h: what the board shows, without any drawing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dj-markup.h"
#include "dj-play.h"

G_BEGIN_DECLS

/* How fast a move is animated.  The nicks ("off", "fast", "normal", "slow")
 * are what GSettings stores. */
typedef enum
{
  DJ_ANIMATION_SPEED_OFF = 0,   /* no animation: the new position appears at once */
  DJ_ANIMATION_SPEED_FAST,      /* about 40 ms a seed */
  DJ_ANIMATION_SPEED_NORMAL,    /* about 120 ms a seed */
  DJ_ANIMATION_SPEED_SLOW,      /* about 300 ms a seed */
} DjAnimationSpeed;

#define DJ_TYPE_ANIMATION_SPEED (dj_animation_speed_get_type ())
GType        dj_animation_speed_get_type   (void) G_GNUC_CONST;

/* The time one seed takes at @speed, in microseconds (0 for OFF). */
gint64       dj_animation_speed_get_seed_time (DjAnimationSpeed speed);

/* A move cut into steps, for animation and the move explainer.
 *
 * Step 0 is the position before the move.  Then, lap after lap: one LIFT step
 * (the pit is emptied into the hand: the move itself for the first lap, a
 * relay pickup for the others), then one DROP step per seed sown.  After the
 * last lap, one CAPTURE step per pit of the capture chain, in the order taken
 * (the landing pit first, then backwards).  A pass is a single PASS step.
 *
 * So dj_trace_n_steps() is laps + drops + captures (1 for a pass), and the
 * board after the last step is exactly trace->after (the side to move and the
 * feeding flag change only at the last step). */
typedef enum
{
  DJ_TRACE_STEP_START = 0,  /* step 0: nothing happened yet */
  DJ_TRACE_STEP_LIFT,       /* every seed of a pit goes into the hand */
  DJ_TRACE_STEP_DROP,       /* one seed from the hand into a pit */
  DJ_TRACE_STEP_CAPTURE,    /* the seeds of a pit go to the mover's captures */
  DJ_TRACE_STEP_PASS,       /* the turn passes */
} DjTraceStepKind;

typedef struct
{
  DjPosition      pos;      /* the board as it stands after the step */
  DjTraceStepKind kind;     /* what the step did */
  gint8           pit;      /* the pit it touched; -1 for START and PASS */
  guint8          lap;      /* the lap it belongs to (captures: the last lap) */
  guint16         seeds;    /* seeds it moved: lifted, 1 dropped, or captured */
  guint16         hand;     /* seeds in the hand after the step */
  gint8           hand_pit; /* where the hand is (the last pit lifted or sown), or -1 */
} DjTraceStep;

guint        dj_trace_n_steps              (const DjTrace *trace);
/* Fills @out with the state after @step (0 … dj_trace_n_steps()); larger
 * values are clamped to the last step. */
void         dj_trace_get_step             (const DjTrace *trace,
                                            guint          step,
                                            DjTraceStep   *out);
/* Advances @state (a step of @trace) by one step.  FALSE at the last step. */
gboolean     dj_trace_next_step            (const DjTrace *trace,
                                            DjTraceStep   *state,
                                            guint          step);

/* Screen directions for keyboard focus movement. */
typedef enum
{
  DJ_BOARD_LEFT,
  DJ_BOARD_RIGHT,
  DJ_BOARD_UP,
  DJ_BOARD_DOWN,
} DjBoardDirection;

/* Something moving over the board during an animation: seeds in the hand, or
 * a captured pit emptying into a store. */
typedef enum
{
  DJ_FLIGHT_NONE = 0,
  DJ_FLIGHT_LIFT,     /* the seeds of @from rise into the hand */
  DJ_FLIGHT_SOW,      /* the hand travels from @from to @to, where it drops a seed */
  DJ_FLIGHT_CAPTURE,  /* the seeds of @from travel to the store of @to (a DjSide) */
} DjFlightKind;

typedef struct
{
  DjFlightKind kind;
  gint8        from;      /* a pit */
  gint8        to;        /* a pit (SOW) or a DjSide (CAPTURE) */
  guint16      seeds;     /* seeds moving */
  guint8       lap;       /* the lap it belongs to: a LIFT of lap > 0 is a relay */
  double       progress;  /* 0 … 1 */
} DjFlight;

#define DJ_TYPE_BOARD_SCENE (dj_board_scene_get_type ())
G_DECLARE_FINAL_TYPE (DjBoardScene, dj_board_scene, DJ, BOARD_SCENE, GObject)

DjBoardScene     *dj_board_scene_new                (void);

/* The position and its legal moves.  While animating or showing a step, this
 * is still the position the move leads to; what is drawn comes from
 * dj_board_scene_get_pit_count() and friends. */
void              dj_board_scene_set_position       (DjBoardScene     *self,
                                                     const DjRules    *rules,
                                                     const DjPosition *pos);
const DjPosition *dj_board_scene_get_position       (DjBoardScene     *self);
const DjRules    *dj_board_scene_get_rules          (DjBoardScene     *self);
const DjMoves    *dj_board_scene_get_moves          (DjBoardScene     *self);
/* Why @pit cannot be played (DJ_PIT_NOT_YOURS for the other row,
 * DJ_PIT_LEGAL when it can). */
DjPitStatus       dj_board_scene_get_pit_status     (DjBoardScene     *self,
                                                     guint             pit);
/* TRUE when @pit is legal and the scene accepts input now: interactive, not
 * animating, not showing an intermediate step. */
gboolean          dj_board_scene_can_play           (DjBoardScene     *self,
                                                     guint             pit);
/* TRUE when pits can be chosen: interactive, not animating, not showing an
 * intermediate step. */
gboolean          dj_board_scene_accepts_input      (DjBoardScene     *self);
/* The trace of playing legal @pit from the position, or NULL. */
const DjTrace    *dj_board_scene_get_move_trace     (DjBoardScene     *self,
                                                     guint             pit);

/* What is drawn now (the animation or step state, else the position). */
guint             dj_board_scene_get_pit_count      (DjBoardScene     *self,
                                                     guint             pit);
guint             dj_board_scene_get_captured       (DjBoardScene     *self,
                                                     DjSide            side);
DjSide            dj_board_scene_get_side_to_move   (DjBoardScene     *self);
/* Seeds in the hand and the pit it is over (-1 when empty). */
guint             dj_board_scene_get_hand           (DjBoardScene     *self,
                                                     int              *pit);
/* The movement between the current step and the next (DJ_FLIGHT_NONE when
 * nothing moves). */
void              dj_board_scene_get_flight         (DjBoardScene     *self,
                                                     DjFlight         *flight);
/* The state after the step shown (NULL when showing a still position). */
const DjTraceStep *dj_board_scene_get_trace_step    (DjBoardScene     *self);
/* The pit touched by the last step shown, or -1. */
int               dj_board_scene_get_active_pit     (DjBoardScene     *self);

/* Keyboard focus (-1: none). */
int               dj_board_scene_get_focus          (DjBoardScene     *self);
void              dj_board_scene_set_focus          (DjBoardScene     *self,
                                                     int               pit);
/* The pit focus goes to when it enters the board: the current focus, else
 * the first legal pit of the side to move, else its pit a/A. */
guint             dj_board_scene_get_default_focus  (DjBoardScene     *self);
/* Moves the focus one pit on screen.  FALSE at the edge (focus unchanged). */
gboolean          dj_board_scene_move_focus         (DjBoardScene     *self,
                                                     DjBoardDirection  direction);

/* Hover and its preview: when the hovered pit can be played, where the move
 * ends and what it captures. */
int               dj_board_scene_get_hover          (DjBoardScene     *self);
void              dj_board_scene_set_hover          (DjBoardScene     *self,
                                                     int               pit);
const DjTrace    *dj_board_scene_get_preview        (DjBoardScene     *self);
int               dj_board_scene_get_preview_landing (DjBoardScene    *self);
/* Bit i set when pit i would be captured. */
guint             dj_board_scene_get_preview_captures (DjBoardScene   *self);

/* Geometry: South's row at the bottom a…f left to right, North's row at the
 * top A…F right to left; flipped turns it by 180°.  Row 0 is the top. */
gboolean          dj_board_scene_get_flipped        (DjBoardScene     *self);
void              dj_board_scene_set_flipped        (DjBoardScene     *self,
                                                     gboolean          flipped);
void              dj_board_scene_get_pit_cell       (DjBoardScene     *self,
                                                     guint             pit,
                                                     guint            *column,
                                                     guint            *row);
guint             dj_board_scene_get_pit_at_cell    (DjBoardScene     *self,
                                                     guint             column,
                                                     guint             row);
/* Each side's captures are drawn at the end of its own row: South's on the
 * right, North's on the left (swapped when flipped). */
gboolean          dj_board_scene_store_is_right     (DjBoardScene     *self,
                                                     DjSide            side);

/* Display options. */
gboolean          dj_board_scene_get_show_counts    (DjBoardScene     *self);
void              dj_board_scene_set_show_counts    (DjBoardScene     *self,
                                                     gboolean          show_counts);
gboolean          dj_board_scene_get_interactive    (DjBoardScene     *self);
void              dj_board_scene_set_interactive    (DjBoardScene     *self,
                                                     gboolean          interactive);
/* Board markup (marks and arrows, see dj-markup.h); NULL clears it.  The
 * scene keeps a copy. */
void              dj_board_scene_set_markup         (DjBoardScene     *self,
                                                     const DjMarkup   *markup);
/* Never NULL; empty when there is none. */
const DjMarkup   *dj_board_scene_get_markup         (DjBoardScene     *self);
/* An arrow being drawn (with the mouse or the keyboard): from @from to @to
 * (-1: not on a pit yet) in @colour; @from -1 (or colour NONE) ends it. */
void              dj_board_scene_set_arrow_draft    (DjBoardScene     *self,
                                                     int               from,
                                                     int               to,
                                                     DjMarker          colour);
/* The draft's colour (NONE when there is no draft), its ends in @from, @to. */
DjMarker          dj_board_scene_get_arrow_draft    (DjBoardScene     *self,
                                                     int              *from,
                                                     int              *to);
/* Circles on pits: 0 none, 1 red, 2 green, 3 blue, 4 yellow (the colours of
 * DjMarker); get_marker gives the colour of a mark of any shape. */
void              dj_board_scene_set_markers        (DjBoardScene     *self,
                                                     const guint8      markers[DJ_N_PITS]);
guint             dj_board_scene_get_marker         (DjBoardScene     *self,
                                                     guint             pit);
void              dj_board_scene_set_best_move      (DjBoardScene     *self,
                                                     DjMove            move);
DjMove            dj_board_scene_get_best_move      (DjBoardScene     *self);
/* The move that led to the position shown: the pit played and the pit its
 * last seed landed in (-1 each: none, e.g. at the start or after a pass). */
void              dj_board_scene_set_last_move      (DjBoardScene     *self,
                                                     int               pit,
                                                     int               landing);
int               dj_board_scene_get_last_move      (DjBoardScene     *self,
                                                     int              *landing);

/* Animation: a state machine over the steps of a trace, driven by the time
 * since it started.  Starting shows trace->before at step 0 and makes
 * trace->after the position. */
void              dj_board_scene_start_animation    (DjBoardScene     *self,
                                                     const DjTrace    *trace,
                                                     gint64            seed_time_us);
/* The same for a whole turn: animates @trace, and then shows @final (the
 * position after the move and the pass it forced, if any), which is the
 * position from the start. */
void              dj_board_scene_start_turn         (DjBoardScene     *self,
                                                     const DjTrace    *trace,
                                                     const DjPosition *final,
                                                     gint64            seed_time_us);
/* Shows the state @elapsed_us after the start.  Returns FALSE (and ends the
 * animation) once the last step is reached. */
gboolean          dj_board_scene_advance_animation  (DjBoardScene     *self,
                                                     gint64            elapsed_us);
void              dj_board_scene_finish_animation   (DjBoardScene     *self);
gboolean          dj_board_scene_is_animating       (DjBoardScene     *self);
/* Total animation time of the running animation, in microseconds. */
gint64            dj_board_scene_get_animation_duration (DjBoardScene *self);
/* The step shown (0 … n_steps) of the running animation or step view. */
guint             dj_board_scene_get_step           (DjBoardScene     *self);

/* Shows @trace after @step steps (see DjTraceStep) and no legal pits until
 * the next dj_board_scene_set_position(); @step >= n_steps shows trace->after
 * with its legal pits. */
void              dj_board_scene_show_trace_step    (DjBoardScene     *self,
                                                     const DjTrace    *trace,
                                                     guint             step);

G_END_DECLS
