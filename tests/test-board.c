/* test-board.c: the board scene, the board widget and its pictures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reference images live in tests/reference/; regenerate them with
 *   DJENON_UPDATE_REFERENCES=1 build-aux/test test-board
 * and look at them before committing.
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dj-board.h"
#include "dj-explain.h"
#include "dj-pit.h"
#include "dj-test-picture.h"

/* Reference comparison: a pixel differs when a channel is off by more than
 * PIXEL_TOLERANCE; a picture differs when more than MAX_DIFFERENT_PIXELS do.
 * One seed covers some 200 pixels and a count digit some 60 at the size used,
 * so both are caught while antialiasing noise is not. */
#define PIXEL_TOLERANCE      48
#define MAX_DIFFERENT_PIXELS 24
#define RENDER_WIDTH         720
#define RENDER_HEIGHT        250

/* Helpers ---------------------------------------------------------------- */

static DjPosition
position_from_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  DjPosition pos;

  g_assert_true (dj_position_parse (text, &pos, &error));
  g_assert_no_error (error);
  return pos;
}

static DjPosition
position_after_moves (const DjRules *rules,
                      const char    *moves)
{
  g_auto(GStrv) tokens = g_strsplit (moves, " ", -1);
  DjPosition pos;

  dj_position_init_start (&pos);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      g_autoptr(DjTrace) trace = dj_trace_new ();
      g_autoptr(GError) error = NULL;
      DjMove move;

      g_assert_true (dj_move_from_string (tokens[i], &move));
      g_assert_true (dj_play (rules, &pos, move, trace, &error));
      g_assert_no_error (error);
      pos = trace->after;
    }
  return pos;
}

static DjTrace *
play (const DjRules    *rules,
      const DjPosition *pos,
      DjMove            move)
{
  DjTrace *trace = dj_trace_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (dj_play (rules, pos, move, trace, &error));
  g_assert_no_error (error);
  return trace;
}

static void
assert_pits (const DjPosition *pos,
             const char       *expected)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < DJ_N_PITS; i++)
    g_string_append_printf (s, i ? " %u" : "%u", pos->pits[i]);
  g_assert_cmpstr (s->str, ==, expected);
}

/* Scene: legal pits ------------------------------------------------------ */

static void
test_scene_legal (void)
{
  g_autoptr(DjBoardScene) scene = dj_board_scene_new ();
  DjRules aboure = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  const char *positions[] = {
    "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S",
    "5 1 2 6 6 0 5 5 5 1 5 5 2 0 N",
    "0 2 2 3 1 3 2 2 12 6 0 1 6 8 S",
    "5 1 6 0 0 0 5 5 0 12 0 0 4 10 S",
    "0 0 0 0 0 0 1 0 0 0 0 4 30 13 N feed",
    "1 0 0 0 0 0 0 0 0 1 0 0 30 16 S",
  };

  for (guint r = 0; r < 2; r++)
    for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
      {
        const DjRules *rules = r == 0 ? &aboure : &abe;
        DjPosition pos = position_from_text (positions[i]);
        DjMoves moves;

        dj_moves_generate (rules, &pos, &moves);
        dj_board_scene_set_position (scene, rules, &pos);
        g_assert_true (dj_position_equal (dj_board_scene_get_position (scene), &pos));

        for (guint pit = 0; pit < DJ_N_PITS; pit++)
          {
            DjPitStatus status = dj_board_scene_get_pit_status (scene, pit);

            g_assert_cmpint (status, ==, dj_moves_why (&moves, pit));
            g_assert_cmpint (dj_board_scene_can_play (scene, pit), ==, status == DJ_PIT_LEGAL);
            g_assert_cmpint (dj_board_scene_get_move_trace (scene, pit) != NULL, ==,
                             status == DJ_PIT_LEGAL);
            g_assert_cmpuint (dj_board_scene_get_pit_count (scene, pit), ==, pos.pits[pit]);
          }
      }

  /* Named cases, checked by hand against the rules. */
  {
    DjPosition pos = position_from_text ("5 1 2 6 6 0 5 5 5 1 5 5 2 0 N");

    dj_board_scene_set_position (scene, &aboure, &pos);
    g_assert_cmpint (dj_board_scene_get_pit_status (scene, 9), ==, DJ_PIT_SINGLETON);
    g_assert_cmpint (dj_board_scene_get_pit_status (scene, 6), ==, DJ_PIT_LEGAL);
    g_assert_cmpint (dj_board_scene_get_pit_status (scene, 0), ==, DJ_PIT_NOT_YOURS);
    dj_board_scene_set_position (scene, &abe, &pos);
    g_assert_cmpint (dj_board_scene_get_pit_status (scene, 9), ==, DJ_PIT_LEGAL);
  }
  {
    DjPosition pos = position_from_text ("0 0 0 0 0 0 1 0 0 0 0 4 30 13 N feed");

    dj_board_scene_set_position (scene, &abe, &pos);
    g_assert_cmpint (dj_board_scene_get_pit_status (scene, 6), ==, DJ_PIT_DOES_NOT_FEED);
    g_assert_cmpint (dj_board_scene_get_pit_status (scene, 7), ==, DJ_PIT_EMPTY);
    g_assert_cmpint (dj_board_scene_get_pit_status (scene, 11), ==, DJ_PIT_LEGAL);
  }

  /* Not interactive: the statuses stay, nothing can be played. */
  dj_board_scene_set_interactive (scene, FALSE);
  g_assert_cmpint (dj_board_scene_get_pit_status (scene, 11), ==, DJ_PIT_LEGAL);
  g_assert_false (dj_board_scene_can_play (scene, 11));
  g_assert_false (dj_board_scene_accepts_input (scene));
}

/* Scene: focus ----------------------------------------------------------- */

static void
test_scene_focus (void)
{
  g_autoptr(DjBoardScene) scene = dj_board_scene_new ();
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition pos = position_from_text ("0 1 7 6 6 0 5 5 5 1 5 5 2 0 S");
  guint column, row;

  dj_board_scene_set_position (scene, &rules, &pos);

  /* Focus enters on the first legal pit of the side to move (c). */
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, -1);
  g_assert_cmpuint (dj_board_scene_get_default_focus (scene), ==, 2);
  g_assert_true (dj_board_scene_move_focus (scene, DJ_BOARD_RIGHT));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 2);

  /* South at the bottom, a…f left to right; North on top, A…F right to left. */
  dj_board_scene_get_pit_cell (scene, 0, &column, &row);
  g_assert_cmpuint (column, ==, 0);
  g_assert_cmpuint (row, ==, 1);
  dj_board_scene_get_pit_cell (scene, 6, &column, &row);
  g_assert_cmpuint (column, ==, 5);
  g_assert_cmpuint (row, ==, 0);
  g_assert_false (dj_board_scene_store_is_right (scene, DJ_NORTH));
  g_assert_true (dj_board_scene_store_is_right (scene, DJ_SOUTH));

  dj_board_scene_set_focus (scene, 0);
  g_assert_false (dj_board_scene_move_focus (scene, DJ_BOARD_LEFT));
  g_assert_false (dj_board_scene_move_focus (scene, DJ_BOARD_DOWN));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 0);
  g_assert_true (dj_board_scene_move_focus (scene, DJ_BOARD_RIGHT));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 1);      /* b */
  g_assert_true (dj_board_scene_move_focus (scene, DJ_BOARD_UP));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 10);     /* E, above b */
  g_assert_false (dj_board_scene_move_focus (scene, DJ_BOARD_UP));
  g_assert_true (dj_board_scene_move_focus (scene, DJ_BOARD_LEFT));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 11);     /* F */
  g_assert_true (dj_board_scene_move_focus (scene, DJ_BOARD_RIGHT));
  g_assert_true (dj_board_scene_move_focus (scene, DJ_BOARD_RIGHT));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 9);      /* D */
  g_assert_true (dj_board_scene_move_focus (scene, DJ_BOARD_DOWN));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 2);      /* c, below D */

  /* Flipped: turned by 180°.  a is top right, F bottom left. */
  dj_board_scene_set_flipped (scene, TRUE);
  dj_board_scene_get_pit_cell (scene, 0, &column, &row);
  g_assert_cmpuint (column, ==, 5);
  g_assert_cmpuint (row, ==, 0);
  dj_board_scene_get_pit_cell (scene, 11, &column, &row);
  g_assert_cmpuint (column, ==, 5);
  g_assert_cmpuint (row, ==, 1);
  g_assert_true (dj_board_scene_store_is_right (scene, DJ_NORTH));

  dj_board_scene_set_focus (scene, 0);
  g_assert_false (dj_board_scene_move_focus (scene, DJ_BOARD_RIGHT));
  g_assert_false (dj_board_scene_move_focus (scene, DJ_BOARD_UP));
  g_assert_true (dj_board_scene_move_focus (scene, DJ_BOARD_LEFT));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 1);      /* b, left of a on screen */
  g_assert_true (dj_board_scene_move_focus (scene, DJ_BOARD_DOWN));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 10);     /* E, below b */
  g_assert_true (dj_board_scene_move_focus (scene, DJ_BOARD_RIGHT));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 11);     /* F */
  g_assert_false (dj_board_scene_move_focus (scene, DJ_BOARD_RIGHT));

  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    for (int flipped = 0; flipped < 2; flipped++)
      {
        dj_board_scene_set_flipped (scene, flipped);
        dj_board_scene_get_pit_cell (scene, pit, &column, &row);
        g_assert_cmpuint (dj_board_scene_get_pit_at_cell (scene, column, row), ==, pit);
      }
}

/* Scene: hover preview --------------------------------------------------- */

static void
test_scene_preview (void)
{
  g_autoptr(DjBoardScene) scene = dj_board_scene_new ();
  const char *positions[] = {
    "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S",
    "0 2 2 3 1 3 2 2 12 6 0 1 6 8 S",
    "5 1 6 0 0 0 5 5 0 12 0 0 4 10 S",
    "7 3 4 2 8 0 2 7 7 1 2 1 2 2 S",
  };
  guint n_captures = 0;

  for (guint v = 0; v < 2; v++)
    for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
      {
        DjRules rules = DJ_RULES_INIT (v == 0 ? DJ_VARIANT_ABOURE : DJ_VARIANT_ABE);
        DjPosition pos = position_from_text (positions[i]);

        dj_board_scene_set_position (scene, &rules, &pos);
        for (guint pit = 0; pit < DJ_N_PITS; pit++)
          {
            dj_board_scene_set_hover (scene, pit);
            if (dj_board_scene_get_pit_status (scene, pit) == DJ_PIT_LEGAL)
              {
                g_autoptr(DjTrace) trace = play (&rules, &pos, pit);
                const DjLap *last = &g_array_index (trace->laps, DjLap, trace->laps->len - 1);
                guint mask = 0;

                for (guint k = 0; k < trace->captures->len; k++)
                  mask |= 1u << g_array_index (trace->captures, DjCapture, k).pit;
                n_captures += trace->captures->len;

                g_assert_cmpint (dj_board_scene_get_preview_landing (scene), ==, last->landing);
                g_assert_cmpuint (dj_board_scene_get_preview_captures (scene), ==, mask);
                g_assert_true (dj_position_equal (&dj_board_scene_get_preview (scene)->after,
                                                  &trace->after));
              }
            else
              {
                g_assert_null (dj_board_scene_get_preview (scene));
                g_assert_cmpint (dj_board_scene_get_preview_landing (scene), ==, -1);
                g_assert_cmpuint (dj_board_scene_get_preview_captures (scene), ==, 0);
              }
          }
      }
  /* The positions above do contain captures, some of them chains. */
  g_assert_cmpuint (n_captures, >, 4);

  /* The hand-checked case: South's c at the start ends in f and takes f. */
  {
    DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
    DjPosition start;

    dj_position_init_start (&start);
    dj_board_scene_set_position (scene, &rules, &start);
    dj_board_scene_set_hover (scene, 2);
    g_assert_cmpint (dj_board_scene_get_preview_landing (scene), ==, 5);
    g_assert_cmpuint (dj_board_scene_get_preview_captures (scene), ==, 1u << 5);
    dj_board_scene_set_hover (scene, -1);
    g_assert_cmpint (dj_board_scene_get_preview_landing (scene), ==, -1);
  }
}

/* Scene: animation ------------------------------------------------------- */

typedef struct
{
  DjTraceStepKind kind;
  int             pit;
  guint           seeds;
} ExpectedStep;

/* Djenon-aboure, start, South plays c, worked by hand from RULES.md. */
static const ExpectedStep aboure_c_steps[] = {
  { DJ_TRACE_STEP_LIFT, 2, 4 },                       /* lap 1: c → c d e f */
  { DJ_TRACE_STEP_DROP, 2, 1 }, { DJ_TRACE_STEP_DROP, 3, 1 },
  { DJ_TRACE_STEP_DROP, 4, 1 }, { DJ_TRACE_STEP_DROP, 5, 1 },
  { DJ_TRACE_STEP_LIFT, 5, 5 },                       /* f made 5: relay f A B C D */
  { DJ_TRACE_STEP_DROP, 5, 1 }, { DJ_TRACE_STEP_DROP, 6, 1 },
  { DJ_TRACE_STEP_DROP, 7, 1 }, { DJ_TRACE_STEP_DROP, 8, 1 },
  { DJ_TRACE_STEP_DROP, 9, 1 },
  { DJ_TRACE_STEP_LIFT, 9, 5 },                       /* D made 5: relay D E F a b */
  { DJ_TRACE_STEP_DROP, 9, 1 }, { DJ_TRACE_STEP_DROP, 10, 1 },
  { DJ_TRACE_STEP_DROP, 11, 1 }, { DJ_TRACE_STEP_DROP, 0, 1 },
  { DJ_TRACE_STEP_DROP, 1, 1 },
  { DJ_TRACE_STEP_LIFT, 1, 5 },                       /* b made 5: relay b c d e f */
  { DJ_TRACE_STEP_DROP, 1, 1 }, { DJ_TRACE_STEP_DROP, 2, 1 },
  { DJ_TRACE_STEP_DROP, 3, 1 }, { DJ_TRACE_STEP_DROP, 4, 1 },
  { DJ_TRACE_STEP_DROP, 5, 1 },
  { DJ_TRACE_STEP_CAPTURE, 5, 2 },                    /* f made 2: capture, e holds 6 */
};

static guint
seeds_in_play (const DjTraceStep *step)
{
  guint total = step->hand + step->pos.captured[0] + step->pos.captured[1];

  for (guint i = 0; i < DJ_N_PITS; i++)
    total += step->pos.pits[i];
  return total;
}

static void
test_scene_trace_steps (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition start;
  g_autoptr(DjTrace) trace = NULL;
  g_autoptr(DjTrace) pass = NULL;
  DjTraceStep step;

  dj_position_init_start (&start);
  trace = play (&rules, &start, 2);
  g_assert_cmpuint (dj_trace_n_steps (trace), ==, G_N_ELEMENTS (aboure_c_steps));

  dj_trace_get_step (trace, 0, &step);
  g_assert_cmpint (step.kind, ==, DJ_TRACE_STEP_START);
  g_assert_true (dj_position_equal (&step.pos, &start));
  g_assert_cmpuint (step.hand, ==, 0);

  for (guint s = 1; s <= G_N_ELEMENTS (aboure_c_steps); s++)
    {
      const ExpectedStep *e = &aboure_c_steps[s - 1];

      dj_trace_get_step (trace, s, &step);
      g_assert_cmpint (step.kind, ==, e->kind);
      g_assert_cmpint (step.pit, ==, e->pit);
      g_assert_cmpuint (step.seeds, ==, e->seeds);
      g_assert_cmpuint (seeds_in_play (&step), ==, DJ_N_SEEDS);
      if (s < G_N_ELEMENTS (aboure_c_steps))
        g_assert_cmpint (step.pos.to_move, ==, DJ_SOUTH);
    }
  /* After the relay pickup from D, four seeds are in the hand over D. */
  dj_trace_get_step (trace, 12, &step);
  g_assert_cmpuint (step.hand, ==, 5);
  g_assert_cmpint (step.hand_pit, ==, 9);
  g_assert_cmpuint (step.pos.pits[9], ==, 0);
  dj_trace_get_step (trace, 13, &step);
  g_assert_cmpuint (step.hand, ==, 4);
  g_assert_cmpuint (step.pos.pits[9], ==, 1);

  dj_trace_get_step (trace, 1000, &step);
  g_assert_true (dj_position_equal (&step.pos, &trace->after));
  assert_pits (&step.pos, "5 1 2 6 6 0 5 5 5 1 5 5");
  g_assert_cmpuint (step.pos.captured[DJ_SOUTH], ==, 2);
  g_assert_cmpint (step.pos.to_move, ==, DJ_NORTH);

  /* The move explainer numbers the same steps. */
  g_assert_cmpuint (dj_trace_count_steps (trace), ==, dj_trace_n_steps (trace));
  {
    const char *positions[] = {
      "0 2 2 3 1 3 2 2 12 6 0 1 6 8 S", "5 1 6 0 0 0 5 5 0 12 0 0 4 10 S",
      "7 3 4 2 8 0 2 7 7 1 2 1 2 2 S", "30 2 2 2 0 0 0 1 0 0 0 0 9 2 S",
    };

    for (guint v = 0; v < 2; v++)
      for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
        {
          DjRules r = DJ_RULES_INIT (v ? DJ_VARIANT_ABE : DJ_VARIANT_ABOURE);
          DjPosition pos = position_from_text (positions[i]);
          DjMoves moves;

          dj_moves_generate (&r, &pos, &moves);
          for (guint k = 0; k < DJ_ROW_PITS; k++)
            if (moves.pit[k] == DJ_PIT_LEGAL)
              {
                g_autoptr(DjTrace) t = play (&r, &pos, moves.row_start + k);
                DjTraceStep last;

                g_assert_cmpuint (dj_trace_count_steps (t), ==, dj_trace_n_steps (t));
                dj_trace_get_step (t, dj_trace_n_steps (t), &last);
                g_assert_true (dj_position_equal (&last.pos, &t->after));
                g_assert_cmpuint (seeds_in_play (&last), ==, DJ_N_SEEDS);
              }
        }
  }

  /* A pass is one step. */
  {
    DjPosition pos = position_from_text ("0 1 0 0 0 0 3 1 0 0 0 0 30 13 S");

    pass = play (&rules, &pos, DJ_PASS);
    g_assert_cmpuint (dj_trace_n_steps (pass), ==, 1);
    g_assert_cmpuint (dj_trace_count_steps (pass), ==, 1);
    dj_trace_get_step (pass, 1, &step);
    g_assert_cmpint (step.kind, ==, DJ_TRACE_STEP_PASS);
    g_assert_true (dj_position_equal (&step.pos, &pass->after));
  }
}

static void
test_scene_animation (void)
{
  g_autoptr(DjBoardScene) scene = dj_board_scene_new ();
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition start;
  g_autoptr(DjTrace) trace = NULL;
  const gint64 seed_time = dj_animation_speed_get_seed_time (DJ_ANIMATION_SPEED_FAST);
  guint seen = 0, last_step = 0;
  gint64 t;

  g_assert_cmpint (seed_time, ==, 40000);
  g_assert_cmpint (dj_animation_speed_get_seed_time (DJ_ANIMATION_SPEED_NORMAL), ==, 120000);
  g_assert_cmpint (dj_animation_speed_get_seed_time (DJ_ANIMATION_SPEED_SLOW), ==, 300000);
  g_assert_cmpint (dj_animation_speed_get_seed_time (DJ_ANIMATION_SPEED_OFF), ==, 0);

  dj_position_init_start (&start);
  dj_board_scene_set_position (scene, &rules, &start);
  trace = play (&rules, &start, 2);

  dj_board_scene_start_animation (scene, trace, seed_time);
  g_assert_true (dj_board_scene_is_animating (scene));
  g_assert_false (dj_board_scene_accepts_input (scene));
  /* The position is already the result; the picture still shows the start. */
  g_assert_true (dj_position_equal (dj_board_scene_get_position (scene), &trace->after));
  g_assert_cmpuint (dj_board_scene_get_pit_count (scene, 2), ==, 0);   /* c is being lifted */
  g_assert_cmpuint (dj_board_scene_get_pit_count (scene, 3), ==, 4);
  /* 1.5 + 3 × 3 seed-times for the pickups, 19 drops, 3 for the capture. */
  g_assert_cmpint (dj_board_scene_get_animation_duration (scene), ==, 325 * seed_time / 10);

  for (t = 0; dj_board_scene_advance_animation (scene, t); t += 1000)
    {
      guint step = dj_board_scene_get_step (scene);
      const DjTraceStep *state = dj_board_scene_get_trace_step (scene);
      DjFlight flight;

      g_assert_nonnull (state);
      g_assert_cmpuint (step, >=, last_step);
      g_assert_cmpuint (step, <=, last_step + 1);
      if (step > last_step)
        {
          const ExpectedStep *e = &aboure_c_steps[step - 1];

          g_assert_cmpint (state->kind, ==, e->kind);
          g_assert_cmpint (state->pit, ==, e->pit);
          g_assert_cmpuint (state->seeds, ==, e->seeds);
          g_assert_cmpint (dj_board_scene_get_active_pit (scene), ==, e->pit);
          seen++;
        }
      last_step = step;

      /* What moves next is the next step of the list. */
      dj_board_scene_get_flight (scene, &flight);
      switch (aboure_c_steps[step].kind)
        {
        case DJ_TRACE_STEP_LIFT:
          g_assert_cmpint (flight.kind, ==, DJ_FLIGHT_LIFT);
          g_assert_cmpint (flight.from, ==, aboure_c_steps[step].pit);
          g_assert_cmpuint (flight.seeds, ==, aboure_c_steps[step].seeds);
          g_assert_cmpuint (dj_board_scene_get_pit_count (scene, flight.from), ==, 0);
          break;
        case DJ_TRACE_STEP_DROP:
          g_assert_cmpint (flight.kind, ==, DJ_FLIGHT_SOW);
          g_assert_cmpint (flight.from, ==, aboure_c_steps[step - 1].pit);
          g_assert_cmpint (flight.to, ==, aboure_c_steps[step].pit);
          g_assert_cmpuint (flight.seeds, ==, state->hand);
          break;
        case DJ_TRACE_STEP_CAPTURE:
          g_assert_cmpint (flight.kind, ==, DJ_FLIGHT_CAPTURE);
          g_assert_cmpint (flight.from, ==, 5);
          g_assert_cmpint (flight.to, ==, DJ_SOUTH);
          break;
        case DJ_TRACE_STEP_START:
        case DJ_TRACE_STEP_PASS:
        default:
          g_assert_not_reached ();
        }
      g_assert_cmpfloat (flight.progress, >=, 0.0);
      g_assert_cmpfloat (flight.progress, <=, 1.0);
    }

  /* Every step but the last was seen in order; the last ends the animation. */
  g_assert_cmpuint (seen, ==, G_N_ELEMENTS (aboure_c_steps) - 1);
  g_assert_cmpint (t, >=, dj_animation_speed_get_seed_time (DJ_ANIMATION_SPEED_FAST) * 325 / 10);
  g_assert_false (dj_board_scene_is_animating (scene));
  g_assert_null (dj_board_scene_get_trace_step (scene));
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    g_assert_cmpuint (dj_board_scene_get_pit_count (scene, pit), ==, trace->after.pits[pit]);
  g_assert_cmpuint (dj_board_scene_get_captured (scene, DJ_SOUTH), ==, 2);
  g_assert_cmpint (dj_board_scene_get_side_to_move (scene), ==, DJ_NORTH);
  g_assert_true (dj_board_scene_accepts_input (scene));

  /* finish_animation jumps to the end. */
  dj_board_scene_start_animation (scene, trace, seed_time);
  g_assert_true (dj_board_scene_advance_animation (scene, 300000));
  g_assert_cmpuint (dj_board_scene_get_step (scene), >, 0);
  dj_board_scene_finish_animation (scene);
  g_assert_false (dj_board_scene_is_animating (scene));
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    g_assert_cmpuint (dj_board_scene_get_pit_count (scene, pit), ==, trace->after.pits[pit]);
  g_assert_cmpuint (dj_board_scene_get_hand (scene, NULL), ==, 0);

  /* Speed OFF: no animation at all. */
  dj_board_scene_start_animation (scene, trace, 0);
  g_assert_false (dj_board_scene_is_animating (scene));
  g_assert_true (dj_position_equal (dj_board_scene_get_position (scene), &trace->after));
}

static void
test_scene_show_step (void)
{
  g_autoptr(DjBoardScene) scene = dj_board_scene_new ();
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition start;
  g_autoptr(DjTrace) trace = NULL;
  int hand_pit;

  dj_position_init_start (&start);
  trace = play (&rules, &start, 2);

  dj_board_scene_show_trace_step (scene, trace, 0);
  g_assert_false (dj_board_scene_accepts_input (scene));
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    g_assert_cmpuint (dj_board_scene_get_pit_count (scene, pit), ==, 4);

  dj_board_scene_show_trace_step (scene, trace, 1);
  g_assert_cmpuint (dj_board_scene_get_pit_count (scene, 2), ==, 0);
  g_assert_cmpuint (dj_board_scene_get_hand (scene, &hand_pit), ==, 4);
  g_assert_cmpint (hand_pit, ==, 2);

  dj_board_scene_show_trace_step (scene, trace, 23);
  g_assert_cmpuint (dj_board_scene_get_pit_count (scene, 5), ==, 2);
  g_assert_cmpuint (dj_board_scene_get_captured (scene, DJ_SOUTH), ==, 0);
  dj_board_scene_show_trace_step (scene, trace, 24);
  g_assert_cmpuint (dj_board_scene_get_pit_count (scene, 5), ==, 0);
  g_assert_cmpuint (dj_board_scene_get_captured (scene, DJ_SOUTH), ==, 2);
  /* The last step is the position itself, with its legal pits. */
  g_assert_true (dj_board_scene_accepts_input (scene));
  g_assert_true (dj_board_scene_can_play (scene, 6));
  g_assert_false (dj_board_scene_can_play (scene, 9));
}

static void
test_scene_markers (void)
{
  g_autoptr(DjBoardScene) scene = dj_board_scene_new ();
  guint8 markers[DJ_N_PITS] = { 1, 2, 3, 4, 0, 9, 0, 0, 0, 0, 0, 1 };

  dj_board_scene_set_markers (scene, markers);
  g_assert_cmpuint (dj_board_scene_get_marker (scene, 0), ==, 1);
  g_assert_cmpuint (dj_board_scene_get_marker (scene, 3), ==, 4);
  g_assert_cmpuint (dj_board_scene_get_marker (scene, 5), ==, 0);   /* out of range: none */
  g_assert_cmpuint (dj_board_scene_get_marker (scene, 11), ==, 1);
  dj_board_scene_set_markers (scene, NULL);
  g_assert_cmpuint (dj_board_scene_get_marker (scene, 0), ==, 0);

  g_assert_cmpint (dj_board_scene_get_best_move (scene), ==, DJ_NO_MOVE);
  dj_board_scene_set_best_move (scene, 3);
  g_assert_cmpint (dj_board_scene_get_best_move (scene), ==, 3);
  dj_board_scene_set_best_move (scene, DJ_NO_MOVE);
  g_assert_cmpint (dj_board_scene_get_best_move (scene), ==, DJ_NO_MOVE);
}

static void
test_speed_enum (void)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (DJ_TYPE_ANIMATION_SPEED);
  const char *nicks[] = { "off", "fast", "normal", "slow" };

  for (guint i = 0; i < G_N_ELEMENTS (nicks); i++)
    {
      GEnumValue *value = g_enum_get_value_by_nick (klass, nicks[i]);

      g_assert_nonnull (value);
      g_assert_cmpint (value->value, ==, (int) i);
    }
}

/* Widget ----------------------------------------------------------------- */

typedef struct
{
  GtkWidget *window;
  DjBoard   *board;
  int        activated;
  int        refused;
  guint      reason;
  guint      n_activated;
  guint      n_refused;
} Fixture;

static void
activated_cb (DjBoard *board,
              int      move,
              Fixture *f)
{
  f->activated = move;
  f->n_activated++;
}

static void
refused_cb (DjBoard *board,
            int      move,
            guint    reason,
            Fixture *f)
{
  f->refused = move;
  f->reason = reason;
  f->n_refused++;
}

static void
spin_until (gboolean (*done) (Fixture *),
            Fixture   *f)
{
  gint64 end = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;

  while (!done (f))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

static void
count_paint (GdkFrameClock *clock,
             guint         *painted)
{
  (*painted)++;
}

/* Waits until the board's window has painted @frames frames from now. */
static void
wait_frames (Fixture *f,
             guint    frames)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (f->board));
  gint64 end = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;
  guint painted = 0;
  gulong id;

  g_assert_nonnull (clock);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint), &painted);
  gtk_widget_queue_draw (GTK_WIDGET (f->board));
  while (painted < frames)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  g_signal_handler_disconnect (clock, id);
}

static gboolean
board_ready (Fixture *f)
{
  return gtk_widget_get_mapped (GTK_WIDGET (f->board)) &&
         gtk_widget_get_width (GTK_WIDGET (f->board)) == RENDER_WIDTH &&
         gtk_widget_get_height (GTK_WIDGET (f->board)) == RENDER_HEIGHT;
}

static void
fixture_set_up (Fixture       *f,
                const DjRules *rules,
                const char    *position)
{
  DjPosition pos;

  memset (f, 0, sizeof *f);
  f->activated = f->refused = -1;
  f->window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (f->window), RENDER_WIDTH, RENDER_HEIGHT);
  f->board = DJ_BOARD (dj_board_new ());
  g_object_ref (f->board);
  gtk_widget_set_size_request (GTK_WIDGET (f->board), RENDER_WIDTH, RENDER_HEIGHT);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->board));
  g_signal_connect (f->board, "pit-activated", G_CALLBACK (activated_cb), f);
  g_signal_connect (f->board, "move-refused", G_CALLBACK (refused_cb), f);

  if (position != NULL)
    pos = position_from_text (position);
  else
    dj_position_init_start (&pos);
  dj_board_set_position (f->board, rules, &pos);

  gtk_window_present (GTK_WINDOW (f->window));
  spin_until (board_ready, f);
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), FALSE);
  dj_board_scene_set_hover (dj_board_get_scene (f->board), -1);
}

static void
fixture_tear_down (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->board);
}

static gboolean
key_press_with (DjBoard         *board,
                guint            keyval,
                GdkModifierType  state);

static gboolean
key_press (DjBoard *board,
           guint    keyval)
{
  GdkModifierType state = 0;

  if (gdk_keyval_is_upper (keyval) && gdk_keyval_to_unicode (keyval) >= 'A')
    state = GDK_SHIFT_MASK;
  return key_press_with (board, keyval, state);
}

static gboolean
key_press_with (DjBoard         *board,
                guint            keyval,
                GdkModifierType  state)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (board));
  gboolean handled = FALSE;

  /* GTK 4.8 cannot synthesize key events: drive the board's key controllers
   * (moves, markup) until one takes the key, as GTK would. */
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, state, &handled);
    }
  return handled;
}

static gboolean
activated_twice (Fixture *f)
{
  return f->n_activated == 2;
}

static void
test_widget_click (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  Fixture f;

  fixture_set_up (&f, &rules, "5 1 2 6 6 0 5 5 5 1 5 5 2 0 N");

  /* A click is the pit button's "clicked". */
  g_signal_emit_by_name (dj_board_get_pit_widget (f.board, 7), "clicked");
  g_assert_cmpuint (f.n_activated, ==, 1);
  g_assert_cmpint (f.activated, ==, 7);
  g_assert_cmpuint (f.n_refused, ==, 0);

  /* D holds one seed: refused with the reason. */
  g_signal_emit_by_name (dj_board_get_pit_widget (f.board, 9), "clicked");
  g_assert_cmpuint (f.n_refused, ==, 1);
  g_assert_cmpint (f.refused, ==, 9);
  g_assert_cmpuint (f.reason, ==, DJ_PIT_SINGLETON);
  g_assert_cmpstr (dj_pit_status_describe (f.reason), !=, NULL);

  /* South's pits are not North's to play. */
  g_signal_emit_by_name (dj_board_get_pit_widget (f.board, 0), "clicked");
  g_assert_cmpuint (f.n_refused, ==, 2);
  g_assert_cmpuint (f.reason, ==, DJ_PIT_NOT_YOURS);
  g_assert_cmpuint (f.n_activated, ==, 1);

  /* Keyboard activation (Enter/Space) goes through gtk_widget_activate(). */
  gtk_widget_activate (dj_board_get_pit_widget (f.board, 10));
  spin_until (activated_twice, &f);
  g_assert_cmpint (f.activated, ==, 10);

  /* Not interactive: nothing is chosen, and each pit is refused with the
   * reason the board was given. */
  dj_board_set_interactive (f.board, FALSE);
  dj_board_set_busy_text (f.board, "Wait");
  g_signal_emit_by_name (dj_board_get_pit_widget (f.board, 7), "clicked");
  g_signal_emit_by_name (dj_board_get_pit_widget (f.board, 9), "clicked");
  g_assert_true (key_press (f.board, GDK_KEY_a));
  g_assert_cmpuint (f.n_activated, ==, 2);
  g_assert_cmpuint (f.n_refused, ==, 5);
  g_assert_cmpuint (f.reason, ==, DJ_BOARD_REFUSED_BUSY);
  g_assert_cmpstr (dj_board_describe_refusal (f.board, f.reason), ==, "Wait");
  g_assert_cmpstr (dj_board_describe_refusal (f.board, DJ_PIT_SINGLETON), ==,
                   dj_pit_status_describe (DJ_PIT_SINGLETON));

  /* Showing a move step by step: refused too, saying so. */
  dj_board_set_interactive (f.board, TRUE);
  {
    DjPosition start;
    g_autoptr(DjTrace) trace = NULL;

    dj_position_init_start (&start);
    trace = play (&rules, &start, 2);
    dj_board_show_trace_step (f.board, trace, 1);
    g_signal_emit_by_name (dj_board_get_pit_widget (f.board, 7), "clicked");
    g_assert_cmpuint (f.n_activated, ==, 2);
    g_assert_cmpuint (f.n_refused, ==, 6);
    g_assert_cmpuint (f.reason, ==, DJ_BOARD_REFUSED_STEP);
  }

  fixture_tear_down (&f);
}

static void
test_widget_keys (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjBoardScene *scene;
  Fixture f;

  fixture_set_up (&f, &rules, NULL);
  scene = dj_board_get_scene (f.board);

  /* Letters play the side to move's pit, either case. */
  g_assert_true (key_press (f.board, GDK_KEY_c));
  g_assert_cmpint (f.activated, ==, 2);
  g_assert_true (key_press (f.board, GDK_KEY_F));
  g_assert_cmpint (f.activated, ==, 5);
  g_assert_false (key_press (f.board, GDK_KEY_g));
  g_assert_cmpuint (f.n_activated, ==, 2);

  {
    DjPosition pos = position_from_text ("5 1 2 6 6 0 5 5 5 1 5 5 2 0 N");

    dj_board_set_position (f.board, &rules, &pos);
  }
  g_assert_true (key_press (f.board, GDK_KEY_a));
  g_assert_cmpint (f.activated, ==, 6);
  g_assert_true (key_press (f.board, GDK_KEY_d));
  g_assert_cmpint (f.refused, ==, 9);
  g_assert_cmpuint (f.reason, ==, DJ_PIT_SINGLETON);

  /* Ctrl+Left, Ctrl+Right, Up and Down move the focus on screen; Left and
   * Right are left to the window, which replays the game with them. */
  gtk_widget_grab_focus (dj_board_get_pit_widget (f.board, 0));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 0);
  g_assert_false (key_press (f.board, GDK_KEY_Right));
  g_assert_false (key_press (f.board, GDK_KEY_Left));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 0);
  g_assert_true (key_press_with (f.board, GDK_KEY_Right, GDK_CONTROL_MASK));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 1);
  g_assert_true (gtk_widget_has_focus (dj_board_get_pit_widget (f.board, 1)) ||
                 gtk_widget_get_focus_child (GTK_WIDGET (f.board)) ==
                 dj_board_get_pit_widget (f.board, 1));
  g_assert_true (key_press (f.board, GDK_KEY_Up));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 10);
  g_assert_true (key_press_with (f.board, GDK_KEY_Left, GDK_CONTROL_MASK));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 11);
  g_assert_true (key_press_with (f.board, GDK_KEY_Left, GDK_CONTROL_MASK));   /* at the edge */
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 11);

  /* Flipped by its action: arrows follow the screen. */
  gtk_widget_activate_action (GTK_WIDGET (f.board), "board.flip", NULL);
  g_assert_true (dj_board_get_flipped (f.board));
  g_assert_true (key_press (f.board, GDK_KEY_Up));
  g_assert_cmpint (dj_board_scene_get_focus (scene), ==, 0);    /* F is bottom right, a above it */
  gtk_widget_activate_action (GTK_WIDGET (f.board), "board.flip", NULL);
  g_assert_false (dj_board_get_flipped (f.board));

  /* Enter and Space are the pit button's own keys (activate). */
  g_assert_false (key_press (f.board, GDK_KEY_Return));

  fixture_tear_down (&f);
}

static gboolean
not_animating (Fixture *f)
{
  return !dj_board_is_animating (f->board);
}

static void
animating_notify_cb (DjBoard    *board,
                     GParamSpec *pspec,
                     guint      *count)
{
  (*count)++;
}

static void
test_widget_animation (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition start;
  g_autoptr(DjTrace) trace = NULL;
  guint notified = 0;
  Fixture f;

  fixture_set_up (&f, &rules, NULL);
  g_object_set (gtk_widget_get_settings (GTK_WIDGET (f.board)), "gtk-enable-animations", TRUE,
                NULL);
  g_signal_connect (f.board, "notify::animating", G_CALLBACK (animating_notify_cb), &notified);
  dj_position_init_start (&start);
  trace = play (&rules, &start, 2);

  /* A key finishes the animation at once and then does its work in the
   * position that results: after c, North's A is played. */
  dj_board_set_animation_speed (f.board, DJ_ANIMATION_SPEED_SLOW);
  dj_board_play_trace (f.board, trace);
  g_assert_true (dj_board_is_animating (f.board));
  g_assert_cmpuint (notified, ==, 1);
  /* Some frames of the animation drawn: it goes on. */
  wait_frames (&f, 3);
  g_assert_true (dj_board_is_animating (f.board));
  /* The window plays the move into the record and sets the same position: the
   * animation goes on. */
  dj_board_set_position (f.board, &rules, &trace->after);
  g_assert_true (dj_board_is_animating (f.board));
  g_assert_true (key_press (f.board, GDK_KEY_a));
  g_assert_false (dj_board_is_animating (f.board));
  g_assert_cmpuint (notified, ==, 2);
  g_assert_cmpuint (f.n_activated, ==, 1);
  g_assert_cmpint (f.activated, ==, 6);
  g_assert_cmpuint (f.n_refused, ==, 0);

  /* A new move while one is animated: "animating" stays TRUE throughout. */
  dj_board_play_trace (f.board, trace);
  g_assert_cmpuint (notified, ==, 3);
  dj_board_play_trace (f.board, trace);
  g_assert_cmpuint (notified, ==, 3);
  g_assert_true (dj_board_is_animating (f.board));
  dj_board_finish_animation (f.board);
  g_assert_cmpuint (notified, ==, 4);

  /* So does a click on a pit, which is then played (B) … */
  dj_board_play_trace (f.board, trace);
  g_assert_true (dj_board_is_animating (f.board));
  g_signal_emit_by_name (dj_board_get_pit_widget (f.board, 7), "clicked");
  g_assert_false (dj_board_is_animating (f.board));
  g_assert_cmpuint (f.n_activated, ==, 2);
  g_assert_cmpint (f.activated, ==, 7);
  /* … or refused with its reason (D holds a single seed after c). */
  dj_board_play_trace (f.board, trace);
  g_signal_emit_by_name (dj_board_get_pit_widget (f.board, 9), "clicked");
  g_assert_false (dj_board_is_animating (f.board));
  g_assert_cmpuint (f.n_activated, ==, 2);
  g_assert_cmpuint (f.n_refused, ==, 1);
  g_assert_cmpint (f.refused, ==, 9);

  /* Any other key too, without being eaten: Alt+Left still steps back. */
  dj_board_play_trace (f.board, trace);
  g_assert_false (key_press (f.board, GDK_KEY_z));
  g_assert_false (dj_board_is_animating (f.board));
  dj_board_play_trace (f.board, trace);
  g_assert_false (key_press_with (f.board, GDK_KEY_Left, GDK_ALT_MASK));
  g_assert_false (dj_board_is_animating (f.board));
  g_assert_false (key_press_with (f.board, GDK_KEY_Left, GDK_ALT_MASK));
  g_assert_false (key_press_with (f.board, GDK_KEY_c, GDK_CONTROL_MASK));
  g_assert_cmpuint (f.n_activated, ==, 2);

  /* Left alone, it ends by itself (fast: about 1.3 s). */
  dj_board_set_animation_speed (f.board, DJ_ANIMATION_SPEED_FAST);
  dj_board_play_trace (f.board, trace);
  g_assert_true (dj_board_is_animating (f.board));
  spin_until (not_animating, &f);
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    g_assert_cmpuint (dj_board_scene_get_pit_count (dj_board_get_scene (f.board), pit), ==,
                      trace->after.pits[pit]);

  /* Speed off: no animation. */
  dj_board_set_animation_speed (f.board, DJ_ANIMATION_SPEED_OFF);
  dj_board_play_trace (f.board, trace);
  g_assert_false (dj_board_is_animating (f.board));

  /* A different position stops a running animation. */
  dj_board_set_animation_speed (f.board, DJ_ANIMATION_SPEED_SLOW);
  dj_board_play_trace (f.board, trace);
  dj_board_set_position (f.board, &rules, &start);
  g_assert_false (dj_board_is_animating (f.board));
  g_assert_true (dj_position_equal (dj_board_scene_get_position (dj_board_get_scene (f.board)),
                                    &start));

  fixture_tear_down (&f);
}

static void
test_widget_properties (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  Fixture f;
  DjAnimationSpeed speed;
  gboolean value;

  fixture_set_up (&f, &rules, NULL);

  g_object_set (f.board, "animation-speed", DJ_ANIMATION_SPEED_FAST, NULL);
  g_object_get (f.board, "animation-speed", &speed, NULL);
  g_assert_cmpint (speed, ==, DJ_ANIMATION_SPEED_FAST);
  g_object_set (f.board, "flipped", TRUE, "show-counts", FALSE, "interactive", FALSE, NULL);
  g_assert_true (dj_board_get_flipped (f.board));
  g_assert_false (dj_board_get_show_counts (f.board));
  g_assert_false (dj_board_get_interactive (f.board));
  g_object_get (f.board, "animating", &value, NULL);
  g_assert_false (value);
  g_assert_cmpint (gtk_widget_get_direction (GTK_WIDGET (f.board)), ==, GTK_TEXT_DIR_LTR);
  g_assert_cmpint (gtk_widget_get_direction (dj_board_get_pit_widget (f.board, 0)), ==,
                   GTK_TEXT_DIR_LTR);

  /* A flipped board puts a (index 0) in the top right corner. */
  {
    graphene_rect_t a, f_pit;

    wait_frames (&f, 1);
    g_assert_true (gtk_widget_compute_bounds (dj_board_get_pit_widget (f.board, 0),
                                              GTK_WIDGET (f.board), &a));
    g_assert_true (gtk_widget_compute_bounds (dj_board_get_pit_widget (f.board, 5),
                                              GTK_WIDGET (f.board), &f_pit));
    g_assert_cmpfloat (a.origin.x, >, f_pit.origin.x);
    g_assert_cmpfloat (a.origin.y, <, RENDER_HEIGHT / 2.0);
  }

  fixture_tear_down (&f);
}

static void
test_widget_accessible (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  GtkWidget *pit;
  Fixture f;

  fixture_set_up (&f, &rules, NULL);

  gtk_test_accessible_assert_role (f.board, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_test_accessible_assert_property (f.board, GTK_ACCESSIBLE_PROPERTY_LABEL, "Board");
  gtk_test_accessible_assert_property (f.board, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "South to move. South has captured 0 seeds. "
                                       "North has captured 0 seeds.");

  pit = dj_board_get_pit_widget (f.board, 2);
  gtk_test_accessible_assert_role (pit, GTK_ACCESSIBLE_ROLE_BUTTON);
  g_assert_true (gtk_widget_get_focusable (pit));
  g_assert_cmpstr (dj_pit_get_accessible_label (DJ_PIT (pit)), ==,
                   "South pit c, 4 seeds, can be played");
  gtk_test_accessible_assert_property (pit, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "South pit c, 4 seeds, can be played");
  gtk_test_accessible_assert_property (dj_board_get_pit_widget (f.board, 8),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "North pit C, 4 seeds");

  {
    DjPosition pos = position_from_text ("5 1 2 6 6 0 5 5 5 1 5 5 2 0 N");
    g_autofree char *expected = g_strdup_printf ("North pit D, 1 seed, cannot be played: %s",
                                                 dj_pit_status_describe (DJ_PIT_SINGLETON));

    dj_board_set_position (f.board, &rules, &pos);
    gtk_test_accessible_assert_property (dj_board_get_pit_widget (f.board, 9),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
    {
      g_autofree char *tip = dj_pit_dup_tooltip (DJ_PIT (dj_board_get_pit_widget (f.board, 9)));

      g_assert_cmpstr (tip, ==, dj_pit_status_describe (DJ_PIT_SINGLETON));
    }
    gtk_test_accessible_assert_property (dj_board_get_pit_widget (f.board, 0),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, "South pit a, 5 seeds");
    gtk_test_accessible_assert_property (f.board, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                         "North to move. South has captured 2 seeds. "
                                         "North has captured 0 seeds.");
    /* Markers and the best move are heard as well as seen. */
    {
      guint8 markers[DJ_N_PITS] = { 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0 };

      dj_board_set_markers (f.board, markers);
      dj_board_set_best_move (f.board, 7);
      gtk_test_accessible_assert_property (dj_board_get_pit_widget (f.board, 7),
                                           GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           "North pit B, 5 seeds, can be played, best move");
      /* The markup is the pit's description. */
      gtk_test_accessible_assert_property (dj_board_get_pit_widget (f.board, 7),
                                           GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Red circle.");
      g_assert_true (gtk_widget_has_css_class (dj_board_get_pit_widget (f.board, 7), "best"));
      dj_board_set_markers (f.board, NULL);
      dj_board_set_best_move (f.board, DJ_NO_MOVE);
      gtk_test_accessible_assert_property (dj_board_get_pit_widget (f.board, 7),
                                           GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           "North pit B, 5 seeds, can be played");
    }
    /* A legal pit's tooltip tells where the move ends. */
    {
      g_autofree char *tip = dj_pit_dup_tooltip (DJ_PIT (dj_board_get_pit_widget (f.board, 6)));

      g_assert_nonnull (strstr (tip, "Ends in"));
    }
  }

  fixture_tear_down (&f);
}

/* Pictures --------------------------------------------------------------- */

static GdkTexture *
render (DjBoard *board)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  /* The board's own drawing, which snapshots its pits: unlike a
   * GtkWidgetPaintable, it never hands back an image cached before the
   * last change. */
  GTK_WIDGET_GET_CLASS (board)->snapshot (GTK_WIDGET (board), snapshot);
  return dj_test_render_snapshot (snapshot, gtk_widget_get_width (GTK_WIDGET (board)),
                                  gtk_widget_get_height (GTK_WIDGET (board)));
}

/* Pixels of @a and @b that differ by more than the tolerance; -1 if the sizes do. */
static int
count_differences (GdkTexture *a,
                   GdkTexture *b)
{
  return dj_test_count_differences (a, b, PIXEL_TOLERANCE);
}

static gboolean
pictures_match (GdkTexture *a,
                GdkTexture *b)
{
  int n = count_differences (a, b);

  return n >= 0 && n <= MAX_DIFFERENT_PIXELS;
}

static void
check_reference (GdkTexture *texture,
                 const char *name)
{
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "reference", file, NULL);
  g_autoptr(GdkTexture) reference = NULL;
  g_autoptr(GError) error = NULL;
  int n;

  if (g_getenv ("DJENON_UPDATE_REFERENCES") != NULL)
    {
      g_assert_true (gdk_texture_save_to_png (texture, path));
      g_test_message ("wrote %s", path);
      return;
    }

  reference = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  n = count_differences (texture, reference);
  g_test_message ("%s: %d pixels differ from the reference", name, n);
  if (n < 0 || n > MAX_DIFFERENT_PIXELS)
    {
      g_autofree char *out_file = g_strconcat (name, "-actual.png", NULL);
      g_autofree char *out = g_test_build_filename (G_TEST_BUILT, out_file, NULL);

      gdk_texture_save_to_png (texture, out);
      g_test_fail_printf ("%s: %d pixels differ from the reference (allowed %d); got %s",
                          name, n, MAX_DIFFERENT_PIXELS, out);
    }
}

typedef struct
{
  const char *name;
  DjVariant   variant;
  const char *moves;      /* from the start */
  const char *expected;   /* the position they reach, as djenon-cli prints it */
} RenderCase;

static const RenderCase render_cases[] = {
  { "board-aboure-start", DJ_VARIANT_ABOURE, NULL, "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S" },
  { "board-abe-start", DJ_VARIANT_ABE, NULL, "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S" },
  /* djenon-cli play aboure c A d E b F */
  { "board-aboure-mid", DJ_VARIANT_ABOURE, "c A d E b F", "0 2 2 3 1 3 2 2 12 6 0 1 6 8 S" },
  /* djenon-cli play abe c A d E b F */
  { "board-abe-mid", DJ_VARIANT_ABE, "c A d E b F", "5 1 6 0 0 0 5 5 0 12 0 0 4 10 S" },
};

static void
test_render_reference (gconstpointer data)
{
  const RenderCase *rc = data;
  DjRules rules = DJ_RULES_INIT (rc->variant);
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *text = NULL;
  DjPosition pos;
  Fixture f;

  if (rc->moves != NULL)
    pos = position_after_moves (&rules, rc->moves);
  else
    dj_position_init_start (&pos);
  text = dj_position_to_string (&pos);
  g_assert_cmpstr (text, ==, rc->expected);

  fixture_set_up (&f, &rules, rc->expected);
  texture = render (f.board);
  check_reference (texture, rc->name);
  fixture_tear_down (&f);
}

static void
test_render_one_seed (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition start, moved, missing;
  g_autoptr(GdkTexture) base = NULL;
  g_autoptr(GdkTexture) again = NULL;
  g_autoptr(GdkTexture) one_moved = NULL;
  g_autoptr(GdkTexture) one_missing = NULL;
  g_autoptr(GdkTexture) counted = NULL;
  g_autoptr(GdkTexture) counted_moved = NULL;
  Fixture f;

  dj_position_init_start (&start);
  moved = start;
  moved.pits[0] = 5;      /* one seed moved from b to a */
  moved.pits[1] = 3;
  missing = start;
  missing.pits[8] = 3;    /* one seed gone from C */
  missing.captured[DJ_SOUTH] = 1;

  fixture_set_up (&f, &rules, NULL);

  /* Without counts, only the seeds themselves can tell. */
  dj_board_set_show_counts (f.board, FALSE);
  base = render (f.board);
  again = render (f.board);
  g_assert_cmpint (count_differences (base, again), ==, 0);
  g_assert_true (pictures_match (base, again));

  dj_board_set_position (f.board, &rules, &moved);
  one_moved = render (f.board);
  g_assert_false (pictures_match (base, one_moved));

  dj_board_set_position (f.board, &rules, &missing);
  one_missing = render (f.board);
  g_assert_false (pictures_match (base, one_missing));

  /* With counts, a wrong count alone fails too (a 5 instead of a 4). */
  dj_board_set_show_counts (f.board, TRUE);
  dj_board_set_position (f.board, &rules, &start);
  counted = render (f.board);
  dj_board_set_position (f.board, &rules, &moved);
  counted_moved = render (f.board);
  g_assert_false (pictures_match (counted, counted_moved));

  fixture_tear_down (&f);
}

/* What does not change is drawn once: the same position again costs no
 * new picture, and looks exactly as it did. */
static void
test_render_pictures (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition start, moved;
  g_autoptr(GdkTexture) first = NULL;
  g_autoptr(GdkTexture) back = NULL;
  DjPictureCache *pictures;
  guint rendered, reused, rendered_after, reused_after;
  Fixture f;

  dj_position_init_start (&start);
  moved = position_after_moves (&rules, "c A d");
  fixture_set_up (&f, &rules, NULL);
  pictures = dj_board_get_pictures (f.board);

  first = render (f.board);
  dj_picture_cache_get_stats (pictures, &rendered, &reused);
  /* The wood and at least one pit were drawn. */
  g_assert_cmpuint (rendered, >=, 2);

  dj_board_set_position (f.board, &rules, &moved);
  g_clear_object (&back);
  back = render (f.board);
  g_assert_false (pictures_match (first, back));

  dj_picture_cache_get_stats (pictures, &rendered, &reused);
  dj_board_set_position (f.board, &rules, &start);
  g_clear_object (&back);
  back = render (f.board);
  dj_picture_cache_get_stats (pictures, &rendered_after, &reused_after);
  /* Back at the start: every pit, heap and the wood come from pictures. */
  g_assert_cmpuint (rendered_after, ==, rendered);
  g_assert_cmpuint (reused_after, >, reused);
  g_assert_cmpint (count_differences (first, back), ==, 0);

  fixture_tear_down (&f);
}

/* Pictures follow the style: the dark style shows a darker board (the pits'
 * pictures are found by what their nodes draw, colours included), and the
 * light style comes back exactly as it was. */
static void
test_render_style_change (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autoptr(GdkTexture) light = NULL;
  g_autoptr(GdkTexture) dark = NULL;
  g_autoptr(GdkTexture) back = NULL;
  Fixture f;

  fixture_set_up (&f, &rules, NULL);
  light = render (f.board);

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  dark = render (f.board);
  g_assert_false (pictures_match (light, dark));

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  back = render (f.board);
  g_assert_cmpint (count_differences (light, back), ==, 0);

  fixture_tear_down (&f);
}

/* Record → scene → widget: given a game, the board shows its current node
 * by itself and animates a turn the record plays, ending where the forced
 * pass left the game (aboure: after South's a, North passes). */
static void
test_widget_follows_game (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition start = position_from_text ("2 0 0 0 2 0 0 0 0 0 0 0 20 24 S");
  g_autoptr(DjGame) game = dj_game_new (&rules, &start);
  g_autoptr(DjGame) other = dj_game_new (&rules, NULL);
  g_autoptr(DjTrace) trace = NULL;
  DjBoardScene *scene;
  DjNode *root = dj_game_get_root (game);
  DjNode *pass;
  Fixture f;

  fixture_set_up (&f, &rules, NULL);
  scene = dj_board_get_scene (f.board);
  g_object_set (gtk_widget_get_settings (GTK_WIDGET (f.board)), "gtk-enable-animations", TRUE,
                NULL);
  dj_board_set_animation_speed (f.board, DJ_ANIMATION_SPEED_SLOW);

  dj_board_set_game (f.board, game);
  g_assert_true (dj_board_get_game (f.board) == game);
  g_assert_true (dj_position_equal (dj_board_scene_get_position (scene), &start));

  trace = dj_game_play_turn (game, 0, DJ_NO_TIME, NULL);
  g_assert_nonnull (trace);
  pass = dj_game_get_current (game);
  g_assert_cmpint (dj_node_get_move (pass), ==, DJ_PASS);
  /* The move is shown seed by seed, from where it began … */
  g_assert_true (dj_board_is_animating (f.board));
  g_assert_cmpuint (dj_board_scene_get_step (scene), ==, 0);
  g_assert_cmpuint (dj_board_scene_get_pit_count (scene, 1), ==, 0);
  /* … towards the position after North's pass, South to move. */
  g_assert_true (dj_position_equal (dj_board_scene_get_position (scene),
                                    dj_node_get_position (pass)));
  dj_board_finish_animation (f.board);
  g_assert_cmpuint (dj_board_scene_get_pit_count (scene, 1), ==, 1);
  g_assert_cmpint (dj_board_scene_get_side_to_move (scene), ==, DJ_SOUTH);

  /* Another game and back: shown still, the last turn is not played again. */
  dj_board_set_game (f.board, other);
  dj_board_set_game (f.board, game);
  g_assert_false (dj_board_is_animating (f.board));
  g_assert_true (dj_position_equal (dj_board_scene_get_position (scene),
                                    dj_node_get_position (pass)));

  /* Going elsewhere is shown at once; markers follow the record. */
  dj_game_set_current (game, root);
  g_assert_false (dj_board_is_animating (f.board));
  g_assert_true (dj_position_equal (dj_board_scene_get_position (scene), &start));
  dj_game_set_marker (game, root, 3, DJ_MARKER_GREEN);
  g_assert_cmpuint (dj_board_scene_get_marker (scene, 3), ==, DJ_MARKER_GREEN);

  dj_board_set_game (f.board, NULL);
  fixture_tear_down (&f);
}

int
main (int argc,
      char *argv[])
{
  gboolean display;

  /* GTK's "test" accessibility backend keeps the properties set, so they can
   * be checked, and needs no session bus ("none" would keep nothing). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  display = gtk_init_check ();
  if (display)
    {
      adw_init ();
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          ADW_COLOR_SCHEME_FORCE_LIGHT);
      /* CSS transitions would make pictures depend on timing. */
      g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
    }

  g_test_add_func ("/djenon/board/scene/legal", test_scene_legal);
  g_test_add_func ("/djenon/board/scene/focus", test_scene_focus);
  g_test_add_func ("/djenon/board/scene/preview", test_scene_preview);
  g_test_add_func ("/djenon/board/scene/trace-steps", test_scene_trace_steps);
  g_test_add_func ("/djenon/board/scene/animation", test_scene_animation);
  g_test_add_func ("/djenon/board/scene/show-step", test_scene_show_step);
  g_test_add_func ("/djenon/board/scene/markers", test_scene_markers);
  g_test_add_func ("/djenon/board/scene/speed-enum", test_speed_enum);

  if (display)
    {
      g_test_add_func ("/djenon/board/widget/click", test_widget_click);
      g_test_add_func ("/djenon/board/widget/keys", test_widget_keys);
      g_test_add_func ("/djenon/board/widget/animation", test_widget_animation);
      g_test_add_func ("/djenon/board/widget/follows-game", test_widget_follows_game);
      g_test_add_func ("/djenon/board/widget/properties", test_widget_properties);
      g_test_add_func ("/djenon/board/widget/accessible", test_widget_accessible);
      for (guint i = 0; i < G_N_ELEMENTS (render_cases); i++)
        {
          g_autofree char *path = g_strconcat ("/djenon/board/render/", render_cases[i].name,
                                               NULL);

          g_test_add_data_func (path, &render_cases[i], test_render_reference);
        }
      g_test_add_func ("/djenon/board/render/one-seed-differs", test_render_one_seed);
      g_test_add_func ("/djenon/board/render/pictures-reused", test_render_pictures);
      g_test_add_func ("/djenon/board/render/style-change", test_render_style_change);
    }
  else
    g_test_message ("no display: the widget tests are skipped");

  return g_test_run ();
}
