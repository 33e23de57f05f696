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
#include "dj-finding-text.h"
#include "dj-review.h"
#include "dj-review-judge.h"
#include "dj-search.h"
#include "dj-tables-builder.h"

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
  GArray         *entries;     /* DjReviewMove */
  DjThresholds    thresholds;
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

DjGlyph
dj_review_glyph_for_loss (int loss)
{
  DjThresholds thresholds = DJ_THRESHOLDS_DEFAULT;

  return dj_glyph_for_judgement (dj_thresholds_judge (&thresholds, loss));
}

/* A move the review judged: a proven loss, or proven best play. */
static gboolean
is_judged (const DjReviewMove *e)
{
  return e->found && e->finding.loss >= 0;
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
      DjReviewMove *e = &g_array_index (self->entries, DjReviewMove, i);

      if (e->position.to_move != side || !is_judged (e))
        continue;
      switch (e->finding.judgement)
        {
        case DJ_JUDGEMENT_BLUNDER:
          blunders++;
          break;
        case DJ_JUDGEMENT_MISTAKE:
          mistakes++;
          break;
        case DJ_JUDGEMENT_INACCURACY:
          inaccuracies++;
          break;
        default:
          break;
        }
      lost += e->finding.loss;
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

/* Applying the results: one undo step, findings only: the person's glyphs,
 * comments and moves stay as they are. */

static void
apply_results (DjReview *self)
{
  DjNode *current = dj_game_get_current (self->game);

  dj_review_apply (self->game, self->entries);
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
      const DjReviewMove *e = &g_array_index (self->entries, DjReviewMove, i);
      const DjFinding *f = &e->finding;
      gboolean south = e->position.to_move == DJ_SOUTH;

      if (!e->found)
        continue;
      value_meet (&g_array_index (self->values, Value, i),
                  south ? f->before_lower : -f->before_upper,
                  south ? f->before_upper : -f->before_lower);
      value_meet (&g_array_index (self->values, Value, i + 1),
                  south ? f->after_lower : -f->after_upper,
                  south ? f->after_upper : -f->after_lower);
    }
  for (int pass = 0; pass < 2; pass++)
    for (guint k = 0; k < n; k++)
      {
        guint i = pass == 0 ? k : n - 1 - k;
        Value *a = &g_array_index (self->values, Value, i);
        Value *b = &g_array_index (self->values, Value, i + 1);

        if (!g_array_index (self->entries, DjReviewMove, i).forced)
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
    {
      DjReviewMove *e = &g_array_index (self->entries, DjReviewMove, self->next);

      e->found = dj_finding_judge (&e->finding, analysis, e->played, &self->thresholds);
      /* A review of Djenon-abe is a long run of searches: the deeper
       * endgame tables speed up what is left of it once made. */
      dj_tables_builder_want (dj_tables_builder_get_default (), &analysis->rules);
    }
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
         && g_array_index (self->entries, DjReviewMove, self->next).forced)
    self->next++;

  if (self->next >= self->entries->len)
    {
      finish (self);
      return;
    }

  show_running (self);
  {
    DjReviewMove *e = &g_array_index (self->entries, DjReviewMove, self->next);
    DjSearchLimits limits = { 0 };

    limits.time_ms = self->budget_ms;
    self->searching = TRUE;
    dj_search_analyse_async (dj_review_get_search (self), rules, &e->position, &limits,
                             self->cancellable,
                             on_analysed, g_object_ref (self));
  }
}

void
dj_review_start (DjReview *self)
{
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

  g_clear_pointer (&self->entries, g_array_unref);
  self->entries = dj_review_main_line (self->game);
  g_array_set_size (self->values, 0);
  g_clear_pointer (&self->summary, g_free);

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
describe_entry (const DjReviewMove *e)
{
  /* In a right-to-left language too, "3." and "c" each read left to
   * right (a translated "pass" in its own direction). */
  g_autofree char *number = g_strdup_printf (e->position.to_move == DJ_SOUTH
                                             ? DJ_LRI "%u." DJ_PDI : DJ_LRI "%u…" DJ_PDI,
                                             e->number);
  g_autofree char *move = g_strconcat (DJ_FSI, dj_move_label (e->played), DJ_PDI, NULL);
  g_autofree char *finding = NULL;

  if (e->forced)
    /* Translators: a reviewed move that was the only legal one, e.g. "3. c: the only move" */
    return g_strdup_printf (_("%s %s: the only move"), number, move);
  if (!e->found)
    /* Translators: a reviewed move that could not be analysed */
    return g_strdup_printf (_("%s %s: not analysed"), number, move);
  finding = dj_finding_text_describe (&e->finding, e->played);
  /* Translators: a reviewed move and what the review found, e.g.
   * "3. c: Mistake: lost 4 seeds. Best d (+2), played −2" */
  return g_strdup_printf (_("%s %s: %s"), number, move, finding);
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
  {
    g_autofree char *body = NULL;

    /* Translators: the thresholds of the review, in seeds lost */
    body = g_strdup_printf (_("Each move against perfect play, in seeds from the mover’s view. "
                              "Seeds lost: from %u an inaccuracy (?!), from %u a mistake (?), "
                              "from %u a blunder (?\?). Only proven values count."),
                            self->thresholds.inaccuracy, self->thresholds.mistake,
                            self->thresholds.blunder);
    adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), body);
  }
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Reviewed Moves"), -1);
  for (guint i = 0; i < self->entries->len; i++)
    {
      g_autofree char *text = describe_entry (&g_array_index (self->entries, DjReviewMove, i));
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

/* The thresholds dialog */

/* The application's settings, or NULL where the schema is not installed. */
static GSettings *
review_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, "review-blunder"))
    return NULL;
  return g_settings_new_full (schema, NULL, NULL);
}

static GtkWidget *
threshold_row (GtkGrid    *grid,
               int         row,
               const char *label_text,
               const char *description,
               guint       value)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);
  GtkWidget *spin = gtk_spin_button_new_with_range (1, DJ_FINDING_MAX_SEEDS, 1);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), spin);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description, -1);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, spin, 1, row, 1, 1);
  return spin;
}

static void
on_ask_response (AdwMessageDialog *dialog,
                 const char       *response,
                 DjReview         *self)
{
  GtkSpinButton **spins = g_object_get_data (G_OBJECT (dialog), "dj-spins");
  DjThresholds t;
  g_autoptr(GSettings) settings = NULL;

  if (g_strcmp0 (response, "review") != 0)
    return;
  t.inaccuracy = gtk_spin_button_get_value_as_int (spins[0]);
  /* Each threshold at least the one before it. */
  t.mistake = MAX ((guint) gtk_spin_button_get_value_as_int (spins[1]), t.inaccuracy);
  t.blunder = MAX ((guint) gtk_spin_button_get_value_as_int (spins[2]), t.mistake);
  dj_review_set_thresholds (self, &t);
  settings = review_settings ();
  if (settings != NULL)
    {
      g_settings_set_uint (settings, "review-inaccuracy", t.inaccuracy);
      g_settings_set_uint (settings, "review-mistake", t.mistake);
      g_settings_set_uint (settings, "review-blunder", t.blunder);
    }
  dj_review_start (self);
}

void
dj_review_ask (DjReview *self)
{
  GtkRoot *root;
  GtkWidget *dialog, *grid;
  GtkSpinButton **spins;

  g_return_if_fail (DJ_IS_REVIEW (self));

  if (self->running || self->game == NULL)
    return;
  root = gtk_widget_get_root (GTK_WIDGET (self));
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Review Game"),
                                   _("Every move of the main line is judged against perfect "
                                     "play by the seeds it lost. The findings are kept apart "
                                     "from your glyphs and comments."));
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  spins = g_new0 (GtkSpinButton *, 3);
  spins[0] = GTK_SPIN_BUTTON (threshold_row (GTK_GRID (grid), 0, _("_Inaccuracy from"),
                                             _("Seeds lost from which a move is an inaccuracy"),
                                             self->thresholds.inaccuracy));
  spins[1] = GTK_SPIN_BUTTON (threshold_row (GTK_GRID (grid), 1, _("_Mistake from"),
                                             _("Seeds lost from which a move is a mistake"),
                                             self->thresholds.mistake));
  spins[2] = GTK_SPIN_BUTTON (threshold_row (GTK_GRID (grid), 2, _("_Blunder from"),
                                             _("Seeds lost from which a move is a blunder"),
                                             self->thresholds.blunder));
  gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Seeds Lost"), -1);
  g_object_set_data_full (G_OBJECT (dialog), "dj-spins", spins, g_free);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), grid);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "review", _("_Review"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "review",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "review");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_ask_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Public API */

void
dj_review_set_thresholds (DjReview           *self,
                          const DjThresholds *thresholds)
{
  g_return_if_fail (DJ_IS_REVIEW (self));
  g_return_if_fail (thresholds != NULL && dj_thresholds_is_valid (thresholds));

  self->thresholds = *thresholds;
}

const DjThresholds *
dj_review_get_thresholds (DjReview *self)
{
  g_return_val_if_fail (DJ_IS_REVIEW (self), NULL);
  return &self->thresholds;
}

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
  const DjReviewMove *e;

  g_return_val_if_fail (DJ_IS_REVIEW (self), -1);
  g_return_val_if_fail (index < self->entries->len, -1);

  e = &g_array_index (self->entries, DjReviewMove, index);
  return is_judged (e) ? e->finding.loss : -1;
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

  return g_array_index (self->entries, DjReviewMove, index).forced;
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
  self->entries = g_array_new (FALSE, TRUE, sizeof (DjReviewMove));
  self->thresholds = DJ_THRESHOLDS_DEFAULT;
  {
    g_autoptr(GSettings) settings = review_settings ();

    if (settings != NULL)
      {
        DjThresholds t = {
          g_settings_get_uint (settings, "review-inaccuracy"),
          g_settings_get_uint (settings, "review-mistake"),
          g_settings_get_uint (settings, "review-blunder"),
        };

        if (dj_thresholds_is_valid (&t))
          self->thresholds = t;
      }
  }
  self->values = g_array_new (FALSE, TRUE, sizeof (Value));
}
