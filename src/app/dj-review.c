/* dj-review.c: Review Game: every move of the main line against perfect play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dj-analysis-panel.h"
#include "dj-bidi.h"
#include "dj-move-label.h"
#include "dj-review.h"
#include "dj-search.h"

/* One move of the main line and what the review found. */
typedef struct
{
  DjPosition  pos;          /* before the move */
  DjMove      played;
  guint       number;       /* move number, as in the notation */
  gboolean    forced;       /* the only legal move */
  gboolean    judged;
  int         loss;         /* seeds lost (at least, when judged by bounds) */
  gboolean    loss_exact;
  DjMove      best;
  char       *best_value;
  char       *played_value;
  DjMove     *line;         /* the better line, from @best */
  guint       line_len;
  gboolean    analysed;     /* the bounds below are known */
  int         before_lower; /* the position's value, mover's view */
  int         before_upper;
  int         after_lower;  /* the played move's value, mover's view */
  int         after_upper;
} Entry;

/* The value of the position after some moves of the main line, South's view. */
typedef struct
{
  gboolean known;
  int      lower;
  int      upper;
} Value;

struct _DjReview
{
  GtkWidget       parent_instance;

  /* template */
  GtkRevealer    *revealer;
  GtkLabel       *label;
  GtkProgressBar *progress;
  GtkWidget      *details_button;
  GtkWidget      *cancel_button;
  GtkWidget      *close_button;

  DjGame         *game;
  gint64          budget_ms;

  DjSearch       *search;
  GCancellable   *cancellable;
  GArray         *entries;     /* Entry */
  guint           next;        /* the entry being analysed */
  gboolean        running;     /* reviewing: the user sees progress */
  gboolean        searching;   /* an analysis of ours has not reported yet */
  gboolean        start_pending; /* start again once it has */
  gboolean        disposed;
  char           *summary;
  GArray         *values;      /* Value, n_moves + 1 of them after a review */
};

enum {
  PROP_0,
  PROP_GAME,
  PROP_RUNNING,
  N_PROPS
};

enum {
  FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DjReview, dj_review, GTK_TYPE_WIDGET)

static void step (DjReview *self);

static void
entry_clear (gpointer data)
{
  Entry *e = data;

  g_free (e->best_value);
  g_free (e->played_value);
  g_free (e->line);
}

DjGlyph
dj_review_glyph_for_loss (int loss)
{
  if (loss >= 6)
    return DJ_GLYPH_BLUNDER;
  if (loss >= 3)
    return DJ_GLYPH_MISTAKE;
  if (loss >= 1)
    return DJ_GLYPH_DUBIOUS;
  return DJ_GLYPH_NONE;
}

static gboolean
is_review_glyph (DjGlyph glyph)
{
  return glyph == DJ_GLYPH_NONE || glyph == DJ_GLYPH_DUBIOUS
         || glyph == DJ_GLYPH_MISTAKE || glyph == DJ_GLYPH_BLUNDER;
}

/* The loss of @e->played in @a, only as far as proven values show it. */
static void
judge (Entry            *e,
       const DjAnalysis *a)
{
  const DjMoveValue *played = NULL;
  const DjMoveValue *best = NULL;
  int best_lower = G_MININT, best_upper = G_MININT;
  int least, most;

  for (guint i = 0; i < a->n_moves; i++)
    {
      const DjMoveValue *mv = &a->moves[i];

      if (mv->move == e->played)
        played = mv;
      if (best == NULL || mv->lower > best->lower
          || (mv->lower == best->lower && mv->exact && !best->exact))
        best = mv;
      best_lower = MAX (best_lower, mv->lower);
      best_upper = MAX (best_upper, mv->upper);
    }
  if (played == NULL || best == NULL)
    return;

  e->analysed = TRUE;
  e->before_lower = best_lower;
  e->before_upper = best_upper;
  e->after_lower = played->lower;
  e->after_upper = played->upper;

  /* The true loss, max value − played value, lies in [least, most]. */
  least = best_lower - played->upper;
  most = best_upper - played->lower;
  if (least == most)
    {
      e->judged = TRUE;
      e->loss = MAX (least, 0);
      e->loss_exact = TRUE;
    }
  else if (least >= 1)
    {
      e->judged = TRUE;
      e->loss = least;
    }
  else if (most <= 0)
    {
      e->judged = TRUE;
      e->loss = 0;
      e->loss_exact = TRUE;
    }

  e->best = best->move;
  e->best_value = dj_analysis_format_move_value (best, &a->position);
  e->played_value = dj_analysis_format_move_value (played, &a->position);
  e->line_len = MIN (best->line_len, DJ_REVIEW_LINE_MOVES);
  e->line = g_memdup2 (best->line, e->line_len * sizeof (DjMove));
}

/* The banner */

static void
show_running (DjReview *self)
{
  guint n = self->entries->len;
  guint done = MIN (self->next, n);
  g_autofree char *text = NULL;

  /* Translators: progress of the game review, e.g. "Reviewing the game: move 3 of 40" */
  text = g_strdup_printf (_("Reviewing the game: move %u of %u"), MIN (done + 1, n), n);
  gtk_label_set_label (self->label, text);
  gtk_progress_bar_set_fraction (self->progress, n > 0 ? (double) done / n : 0.0);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), TRUE);
  gtk_widget_set_visible (self->cancel_button, TRUE);
  gtk_widget_set_visible (self->details_button, FALSE);
  gtk_widget_set_visible (self->close_button, FALSE);
  gtk_revealer_set_reveal_child (self->revealer, TRUE);
}

static void
show_message (DjReview   *self,
              const char *text,
              gboolean    details)
{
  gtk_label_set_label (self->label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), FALSE);
  gtk_widget_set_visible (self->cancel_button, FALSE);
  gtk_widget_set_visible (self->details_button, details);
  gtk_widget_set_visible (self->close_button, TRUE);
  gtk_revealer_set_reveal_child (self->revealer, TRUE);
}

static void
set_running (DjReview *self,
             gboolean  running)
{
  if (self->running == running)
    return;
  self->running = running;
  if (!self->disposed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static char *
describe_side (DjReview *self,
               DjSide    side)
{
  guint blunders = 0, mistakes = 0, inaccuracies = 0;
  int lost = 0;
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);

      if (e->pos.to_move != side || !e->judged)
        continue;
      switch (dj_review_glyph_for_loss (e->loss))
        {
        case DJ_GLYPH_BLUNDER:
          blunders++;
          break;
        case DJ_GLYPH_MISTAKE:
          mistakes++;
          break;
        case DJ_GLYPH_DUBIOUS:
          inaccuracies++;
          break;
        default:
          break;
        }
      lost += e->loss;
    }

  g_string_append (text, side == DJ_SOUTH ? _("South") : _("North"));
  g_string_append (text, ": ");
  if (lost == 0)
    {
      g_string_append (text, _("no seeds lost"));
      return g_string_free (text, FALSE);
    }
  if (blunders > 0)
    g_string_append_printf (text, ngettext ("%u blunder, ", "%u blunders, ", blunders), blunders);
  if (mistakes > 0)
    g_string_append_printf (text, ngettext ("%u mistake, ", "%u mistakes, ", mistakes), mistakes);
  if (inaccuracies > 0)
    g_string_append_printf (text, ngettext ("%u inaccuracy, ", "%u inaccuracies, ", inaccuracies),
                            inaccuracies);
  g_string_append_printf (text, ngettext ("%d seed lost", "%d seeds lost", lost), lost);
  return g_string_free (text, FALSE);
}

/* Applying the results: one undo step */

static char *
comment_for (const Entry *e)
{
  /* Translators: a review comment after a move: the best move and its value,
   * the played move and its value, e.g. "Best: d (+4); played c (−2)" */
  return g_strdup_printf (_("Best: %s (%s); played %s (%s)"),
                          dj_move_label (e->best), e->best_value,
                          dj_move_label (e->played), e->played_value);
}

static void
apply_results (DjReview *self)
{
  DjNode *node = dj_game_get_root (self->game);
  DjNode *current = dj_game_get_current (self->game);

  dj_game_begin_action (self->game, _("Review Game"));
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);
      DjNode *played = dj_node_get_first_child (node);
      g_autofree char *comment = NULL;
      const char *old;

      /* The main line was edited meanwhile: what follows is another game. */
      if (played == NULL || dj_node_get_move (played) != e->played
          || !dj_position_equal (dj_node_get_position (node), &e->pos))
        break;

      if (e->judged && e->loss >= 1)
        {
          DjNode *at = node;

          if (is_review_glyph (dj_node_get_glyph (played)))
            dj_game_set_glyph (self->game, played, dj_review_glyph_for_loss (e->loss));

          comment = comment_for (e);
          old = dj_node_get_comment_after (played);
          if (old == NULL || *old == '\0')
            dj_game_set_comment_after (self->game, played, comment);
          else if (strstr (old, comment) == NULL)
            {
              g_autofree char *both = g_strconcat (old, "\n", comment, NULL);

              dj_game_set_comment_after (self->game, played, both);
            }

          for (guint k = 0; k < e->line_len; k++)
            {
              DjNode *next = dj_game_play (self->game, at, e->line[k], NULL);

              if (next == NULL)
                break;
              at = next;
            }
        }
      node = played;
    }
  dj_game_end_action (self->game);

  /* Adding variations never moves the current node; keep it where it was. */
  if (dj_game_get_current (self->game) != current)
    dj_game_set_current (self->game, current);
}

static void
value_meet (Value *v,
            int    lower,
            int    upper)
{
  if (!v->known)
    {
      v->known = TRUE;
      v->lower = lower;
      v->upper = upper;
      return;
    }
  /* Both are proven bounds of the same value. */
  v->lower = MAX (v->lower, lower);
  v->upper = MIN (v->upper, upper);
  if (v->lower > v->upper)
    v->upper = v->lower;
}

/* Each point's value from the analyses before and after it, South's view;
 * a forced move keeps the value, so its neighbours bound it too. */
static void
compute_values (DjReview *self)
{
  guint n = self->entries->len;

  g_array_set_size (self->values, 0);
  g_array_set_size (self->values, n + 1);
  for (guint i = 0; i < n; i++)
    {
      const Entry *e = &g_array_index (self->entries, Entry, i);
      gboolean south = e->pos.to_move == DJ_SOUTH;

      if (!e->analysed)
        continue;
      value_meet (&g_array_index (self->values, Value, i),
                  south ? e->before_lower : -e->before_upper,
                  south ? e->before_upper : -e->before_lower);
      value_meet (&g_array_index (self->values, Value, i + 1),
                  south ? e->after_lower : -e->after_upper,
                  south ? e->after_upper : -e->after_lower);
    }
  for (int pass = 0; pass < 2; pass++)
    for (guint k = 0; k < n; k++)
      {
        guint i = pass == 0 ? k : n - 1 - k;
        Value *a = &g_array_index (self->values, Value, i);
        Value *b = &g_array_index (self->values, Value, i + 1);

        if (!g_array_index (self->entries, Entry, i).forced)
          continue;
        if (pass == 0 && a->known)
          value_meet (b, a->lower, a->upper);
        else if (pass == 1 && b->known)
          value_meet (a, b->lower, b->upper);
      }
}

static void
finish (DjReview *self)
{
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;

  compute_values (self);
  apply_results (self);
  south = describe_side (self, DJ_SOUTH);
  north = describe_side (self, DJ_NORTH);
  g_free (self->summary);
  /* Translators: the end of a game review, with each side's losses */
  self->summary = g_strdup_printf (_("Review complete. %s. %s."), south, north);
  show_message (self, self->summary, TRUE);
  set_running (self, FALSE);
  g_signal_emit (self, signals[FINISHED], 0, TRUE);
}

/* Searching, one position after another */

static void
on_analysed (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr(DjReview) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjAnalysis) analysis = NULL;

  analysis = dj_search_analyse_finish (NULL, result, &error);
  self->searching = FALSE;
  if (self->disposed)
    return;
  if (self->start_pending)
    {
      self->start_pending = FALSE;
      dj_review_start (self);
      return;
    }
  if (!self->running)
    return;
  if (analysis == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  if (analysis != NULL && self->next < self->entries->len)
    judge (&g_array_index (self->entries, Entry, self->next), analysis);
  else if (error != NULL)
    g_debug ("Review: no analysis of move %u: %s", self->next + 1, error->message);
  self->next++;
  step (self);
}

static void
step (DjReview *self)
{
  const DjRules *rules = dj_game_get_rules (self->game);

  while (self->next < self->entries->len
         && g_array_index (self->entries, Entry, self->next).forced)
    self->next++;

  if (self->next >= self->entries->len)
    {
      finish (self);
      return;
    }

  show_running (self);
  {
    Entry *e = &g_array_index (self->entries, Entry, self->next);
    DjSearchLimits limits = { 0 };

    limits.time_ms = self->budget_ms;
    self->searching = TRUE;
    dj_search_analyse_async (dj_review_get_search (self), rules, &e->pos, &limits, self->cancellable,
                             on_analysed, g_object_ref (self));
  }
}

void
dj_review_start (DjReview *self)
{
  const DjRules *rules;
  DjNode *node;

  g_return_if_fail (DJ_IS_REVIEW (self));

  if (self->running || self->game == NULL)
    return;
  if (self->searching)
    {
      /* A cancelled analysis has not reported yet: its report must not
       * judge a move of the new review. */
      self->start_pending = TRUE;
      return;
    }

  rules = dj_game_get_rules (self->game);
  g_array_set_size (self->entries, 0);
  g_array_set_size (self->values, 0);
  g_clear_pointer (&self->summary, g_free);
  for (node = dj_game_get_root (self->game); dj_node_get_first_child (node) != NULL;
       node = dj_node_get_first_child (node))
    {
      DjNode *child = dj_node_get_first_child (node);
      Entry e = { 0 };
      DjMoves moves;

      e.pos = *dj_node_get_position (node);
      e.played = dj_node_get_move (child);
      e.number = dj_node_get_move_number (child);
      e.loss = -1;
      dj_moves_generate (rules, &e.pos, &moves);
      e.forced = moves.must_pass || moves.n_legal <= 1;
      g_array_append_val (self->entries, e);
    }

  if (self->entries->len == 0)
    {
      show_message (self, _("The main line has no moves to review."), FALSE);
      return;
    }

  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->next = 0;
  set_running (self, TRUE);
  step (self);
}

void
dj_review_cancel (DjReview *self)
{
  g_return_if_fail (DJ_IS_REVIEW (self));

  self->start_pending = FALSE;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (!self->disposed)
    gtk_revealer_set_reveal_child (self->revealer, FALSE);
  if (self->running)
    {
      set_running (self, FALSE);
      g_signal_emit (self, signals[FINISHED], 0, FALSE);
    }
}

/* Details */

static char *
describe_entry (const Entry *e)
{
  /* In a right-to-left language too, "3.", "c", "??" and "−2" each read
   * left to right (a translated "pass" in its own direction). */
  g_autofree char *number = g_strdup_printf (e->pos.to_move == DJ_SOUTH
                                             ? DJ_LRI "%u." DJ_PDI : DJ_LRI "%u…" DJ_PDI,
                                             e->number);
  g_autofree char *move = g_strconcat (DJ_FSI, dj_move_label (e->played), DJ_PDI, NULL);
  g_autofree char *best = g_strconcat (DJ_FSI, dj_move_label (e->best), DJ_PDI, NULL);
  g_autofree char *played_value = dj_bidi_ltr (e->played_value ? e->played_value : "?");
  g_autofree char *best_value = dj_bidi_ltr (e->best_value ? e->best_value : "?");

  if (e->forced)
    /* Translators: a reviewed move that was the only legal one, e.g. "3. c: the only move" */
    return g_strdup_printf (_("%s %s: the only move"), number, move);
  if (!e->judged)
    /* Translators: a reviewed move whose value was not proven in time */
    return g_strdup_printf (_("%s %s: not proven in the time allowed (%s; best %s %s)"),
                            number, move, played_value, best, best_value);
  if (e->loss == 0)
    /* Translators: a reviewed move as good as perfect play, with its value */
    return g_strdup_printf (_("%s %s: best play (%s)"), number, move, played_value);
  {
    DjGlyph glyph = dj_review_glyph_for_loss (e->loss);
    g_autofree char *glyph_text = dj_bidi_ltr (dj_glyph_to_string (glyph));
    g_autofree char *lost = NULL;

    if (e->loss_exact)
      lost = g_strdup_printf (ngettext ("lost %d seed", "lost %d seeds", e->loss), e->loss);
    else
      lost = g_strdup_printf (ngettext ("lost at least %d seed", "lost at least %d seeds",
                                        e->loss), e->loss);
    /* Translators: a reviewed move, the seeds it lost, its glyph, the best
     * move and both values, e.g. "3. c: lost 6 seeds ?? — best d (+4), played −2" */
    return g_strdup_printf (_("%s %s: %s %s — best %s (%s), played %s"), number, move, lost,
                            glyph_text, best, best_value, played_value);
  }
}

static void
details_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DjReview *self = DJ_REVIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *dialog, *scroller, *list;

  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Game Review"), NULL);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog),
                               _("Each move against perfect play, in seeds from the mover’s "
                                 "view. Seeds lost: 1–2 is an inaccuracy (?!), 3–5 a mistake "
                                 "(?), 6 or more a blunder (?\?). Only proven values count."));
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Reviewed Moves"), -1);
  for (guint i = 0; i < self->entries->len; i++)
    {
      g_autofree char *text = describe_entry (&g_array_index (self->entries, Entry, i));
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_margin_start (label, 12);
      gtk_widget_set_margin_end (label, 12);
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_list_box_append (GTK_LIST_BOX (list), label);
    }
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 240);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 400);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scroller);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  dj_review_cancel (DJ_REVIEW (widget));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DjReview *self = DJ_REVIEW (widget);

  gtk_revealer_set_reveal_child (self->revealer, FALSE);
}

/* Public API */

GtkWidget *
dj_review_new (void)
{
  return g_object_new (DJ_TYPE_REVIEW, NULL);
}

DjGame *
dj_review_get_game (DjReview *self)
{
  g_return_val_if_fail (DJ_IS_REVIEW (self), NULL);
  return self->game;
}

void
dj_review_set_game (DjReview *self,
                    DjGame   *game)
{
  g_return_if_fail (DJ_IS_REVIEW (self));
  g_return_if_fail (game == NULL || DJ_IS_GAME (game));

  if (self->game == game)
    return;
  dj_review_cancel (self);
  g_set_object (&self->game, game);
  g_array_set_size (self->entries, 0);
  g_array_set_size (self->values, 0);
  g_clear_pointer (&self->summary, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

void
dj_review_set_time_budget (DjReview *self,
                           gint64    time_ms)
{
  g_return_if_fail (DJ_IS_REVIEW (self));
  g_return_if_fail (time_ms >= 0);

  self->budget_ms = time_ms;
}

gboolean
dj_review_get_running (DjReview *self)
{
  g_return_val_if_fail (DJ_IS_REVIEW (self), FALSE);
  return self->running;
}

guint
dj_review_get_n_moves (DjReview *self)
{
  g_return_val_if_fail (DJ_IS_REVIEW (self), 0);
  return self->entries->len;
}

int
dj_review_get_loss (DjReview *self,
                    guint     index)
{
  const Entry *e;

  g_return_val_if_fail (DJ_IS_REVIEW (self), -1);
  g_return_val_if_fail (index < self->entries->len, -1);

  e = &g_array_index (self->entries, Entry, index);
  return e->judged ? e->loss : -1;
}

gboolean
dj_review_get_value (DjReview *self,
                     guint     index,
                     int      *lower,
                     int      *upper)
{
  const Value *v;

  g_return_val_if_fail (DJ_IS_REVIEW (self), FALSE);

  if (index >= self->values->len)
    return FALSE;
  v = &g_array_index (self->values, Value, index);
  if (!v->known)
    return FALSE;
  if (lower != NULL)
    *lower = v->lower;
  if (upper != NULL)
    *upper = v->upper;
  return TRUE;
}

gboolean
dj_review_get_forced (DjReview *self,
                      guint     index)
{
  g_return_val_if_fail (DJ_IS_REVIEW (self), FALSE);
  g_return_val_if_fail (index < self->entries->len, FALSE);

  return g_array_index (self->entries, Entry, index).forced;
}

const char *
dj_review_get_summary (DjReview *self)
{
  g_return_val_if_fail (DJ_IS_REVIEW (self), NULL);
  return self->summary;
}

DjSearch *
dj_review_get_search (DjReview *self)
{
  g_return_val_if_fail (DJ_IS_REVIEW (self), NULL);

  /* A review nobody gave a search to (alone, as in tests) makes its own. */
  if (self->search == NULL)
    self->search = dj_search_new (0);
  return self->search;
}

void
dj_review_set_search (DjReview *self,
                      DjSearch *search)
{
  g_return_if_fail (DJ_IS_REVIEW (self));

  /* A running analysis keeps the old search alive until it reports. */
  dj_search_set (&self->search, search);
}

/* GObject */

static void
dj_review_dispose (GObject *object)
{
  DjReview *self = DJ_REVIEW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  self->disposed = TRUE;
  self->running = FALSE;
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_REVIEW);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dj_review_parent_class)->dispose (object);
}

static void
dj_review_finalize (GObject *object)
{
  DjReview *self = DJ_REVIEW (object);

  /* A running search holds a reference: by now the worker is done with it. */
  g_assert (!self->searching);
  g_clear_pointer (&self->search, dj_search_unref);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->entries, g_array_unref);
  g_clear_pointer (&self->values, g_array_unref);
  g_free (self->summary);

  G_OBJECT_CLASS (dj_review_parent_class)->finalize (object);
}

static void
dj_review_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  DjReview *self = DJ_REVIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_review_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  DjReview *self = DJ_REVIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      dj_review_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_review_class_init (DjReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_review_dispose;
  object_class->finalize = dj_review_finalize;
  object_class->get_property = dj_review_get_property;
  object_class->set_property = dj_review_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DjReview::finished:
   * @review: the review
   * @completed: TRUE when the results went into the game, FALSE when cancelled
   *
   * Emitted when a review ends.
   */
  signals[FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/dj-review.ui");
  gtk_widget_class_bind_template_child (widget_class, DjReview, revealer);
  gtk_widget_class_bind_template_child (widget_class, DjReview, label);
  gtk_widget_class_bind_template_child (widget_class, DjReview, progress);
  gtk_widget_class_bind_template_child (widget_class, DjReview, details_button);
  gtk_widget_class_bind_template_child (widget_class, DjReview, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, DjReview, close_button);
  gtk_widget_class_set_css_name (widget_class, "review");

  gtk_widget_class_install_action (widget_class, "review.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "review.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "review.details", NULL, details_action);
}

static void
dj_review_init (DjReview *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->budget_ms = DJ_REVIEW_DEFAULT_BUDGET_MS;
  self->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (self->entries, entry_clear);
  self->values = g_array_new (FALSE, TRUE, sizeof (Value));
}
