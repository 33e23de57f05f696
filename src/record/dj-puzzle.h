/* dj-puzzle.h: positions with exactly one good move, checked by the exact search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-game.h"
#include "dj-search.h"

G_BEGIN_DECLS

/* A puzzle is a position where exactly one legal move keeps the position's
 * exact value while every other legal move loses at least @min_loss seeds
 * against it (values as in dj-search.h, the mover's view).  Every value must
 * be proven exact: a position whose analysis is not exact is never a
 * puzzle.
 *
 * The solution line is the search's best line, cut after the last move of
 * the solver (the side to move at the puzzle) that is itself unique by the
 * same rule; the opponent's replies in between are the search's best replies
 * and the solver's forced moves (a single legal move or a pass) are kept.
 *
 * Difficulty: the number of moves the solver must find (unique moves of the
 * solution) plus the number of tempting moves, the losing moves that
 * capture at once at least as many seeds as the first solution move (a
 * player who counts only this move's captures would prefer them).  1 is the
 * easiest.
 *
 * Theme, from the trace of the first solution move, the first that holds:
 * a capture chain (it captures from 2 pits or more); feeding (it was owed as
 * feeding, or it sows into the opponent's empty row); starving the
 * opponent (the opponent had seeds before it, and after it has no pit to
 * play while the game goes on: they must pass); an endless relay
 * avoided (some losing move's best line goes round forever); else none. */

#define DJ_PUZZLE_DEFAULT_MIN_LOSS 4
/* The most solver moves a solution line follows. */
#define DJ_PUZZLE_MAX_SOLVER_MOVES 6

typedef enum
{
  DJ_PUZZLE_THEME_NONE = 0,
  DJ_PUZZLE_THEME_CAPTURE_CHAIN,
  DJ_PUZZLE_THEME_FEEDING,
  DJ_PUZZLE_THEME_STARVING,
  DJ_PUZZLE_THEME_ENDLESS_AVOIDED,
} DjPuzzleTheme;

/* Why a position is or is not a puzzle. */
typedef enum
{
  DJ_PUZZLE_OK = 0,
  DJ_PUZZLE_GAME_OVER,       /* no move at all */
  DJ_PUZZLE_NO_CHOICE,       /* one legal move (or a pass) */
  DJ_PUZZLE_NOT_EXACT,       /* a value is not proven */
  DJ_PUZZLE_SEVERAL_BEST,    /* another move keeps the value too */
  DJ_PUZZLE_TOO_CLOSE,       /* another move loses fewer than min_loss seeds */
} DjPuzzleVerdict;

typedef struct
{
  DjRules        rules;
  DjPosition     position;
  guint          min_loss;
  int            value;          /* the position's exact value, the solver's view */
  int            second_value;   /* the best value of the other moves */
  DjMove        *line;           /* the solution, starting with the unique move */
  guint          line_len;
  guint          solver_moves;   /* unique moves the solver must find (>= 1) */
  guint          tempting;       /* losing moves that capture at least as much at once */
  guint          difficulty;     /* solver_moves + tempting */
  DjPuzzleTheme  theme;
} DjPuzzle;

void            dj_puzzle_free            (DjPuzzle *puzzle);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjPuzzle, dj_puzzle_free)

/* "none", "capture-chain", "feeding", "starving", "endless-avoided" */
const char     *dj_puzzle_theme_to_string   (DjPuzzleTheme    theme);
gboolean        dj_puzzle_theme_from_string (const char      *str,
                                             DjPuzzleTheme   *theme);
/* A translated name for people. */
const char     *dj_puzzle_theme_describe    (DjPuzzleTheme    theme);
/* A translated sentence saying why a position is not a puzzle. */
const char     *dj_puzzle_verdict_describe  (DjPuzzleVerdict  verdict);

/* The rule alone, on a finished analysis (any flags): @margin (may be
 * NULL) gets best value minus the second best value. */
DjPuzzleVerdict dj_puzzle_judge           (const DjAnalysis *analysis,
                                           guint             min_loss,
                                           int              *margin);

/* The theme of the move @solution of @pos (see above), given the analysis
 * of @pos with lines (for the endless flags of the other moves);
 * @tempting (may be NULL) gets the number of tempting moves. */
DjPuzzleTheme   dj_puzzle_name_theme      (const DjRules    *rules,
                                           const DjPosition *pos,
                                           const DjAnalysis *analysis,
                                           DjMove            solution,
                                           guint            *tempting);

/* Checks @pos exactly and builds its puzzle.  Returns NULL when it is not
 * one, with the reason in @verdict (may be NULL); @error is set only when
 * the search fails (an invalid position, cancelled).  @limits bounds each
 * analysis (NULL: none); a value not proven within it is DJ_PUZZLE_NOT_EXACT. */
DjPuzzle       *dj_puzzle_find            (DjSearch             *search,
                                           const DjRules        *rules,
                                           const DjPosition     *pos,
                                           guint                 min_loss,
                                           const DjSearchLimits *limits,
                                           DjPuzzleVerdict      *verdict,
                                           GCancellable         *cancellable,
                                           GError              **error);

/* Tag keys of the game information of a puzzle game. */
#define DJ_PUZZLE_TAG_THEME      "PuzzleTheme"
#define DJ_PUZZLE_TAG_DIFFICULTY "PuzzleDifficulty"
#define DJ_PUZZLE_TAG_MIN_LOSS   "PuzzleMinLoss"
#define DJ_PUZZLE_TAG_VALUE      "PuzzleValue"
#define DJ_PUZZLE_TAG_SOLVER     "PuzzleSolverMoves"
#define DJ_PUZZLE_TAG_TEMPTING   "PuzzleTempting"

/* A game for @puzzle: the position as set-up, the solution as the main
 * line, theme and difficulty among the tags, @title (may be NULL) as the
 * event. */
DjGame         *dj_puzzle_to_game         (const DjPuzzle   *puzzle,
                                           const char       *title,
                                           guint             number);

/* Checks a puzzle game again, exactly: one best move, every other loses at
 * least the game's PuzzleMinLoss (default DJ_PUZZLE_DEFAULT_MIN_LOSS), the
 * main line starts with that move and every move of it keeps the value of
 * its position.  FALSE with a translated message in @error saying why. */
gboolean        dj_puzzle_check_game      (DjSearch         *search,
                                           DjGame           *game,
                                           GCancellable     *cancellable,
                                           GError          **error);

G_END_DECLS
