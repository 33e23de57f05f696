/* dj-play.c: relay sowing, captures, legal moves and the end of the game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-play.h"

#define NEXT(i) ((i) == DJ_N_PITS - 1 ? 0 : (i) + 1)
#define PREV(i) ((i) == 0 ? DJ_N_PITS - 1 : (i) - 1)

/* Cycle detection starts after this many laps: an endless move needs at least
 * twelve, and nearly every real move ends long before. */
#define CHECK_AFTER_LAPS 12

static inline guint
first_pit (DjVariant variant,
           guint     pit)
{
  return variant == DJ_VARIANT_ABOURE ? pit : NEXT (pit);
}

/* The twelve counts as bytes of two machine words (pits 0..7 in lo, 8..11 in
 * the low half of hi), so a lap of n < 12 seeds is one or two additions of a
 * precomputed mask instead of n stores.  Counts never exceed 48: no carry. */
typedef struct
{
  guint64 lo, hi;
} Pits;

typedef struct
{
  guint64 lo, hi;
} LapMask;

/* lap_mask[s][n]: one seed in each of the n pits s, s+1, … (mod 12). */
static LapMask lap_mask[DJ_N_PITS][DJ_N_PITS];
static gsize lap_mask_ready;

static void
init_lap_masks (void)
{
  if (g_once_init_enter (&lap_mask_ready))
    {
      for (guint s = 0; s < DJ_N_PITS; s++)
        for (guint n = 0; n < DJ_N_PITS; n++)
          {
            LapMask m = { 0, 0 };

            for (guint k = 0; k < n; k++)
              {
                guint i = (s + k) % DJ_N_PITS;

                if (i < 8)
                  m.lo |= G_GUINT64_CONSTANT (1) << (8 * i);
                else
                  m.hi |= G_GUINT64_CONSTANT (1) << (8 * (i - 8));
              }
            lap_mask[s][n] = m;
          }
      g_once_init_leave (&lap_mask_ready, 1);
    }
}

/* Branch-free: which word a pit lives in is unpredictable from lap to lap. */
static inline guint
pits_get (const Pits *p,
          guint       i)
{
  guint64 w = i < 8 ? p->lo : p->hi;

  return (guint) (w >> (8 * (i & 7))) & 0xff;
}

static inline void
pits_clear (Pits  *p,
            guint  i)
{
  guint64 keep = ~(G_GUINT64_CONSTANT (0xff) << (8 * (i & 7)));
  guint64 all = ~G_GUINT64_CONSTANT (0);

  p->lo &= i < 8 ? keep : all;
  p->hi &= i < 8 ? all : keep;
}

static inline void
pits_load (Pits         *p,
           const guint8 *pits)
{
  guint32 hi;

  memcpy (&p->lo, pits, 8);
  memcpy (&hi, pits + 8, 4);
  p->lo = GUINT64_FROM_LE (p->lo);
  p->hi = GUINT32_FROM_LE (hi);
}

static inline void
pits_store (const Pits *p,
            guint8     *pits)
{
  guint64 lo = GUINT64_TO_LE (p->lo);
  guint32 hi = GUINT32_TO_LE ((guint32) p->hi);

  memcpy (pits, &lo, 8);
  memcpy (pits + 8, &hi, 4);
}

/* Sows from @pit in @pits until the move ends.  Returns the seeds taken, or
 * -1 if the move never ends: a state at the start of a lap (the counts and
 * the pit lifted) recurs.  Brent's cycle detection, so no lap limit. */
G_ALWAYS_INLINE static inline int
sow_fast (DjVariant variant,
          guint8   *pits,
          guint     pit)
{
  Pits p, saved = { 0, 0 };
  guint saved_pit = DJ_N_PITS;
  guint power = 1, lambda = 0, laps = 0;
  int result;

  pits_load (&p, pits);

  for (;;)
    {
      guint n = pits_get (&p, pit);
      guint s = first_pit (variant, pit);
      guint landing, c;

      pits_clear (&p, pit);
      if (G_UNLIKELY (n >= DJ_N_PITS))
        {
          guint q = n / DJ_N_PITS;

          p.lo += q * G_GUINT64_CONSTANT (0x0101010101010101);
          p.hi += q * G_GUINT64_CONSTANT (0x01010101);
          n -= q * DJ_N_PITS;
        }
      p.lo += lap_mask[s][n].lo;
      p.hi += lap_mask[s][n].hi;
      /* With n a multiple of 12 the last seed fell just before s. */
      landing = s + n + DJ_N_PITS - 1;
      if (landing >= DJ_N_PITS)
        landing -= DJ_N_PITS;
      if (landing >= DJ_N_PITS)
        landing -= DJ_N_PITS;

      c = pits_get (&p, landing);
      if (c == 1)
        {
          result = 0;
          break;
        }
      if (c == 2 || c == 4)
        {
          result = c;
          pits_clear (&p, landing);
          for (guint i = PREV (landing); i != landing; i = PREV (i))
            {
              guint ci = pits_get (&p, i);

              if (ci != 2 && ci != 4)
                break;
              result += ci;
              pits_clear (&p, i);
            }
          break;
        }

      pit = landing;
      if (G_UNLIKELY (++laps >= CHECK_AFTER_LAPS))
        {
          if (pit == saved_pit && p.lo == saved.lo && p.hi == saved.hi)
            return -1;
          if (++lambda == power)
            {
              saved = p;
              saved_pit = pit;
              power *= 2;
              lambda = 0;
            }
        }
    }
  pits_store (&p, pits);
  return result;
}

gboolean
dj_sow (DjVariant         variant,
        const DjPosition *pos,
        guint             pit,
        DjPosition       *out)
{
  DjPosition p = *pos;
  int taken;

  g_return_val_if_fail (pit < DJ_N_PITS, FALSE);

  init_lap_masks ();
  if (p.pits[pit] == 0)
    return FALSE;
  taken = sow_fast (variant, p.pits, pit);
  if (taken < 0)
    return FALSE;
  p.captured[p.to_move] += taken;
  *out = p;
  return TRUE;
}

/* Can the side to move in @pos, with a feeding move owed, feed the other side? */
static gboolean
can_feed (const DjRules    *rules,
          const DjPosition *pos)
{
  guint row = DJ_ROW_START (pos->to_move);
  DjSide starved = DJ_OTHER_SIDE (pos->to_move);

  for (guint i = row; i < row + DJ_ROW_PITS; i++)
    {
      DjPosition child;

      if (pos->pits[i] == 0)
        continue;
      if (dj_sow (rules->variant, pos, i, &child) &&
          dj_position_row_seeds (&child, starved) > 0)
        return TRUE;
    }
  return FALSE;
}

/* Has the side to move in @pos (Djenon-aboure) any legal move? */
static gboolean
aboure_has_move (const DjPosition *pos)
{
  guint row = DJ_ROW_START (pos->to_move);

  for (guint i = row; i < row + DJ_ROW_PITS; i++)
    {
      DjPosition child;

      if (pos->pits[i] >= 2 && dj_sow (DJ_VARIANT_ABOURE, pos, i, &child))
        return TRUE;
    }
  return FALSE;
}

static void
generate_aboure (const DjPosition *pos,
                 DjMoves          *moves)
{
  guint row = moves->row_start;

  for (guint k = 0; k < DJ_ROW_PITS; k++)
    {
      guint i = row + k;
      guint8 n = pos->pits[i];

      if (n == 0)
        moves->pit[k] = DJ_PIT_EMPTY;
      else if (n == 1)
        moves->pit[k] = DJ_PIT_SINGLETON;
      else
        {
          DjPosition *child = &moves->children[k];
          int taken;

          *child = *pos;
          taken = sow_fast (DJ_VARIANT_ABOURE, child->pits, i);
          if (taken < 0)
            moves->pit[k] = DJ_PIT_ENDLESS;
          else
            {
              child->captured[pos->to_move] += taken;
              child->to_move = DJ_OTHER_SIDE (pos->to_move);
              child->feed_owed = 0;
              moves->pit[k] = DJ_PIT_LEGAL;
              moves->n_legal++;
            }
        }
    }

  if (moves->n_legal == 0)
    {
      DjPosition other = *pos;

      other.to_move = DJ_OTHER_SIDE (pos->to_move);
      if (aboure_has_move (&other))
        moves->must_pass = TRUE;
      else
        {
          moves->end = DJ_END_NO_MOVES;
          for (guint i = 0; i < DJ_N_PITS; i++)
            if (pos->pits[i] >= 2)
              moves->end = DJ_END_NO_MOVES_ENDLESS;
        }
    }
}

static void
generate_abe (const DjRules    *rules,
              const DjPosition *pos,
              DjMoves          *moves)
{
  DjSide me = pos->to_move, them = DJ_OTHER_SIDE (me);
  guint own = dj_position_row_seeds (pos, me);
  guint opp = dj_position_row_seeds (pos, them);
  guint row = moves->row_start;
  gboolean must_feed;

  if (own == 1 && opp == 1)
    {
      moves->end = DJ_END_ONE_SEED_EACH;
      for (guint k = 0; k < DJ_ROW_PITS; k++)
        moves->pit[k] = pos->pits[row + k] ? DJ_PIT_GAME_OVER : DJ_PIT_EMPTY;
      return;
    }

  if (own == 0)
    {
      DjPosition other = *pos;

      for (guint k = 0; k < DJ_ROW_PITS; k++)
        moves->pit[k] = DJ_PIT_EMPTY;
      other.to_move = them;
      if (can_feed (rules, &other))
        {
          moves->must_pass = TRUE;
          moves->pass_owes_feed = TRUE;
        }
      else
        moves->end = DJ_END_STARVED;
      return;
    }

  must_feed = pos->feed_owed || (rules->feeding == DJ_FEEDING_IMMEDIATE && opp == 0);

  for (guint k = 0; k < DJ_ROW_PITS; k++)
    {
      guint i = row + k;
      DjPosition *child = &moves->children[k];
      int taken;

      if (pos->pits[i] == 0)
        {
          moves->pit[k] = DJ_PIT_EMPTY;
          continue;
        }
      *child = *pos;
      taken = sow_fast (DJ_VARIANT_ABE, child->pits, i);
      if (taken < 0)
        {
          moves->pit[k] = DJ_PIT_ENDLESS;
          continue;
        }
      child->captured[me] += taken;
      if (must_feed && dj_position_row_seeds (child, them) == 0)
        {
          moves->pit[k] = DJ_PIT_DOES_NOT_FEED;
          continue;
        }
      child->to_move = them;
      child->feed_owed = 0;
      moves->pit[k] = DJ_PIT_LEGAL;
      moves->n_legal++;
    }

  if (moves->n_legal == 0)
    moves->end = must_feed ? DJ_END_CANNOT_FEED : DJ_END_NO_MOVES_ENDLESS;
}

void
dj_moves_generate (const DjRules    *rules,
                   const DjPosition *pos,
                   DjMoves          *moves)
{
  g_return_if_fail (rules != NULL);
  g_return_if_fail (pos != NULL);
  g_return_if_fail (moves != NULL);

  init_lap_masks ();
  moves->n_legal = 0;
  moves->must_pass = FALSE;
  moves->pass_owes_feed = FALSE;
  moves->end = DJ_END_NONE;
  moves->row_start = DJ_ROW_START (pos->to_move);

  if (rules->variant == DJ_VARIANT_ABOURE)
    generate_aboure (pos, moves);
  else
    generate_abe (rules, pos, moves);

  if (moves->end != DJ_END_NONE)
    for (guint k = 0; k < DJ_ROW_PITS; k++)
      if (moves->pit[k] == DJ_PIT_LEGAL)
        moves->pit[k] = DJ_PIT_GAME_OVER;
}

guint
dj_moves_count (const DjRules    *rules,
                const DjPosition *pos)
{
  DjSide me = pos->to_move, them = DJ_OTHER_SIDE (me);
  guint row = DJ_ROW_START (me);
  guint min_seeds = rules->variant == DJ_VARIANT_ABOURE ? 2 : 1;
  gboolean must_feed = FALSE;
  guint n = 0;

  g_return_val_if_fail (rules != NULL && pos != NULL, 0);

  init_lap_masks ();
  if (rules->variant == DJ_VARIANT_ABE)
    {
      guint own = dj_position_row_seeds (pos, me);
      guint opp = dj_position_row_seeds (pos, them);

      if (own == 0 || (own == 1 && opp == 1))
        return 0;
      must_feed = pos->feed_owed || (rules->feeding == DJ_FEEDING_IMMEDIATE && opp == 0);
    }
  for (guint i = row; i < row + DJ_ROW_PITS; i++)
    {
      DjPosition child;

      if (pos->pits[i] < min_seeds)
        continue;
      child = *pos;
      if (rules->variant == DJ_VARIANT_ABOURE)
        {
          if (sow_fast (DJ_VARIANT_ABOURE, child.pits, i) >= 0)
            n++;
        }
      else if (sow_fast (DJ_VARIANT_ABE, child.pits, i) >= 0 &&
               (!must_feed || dj_position_row_seeds (&child, them) > 0))
        n++;
    }
  return n;
}

DjPitStatus
dj_moves_why (const DjMoves *moves,
              DjMove         move)
{
  if (moves->end != DJ_END_NONE)
    return DJ_PIT_GAME_OVER;
  if (move == DJ_PASS)
    return moves->must_pass ? DJ_PIT_LEGAL : DJ_PIT_CANNOT_PASS;
  if (move < 0 || move >= DJ_N_PITS)
    return DJ_PIT_NOT_YOURS;
  if ((guint) move < moves->row_start || (guint) move >= moves->row_start + (guint) DJ_ROW_PITS)
    return DJ_PIT_NOT_YOURS;
  return moves->pit[move - moves->row_start];
}

gboolean
dj_moves_is_legal (const DjMoves *moves,
                   DjMove         move)
{
  return dj_moves_why (moves, move) == DJ_PIT_LEGAL;
}

gboolean
dj_moves_child (const DjMoves    *moves,
                const DjPosition *pos,
                DjMove            move,
                DjPosition       *child)
{
  if (!dj_moves_is_legal (moves, move))
    return FALSE;
  if (move == DJ_PASS)
    {
      *child = *pos;
      child->to_move = DJ_OTHER_SIDE (pos->to_move);
      child->feed_owed = moves->pass_owes_feed;
      return TRUE;
    }
  *child = moves->children[move - moves->row_start];
  return TRUE;
}

gboolean
dj_moves_play_turn (const DjRules    *rules,
                    const DjMoves    *moves,
                    const DjPosition *pos,
                    DjMove            move,
                    DjPosition       *out,
                    DjMoves          *next)
{
  DjPosition child;

  g_return_val_if_fail (rules != NULL && moves != NULL && pos != NULL, FALSE);
  g_return_val_if_fail (out != NULL && next != NULL, FALSE);

  if (move == DJ_NO_MOVE)
    child = *pos;
  else if (!dj_moves_child (moves, pos, move, &child))
    {
      g_critical ("dj_moves_play_turn: move %d is not legal", move);
      return FALSE;
    }
  else
    {
      /* @next may be @moves: the position after the move is read first. */
      dj_moves_generate (rules, &child, next);
    }
  if (move == DJ_NO_MOVE && next != moves)
    *next = *moves;

  /* The one place where the rules of a turn say it: a player who cannot
   * move passes at once, while the game goes on. */
  if (next->must_pass)
    {
      DjPosition after;

      dj_moves_child (next, &child, DJ_PASS, &after);
      dj_moves_generate (rules, &after, next);
      *out = after;
      return TRUE;
    }
  *out = child;
  return FALSE;
}

void
dj_final_scores (const DjRules    *rules,
                 const DjPosition *pos,
                 int               score[2])
{
  for (guint s = DJ_SOUTH; s <= DJ_NORTH; s++)
    score[s] = pos->captured[s] + dj_position_row_seeds (pos, (DjSide) s);

  if (rules->variant == DJ_VARIANT_ABE)
    {
      /* The terminal gift: a lone player with seeds gives one to the other. */
      guint south = dj_position_row_seeds (pos, DJ_SOUTH);
      guint north = dj_position_row_seeds (pos, DJ_NORTH);

      if (south > 0 && north == 0)
        score[DJ_SOUTH]--, score[DJ_NORTH]++;
      else if (north > 0 && south == 0)
        score[DJ_NORTH]--, score[DJ_SOUTH]++;
    }
}

static const char * const pit_status_names[] = {
  "legal", "empty", "singleton", "endless", "does-not-feed", "not-yours", "game-over",
  "cannot-pass",
};

const char *
dj_pit_status_to_string (DjPitStatus status)
{
  g_return_val_if_fail ((guint) status < G_N_ELEMENTS (pit_status_names), NULL);
  return pit_status_names[status];
}

const char *
dj_pit_status_describe (DjPitStatus status)
{
  switch (status)
    {
    case DJ_PIT_LEGAL:
      return _("This pit can be played");
    case DJ_PIT_EMPTY:
      return _("This pit is empty");
    case DJ_PIT_SINGLETON:
      return _("A single seed cannot be moved in Djenon-aboure");
    case DJ_PIT_ENDLESS:
      return _("Sowing from this pit would relay forever, so it cannot be played");
    case DJ_PIT_DOES_NOT_FEED:
      return _("A feeding move is owed, and this move leaves the opponent’s row empty");
    case DJ_PIT_NOT_YOURS:
      return _("This pit belongs to the other player");
    case DJ_PIT_GAME_OVER:
      return _("The game is over");
    case DJ_PIT_CANNOT_PASS:
      return _("A player may pass only when no move is possible");
    default:
      g_return_val_if_reached (NULL);
    }
}

static const char * const end_names[] = {
  "none", "no-moves", "no-moves-endless", "one-seed-each", "starved", "cannot-feed",
};

const char *
dj_end_reason_to_string (DjEndReason reason)
{
  g_return_val_if_fail ((guint) reason < G_N_ELEMENTS (end_names), NULL);
  return end_names[reason];
}

gboolean
dj_end_reason_from_string (const char  *str,
                           DjEndReason *reason)
{
  for (guint i = 1; i < G_N_ELEMENTS (end_names); i++)
    if (g_strcmp0 (str, end_names[i]) == 0)
      {
        *reason = (DjEndReason) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_end_reason_describe (DjEndReason reason)
{
  switch (reason)
    {
    case DJ_END_NONE:
      return _("The game goes on");
    case DJ_END_NO_MOVES:
      return _("No pit holds two or more seeds: nobody can move");
    case DJ_END_NO_MOVES_ENDLESS:
      return _("Nobody can move: every remaining move would relay forever");
    case DJ_END_ONE_SEED_EACH:
      return _("Each player has exactly one seed left");
    case DJ_END_STARVED:
      return _("The player to move has no seeds and cannot be fed");
    case DJ_END_CANNOT_FEED:
      return _("A feeding move is owed and none is possible");
    default:
      g_return_val_if_reached (NULL);
    }
}

DjTrace *
dj_trace_new (void)
{
  DjTrace *trace = g_new0 (DjTrace, 1);

  trace->laps = g_array_new (FALSE, FALSE, sizeof (DjLap));
  trace->drops = g_array_new (FALSE, FALSE, sizeof (guint8));
  trace->captures = g_array_new (FALSE, FALSE, sizeof (DjCapture));
  return trace;
}

void
dj_trace_free (DjTrace *trace)
{
  if (trace == NULL)
    return;
  g_array_unref (trace->laps);
  g_array_unref (trace->drops);
  g_array_unref (trace->captures);
  g_free (trace);
}

DjTrace *
dj_trace_copy (const DjTrace *trace)
{
  DjTrace *copy;

  g_return_val_if_fail (trace != NULL, NULL);

  copy = dj_trace_new ();
  copy->rules = trace->rules;
  copy->before = trace->before;
  copy->after = trace->after;
  copy->move = trace->move;
  copy->end = trace->end;
  copy->captured = trace->captured;
  copy->fed = trace->fed;
  g_array_append_vals (copy->laps, trace->laps->data, trace->laps->len);
  g_array_append_vals (copy->drops, trace->drops->data, trace->drops->len);
  g_array_append_vals (copy->captures, trace->captures->data, trace->captures->len);
  return copy;
}

/* Seed by seed, as a person sows; only ever called for a move known to end. */
static void
sow_traced (DjVariant variant,
            guint8   *pits,
            guint     pit,
            DjTrace  *trace)
{
  for (;;)
    {
      DjLap lap = { 0 };
      guint n = pits[pit], i = first_pit (variant, pit), c;

      lap.pit = pit;
      lap.seeds = n;
      lap.first_drop = trace->drops->len;
      pits[pit] = 0;
      for (guint k = 0; k < n; k++)
        {
          guint8 d = i;

          pits[i]++;
          g_array_append_val (trace->drops, d);
          lap.landing = i;
          i = NEXT (i);
        }
      c = pits[lap.landing];
      lap.landing_count = c;
      g_array_append_val (trace->laps, lap);

      if (c == 1)
        {
          trace->end = DJ_TRACE_EMPTY_PIT;
          return;
        }
      if (c == 2 || c == 4)
        {
          guint j = lap.landing;

          trace->end = DJ_TRACE_CAPTURE;
          do
            {
              DjCapture cap = { j, pits[j] };

              g_array_append_val (trace->captures, cap);
              trace->captured += pits[j];
              pits[j] = 0;
              j = PREV (j);
            }
          while (j != lap.landing && (pits[j] == 2 || pits[j] == 4));
          return;
        }
      pit = lap.landing;
    }
}

gboolean
dj_play (const DjRules    *rules,
         const DjPosition *pos,
         DjMove            move,
         DjTrace          *trace,
         GError          **error)
{
  DjMoves moves;
  DjPitStatus why;

  g_return_val_if_fail (rules != NULL && pos != NULL && trace != NULL, FALSE);

  dj_moves_generate (rules, pos, &moves);
  why = dj_moves_why (&moves, move);
  if (why != DJ_PIT_LEGAL)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_ILLEGAL,
                   /* Translators: "illegal move D (singleton)": a move, then the reason */
                   _("Illegal move %s: %s"),
                   move >= 0 && move <= DJ_PASS ? dj_move_to_string (move) : "?",
                   dj_pit_status_describe (why));
      return FALSE;
    }

  g_array_set_size (trace->laps, 0);
  g_array_set_size (trace->drops, 0);
  g_array_set_size (trace->captures, 0);
  trace->rules = *rules;
  trace->before = *pos;
  trace->move = move;
  trace->captured = 0;
  trace->fed = FALSE;
  dj_moves_child (&moves, pos, move, &trace->after);

  if (move == DJ_PASS)
    {
      trace->end = DJ_TRACE_PASS;
      return TRUE;
    }

  {
    DjPosition check = *pos;

    sow_traced (rules->variant, check.pits, (guint) move, trace);
    check.captured[pos->to_move] += trace->captured;
    /* The seed-by-seed replay and the fast sowing must agree exactly. */
    g_assert (memcmp (check.pits, trace->after.pits, DJ_N_PITS) == 0);
    g_assert (memcmp (check.captured, trace->after.captured, 2) == 0);
  }
  trace->fed = pos->feed_owed ||
               (rules->variant == DJ_VARIANT_ABE && rules->feeding == DJ_FEEDING_IMMEDIATE &&
                dj_position_row_seeds (pos, DJ_OTHER_SIDE (pos->to_move)) == 0);
  return TRUE;
}

char *
dj_trace_describe (const DjTrace *trace)
{
  GString *s = g_string_new (dj_move_to_string (trace->move));

  if (trace->move == DJ_PASS)
    return g_string_free (s, FALSE);

  for (guint i = 0; i < trace->laps->len; i++)
    {
      const DjLap *lap = &g_array_index (trace->laps, DjLap, i);

      g_string_append_printf (s, " lap %u: %u from %s to %s (%u);", i + 1, lap->seeds,
                              dj_move_to_string (lap->pit), dj_move_to_string (lap->landing),
                              lap->landing_count);
    }
  if (trace->end == DJ_TRACE_CAPTURE)
    {
      g_string_append (s, " capture");
      for (guint i = 0; i < trace->captures->len; i++)
        {
          const DjCapture *c = &g_array_index (trace->captures, DjCapture, i);

          g_string_append_printf (s, " %s:%u", dj_move_to_string (c->pit), c->seeds);
        }
      g_string_append_printf (s, " = %u", trace->captured);
    }
  else
    g_string_append (s, " ends in an empty pit");
  return g_string_free (s, FALSE);
}
