/* dj-learn-mistakes.c: Learn from Your Mistakes: the positions where a side
 * lost seeds, to find a better move in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-analysis-panel.h"
#include "dj-bidi.h"
#include "dj-explainer.h"
#include "dj-learn-mistakes.h"
#include "dj-move-label.h"

struct _DjLearnMistakes
{
  GtkWidget        parent_instance;

  /* template */
  GtkRevealer     *revealer;
  GtkLabel        *progress_label;
  GtkLabel        *prompt_label;
  GtkDropDown     *side_dropdown;
  GtkCheckButton  *serious_check;
  GtkLabel        *context_label;
  GtkLabel        *verdict_label;
  GtkWidget       *solution_box;
  GtkLabel        *line_label;
  GtkBox          *explainer_box;
  GtkWidget       *solution_button;
  GtkWidget       *skip_button;
  GtkWidget       *next_button;
  GtkWidget       *save_button;
  GtkWidget       *line_back_button;
  GtkWidget       *line_on_button;

  DjExplainer     *explainer;
  DjGame          *game;          /* the document's: only Save as Variation edits it */
  GSignalGroup    *game_signals;
  DjBoard         *board;
  DjReview        *review;
  DjSearch        *search;

  DjMistakesFilter filter;
  gboolean         active;
  gboolean         waiting_review;
  GArray          *mistakes;      /* DjMistake */
  guint            index;
  guint            found_first;   /* positions right at the first try */

  /* The position asked */
  DjGame          *scratch;       /* starts there: the board shows it */
  DjAnalysis      *analysis;      /* its exact values, once known */
  GCancellable    *cancellable;
  DjMove           pending;       /* a try made before the values came */
  gboolean         tried;
  gboolean         failed;        /* ::position-missed emitted */
  gboolean         solved;
  gboolean         saved;
  gboolean         restore_pending; /* a wrong try is shown: the position comes back */
  char            *verdict;
};

enum {
  PROP_0,
  PROP_ACTIVE,
  N_PROPS
};

enum {
  POSITION_MISSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DjLearnMistakes, dj_learn_mistakes, GTK_TYPE_WIDGET)

static void go_to (DjLearnMistakes *self,
                   guint            index);

static const DjMistake *
current_mistake (DjLearnMistakes *self)
{
  if (!self->active || self->mistakes == NULL || self->index >= self->mistakes->len)
    return NULL;
  return &g_array_index (self->mistakes, DjMistake, self->index);
}

static char *
bidi_value (int value)
{
  g_autofree char *text = dj_analysis_format_value (value);

  return dj_bidi_ltr (text);
}

static char *
bidi_move (DjMove move)
{
  return g_strconcat (DJ_FSI, dj_move_label (move), DJ_PDI, NULL);
}

static const DjMoveValue *
move_value (const DjAnalysis *analysis,
            DjMove            move)
{
  for (guint i = 0; i < analysis->n_moves; i++)
    if (analysis->moves[i].move == move)
      return &analysis->moves[i];
  return NULL;
}

static void
set_active (DjLearnMistakes *self,
            gboolean         active)
{
  if (self->active == active)
    return;
  self->active = active;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

static void
set_verdict (DjLearnMistakes *self,
             const char      *text)
{
  g_free (self->verdict);
  self->verdict = g_strdup (text != NULL ? text : "");
  gtk_label_set_label (self->verdict_label, self->verdict);
  /* Shown again, so that an alert is announced again. */
  gtk_widget_set_visible (GTK_WIDGET (self->verdict_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->verdict_label), text != NULL && *text != '\0');
}

/* The buttons and labels for the state we are in. */
static void
update_controls (DjLearnMistakes *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const DjMistake *m = current_mistake (self);
  guint n = self->mistakes != NULL ? self->mistakes->len : 0;
  DjNode *line_node = self->scratch != NULL ? dj_game_get_current (self->scratch) : NULL;

  gtk_widget_action_set_enabled (widget, "learn.previous", self->active && self->index > 0);
  gtk_widget_action_set_enabled (widget, "learn.next", m != NULL);
  gtk_widget_action_set_enabled (widget, "learn.solution",
                                 m != NULL && !self->solved && self->analysis != NULL);
  gtk_widget_action_set_enabled (widget, "learn.save-variation",
                                 m != NULL && self->solved && !self->saved);
  gtk_widget_action_set_enabled (widget, "learn.line-back",
                                 self->solved && line_node != NULL
                                 && dj_node_get_parent (dj_node_get_parent (line_node)) != NULL);
  gtk_widget_action_set_enabled (widget, "learn.line-on",
                                 self->solved && line_node != NULL
                                 && dj_node_get_first_child (line_node) != NULL);
  gtk_widget_set_visible (self->solution_button, m != NULL && !self->solved);
  gtk_widget_set_visible (self->skip_button, m != NULL && !self->solved);
  gtk_widget_set_visible (self->next_button, m != NULL && self->solved);
  gtk_widget_set_visible (self->save_button, m != NULL && self->solved);
  gtk_widget_set_visible (self->solution_box, m != NULL && self->solved);
  gtk_widget_set_visible (self->line_back_button, m != NULL && self->solved);
  gtk_widget_set_visible (self->line_on_button, m != NULL && self->solved);

  if (!self->active)
    return;
  if (m != NULL)
    {
      g_autofree char *progress = NULL;

      /* Translators: which position of the training this is, e.g. "Position 3 of 11" */
      progress = g_strdup_printf (_("Position %u of %u"), self->index + 1, n);
      gtk_label_set_label (self->progress_label, progress);
      gtk_label_set_label (self->prompt_label, m->position.to_move == DJ_SOUTH
                           ? _("Find a better move for South")
                           : _("Find a better move for North"));
    }
  else
    gtk_label_set_label (self->progress_label, "");
}

/* The board shows the position asked, or the line shown. */
static void
show_scratch (DjLearnMistakes *self)
{
  if (self->board != NULL && self->scratch != NULL)
    dj_board_set_game (self->board, self->scratch);
}

/* Judging */

static char *
source_text (DjLearnMistakes *self,
             const DjMistake *m)
{
  g_autofree char *title = dj_game_info_get_title (dj_game_get_info (self->game));

  /* Translators: where a position to train comes from: the game and the
   * move number, e.g. "Kouassi – Yao, move 12" */
  return g_strdup_printf (_("%s, move %u"), title, m->number);
}

static void
emit_missed (DjLearnMistakes *self)
{
  const DjMistake *m = current_mistake (self);
  DjMove best[DJ_N_PITS + 1];
  guint n_best;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) moves = NULL;
  g_autofree char *source = NULL;
  DjRules rules;
  DjPosition position;

  if (self->failed || m == NULL || self->analysis == NULL)
    return;
  self->failed = TRUE;
  n_best = dj_analysis_best_moves (self->analysis, best);
  for (guint i = 0; i < n_best; i++)
    g_strv_builder_add (builder, dj_move_to_string (best[i]));
  moves = g_strv_builder_end (builder);
  source = source_text (self, m);
  rules = *dj_game_get_rules (self->game);
  position = m->position;
  g_signal_emit (self, signals[POSITION_MISSED], 0, &rules, &position, moves, source);
}

/* The line from the position: @first, then its best line; into the mode's
 * own game, whose current node becomes @first's. */
static void
build_line (DjLearnMistakes *self,
            DjMove           first)
{
  const DjMoveValue *mv = move_value (self->analysis, first);
  DjNode *node = dj_game_get_root (self->scratch);
  DjNode *first_node = NULL;
  const DjMistake *m = current_mistake (self);
  g_autofree char *line = NULL;
  g_autofree char *line_ltr = NULL;
  g_autofree char *text = NULL;

  dj_game_delete_after (self->scratch, node);
  for (guint i = 0; mv != NULL && i < mv->line_len; i++)
    {
      node = dj_game_play (self->scratch, node, mv->line[i], NULL);
      if (node == NULL)
        break;
      if (first_node == NULL)
        first_node = node;
    }
  dj_game_clear_undo (self->scratch);
  if (first_node != NULL)
    dj_game_set_current (self->scratch, first_node);

  line = dj_analysis_format_numbered_line (mv != NULL ? mv->line : &first,
                                           mv != NULL ? mv->line_len : 1, 0,
                                           dj_node_get_ply (dj_node_get_parent (m->node)),
                                           m->position.to_move);
  line_ltr = dj_bidi_ltr (line);
  /* Translators: the best line from the position trained, e.g. "Best line: 12. d A 13. c" */
  text = g_strdup_printf (_("Best line: %s"), line_ltr);
  gtk_label_set_label (self->line_label, text);
}

/* The first move of the line, played on the board from the position. */
static void
animate_first (DjLearnMistakes *self,
               DjMove           move)
{
  const DjMistake *m = current_mistake (self);
  g_autoptr(DjTrace) trace = dj_trace_new ();

  if (self->board == NULL || m == NULL)
    return;
  if (dj_play (dj_game_get_rules (self->game), &m->position, move, trace, NULL))
    dj_board_play_trace (self->board, trace);
}

/* The explainer is made when a line is first shown, as the study pane
 * makes its own: a window that never trains never builds one. */
static DjExplainer *
ensure_explainer (DjLearnMistakes *self)
{
  if (self->explainer == NULL)
    {
      self->explainer = DJ_EXPLAINER (dj_explainer_new ());
      gtk_widget_set_vexpand (GTK_WIDGET (self->explainer), TRUE);
      gtk_box_append (self->explainer_box, GTK_WIDGET (self->explainer));
      dj_explainer_set_board (self->explainer, self->board);
    }
  return self->explainer;
}

static void
solve (DjLearnMistakes *self,
       DjMove           move)
{
  self->solved = TRUE;
  self->restore_pending = FALSE;
  build_line (self, move);
  dj_explainer_set_game (ensure_explainer (self), self->scratch);
  animate_first (self, move);
  update_controls (self);
  gtk_widget_grab_focus (self->next_button);
}

/* After a wrong try was shown, the position is asked again. */
static void
restore_position (DjLearnMistakes *self)
{
  const DjMistake *m = current_mistake (self);

  self->restore_pending = FALSE;
  if (self->board == NULL || m == NULL || self->solved)
    return;
  dj_board_set_position (self->board, dj_game_get_rules (self->game), &m->position);
}

static void
on_board_animating (DjLearnMistakes *self)
{
  if (self->restore_pending && !dj_board_is_animating (self->board))
    restore_position (self);
}

static void
judge (DjLearnMistakes *self,
       DjMove           move)
{
  const DjMistake *m = current_mistake (self);
  int value = 0;
  DjTryVerdict verdict = dj_mistake_judge_try (m, self->analysis, move, &value);
  const DjMoveValue *played = move_value (self->analysis, m->played);
  g_autofree char *label = bidi_move (move);
  g_autofree char *value_text = bidi_value (value);
  g_autofree char *best_text = bidi_value (self->analysis->value);
  g_autofree char *played_text = bidi_value (played != NULL ? played->value : 0);
  g_autofree char *text = NULL;

  switch (verdict)
    {
    case DJ_TRY_RIGHT:
      /* Translators: a try that keeps the position's value, e.g. "Right: d keeps the best value, +4." */
      text = g_strdup_printf (_("Right: %s keeps the best value, %s."), label, value_text);
      break;
    case DJ_TRY_BETTER:
      /* Translators: a try that loses fewer seeds than the game's move, e.g.
       * "Better, but not best: c is worth +1; the best is +4." */
      text = g_strdup_printf (_("Better, but not best: %s is worth %s; the best is %s."),
                              label, value_text, best_text);
      break;
    case DJ_TRY_WRONG:
    default:
      /* Translators: a try that loses as much as the game's move or more, e.g.
       * "Wrong: e is worth −2, no better than the game’s move (−2)." */
      text = g_strdup_printf (_("Wrong: %s is worth %s, no better than the game’s move (%s)."),
                              label, value_text, played_text);
      break;
    }
  set_verdict (self, text);

  if (verdict == DJ_TRY_RIGHT)
    {
      if (!self->tried)
        self->found_first++;
      self->tried = TRUE;
      solve (self, move);
      return;
    }
  self->tried = TRUE;
  emit_missed (self);
  /* The try is shown, then the position comes back for another. */
  animate_first (self, move);
  if (self->board != NULL && dj_board_is_animating (self->board))
    self->restore_pending = TRUE;
  else
    restore_position (self);
  update_controls (self);
}

static void
on_analysed (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr(DjLearnMistakes) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjAnalysis) analysis = dj_search_analyse_finish (NULL, result, &error);
  const DjMistake *m = current_mistake (self);
  DjMove pending;

  if (analysis == NULL || analysis->cancelled || m == NULL || !analysis->exact
      || !dj_position_equal (&analysis->position, &m->position) || self->analysis != NULL)
    {
      if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Learn from mistakes: no analysis: %s", error->message);
      return;
    }
  self->analysis = g_steal_pointer (&analysis);
  {
    const DjMoveValue *played = move_value (self->analysis, m->played);
    g_autofree char *label = bidi_move (m->played);
    g_autofree char *played_text = bidi_value (played != NULL ? played->value : 0);
    g_autofree char *best_text = bidi_value (self->analysis->value);
    g_autofree char *text = NULL;

    /* Translators: what the game's move was worth against the best, e.g.
     * "Played in the game: e, worth −2; the best is worth +4." */
    text = g_strdup_printf (_("Played in the game: %s, worth %s; the best is worth %s."),
                            label, played_text, best_text);
    gtk_label_set_label (self->context_label, text);
  }
  pending = self->pending;
  self->pending = DJ_NO_MOVE;
  if (pending != DJ_NO_MOVE)
    judge (self, pending);
  update_controls (self);
}

/* Going through the positions */

static void
clear_position (DjLearnMistakes *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->analysis, dj_analysis_free);
  if (self->explainer != NULL)
    dj_explainer_set_game (self->explainer, NULL);
  g_clear_object (&self->scratch);
  self->pending = DJ_NO_MOVE;
  self->tried = self->failed = self->solved = self->saved = self->restore_pending = FALSE;
}

static void
show_done (DjLearnMistakes *self)
{
  guint n = self->mistakes->len;
  g_autofree char *text = NULL;

  if (self->board != NULL)
    dj_board_set_game (self->board, self->game);
  if (n == 0)
    text = g_strdup (_("Nothing to train: the review found no seeds lost here."));
  else
    /* Translators: the end of a training, e.g. "Done: 4 of 11 found at the first try." */
    text = g_strdup_printf (_("Done: %u of %u found at the first try."), self->found_first, n);
  gtk_label_set_label (self->prompt_label, text);
  gtk_label_set_label (self->context_label, "");
  set_verdict (self, NULL);
  update_controls (self);
}

static void
go_to (DjLearnMistakes *self,
       guint            index)
{
  const DjMistake *m;
  const DjRules *rules = dj_game_get_rules (self->game);

  clear_position (self);
  self->index = MIN (index, self->mistakes->len);
  m = current_mistake (self);
  set_verdict (self, NULL);
  gtk_label_set_label (self->context_label, "");
  if (m == NULL)
    {
      show_done (self);
      return;
    }

  self->scratch = dj_game_new (rules, &m->position);
  show_scratch (self);
  if (self->board != NULL)
    dj_board_set_best_move (self->board, DJ_NO_MOVE);
  /* The notation shows where in the game this is; the game is not edited. */
  if (dj_node_get_parent (m->node) != NULL)
    dj_game_set_current (self->game, dj_node_get_parent (m->node));

  self->cancellable = g_cancellable_new ();
  if (self->search == NULL)
    self->search = dj_search_new (0);
  dj_search_analyse_async (self->search, rules, &m->position, NULL, self->cancellable,
                           on_analysed, g_object_ref (self));
  update_controls (self);
  if (self->board != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
collect (DjLearnMistakes *self)
{
  g_clear_pointer (&self->mistakes, g_array_unref);
  self->mistakes = dj_mistakes_collect (self->game, self->filter);
  self->found_first = 0;
  go_to (self, 0);
}

static void
begin (DjLearnMistakes *self)
{
  self->waiting_review = FALSE;
  set_active (self, TRUE);
  gtk_revealer_set_reveal_child (self->revealer, TRUE);
  collect (self);
}

static void
on_review_finished (DjLearnMistakes *self,
                    gboolean         completed)
{
  if (!self->waiting_review)
    return;
  self->waiting_review = FALSE;
  if (completed)
    begin (self);
  else
    gtk_revealer_set_reveal_child (self->revealer, FALSE);
}

void
dj_learn_mistakes_start (DjLearnMistakes *self)
{
  g_return_if_fail (DJ_IS_LEARN_MISTAKES (self));

  if (self->game == NULL || self->active || self->waiting_review)
    return;
  if (!dj_game_has_findings (self->game) && self->review != NULL)
    {
      /* The review's own banner shows its progress; training starts when
       * it has put its findings in. */
      self->waiting_review = TRUE;
      gtk_label_set_label (self->progress_label, "");
      gtk_label_set_label (self->prompt_label,
                           _("The review runs first: the training starts when it ends."));
      gtk_label_set_label (self->context_label, "");
      set_verdict (self, NULL);
      update_controls (self);
      gtk_revealer_set_reveal_child (self->revealer, TRUE);
      if (!dj_review_get_running (self->review))
        dj_review_start (self->review);
      return;
    }
  begin (self);
}

void
dj_learn_mistakes_stop (DjLearnMistakes *self)
{
  g_return_if_fail (DJ_IS_LEARN_MISTAKES (self));

  if (self->waiting_review && self->review != NULL)
    {
      self->waiting_review = FALSE;
      dj_review_cancel (self->review);
    }
  clear_position (self);
  g_clear_pointer (&self->mistakes, g_array_unref);
  if (self->board != NULL && self->game != NULL)
    dj_board_set_game (self->board, self->game);
  gtk_revealer_set_reveal_child (self->revealer, FALSE);
  set_active (self, FALSE);
  update_controls (self);
}

gboolean
dj_learn_mistakes_try (DjLearnMistakes *self,
                       DjMove           move)
{
  g_return_val_if_fail (DJ_IS_LEARN_MISTAKES (self), FALSE);

  if (current_mistake (self) == NULL)
    return FALSE;
  if (self->solved)
    {
      /* The line is shown: the next position is one key away. */
      gtk_widget_error_bell (GTK_WIDGET (self));
      return TRUE;
    }
  if (self->restore_pending)
    {
      if (self->board != NULL)
        dj_board_finish_animation (self->board);
      restore_position (self);
    }
  if (self->analysis == NULL)
    self->pending = move;
  else
    judge (self, move);
  return TRUE;
}

/* Save as Variation: the line shown, into the document's game from the
 * position, as one undoable step through the record's normal path. */
static void
save_variation (DjLearnMistakes *self)
{
  const DjMistake *m = current_mistake (self);
  DjNode *node;

  if (m == NULL || !self->solved || self->saved)
    return;
  node = dj_node_get_parent (m->node);
  dj_game_begin_action (self->game, _("Save as Variation"));
  for (DjNode *n = dj_node_get_first_child (dj_game_get_root (self->scratch)); n != NULL && node;
       n = dj_node_get_first_child (n))
    {
      g_autoptr(GError) error = NULL;

      node = dj_game_play (self->game, node, dj_node_get_move (n), &error);
      if (node == NULL)
        g_warning ("Save as Variation: %s", error->message);
    }
  dj_game_end_action (self->game);
  self->saved = TRUE;
  update_controls (self);
}

/* Actions */

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjLearnMistakes *self = DJ_LEARN_MISTAKES (widget);

  if (current_mistake (self) != NULL)
    go_to (self, self->index + 1);
}

static void
previous_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DjLearnMistakes *self = DJ_LEARN_MISTAKES (widget);

  if (self->active && self->index > 0)
    go_to (self, self->index - 1);
}

static void
solution_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DjLearnMistakes *self = DJ_LEARN_MISTAKES (widget);

  if (current_mistake (self) == NULL || self->solved || self->analysis == NULL
      || self->analysis->n_moves == 0)
    return;
  emit_missed (self);
  set_verdict (self, NULL);
  solve (self, self->analysis->moves[0].move);
}

static void
save_variation_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  save_variation (DJ_LEARN_MISTAKES (widget));
}

static void
line_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjLearnMistakes *self = DJ_LEARN_MISTAKES (widget);
  DjNode *node;

  if (!self->solved || self->scratch == NULL)
    return;
  node = dj_game_get_current (self->scratch);
  if (g_str_equal (action_name, "learn.line-on"))
    node = dj_node_get_first_child (node);
  else if (dj_node_get_parent (dj_node_get_parent (node)) != NULL)
    node = dj_node_get_parent (node);
  else
    node = NULL;
  if (node == NULL)
    return;
  if (self->board != NULL)
    dj_board_finish_animation (self->board);
  dj_game_set_current (self->scratch, node);
  update_controls (self);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  dj_learn_mistakes_stop (DJ_LEARN_MISTAKES (widget));
}

/* The filter */

static DjMistakesFilter
filter_from_controls (DjLearnMistakes *self)
{
  static const DjMistakesFilter sides[] = {
    DJ_MISTAKES_BOTH_SIDES, DJ_MISTAKES_SOUTH, DJ_MISTAKES_NORTH,
  };
  guint selected = gtk_drop_down_get_selected (self->side_dropdown);
  DjMistakesFilter filter = sides[MIN (selected, G_N_ELEMENTS (sides) - 1)];

  if (gtk_check_button_get_active (self->serious_check))
    filter |= DJ_MISTAKES_SERIOUS;
  return filter;
}

static void
on_filter_changed (DjLearnMistakes *self)
{
  DjMistakesFilter filter = filter_from_controls (self);

  if (filter == self->filter)
    return;
  self->filter = filter;
  if (self->active)
    collect (self);
}

/* The game edited meanwhile: a position offered may be gone. */
static void
on_node_removed (DjLearnMistakes *self,
                 DjNode          *removed)
{
  if (!self->active || self->mistakes == NULL)
    return;
  for (guint i = 0; i < self->mistakes->len; i++)
    for (DjNode *n = g_array_index (self->mistakes, DjMistake, i).node; n != NULL;
         n = dj_node_get_parent (n))
      if (n == removed)
        {
          dj_learn_mistakes_stop (self);
          return;
        }
}

/* Public API */

GtkWidget *
dj_learn_mistakes_new (void)
{
  return g_object_new (DJ_TYPE_LEARN_MISTAKES, NULL);
}

void
dj_learn_mistakes_set_game (DjLearnMistakes *self,
                            DjGame          *game)
{
  g_return_if_fail (DJ_IS_LEARN_MISTAKES (self));
  g_return_if_fail (game == NULL || DJ_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->active || self->waiting_review)
    dj_learn_mistakes_stop (self);
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
}

void
dj_learn_mistakes_set_board (DjLearnMistakes *self,
                             DjBoard         *board)
{
  g_return_if_fail (DJ_IS_LEARN_MISTAKES (self));
  g_return_if_fail (board == NULL || DJ_IS_BOARD (board));

  if (self->board != NULL)
    g_signal_handlers_disconnect_by_data (self->board, self);
  self->board = board;
  if (self->explainer != NULL)
    dj_explainer_set_board (self->explainer, board);
  if (board != NULL)
    g_signal_connect_object (board, "notify::animating", G_CALLBACK (on_board_animating), self,
                             G_CONNECT_SWAPPED);
}

void
dj_learn_mistakes_set_review (DjLearnMistakes *self,
                              DjReview        *review)
{
  g_return_if_fail (DJ_IS_LEARN_MISTAKES (self));
  g_return_if_fail (review == NULL || DJ_IS_REVIEW (review));

  self->review = review;
  if (review != NULL)
    g_signal_connect_object (review, "finished", G_CALLBACK (on_review_finished), self,
                             G_CONNECT_SWAPPED);
}

void
dj_learn_mistakes_set_search (DjLearnMistakes *self,
                              DjSearch        *search)
{
  g_return_if_fail (DJ_IS_LEARN_MISTAKES (self));

  dj_search_set (&self->search, search);
}

gboolean
dj_learn_mistakes_get_active (DjLearnMistakes *self)
{
  g_return_val_if_fail (DJ_IS_LEARN_MISTAKES (self), FALSE);
  return self->active;
}

DjMistakesFilter
dj_learn_mistakes_get_filter (DjLearnMistakes *self)
{
  g_return_val_if_fail (DJ_IS_LEARN_MISTAKES (self), DJ_MISTAKES_BOTH_SIDES);
  return self->filter;
}

void
dj_learn_mistakes_set_filter (DjLearnMistakes *self,
                              DjMistakesFilter filter)
{
  guint selected;

  g_return_if_fail (DJ_IS_LEARN_MISTAKES (self));
  g_return_if_fail ((filter & DJ_MISTAKES_BOTH_SIDES) != 0);

  selected = (filter & DJ_MISTAKES_BOTH_SIDES) == DJ_MISTAKES_BOTH_SIDES ? 0
             : (filter & DJ_MISTAKES_SOUTH) ? 1 : 2;
  /* The controls say it; their signals collect again. */
  gtk_drop_down_set_selected (self->side_dropdown, selected);
  gtk_check_button_set_active (self->serious_check, (filter & DJ_MISTAKES_SERIOUS) != 0);
  on_filter_changed (self);
}

guint
dj_learn_mistakes_get_n_positions (DjLearnMistakes *self)
{
  g_return_val_if_fail (DJ_IS_LEARN_MISTAKES (self), 0);
  return self->mistakes != NULL ? self->mistakes->len : 0;
}

guint
dj_learn_mistakes_get_index (DjLearnMistakes *self)
{
  g_return_val_if_fail (DJ_IS_LEARN_MISTAKES (self), 0);
  return self->index;
}

gboolean
dj_learn_mistakes_get_ready (DjLearnMistakes *self)
{
  g_return_val_if_fail (DJ_IS_LEARN_MISTAKES (self), FALSE);
  return current_mistake (self) != NULL && self->analysis != NULL;
}

gboolean
dj_learn_mistakes_get_solved (DjLearnMistakes *self)
{
  g_return_val_if_fail (DJ_IS_LEARN_MISTAKES (self), FALSE);
  return self->solved;
}

const char *
dj_learn_mistakes_get_verdict (DjLearnMistakes *self)
{
  g_return_val_if_fail (DJ_IS_LEARN_MISTAKES (self), NULL);
  return self->verdict != NULL ? self->verdict : "";
}

DjGame *
dj_learn_mistakes_get_board_game (DjLearnMistakes *self)
{
  g_return_val_if_fail (DJ_IS_LEARN_MISTAKES (self), NULL);
  return self->active ? self->scratch : NULL;
}

/* GObject */

static void
dj_learn_mistakes_dispose (GObject *object)
{
  DjLearnMistakes *self = DJ_LEARN_MISTAKES (object);

  clear_position (self);
  /* Its handlers on the board go with us (g_signal_connect_object). */
  self->board = NULL;
  self->review = NULL;
  self->explainer = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_LEARN_MISTAKES);
  g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dj_learn_mistakes_parent_class)->dispose (object);
}

static void
dj_learn_mistakes_finalize (GObject *object)
{
  DjLearnMistakes *self = DJ_LEARN_MISTAKES (object);

  g_clear_object (&self->game_signals);
  g_clear_pointer (&self->search, dj_search_unref);
  g_clear_pointer (&self->mistakes, g_array_unref);
  g_free (self->verdict);

  G_OBJECT_CLASS (dj_learn_mistakes_parent_class)->finalize (object);
}

static void
dj_learn_mistakes_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  DjLearnMistakes *self = DJ_LEARN_MISTAKES (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_learn_mistakes_class_init (DjLearnMistakesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_learn_mistakes_dispose;
  object_class->finalize = dj_learn_mistakes_finalize;
  object_class->get_property = dj_learn_mistakes_get_property;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DjLearnMistakes::position-missed:
   * @self: the mode
   * @rules: (type gpointer): the const DjRules * of the position
   * @position: (type gpointer): the const DjPosition * missed
   * @best_moves: the moves that keep its value
   * @source: the game and move it comes from, for the user
   *
   * Emitted when the user fails a position: for spaced repetition.
   */
  signals[POSITION_MISSED] =
    g_signal_new ("position-missed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_POINTER, G_TYPE_POINTER, G_TYPE_STRV, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PATH "/ui/dj-learn-mistakes.ui");
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, revealer);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, progress_label);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, side_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, serious_check);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, context_label);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, solution_box);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, line_label);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, explainer_box);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, solution_button);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, skip_button);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, next_button);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, save_button);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, line_back_button);
  gtk_widget_class_bind_template_child (widget_class, DjLearnMistakes, line_on_button);
  gtk_widget_class_set_css_name (widget_class, "learn-mistakes");

  gtk_widget_class_install_action (widget_class, "learn.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "learn.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "learn.solution", NULL, solution_action);
  gtk_widget_class_install_action (widget_class, "learn.save-variation", NULL,
                                   save_variation_action);
  gtk_widget_class_install_action (widget_class, "learn.line-back", NULL, line_action);
  gtk_widget_class_install_action (widget_class, "learn.line-on", NULL, line_action);
  gtk_widget_class_install_action (widget_class, "learn.stop", NULL, stop_action);
}

static void
dj_learn_mistakes_init (DjLearnMistakes *self)
{
  const char *sides[] = { _("Both Sides"), _("South"), _("North"), NULL };
  g_autoptr(GtkStringList) side_names = gtk_string_list_new (sides);

  gtk_widget_init_template (GTK_WIDGET (self));

  self->filter = DJ_MISTAKES_BOTH_SIDES;
  self->pending = DJ_NO_MOVE;
  gtk_drop_down_set_model (self->side_dropdown, G_LIST_MODEL (side_names));
  g_signal_connect_object (self->side_dropdown, "notify::selected",
                           G_CALLBACK (on_filter_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->serious_check, "notify::active",
                           G_CALLBACK (on_filter_changed), self, G_CONNECT_SWAPPED);


  self->game_signals = g_signal_group_new (DJ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "node-removed",
                                  G_CALLBACK (on_node_removed), self);
  update_controls (self);
}
