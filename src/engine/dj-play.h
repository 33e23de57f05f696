/* dj-play.h: legal moves, sowing, captures, game end and scores
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-position.h"

G_BEGIN_DECLS

/* Why a pit of the side to move can or cannot be played. */
typedef enum
{
  DJ_PIT_LEGAL = 0,
  DJ_PIT_EMPTY,
  DJ_PIT_SINGLETON,       /* Djenon-aboure: one seed cannot move */
  DJ_PIT_ENDLESS,         /* the relay sowing would never end */
  DJ_PIT_DOES_NOT_FEED,   /* a feeding move is owed and this one does not feed */
  DJ_PIT_NOT_YOURS,       /* a pit of the opponent's row */
  DJ_PIT_GAME_OVER,       /* the game has ended */
  DJ_PIT_CANNOT_PASS,     /* pass while a legal move exists */
} DjPitStatus;

typedef enum
{
  DJ_END_NONE = 0,
  DJ_END_NO_MOVES,          /* aboure: every pit holds 0 or 1 */
  DJ_END_NO_MOVES_ENDLESS,  /* nobody can move, every remaining move is endless */
  DJ_END_ONE_SEED_EACH,     /* abe: each row holds exactly one seed */
  DJ_END_STARVED,           /* abe: the side to move's row is empty and cannot be fed */
  DJ_END_CANNOT_FEED,       /* abe: a feeding move is owed and none exists */
} DjEndReason;

/* Why the pit cannot be played: "empty", "singleton", "endless", "does-not-feed". */
const char  *dj_pit_status_to_string   (DjPitStatus  status);
/* A translated sentence for the user interface. */
const char  *dj_pit_status_describe    (DjPitStatus  status);
const char  *dj_end_reason_to_string   (DjEndReason  reason);
gboolean     dj_end_reason_from_string (const char  *str,
                                        DjEndReason *reason);
const char  *dj_end_reason_describe    (DjEndReason  reason);

/* Everything about the moves of one position, computed once. */
typedef struct
{
  DjPosition  children[DJ_ROW_PITS];  /* position after each legal move of the mover's row */
  DjPitStatus pit[DJ_ROW_PITS];       /* indexed by the pit's place in the mover's row (0 = a/A) */
  guint8      n_legal;                /* legal pit moves */
  guint8      must_pass;              /* no pit is legal but the game goes on: the only move is pass */
  guint8      pass_owes_feed;         /* Djenon-abe: the pass is a starved pass; the reply must feed */
  guint8      end;                    /* DjEndReason; DJ_END_NONE while the game goes on */
  guint8      row_start;              /* 0 or 6: pit index of pit[0] */
} DjMoves;

/* Fills @moves for the side to move.  Cheap for ordinary positions;
 * every candidate move is sown to the end once. */
void         dj_moves_generate         (const DjRules    *rules,
                                        const DjPosition *pos,
                                        DjMoves          *moves);
/* The number of legal pit moves of the side to move, no more: 0 when the
 * only move is a pass or the game is over.  For counting (perft). */
guint        dj_moves_count            (const DjRules    *rules,
                                        const DjPosition *pos);
gboolean     dj_moves_is_legal         (const DjMoves    *moves,
                                        DjMove            move);
/* The position after a legal @move (including pass); FALSE if illegal. */
gboolean     dj_moves_child            (const DjMoves    *moves,
                                        const DjPosition *pos,
                                        DjMove            move,
                                        DjPosition       *child);
/* Why @move is not legal, for messages (DJ_PIT_LEGAL when it is). */
DjPitStatus  dj_moves_why              (const DjMoves    *moves,
                                        DjMove            move);

/* A turn: @move (legal in @moves, the moves of @pos; DJ_NO_MOVE for none,
 * as at a set-up position), then the pass the rules force on the next player
 * when that player cannot move and the game goes on.  @out gets the position
 * after the turn and @next its moves (@out may be @pos, @next may be
 * @moves).  Returns TRUE when a pass was forced.  The record's
 * dj_game_play_turn() and the command line's random games play turns with
 * it: no other code decides when a pass is forced. */
gboolean     dj_moves_play_turn        (const DjRules    *rules,
                                        const DjMoves    *moves,
                                        const DjPosition *pos,
                                        DjMove            move,
                                        DjPosition       *out,
                                        DjMoves          *next);

/* Final scores of a finished game (captures + own row, and the terminal gift in abe). */
void         dj_final_scores           (const DjRules    *rules,
                                        const DjPosition *pos,
                                        int               score[2]);

/* One lap of a move: @seeds lifted from @pit and dropped in @seeds consecutive pits
 * beginning at first(pit); the last one landed in @landing, making @landing_count. */
typedef struct
{
  guint8  pit;
  guint8  landing;
  guint16 seeds;
  guint16 landing_count;
  guint32 first_drop;   /* index into DjTrace.drops */
} DjLap;

typedef struct
{
  guint8 pit;
  guint8 seeds;
} DjCapture;

typedef enum
{
  DJ_TRACE_PASS = 0,    /* the move was a pass */
  DJ_TRACE_EMPTY_PIT,   /* the last lap ended in an empty pit: no capture */
  DJ_TRACE_CAPTURE,     /* the last lap made 2 or 4: capture chain */
} DjTraceEnd;

/* Exactly what a move did, for animation and explanation. */
typedef struct
{
  DjRules     rules;
  DjPosition  before;
  DjPosition  after;
  DjMove      move;
  DjTraceEnd  end;
  GArray     *laps;      /* DjLap, in order */
  GArray     *drops;     /* guint8 pit indices, every seed dropped, in order */
  GArray     *captures;  /* DjCapture: the landing pit first, then backwards */
  guint       captured;  /* seeds taken in all */
  gboolean    fed;       /* the move was owed as feeding and it fed */
} DjTrace;

DjTrace     *dj_trace_new              (void);
void         dj_trace_free             (DjTrace *trace);
DjTrace     *dj_trace_copy             (const DjTrace *trace);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjTrace, dj_trace_free)

/* Plays @move (legal or not is checked) and records what happened.
 * On an illegal move returns FALSE with DJ_ENGINE_ERROR_ILLEGAL and a message
 * naming the move and the reason. */
gboolean     dj_play                   (const DjRules    *rules,
                                        const DjPosition *pos,
                                        DjMove            move,
                                        DjTrace          *trace,
                                        GError          **error);

/* Low level: sow @pit of @pos (any side, no legality check other than the
 * endless check) into @out, without the turn bookkeeping.  Returns FALSE if
 * the move never ends.  Used by the search. */
gboolean     dj_sow                    (DjVariant         variant,
                                        const DjPosition *pos,
                                        guint             pit,
                                        DjPosition       *out);

/* Human-readable one-line summary of a trace, e.g.
 * "c: 4 laps c→f→B→b, captured 2 at f". */
char        *dj_trace_describe         (const DjTrace    *trace);

G_END_DECLS
