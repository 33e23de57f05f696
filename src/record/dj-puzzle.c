/* dj-puzzle.c: positions with exactly one good move, checked by the exact search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "dj-puzzle.h"

static const char *const theme_names[] = {
  [DJ_PUZZLE_THEME_NONE] = "none",
  [DJ_PUZZLE_THEME_CAPTURE_CHAIN] = "capture-chain",
  [DJ_PUZZLE_THEME_FEEDING] = "feeding",
  [DJ_PUZZLE_THEME_STARVING] = "starving",
  [DJ_PUZZLE_THEME_ENDLESS_AVOIDED] = "endless-avoided",
};

void
dj_puzzle_free (DjPuzzle *puzzle)
{
  if (puzzle == NULL)
    return;
  g_free (puzzle->line);
  g_free (puzzle);
}

const char *
dj_puzzle_theme_to_string (DjPuzzleTheme theme)
{
  g_return_val_if_fail ((guint) theme < G_N_ELEMENTS (theme_names), "none");
  return theme_names[theme];
}

gboolean
dj_puzzle_theme_from_string (const char    *str,
                             DjPuzzleTheme *theme)
{
  g_return_val_if_fail (theme != NULL, FALSE);

  for (guint i = 0; str != NULL && i < G_N_ELEMENTS (theme_names); i++)
    if (g_strcmp0 (str, theme_names[i]) == 0)
      {
        *theme = (DjPuzzleTheme) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_puzzle_theme_describe (DjPuzzleTheme theme)
{
  switch (theme)
    {
    case DJ_PUZZLE_THEME_CAPTURE_CHAIN:
      return _("Capture chain");
    case DJ_PUZZLE_THEME_FEEDING:
      return _("Feeding");
    case DJ_PUZZLE_THEME_STARVING:
      return _("Starving the opponent");
    case DJ_PUZZLE_THEME_ENDLESS_AVOIDED:
      return _("Endless relay avoided");
    case DJ_PUZZLE_THEME_NONE:
    default:
      return _("No theme");
    }
}

const char *
dj_puzzle_verdict_describe (DjPuzzleVerdict verdict)
{
  switch (verdict)
    {
    case DJ_PUZZLE_OK:
      return _("exactly one move keeps the value");
    case DJ_PUZZLE_GAME_OVER:
      return _("the game is over");
    case DJ_PUZZLE_NO_CHOICE:
      return _("the side to move has only one move");
    case DJ_PUZZLE_NOT_EXACT:
      return _("not every value is proven exact");
    case DJ_PUZZLE_SEVERAL_BEST:
      return _("more than one move keeps the value");
    case DJ_PUZZLE_TOO_CLOSE:
    default:
      return _("another move loses too few seeds");
    }
}

DjPuzzleVerdict
dj_puzzle_judge (const DjAnalysis *analysis,
                 guint             min_loss,
                 int              *margin)
{
  int second = G_MININT;

  g_return_val_if_fail (analysis != NULL, DJ_PUZZLE_NOT_EXACT);

  if (margin != NULL)
    *margin = 0;
  if (analysis->end != DJ_END_NONE || analysis->n_moves == 0)
    return DJ_PUZZLE_GAME_OVER;
  if (analysis->n_moves == 1)
    return DJ_PUZZLE_NO_CHOICE;
  for (guint i = 0; i < analysis->n_moves; i++)
    if (!analysis->moves[i].exact)
      return DJ_PUZZLE_NOT_EXACT;
  /* Best first, but do not rely on the order for the rule itself. */
  for (guint i = 0; i < analysis->n_moves; i++)
    if (analysis->moves[i].value > analysis->value)
      return DJ_PUZZLE_NOT_EXACT;
  for (guint i = 0, best = 0; i < analysis->n_moves; i++)
    {
      int v = analysis->moves[i].value;

      if (v == analysis->value && best++ == 0)
        continue;
      second = MAX (second, v);
    }
  if (margin != NULL)
    *margin = analysis->value - second;
  if (second == analysis->value)
    return DJ_PUZZLE_SEVERAL_BEST;
  if ((gint64) analysis->value - second < (gint64) min_loss)
    return DJ_PUZZLE_TOO_CLOSE;
  return DJ_PUZZLE_OK;
}

/* The rule of dj_puzzle_judge() decided without every move's exact value
 * (issue 26): the position's value and a best move by dj_search_solve(),
 * then one null-window test a move: "worth more than value − min_loss?"
 * (and, for a move that is, "worth the value?").  As exact as the full
 * analysis, only cheaper: a bound is all the rule needs of the other
 * moves.  Sets *@value and *@best (DJ_PUZZLE_OK only); returns -1 with
 * @error when cancelled. */
static int
fast_judge (DjSearch             *search,
            const DjRules        *rules,
            const DjPosition     *pos,
            guint                 min_loss,
            const DjSearchLimits *limits,
            GCancellable         *cancellable,
            int                  *value,
            DjMove               *best,
            GError              **error)
{
  DjSearchLimits values_only = limits != NULL ? *limits : (DjSearchLimits) { 0 };
  g_autoptr(DjAnalysis) root = NULL;
  DjPuzzleVerdict verdict = DJ_PUZZLE_OK;
  DjMoves moves;

  dj_moves_generate (rules, pos, &moves);
  if (moves.end != DJ_END_NONE)
    return DJ_PUZZLE_GAME_OVER;
  if (moves.must_pass || moves.n_legal == 1)
    return DJ_PUZZLE_NO_CHOICE;
  values_only.flags |= DJ_SEARCH_VALUES_ONLY;
  root = dj_search_solve (search, rules, pos, &values_only, cancellable, error);
  if (root == NULL)
    return -1;
  if (!root->exact || root->n_moves == 0)
    return DJ_PUZZLE_NOT_EXACT;
  *value = root->value;
  *best = root->moves[0].move;
  for (guint k = 0; k < DJ_ROW_PITS; k++)
    {
      DjMove move = moves.row_start + k;
      /* Once a move is known to be too close, only a second best move
       * could change the verdict (dj_puzzle_judge: several best first). */
      int threshold = verdict == DJ_PUZZLE_OK ? root->value - (int) MAX (min_loss, 1) + 1
                                              : root->value;
      g_autoptr(GError) local = NULL;
      gboolean at_least;

      if (moves.pit[k] != DJ_PIT_LEGAL || move == *best)
        continue;
      if (!dj_search_move_at_least (search, rules, pos, move, threshold, limits, cancellable,
                                    &at_least, &local))
        goto unproven;
      if (!at_least)
        continue;
      if (threshold == root->value)
        return DJ_PUZZLE_SEVERAL_BEST;
      if (!dj_search_move_at_least (search, rules, pos, move, root->value, limits, cancellable,
                                    &at_least, &local))
        goto unproven;
      if (at_least)
        return DJ_PUZZLE_SEVERAL_BEST;
      verdict = DJ_PUZZLE_TOO_CLOSE;
      continue;

    unproven:
      /* Out of budget: not proven; cancelled: an error. */
      if (local == NULL)
        return DJ_PUZZLE_NOT_EXACT;
      g_propagate_error (error, g_steal_pointer (&local));
      return -1;
    }
  return verdict;
}

static const DjMoveValue *
best_move (const DjAnalysis *analysis)
{
  for (guint i = 0; i < analysis->n_moves; i++)
    if (analysis->moves[i].value == analysis->value)
      return &analysis->moves[i];
  return NULL;
}

DjPuzzleTheme
dj_puzzle_name_theme (const DjRules    *rules,
                      const DjPosition *pos,
                      const DjAnalysis *analysis,
                      DjMove            solution,
                      guint            *tempting)
{
  g_autoptr(DjTrace) trace = dj_trace_new ();
  g_autoptr(DjTrace) other = dj_trace_new ();
  DjSide opponent = DJ_OTHER_SIDE (pos->to_move);
  const DjMoveValue *best = NULL;
  gboolean endless = FALSE;
  DjMoves after;

  g_return_val_if_fail (rules != NULL && pos != NULL && analysis != NULL,
                        DJ_PUZZLE_THEME_NONE);

  if (tempting != NULL)
    *tempting = 0;
  if (!dj_play (rules, pos, solution, trace, NULL))
    return DJ_PUZZLE_THEME_NONE;
  for (guint i = 0; i < analysis->n_moves; i++)
    {
      const DjMoveValue *mv = &analysis->moves[i];

      if (mv->move == solution)
        {
          best = mv;
          continue;
        }
      endless |= mv->endless;
      if (tempting != NULL && dj_play (rules, pos, mv->move, other, NULL) &&
          other->captured > 0 && other->captured >= trace->captured)
        (*tempting)++;
    }

  dj_moves_generate (rules, &trace->after, &after);
  if (trace->captures->len >= 2)
    return DJ_PUZZLE_THEME_CAPTURE_CHAIN;
  if (trace->fed ||
      (rules->variant == DJ_VARIANT_ABE && dj_position_row_seeds (pos, opponent) == 0 &&
       dj_position_row_seeds (&trace->after, opponent) > 0))
    return DJ_PUZZLE_THEME_FEEDING;
  if (after.n_legal == 0 && after.end == DJ_END_NONE &&
      dj_position_row_seeds (pos, opponent) > 0)
    return DJ_PUZZLE_THEME_STARVING;
  if (endless && (best == NULL || !best->endless))
    return DJ_PUZZLE_THEME_ENDLESS_AVOIDED;
  return DJ_PUZZLE_THEME_NONE;
}

/* Follows the best line while the solver's moves stay unique; returns the
 * number of plies kept. */
static guint
follow_line (DjSearch             *search,
             DjPuzzle             *puzzle,
             const DjMoveValue    *best,
             const DjSearchLimits *limits,
             GCancellable         *cancellable)
{
  DjSearchLimits values_only = limits != NULL ? *limits : (DjSearchLimits) { 0 };
  DjSide solver = puzzle->position.to_move;
  DjPosition pos = puzzle->position;
  guint kept = 1;
  DjMoves moves;

  values_only.flags |= DJ_SEARCH_VALUES_ONLY;
  puzzle->solver_moves = 1;
  dj_moves_generate (&puzzle->rules, &pos, &moves);
  dj_moves_child (&moves, &pos, best->line[0], &pos);
  for (guint i = 1; i < best->line_len && puzzle->solver_moves < DJ_PUZZLE_MAX_SOLVER_MOVES; i++)
    {
      DjMove move = best->line[i];

      dj_moves_generate (&puzzle->rules, &pos, &moves);
      if (!dj_moves_is_legal (&moves, move))
        break;
      if (pos.to_move == solver && moves.n_legal >= 2)
        {
          g_autoptr(DjAnalysis) a =
            dj_search_analyse (search, &puzzle->rules, &pos, &values_only, cancellable, NULL);
          const DjMoveValue *mv;

          if (a == NULL || dj_puzzle_judge (a, puzzle->min_loss, NULL) != DJ_PUZZLE_OK ||
              (mv = best_move (a)) == NULL || mv->move != move)
            break;
          puzzle->solver_moves++;
          kept = i + 1;
        }
      dj_moves_child (&moves, &pos, move, &pos);
    }
  return kept;
}

DjPuzzle *
dj_puzzle_find (DjSearch             *search,
                const DjRules        *rules,
                const DjPosition     *pos,
                guint                 min_loss,
                const DjSearchLimits *limits,
                DjPuzzleVerdict      *verdict,
                GCancellable         *cancellable,
                GError              **error)
{
  DjSearchLimits values_only = limits != NULL ? *limits : (DjSearchLimits) { 0 };
  DjSearchLimits with_lines = values_only;
  g_autoptr(DjAnalysis) full = NULL;
  g_autoptr(DjPuzzle) puzzle = NULL;
  const DjMoveValue *best;
  DjPuzzleVerdict v;
  DjMove move = DJ_NO_MOVE;
  int margin, fast, value = 0;

  g_return_val_if_fail (search != NULL, NULL);
  g_return_val_if_fail (rules != NULL && pos != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (verdict != NULL)
    *verdict = DJ_PUZZLE_NOT_EXACT;
  /* Bounds first: most positions are refused here, cheaply. */
  values_only.flags |= DJ_SEARCH_VALUES_ONLY;
  with_lines.flags &= ~DJ_SEARCH_VALUES_ONLY;
  fast = fast_judge (search, rules, pos, min_loss, &values_only, cancellable, &value, &move,
                     error);
  if (fast < 0)
    return NULL;
  v = (DjPuzzleVerdict) fast;
  if (v != DJ_PUZZLE_OK)
    {
      if (verdict != NULL)
        *verdict = v;
      return NULL;
    }
  full = dj_search_analyse (search, rules, pos, &with_lines, cancellable, error);
  if (full == NULL)
    return NULL;
  /* The lines' analysis must agree (it is the same exact search). */
  v = dj_puzzle_judge (full, min_loss, &margin);
  if (v != DJ_PUZZLE_OK || (best = best_move (full)) == NULL || best->line_len == 0 ||
      full->value != value || best->move != move)
    {
      if (verdict != NULL)
        *verdict = v != DJ_PUZZLE_OK ? v : DJ_PUZZLE_NOT_EXACT;
      return NULL;
    }

  puzzle = g_new0 (DjPuzzle, 1);
  puzzle->rules = *rules;
  puzzle->position = *pos;
  puzzle->min_loss = min_loss;
  puzzle->value = full->value;
  puzzle->second_value = full->value - margin;
  puzzle->line_len = follow_line (search, puzzle, best, limits, cancellable);
  puzzle->line = g_memdup2 (best->line, puzzle->line_len * sizeof (DjMove));
  puzzle->theme = dj_puzzle_name_theme (rules, pos, full, best->move, &puzzle->tempting);
  puzzle->difficulty = puzzle->solver_moves + puzzle->tempting;
  if (verdict != NULL)
    *verdict = DJ_PUZZLE_OK;
  return g_steal_pointer (&puzzle);
}

DjGame *
dj_puzzle_to_game (const DjPuzzle *puzzle,
                   const char     *title,
                   guint           number)
{
  g_autoptr(DjGame) game = NULL;
  g_autoptr(DjGameInfo) info = dj_game_info_new ();
  g_autofree char *round = g_strdup_printf ("%u", number);
  DjNode *node;

  g_return_val_if_fail (puzzle != NULL, NULL);

  game = dj_game_new (&puzzle->rules, &puzzle->position);
  node = dj_game_get_root (game);
  for (guint i = 0; i < puzzle->line_len && node != NULL; i++)
    node = dj_game_play (game, node, puzzle->line[i], NULL);
  g_return_val_if_fail (node != NULL, NULL);

  dj_game_info_set_string (&info->event, title);
  if (number > 0)
    dj_game_info_set_string (&info->round, round);
#define SET_NUMBER(key, format, value) \
  G_STMT_START { \
    g_autofree char *text_ = g_strdup_printf (format, value); \
    dj_game_info_set_tag (info, key, text_); \
  } G_STMT_END
  dj_game_info_set_tag (info, DJ_PUZZLE_TAG_THEME, dj_puzzle_theme_to_string (puzzle->theme));
  SET_NUMBER (DJ_PUZZLE_TAG_DIFFICULTY, "%u", puzzle->difficulty);
  SET_NUMBER (DJ_PUZZLE_TAG_MIN_LOSS, "%u", puzzle->min_loss);
  SET_NUMBER (DJ_PUZZLE_TAG_VALUE, "%d", puzzle->value);
  SET_NUMBER (DJ_PUZZLE_TAG_SOLVER, "%u", puzzle->solver_moves);
  SET_NUMBER (DJ_PUZZLE_TAG_TEMPTING, "%u", puzzle->tempting);
#undef SET_NUMBER
  dj_game_set_info (game, info);
  dj_game_clear_undo (game);
  dj_game_set_modified (game, FALSE);
  return g_steal_pointer (&game);
}

/* The PuzzleValue tag, when it is a number a position can be worth. */
static gboolean
parse_claimed_value (DjGame *game,
                     gint64 *value)
{
  const char *tag = dj_game_info_get_tag (dj_game_get_info (game), DJ_PUZZLE_TAG_VALUE);

  return tag != NULL && g_ascii_string_to_signed (tag, 10, -DJ_N_SEEDS, DJ_N_SEEDS, value, NULL);
}

/* One null-window test: @move in @pos worth at least @threshold (for its
 * mover), which must come out as @expect. */
typedef struct
{
  const DjPosition *pos;
  DjMove            move;
  int               threshold;
  gboolean          expect;
} BoundTest;

typedef struct
{
  DjSearch      *search;
  const DjRules *rules;
  GCancellable  *cancellable;
  GArray        *tests;       /* BoundTest, the costliest first */
  gint           next;        /* atomic: the next test to take */
  gint           failed;      /* atomic: a test came out wrong or unproven */
  GMutex         lock;
  GError        *error;       /* the first error (cancelled), under @lock */
} BoundTests;

/* Takes tests until none is left or one has failed; run by both threads. */
static gpointer
run_bound_tests (gpointer data)
{
  BoundTests *b = data;

  for (;;)
    {
      guint i = (guint) g_atomic_int_add (&b->next, 1);
      const BoundTest *test;
      GError *local = NULL;
      gboolean at_least;

      if (i >= b->tests->len || g_atomic_int_get (&b->failed))
        break;
      test = &g_array_index (b->tests, BoundTest, i);
      if (dj_search_move_at_least (b->search, b->rules, test->pos, test->move, test->threshold,
                                   NULL, b->cancellable, &at_least, &local)
          && at_least == test->expect)
        continue;
      g_atomic_int_set (&b->failed, 1);
      g_mutex_lock (&b->lock);
      if (b->error == NULL)
        b->error = local;
      else
        g_clear_error (&local);
      g_mutex_unlock (&b->lock);
    }
  return NULL;
}

/* Proves, with null-window tests run on both cores, that the puzzle whose
 * root is @root is sound if its position is worth @value: the solution's
 * first move worth at least @value and every other legal move at most
 * @value − @min_loss (so it is the only best move, and every other loses
 * at least @min_loss); every later move of the main line worth @value from
 * the root mover's side (its mover's view), so the line is a best line.
 * The reply's test also proves the first move worth no more than @value;
 * a line without a reply gets that test of its own.  FALSE when a test
 * fails or is not proven (an error only when cancelled). */
static gboolean
claimed_value_holds (DjSearch       *search,
                     const DjRules  *rules,
                     DjNode         *root,
                     int             value,
                     guint           min_loss,
                     GCancellable   *cancellable,
                     GError        **error)
{
  const DjPosition *pos = dj_node_get_position (root);
  DjNode *first = dj_node_get_first_child (root);
  DjMove solution = dj_node_get_move (first);
  int south = pos->to_move == DJ_SOUTH ? value : -value;
  g_autoptr(GArray) tests = g_array_new (FALSE, FALSE, sizeof (BoundTest));
  BoundTests b = { search, rules, cancellable, tests, 0, 0, { 0 }, NULL };
  GThread *helper = NULL;
  BoundTest test;
  DjMoves moves;

  dj_moves_generate (rules, pos, &moves);
  if (moves.end != DJ_END_NONE || moves.must_pass || moves.n_legal < 2
      || solution < moves.row_start || solution >= moves.row_start + DJ_ROW_PITS
      || moves.pit[solution - moves.row_start] != DJ_PIT_LEGAL)
    return FALSE;
  test = (BoundTest) { pos, solution, value, TRUE };
  g_array_append_val (tests, test);
  if (dj_node_get_first_child (first) == NULL)
    {
      test = (BoundTest) { pos, solution, value + 1, FALSE };
      g_array_append_val (tests, test);
    }
  for (DjNode *node = first; dj_node_get_first_child (node) != NULL;
       node = dj_node_get_first_child (node))
    {
      const DjPosition *at = dj_node_get_position (node);

      test = (BoundTest) { at, dj_node_get_move (dj_node_get_first_child (node)),
                           at->to_move == DJ_SOUTH ? south : -south, TRUE };
      g_array_append_val (tests, test);
    }
  for (guint k = 0; k < DJ_ROW_PITS; k++)
    if (moves.pit[k] == DJ_PIT_LEGAL && (DjMove) (moves.row_start + k) != solution)
      {
        test = (BoundTest) { pos, moves.row_start + k, value - (int) MAX (min_loss, 1) + 1, FALSE };
        g_array_append_val (tests, test);
      }

  g_mutex_init (&b.lock);
  if (g_get_num_processors () > 1)
    helper = g_thread_new ("puzzle-check", run_bound_tests, &b);
  run_bound_tests (&b);
  if (helper != NULL)
    g_thread_join (helper);
  g_mutex_clear (&b.lock);
  if (b.error != NULL)
    g_propagate_error (error, b.error);
  return !b.failed;
}

/* The check with bound tests only (fast_judge(), then one test a move of
 * the solution): TRUE when it proves the puzzle sound.  FALSE says
 * nothing by itself (an error only when cancelled): the exact check then
 * finds what is wrong and says it in full. */
static gboolean
check_game_fast (DjSearch      *search,
                 DjGame        *game,
                 guint          min_loss,
                 GCancellable  *cancellable,
                 GError       **error)
{
  const DjRules *rules = dj_game_get_rules (game);
  DjNode *node = dj_game_get_root (game);
  const DjPosition *pos = dj_node_get_position (node);
  DjMove best = DJ_NO_MOVE;
  int value = 0, south;
  gint64 claimed;

  if (dj_node_get_first_child (node) == NULL)
    return FALSE;
  /* The value the set claims (PuzzleValue) spares the search of the
   * position's value: then every test is known at once, and both cores
   * make them.  A claim that does not hold proves nothing: the value is
   * then searched for. */
  if (parse_claimed_value (game, &claimed))
    {
      if (claimed_value_holds (search, rules, node, (int) claimed, min_loss, cancellable, error))
        return TRUE;
      if (error != NULL && *error != NULL)
        return FALSE;
    }
  if (fast_judge (search, rules, pos, min_loss, NULL, cancellable, &value, &best, error) !=
      DJ_PUZZLE_OK || dj_node_get_move (dj_node_get_first_child (node)) != best)
    return FALSE;
  /* Perfect play keeps the final difference: every later move of the
   * main line must be worth its position's value, the root's from that
   * mover's side, and no move is worth more. */
  south = pos->to_move == DJ_SOUTH ? value : -value;
  for (node = dj_node_get_first_child (node); dj_node_get_first_child (node) != NULL;
       node = dj_node_get_first_child (node))
    {
      gboolean at_least;

      pos = dj_node_get_position (node);
      if (!dj_search_move_at_least (search, rules, pos,
                                    dj_node_get_move (dj_node_get_first_child (node)),
                                    pos->to_move == DJ_SOUTH ? south : -south, NULL,
                                    cancellable, &at_least, NULL) || !at_least)
        return FALSE;
    }
  return TRUE;
}

/* The check with every move's exact value: says what is wrong. */
static gboolean
check_game_exact (DjSearch      *search,
                  DjGame        *game,
                  guint          min_loss,
                  GCancellable  *cancellable,
                  GError       **error)
{
  const DjSearchLimits values_only = { 0, 0, 0, DJ_SEARCH_VALUES_ONLY };
  const DjRules *rules = dj_game_get_rules (game);
  g_autoptr(DjAnalysis) root = NULL;
  const DjMoveValue *best;
  DjPuzzleVerdict verdict;
  DjNode *node;
  int margin;

  node = dj_game_get_root (game);
  root = dj_search_analyse (search, rules, dj_node_get_position (node), &values_only,
                            cancellable, error);
  if (root == NULL)
    return FALSE;
  verdict = dj_puzzle_judge (root, min_loss, &margin);
  if (verdict != DJ_PUZZLE_OK)
    {
      if (verdict == DJ_PUZZLE_TOO_CLOSE)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("not a puzzle: the second best move loses %d seeds, fewer than %u"),
                     margin, min_loss);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("not a puzzle: %s"),
                     dj_puzzle_verdict_describe (verdict));
      return FALSE;
    }
  best = best_move (root);
  if (dj_node_get_first_child (node) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("the puzzle has no solution line"));
      return FALSE;
    }
  if (dj_node_get_move (dj_node_get_first_child (node)) != best->move)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("the solution starts with %s, but the only best move is %s"),
                   dj_move_to_string (dj_node_get_move (dj_node_get_first_child (node))),
                   dj_move_to_string (best->move));
      return FALSE;
    }
  /* Every later move of the main line keeps the value of its position. */
  for (node = dj_node_get_first_child (node); dj_node_get_first_child (node) != NULL;
       node = dj_node_get_first_child (node))
    {
      DjMove move = dj_node_get_move (dj_node_get_first_child (node));
      g_autoptr(DjAnalysis) a = dj_search_analyse (search, rules, dj_node_get_position (node),
                                                   &values_only, cancellable, error);
      gboolean found = FALSE;

      if (a == NULL)
        return FALSE;
      for (guint i = 0; i < a->n_moves && !found; i++)
        if (a->moves[i].move == move)
          {
            found = TRUE;
            if (!a->moves[i].exact || a->moves[i].value != a->value)
              {
                g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                             _("move %u of the solution, %s, loses %d seeds"),
                             dj_node_get_ply (node) + 1, dj_move_to_string (move),
                             a->value - a->moves[i].value);
                return FALSE;
              }
          }
      if (!found)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("move %u of the solution, %s, is not legal"),
                       dj_node_get_ply (node) + 1, dj_move_to_string (move));
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
dj_puzzle_check_game (DjSearch      *search,
                      DjGame        *game,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(GError) local = NULL;
  const char *tag;
  guint64 min_loss = DJ_PUZZLE_DEFAULT_MIN_LOSS;

  g_return_val_if_fail (search != NULL, FALSE);
  g_return_val_if_fail (DJ_IS_GAME (game), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  tag = dj_game_info_get_tag (dj_game_get_info (game), DJ_PUZZLE_TAG_MIN_LOSS);
  if (tag != NULL &&
      (!g_ascii_string_to_unsigned (tag, 10, 1, DJ_N_SEEDS * 2, &min_loss, NULL)))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("the tag %s is “%s”, not a number of seeds from 1 to %u"),
                   DJ_PUZZLE_TAG_MIN_LOSS, tag, (guint) DJ_N_SEEDS * 2);
      return FALSE;
    }
  if (check_game_fast (search, game, (guint) min_loss, cancellable, &local))
    return TRUE;
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return check_game_exact (search, game, (guint) min_loss, cancellable, error);
}
