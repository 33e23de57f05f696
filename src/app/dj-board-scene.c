/* dj-board-scene.c: what the board shows, without any drawing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-board-scene.h"

G_DEFINE_ENUM_TYPE (DjAnimationSpeed, dj_animation_speed,
  G_DEFINE_ENUM_VALUE (DJ_ANIMATION_SPEED_OFF, "off"),
  G_DEFINE_ENUM_VALUE (DJ_ANIMATION_SPEED_FAST, "fast"),
  G_DEFINE_ENUM_VALUE (DJ_ANIMATION_SPEED_NORMAL, "normal"),
  G_DEFINE_ENUM_VALUE (DJ_ANIMATION_SPEED_SLOW, "slow"))

gint64
dj_animation_speed_get_seed_time (DjAnimationSpeed speed)
{
  switch (speed)
    {
    case DJ_ANIMATION_SPEED_OFF:
      return 0;
    case DJ_ANIMATION_SPEED_FAST:
      return 40 * G_TIME_SPAN_MILLISECOND;
    case DJ_ANIMATION_SPEED_NORMAL:
      return 120 * G_TIME_SPAN_MILLISECOND;
    case DJ_ANIMATION_SPEED_SLOW:
      return 300 * G_TIME_SPAN_MILLISECOND;
    default:
      g_return_val_if_reached (0);
    }
}

/* Step lengths in tenths of a seed's time: pickups and captures linger so a
 * relay or a capture is seen, not just inferred. */
#define WEIGHT_FIRST_LIFT  15
#define WEIGHT_RELAY_LIFT  30
#define WEIGHT_DROP        10
#define WEIGHT_CAPTURE     30
/* A very long move is sped up to fit this. */
#define MAX_ANIMATION_TIME (20 * G_TIME_SPAN_SECOND)

/* Traces --------------------------------------------------------------- */

guint
dj_trace_n_steps (const DjTrace *trace)
{
  g_return_val_if_fail (trace != NULL, 0);

  if (trace->move == DJ_PASS)
    return 1;
  return trace->laps->len + trace->drops->len + trace->captures->len;
}

/* Which lap, drop or capture step @step (1-based) is. */
static DjTraceStepKind
locate_step (const DjTrace *trace,
             guint          step,
             guint         *lap_out,
             guint         *index_out)
{
  guint n_drops_and_lifts = trace->laps->len + trace->drops->len;

  g_assert (step >= 1);

  if (trace->move == DJ_PASS)
    return DJ_TRACE_STEP_PASS;

  if (step > n_drops_and_lifts)
    {
      *lap_out = trace->laps->len - 1;
      *index_out = step - n_drops_and_lifts - 1;
      return DJ_TRACE_STEP_CAPTURE;
    }

  /* Lap i begins at step first_drop + i + 1 (its lift), then its drops. */
  for (guint i = trace->laps->len; i-- > 0;)
    {
      const DjLap *lap = &g_array_index (trace->laps, DjLap, i);
      guint lift_step = lap->first_drop + i + 1;

      if (step >= lift_step)
        {
          *lap_out = i;
          if (step == lift_step)
            {
              *index_out = i;
              return DJ_TRACE_STEP_LIFT;
            }
          *index_out = lap->first_drop + (step - lift_step - 1);
          return DJ_TRACE_STEP_DROP;
        }
    }
  g_assert_not_reached ();
}

gboolean
dj_trace_next_step (const DjTrace *trace,
                    DjTraceStep   *state,
                    guint          step)
{
  guint n = dj_trace_n_steps (trace);
  guint lap = 0, index = 0;
  DjTraceStepKind kind;

  g_return_val_if_fail (trace != NULL && state != NULL, FALSE);

  if (step >= n)
    return FALSE;

  kind = locate_step (trace, step + 1, &lap, &index);
  state->kind = kind;
  state->lap = lap;

  switch (kind)
    {
    case DJ_TRACE_STEP_PASS:
      state->pit = -1;
      state->seeds = 0;
      break;

    case DJ_TRACE_STEP_LIFT:
      {
        const DjLap *l = &g_array_index (trace->laps, DjLap, index);

        g_assert (state->pos.pits[l->pit] == l->seeds);
        state->pit = l->pit;
        state->seeds = l->seeds;
        state->pos.pits[l->pit] = 0;
        state->hand += l->seeds;
        state->hand_pit = l->pit;
      }
      break;

    case DJ_TRACE_STEP_DROP:
      {
        guint8 pit = g_array_index (trace->drops, guint8, index);

        g_assert (state->hand > 0);
        state->pit = pit;
        state->seeds = 1;
        state->pos.pits[pit]++;
        state->hand--;
        state->hand_pit = state->hand > 0 ? pit : -1;
      }
      break;

    case DJ_TRACE_STEP_CAPTURE:
      {
        const DjCapture *c = &g_array_index (trace->captures, DjCapture, index);

        g_assert (state->pos.pits[c->pit] == c->seeds);
        state->pit = c->pit;
        state->seeds = c->seeds;
        state->pos.pits[c->pit] = 0;
        state->pos.captured[trace->before.to_move] += c->seeds;
      }
      break;

    case DJ_TRACE_STEP_START:
    default:
      g_assert_not_reached ();
    }

  if (step + 1 == n)
    {
      /* The turn changes with the last step: the board is now trace->after. */
      g_assert (memcmp (state->pos.pits, trace->after.pits, DJ_N_PITS) == 0);
      state->pos = trace->after;
      state->hand = 0;
      state->hand_pit = -1;
    }
  return TRUE;
}

static void
step_init (const DjTrace *trace,
           DjTraceStep   *state)
{
  memset (state, 0, sizeof *state);
  state->pos = trace->before;
  state->kind = DJ_TRACE_STEP_START;
  state->pit = -1;
  state->hand_pit = -1;
}

void
dj_trace_get_step (const DjTrace *trace,
                   guint          step,
                   DjTraceStep   *out)
{
  g_return_if_fail (trace != NULL);
  g_return_if_fail (out != NULL);

  step_init (trace, out);
  for (guint i = 0; i < step && dj_trace_next_step (trace, out, i); i++)
    ;
}

/* The scene ------------------------------------------------------------ */

typedef enum
{
  MODE_POSITION,   /* the position, still */
  MODE_ANIMATING,  /* walking a trace in time */
  MODE_STEP,       /* one step of a trace, still */
} Mode;

struct _DjBoardScene
{
  GObject      parent_instance;

  DjRules      rules;
  DjPosition   pos;
  DjMoves      moves;
  DjTrace     *move_traces[DJ_ROW_PITS];   /* each legal pit of the mover, played */

  int          focus;
  int          hover;
  gboolean     flipped;
  gboolean     show_counts;
  gboolean     interactive;
  DjMarkup     markup;
  int          arrow_from;   /* an arrow being drawn, or -1 */
  int          arrow_to;
  DjMarker     arrow_colour;
  DjMove       best_move;
  int          last_pit;      /* the move shown was played from here … */
  int          last_landing;  /* … and its last seed landed here (-1: none) */

  Mode         mode;
  DjTrace     *trace;        /* animated or stepped */
  DjTraceStep  step_state;
  guint        step;
  guint        n_steps;
  gint64       tenth_us;     /* a tenth of a seed's time */
  gint64       step_start;   /* when the step after @step begins */
  gint64       duration;
  double       progress;     /* of the step after @step */
};

G_DEFINE_FINAL_TYPE (DjBoardScene, dj_board_scene, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FLIPPED,
  PROP_SHOW_COUNTS,
  PROP_INTERACTIVE,
  PROP_ANIMATING,
  N_PROPS
};

enum {
  CHANGED,
  REDRAW,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
emit_changed (DjBoardScene *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
emit_redraw (DjBoardScene *self)
{
  g_signal_emit (self, signals[REDRAW], 0);
}

static guint
step_weight (const DjTrace *trace,
             guint          step)
{
  guint lap = 0, index = 0;

  switch (locate_step (trace, step, &lap, &index))
    {
    case DJ_TRACE_STEP_LIFT:
      return lap == 0 ? WEIGHT_FIRST_LIFT : WEIGHT_RELAY_LIFT;
    case DJ_TRACE_STEP_DROP:
      return WEIGHT_DROP;
    case DJ_TRACE_STEP_CAPTURE:
      return WEIGHT_CAPTURE;
    case DJ_TRACE_STEP_PASS:
    case DJ_TRACE_STEP_START:
    default:
      return 0;
    }
}

static gint64
step_duration (DjBoardScene *self,
               guint         step)
{
  return step_weight (self->trace, step) * self->tenth_us;
}

static void
clear_move_traces (DjBoardScene *self)
{
  for (guint k = 0; k < DJ_ROW_PITS; k++)
    g_clear_pointer (&self->move_traces[k], dj_trace_free);
}

static void
compute_moves (DjBoardScene *self)
{
  clear_move_traces (self);
  dj_moves_generate (&self->rules, &self->pos, &self->moves);

  for (guint k = 0; k < DJ_ROW_PITS; k++)
    {
      if (self->moves.pit[k] != DJ_PIT_LEGAL)
        continue;
      self->move_traces[k] = dj_trace_new ();
      if (!dj_play (&self->rules, &self->pos, self->moves.row_start + k,
                    self->move_traces[k], NULL))
        g_clear_pointer (&self->move_traces[k], dj_trace_free);
    }
}

/* Says "animating" changed only if it did, once the scene is consistent again:
 * a handler may well call back into the scene. */
static void
notify_animating (DjBoardScene *self,
                  gboolean      was_animating)
{
  if (was_animating != (self->mode == MODE_ANIMATING))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
}

static void
leave_trace (DjBoardScene *self)
{
  g_clear_pointer (&self->trace, dj_trace_free);
  self->step = self->n_steps = 0;
  self->progress = 0;
  self->mode = MODE_POSITION;
}

static void
dj_board_scene_finalize (GObject *object)
{
  DjBoardScene *self = DJ_BOARD_SCENE (object);

  clear_move_traces (self);
  g_clear_pointer (&self->trace, dj_trace_free);

  G_OBJECT_CLASS (dj_board_scene_parent_class)->finalize (object);
}

static void
dj_board_scene_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  DjBoardScene *self = DJ_BOARD_SCENE (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_SHOW_COUNTS:
      g_value_set_boolean (value, self->show_counts);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_ANIMATING:
      g_value_set_boolean (value, self->mode == MODE_ANIMATING);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_board_scene_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  DjBoardScene *self = DJ_BOARD_SCENE (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      dj_board_scene_set_flipped (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COUNTS:
      dj_board_scene_set_show_counts (self, g_value_get_boolean (value));
      break;
    case PROP_INTERACTIVE:
      dj_board_scene_set_interactive (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_board_scene_class_init (DjBoardSceneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dj_board_scene_finalize;
  object_class->get_property = dj_board_scene_get_property;
  object_class->set_property = dj_board_scene_set_property;

  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_COUNTS] =
    g_param_spec_boolean ("show-counts", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DjBoardScene::changed:
   *
   * The position, the legal pits or an option changed: labels, tooltips and
   * highlights need updating.  Also emitted when an animation ends.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * DjBoardScene::redraw:
   *
   * Only the picture changed (an animation frame, the hover preview).
   */
  signals[REDRAW] =
    g_signal_new ("redraw", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dj_board_scene_init (DjBoardScene *self)
{
  self->rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  dj_position_init_start (&self->pos);
  self->focus = -1;
  self->hover = -1;
  self->show_counts = TRUE;
  self->interactive = TRUE;
  self->best_move = DJ_NO_MOVE;
  self->last_pit = -1;
  self->last_landing = -1;
  self->arrow_from = self->arrow_to = -1;
  compute_moves (self);
}

DjBoardScene *
dj_board_scene_new (void)
{
  return g_object_new (DJ_TYPE_BOARD_SCENE, NULL);
}

void
dj_board_scene_set_position (DjBoardScene     *self,
                             const DjRules    *rules,
                             const DjPosition *pos)
{
  gboolean was_animating;

  g_return_if_fail (DJ_IS_BOARD_SCENE (self));
  g_return_if_fail (rules != NULL && pos != NULL);

  was_animating = self->mode == MODE_ANIMATING;
  leave_trace (self);
  self->rules = *rules;
  self->pos = *pos;
  compute_moves (self);
  emit_changed (self);
  emit_redraw (self);
  notify_animating (self, was_animating);
}

const DjPosition *
dj_board_scene_get_position (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), NULL);
  return &self->pos;
}

const DjRules *
dj_board_scene_get_rules (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), NULL);
  return &self->rules;
}

const DjMoves *
dj_board_scene_get_moves (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), NULL);
  return &self->moves;
}

DjPitStatus
dj_board_scene_get_pit_status (DjBoardScene *self,
                               guint         pit)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), DJ_PIT_EMPTY);
  g_return_val_if_fail (pit < DJ_N_PITS, DJ_PIT_EMPTY);

  return dj_moves_why (&self->moves, (DjMove) pit);
}

gboolean
dj_board_scene_accepts_input (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), FALSE);

  return self->interactive && self->mode == MODE_POSITION;
}

gboolean
dj_board_scene_can_play (DjBoardScene *self,
                         guint         pit)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), FALSE);

  return pit < DJ_N_PITS &&
         dj_board_scene_accepts_input (self) &&
         dj_board_scene_get_pit_status (self, pit) == DJ_PIT_LEGAL;
}

const DjTrace *
dj_board_scene_get_move_trace (DjBoardScene *self,
                               guint         pit)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), NULL);

  if (pit < self->moves.row_start || pit >= self->moves.row_start + (guint) DJ_ROW_PITS)
    return NULL;
  return self->move_traces[pit - self->moves.row_start];
}

/* The still state drawn now. */
static const DjPosition *
shown_position (DjBoardScene *self)
{
  return self->mode == MODE_POSITION ? &self->pos : &self->step_state.pos;
}

guint
dj_board_scene_get_pit_count (DjBoardScene *self,
                              guint         pit)
{
  DjFlight flight;

  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), 0);
  g_return_val_if_fail (pit < DJ_N_PITS, 0);

  /* Seeds on their way out of a pit are no longer in it. */
  dj_board_scene_get_flight (self, &flight);
  if ((flight.kind == DJ_FLIGHT_LIFT || flight.kind == DJ_FLIGHT_CAPTURE) &&
      flight.from == (int) pit)
    return 0;
  return shown_position (self)->pits[pit];
}

guint
dj_board_scene_get_captured (DjBoardScene *self,
                             DjSide        side)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), 0);
  g_return_val_if_fail (side == DJ_SOUTH || side == DJ_NORTH, 0);

  return shown_position (self)->captured[side];
}

DjSide
dj_board_scene_get_side_to_move (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), DJ_SOUTH);

  return (DjSide) shown_position (self)->to_move;
}

guint
dj_board_scene_get_hand (DjBoardScene *self,
                         int          *pit)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), 0);

  if (self->mode == MODE_POSITION || self->step_state.hand == 0)
    {
      if (pit)
        *pit = -1;
      return 0;
    }
  if (pit)
    *pit = self->step_state.hand_pit;
  return self->step_state.hand;
}

void
dj_board_scene_get_flight (DjBoardScene *self,
                           DjFlight     *flight)
{
  DjTraceStep next;

  g_return_if_fail (DJ_IS_BOARD_SCENE (self));
  g_return_if_fail (flight != NULL);

  memset (flight, 0, sizeof *flight);
  flight->kind = DJ_FLIGHT_NONE;
  flight->from = flight->to = -1;

  if (self->mode != MODE_ANIMATING || self->step >= self->n_steps)
    return;

  next = self->step_state;
  if (!dj_trace_next_step (self->trace, &next, self->step))
    return;

  flight->progress = self->progress;
  flight->lap = next.lap;
  switch (next.kind)
    {
    case DJ_TRACE_STEP_LIFT:
      flight->kind = DJ_FLIGHT_LIFT;
      flight->from = flight->to = next.pit;
      flight->seeds = next.seeds;
      break;
    case DJ_TRACE_STEP_DROP:
      flight->kind = DJ_FLIGHT_SOW;
      flight->from = self->step_state.hand_pit;
      flight->to = next.pit;
      flight->seeds = self->step_state.hand;
      break;
    case DJ_TRACE_STEP_CAPTURE:
      flight->kind = DJ_FLIGHT_CAPTURE;
      flight->from = next.pit;
      flight->to = self->trace->before.to_move;
      flight->seeds = next.seeds;
      break;
    case DJ_TRACE_STEP_PASS:
    case DJ_TRACE_STEP_START:
    default:
      break;
    }
}

const DjTraceStep *
dj_board_scene_get_trace_step (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), NULL);

  return self->mode == MODE_POSITION ? NULL : &self->step_state;
}

int
dj_board_scene_get_active_pit (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), -1);

  return self->mode == MODE_POSITION ? -1 : self->step_state.pit;
}

/* Focus and geometry --------------------------------------------------- */

int
dj_board_scene_get_focus (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), -1);
  return self->focus;
}

void
dj_board_scene_set_focus (DjBoardScene *self,
                          int           pit)
{
  g_return_if_fail (DJ_IS_BOARD_SCENE (self));
  g_return_if_fail (pit >= -1 && pit < DJ_N_PITS);

  if (self->focus == pit)
    return;
  self->focus = pit;
  emit_redraw (self);
}

guint
dj_board_scene_get_default_focus (DjBoardScene *self)
{
  guint row;

  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), 0);

  if (self->focus >= 0)
    return self->focus;
  row = DJ_ROW_START (self->pos.to_move);
  for (guint k = 0; k < DJ_ROW_PITS; k++)
    if (self->moves.pit[k] == DJ_PIT_LEGAL)
      return row + k;
  return row;
}

void
dj_board_scene_get_pit_cell (DjBoardScene *self,
                             guint         pit,
                             guint        *column,
                             guint        *row)
{
  guint c, r;

  g_return_if_fail (DJ_IS_BOARD_SCENE (self));
  g_return_if_fail (pit < DJ_N_PITS);

  if (pit < DJ_ROW_PITS)
    c = pit, r = 1;
  else
    c = DJ_N_PITS - 1 - pit, r = 0;
  if (self->flipped)
    c = DJ_ROW_PITS - 1 - c, r = 1 - r;
  if (column)
    *column = c;
  if (row)
    *row = r;
}

guint
dj_board_scene_get_pit_at_cell (DjBoardScene *self,
                                guint         column,
                                guint         row)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), 0);
  g_return_val_if_fail (column < DJ_ROW_PITS && row < 2, 0);

  if (self->flipped)
    column = DJ_ROW_PITS - 1 - column, row = 1 - row;
  return row == 1 ? column : DJ_N_PITS - 1 - column;
}

gboolean
dj_board_scene_move_focus (DjBoardScene     *self,
                           DjBoardDirection  direction)
{
  guint column, row;

  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), FALSE);

  if (self->focus < 0)
    {
      dj_board_scene_set_focus (self, dj_board_scene_get_default_focus (self));
      return TRUE;
    }

  dj_board_scene_get_pit_cell (self, self->focus, &column, &row);
  switch (direction)
    {
    case DJ_BOARD_LEFT:
      if (column == 0)
        return FALSE;
      column--;
      break;
    case DJ_BOARD_RIGHT:
      if (column == DJ_ROW_PITS - 1)
        return FALSE;
      column++;
      break;
    case DJ_BOARD_UP:
      if (row == 0)
        return FALSE;
      row--;
      break;
    case DJ_BOARD_DOWN:
      if (row == 1)
        return FALSE;
      row++;
      break;
    default:
      g_return_val_if_reached (FALSE);
    }
  dj_board_scene_set_focus (self, dj_board_scene_get_pit_at_cell (self, column, row));
  return TRUE;
}

gboolean
dj_board_scene_store_is_right (DjBoardScene *self,
                               DjSide        side)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), FALSE);

  return (side == DJ_SOUTH) != self->flipped;
}

/* Hover preview -------------------------------------------------------- */

int
dj_board_scene_get_hover (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), -1);
  return self->hover;
}

void
dj_board_scene_set_hover (DjBoardScene *self,
                          int           pit)
{
  g_return_if_fail (DJ_IS_BOARD_SCENE (self));
  g_return_if_fail (pit >= -1 && pit < DJ_N_PITS);

  if (self->hover == pit)
    return;
  self->hover = pit;
  emit_redraw (self);
}

const DjTrace *
dj_board_scene_get_preview (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), NULL);

  if (self->hover < 0 || !dj_board_scene_can_play (self, self->hover))
    return NULL;
  return dj_board_scene_get_move_trace (self, self->hover);
}

int
dj_board_scene_get_preview_landing (DjBoardScene *self)
{
  const DjTrace *trace = dj_board_scene_get_preview (self);

  if (trace == NULL || trace->laps->len == 0)
    return -1;
  return g_array_index (trace->laps, DjLap, trace->laps->len - 1).landing;
}

guint
dj_board_scene_get_preview_captures (DjBoardScene *self)
{
  const DjTrace *trace = dj_board_scene_get_preview (self);
  guint mask = 0;

  if (trace == NULL)
    return 0;
  for (guint i = 0; i < trace->captures->len; i++)
    mask |= 1u << g_array_index (trace->captures, DjCapture, i).pit;
  return mask;
}

/* Options -------------------------------------------------------------- */

gboolean
dj_board_scene_get_flipped (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), FALSE);
  return self->flipped;
}

void
dj_board_scene_set_flipped (DjBoardScene *self,
                            gboolean      flipped)
{
  g_return_if_fail (DJ_IS_BOARD_SCENE (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
  emit_changed (self);
  emit_redraw (self);
}

gboolean
dj_board_scene_get_show_counts (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), FALSE);
  return self->show_counts;
}

void
dj_board_scene_set_show_counts (DjBoardScene *self,
                                gboolean      show_counts)
{
  g_return_if_fail (DJ_IS_BOARD_SCENE (self));

  show_counts = !!show_counts;
  if (self->show_counts == show_counts)
    return;
  self->show_counts = show_counts;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COUNTS]);
  emit_redraw (self);
}

gboolean
dj_board_scene_get_interactive (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), FALSE);
  return self->interactive;
}

void
dj_board_scene_set_interactive (DjBoardScene *self,
                                gboolean      interactive)
{
  g_return_if_fail (DJ_IS_BOARD_SCENE (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
  emit_changed (self);
  emit_redraw (self);
}

void
dj_board_scene_set_markers (DjBoardScene *self,
                            const guint8  markers[DJ_N_PITS])
{
  DjMarkup markup;

  g_return_if_fail (DJ_IS_BOARD_SCENE (self));

  dj_markup_init (&markup);
  if (markers != NULL)
    for (guint i = 0; i < DJ_N_PITS; i++)
      if (markers[i] >= 1 && markers[i] <= DJ_MARKER_LAST)
        dj_markup_set_mark (&markup, i, DJ_MARK_CIRCLE, markers[i], NULL);
  dj_board_scene_set_markup (self, &markup);
}

guint
dj_board_scene_get_marker (DjBoardScene *self,
                           guint         pit)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), 0);
  g_return_val_if_fail (pit < DJ_N_PITS, 0);
  return self->markup.pits[pit].colour;
}

void
dj_board_scene_set_markup (DjBoardScene   *self,
                           const DjMarkup *markup)
{
  DjMarkup clean;

  g_return_if_fail (DJ_IS_BOARD_SCENE (self));

  if (markup != NULL)
    clean = *markup;
  else
    dj_markup_init (&clean);
  if (dj_markup_equal (&clean, &self->markup))
    return;
  self->markup = clean;
  emit_changed (self);
  emit_redraw (self);
}

const DjMarkup *
dj_board_scene_get_markup (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), NULL);
  return &self->markup;
}

void
dj_board_scene_set_arrow_draft (DjBoardScene *self,
                                int           from,
                                int           to,
                                DjMarker      colour)
{
  g_return_if_fail (DJ_IS_BOARD_SCENE (self));

  if (from < 0 || from >= DJ_N_PITS || colour == DJ_MARKER_NONE || colour > DJ_MARKER_LAST)
    from = to = -1, colour = DJ_MARKER_NONE;
  if (to < 0 || to >= DJ_N_PITS)
    to = -1;
  if (self->arrow_from == from && self->arrow_to == to && self->arrow_colour == colour)
    return;
  self->arrow_from = from;
  self->arrow_to = to;
  self->arrow_colour = colour;
  emit_redraw (self);
}

DjMarker
dj_board_scene_get_arrow_draft (DjBoardScene *self,
                                int          *from,
                                int          *to)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), DJ_MARKER_NONE);

  if (from != NULL)
    *from = self->arrow_from;
  if (to != NULL)
    *to = self->arrow_to;
  return self->arrow_colour;
}

void
dj_board_scene_set_best_move (DjBoardScene *self,
                              DjMove        move)
{
  g_return_if_fail (DJ_IS_BOARD_SCENE (self));

  if (move < 0 || move >= DJ_N_PITS)
    move = DJ_NO_MOVE;
  if (self->best_move == move)
    return;
  self->best_move = move;
  emit_changed (self);
  emit_redraw (self);
}

DjMove
dj_board_scene_get_best_move (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), DJ_NO_MOVE);
  return self->best_move;
}

void
dj_board_scene_set_last_move (DjBoardScene *self,
                              int           pit,
                              int           landing)
{
  g_return_if_fail (DJ_IS_BOARD_SCENE (self));

  if (pit < 0 || pit >= DJ_N_PITS)
    pit = -1;
  if (landing < 0 || landing >= DJ_N_PITS || pit < 0)
    landing = -1;
  if (self->last_pit == pit && self->last_landing == landing)
    return;
  self->last_pit = pit;
  self->last_landing = landing;
  emit_changed (self);
  emit_redraw (self);
}

int
dj_board_scene_get_last_move (DjBoardScene *self,
                              int          *landing)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), -1);
  if (landing != NULL)
    *landing = self->last_landing;
  return self->last_pit;
}

/* Animation ------------------------------------------------------------ */

void
dj_board_scene_start_animation (DjBoardScene  *self,
                                const DjTrace *trace,
                                gint64         seed_time_us)
{
  g_return_if_fail (DJ_IS_BOARD_SCENE (self));
  g_return_if_fail (trace != NULL);

  dj_board_scene_start_turn (self, trace, &trace->after, seed_time_us);
}

void
dj_board_scene_start_turn (DjBoardScene     *self,
                           const DjTrace    *trace,
                           const DjPosition *final,
                           gint64            seed_time_us)
{
  guint64 units = 0;
  gboolean was_animating;

  g_return_if_fail (DJ_IS_BOARD_SCENE (self));
  g_return_if_fail (trace != NULL);
  g_return_if_fail (final != NULL);

  was_animating = self->mode == MODE_ANIMATING;
  leave_trace (self);
  self->rules = trace->rules;
  self->pos = *final;
  compute_moves (self);

  self->trace = dj_trace_copy (trace);
  self->n_steps = dj_trace_n_steps (trace);
  for (guint s = 1; s <= self->n_steps; s++)
    units += step_weight (self->trace, s);

  if (seed_time_us <= 0 || units == 0)
    {
      /* Nothing to watch: show the result at once. */
      leave_trace (self);
      emit_changed (self);
      emit_redraw (self);
      notify_animating (self, was_animating);
      return;
    }

  self->tenth_us = MAX (1, seed_time_us / 10);
  if ((gint64) units * self->tenth_us > MAX_ANIMATION_TIME)
    self->tenth_us = MAX (1, MAX_ANIMATION_TIME / (gint64) units);
  self->duration = (gint64) units * self->tenth_us;
  step_init (self->trace, &self->step_state);
  self->step = 0;
  self->step_start = 0;
  self->progress = 0;
  self->mode = MODE_ANIMATING;
  emit_changed (self);
  emit_redraw (self);
  notify_animating (self, was_animating);
}

gboolean
dj_board_scene_advance_animation (DjBoardScene *self,
                                  gint64        elapsed_us)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), FALSE);

  if (self->mode != MODE_ANIMATING)
    return FALSE;

  while (self->step < self->n_steps &&
         elapsed_us >= self->step_start + step_duration (self, self->step + 1))
    {
      self->step_start += step_duration (self, self->step + 1);
      dj_trace_next_step (self->trace, &self->step_state, self->step);
      self->step++;
    }

  if (self->step >= self->n_steps)
    {
      dj_board_scene_finish_animation (self);
      return FALSE;
    }

  self->progress = CLAMP ((double) (elapsed_us - self->step_start) /
                          (double) step_duration (self, self->step + 1), 0.0, 1.0);
  emit_redraw (self);
  return TRUE;
}

void
dj_board_scene_finish_animation (DjBoardScene *self)
{
  g_return_if_fail (DJ_IS_BOARD_SCENE (self));

  if (self->mode != MODE_ANIMATING)
    return;
  leave_trace (self);
  emit_changed (self);
  emit_redraw (self);
  notify_animating (self, TRUE);
}

gboolean
dj_board_scene_is_animating (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), FALSE);
  return self->mode == MODE_ANIMATING;
}

gint64
dj_board_scene_get_animation_duration (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), 0);
  return self->mode == MODE_ANIMATING ? self->duration : 0;
}

guint
dj_board_scene_get_step (DjBoardScene *self)
{
  g_return_val_if_fail (DJ_IS_BOARD_SCENE (self), 0);
  return self->step;
}

void
dj_board_scene_show_trace_step (DjBoardScene  *self,
                                const DjTrace *trace,
                                guint          step)
{
  gboolean was_animating;

  g_return_if_fail (DJ_IS_BOARD_SCENE (self));
  g_return_if_fail (trace != NULL);

  was_animating = self->mode == MODE_ANIMATING;
  leave_trace (self);
  self->rules = trace->rules;
  self->pos = trace->after;
  compute_moves (self);

  if (step < dj_trace_n_steps (trace))
    {
      self->trace = dj_trace_copy (trace);
      self->n_steps = dj_trace_n_steps (trace);
      self->step = step;
      dj_trace_get_step (trace, step, &self->step_state);
      self->mode = MODE_STEP;
    }
  emit_changed (self);
  emit_redraw (self);
  notify_animating (self, was_animating);
}
