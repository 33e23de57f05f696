/* dj-explainer.c: the move explainer: what a relay move did, lap by lap
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-explain.h"
#include "dj-explainer.h"
#include "dj-move-label.h"

#define NOT_STEPPING G_MAXUINT

struct _DjExplainer
{
  GtkWidget   parent_instance;

  /* template */
  GtkScrolledWindow *scroller;
  GtkLabel   *summary_label;
  GtkBox     *sentence_box;
  GtkLabel   *step_label;
  GtkWidget  *controls;

  DjGame     *game;
  GSignalGroup *game_signals;   /* the game's signals while it is shown */
  DjBoard    *board;
  DjNode     *node;       /* the move explained */
  DjTrace    *trace;      /* NULL at the root */
  GPtrArray  *sentences;  /* DjExplainStep */
  GPtrArray  *labels;     /* GtkLabel, one a sentence */
  guint       n_steps;
  guint       step;       /* NOT_STEPPING, or the step shown on the board */
  guint       scroll_source;
};

enum {
  PROP_0,
  PROP_STEP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DjExplainer, dj_explainer, GTK_TYPE_WIDGET)

static int
sentence_for_step (DjExplainer *self,
                   guint        step)
{
  if (self->sentences == NULL)
    return -1;
  for (guint i = 0; i < self->sentences->len; i++)
    {
      DjExplainStep *s = self->sentences->pdata[i];

      if (step >= s->first_step && step <= s->last_step)
        return i;
    }
  return -1;
}

/* Keeps the highlighted sentence in view (no gtk_viewport_scroll_to in 4.8),
 * once the new highlight is laid out. */
static gboolean
scroll_timeout (gpointer data)
{
  DjExplainer *self = data;
  int i = dj_explainer_get_highlighted (self);
  GtkWidget *label;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->scroller);
  GtkWidget *content = gtk_scrolled_window_get_child (self->scroller);
  graphene_rect_t bounds;
  double value, page;

  self->scroll_source = 0;
  if (i < 0)
    return G_SOURCE_REMOVE;
  label = self->labels->pdata[i];
  if (content == NULL || !gtk_widget_compute_bounds (label, content, &bounds))
    return G_SOURCE_REMOVE;
  value = gtk_adjustment_get_value (adj);
  page = gtk_adjustment_get_page_size (adj);
  if (bounds.origin.y < value)
    gtk_adjustment_set_value (adj, bounds.origin.y);
  else if (bounds.origin.y + bounds.size.height > value + page)
    gtk_adjustment_set_value (adj, bounds.origin.y + bounds.size.height - page);
  return G_SOURCE_REMOVE;
}

static void
update_view (DjExplainer *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean stepping = self->step != NOT_STEPPING;
  int highlighted = stepping ? sentence_for_step (self, self->step) : -1;

  for (guint i = 0; self->labels != NULL && i < self->labels->len; i++)
    {
      GtkWidget *label = self->labels->pdata[i];

      if ((int) i == highlighted)
        {
          gtk_widget_add_css_class (label, "current");
          if (self->scroll_source == 0)
            self->scroll_source = g_timeout_add (40, scroll_timeout, self);
        }
      else
        gtk_widget_remove_css_class (label, "current");
    }

  if (stepping)
    {
      /* Translators: the step of the move shown on the board, e.g. "Step 3 of 24" */
      g_autofree char *text = g_strdup_printf (_("Step %u of %u"), self->step, self->n_steps);

      gtk_label_set_label (self->step_label, text);
    }
  else if (self->trace != NULL)
    gtk_label_set_label (self->step_label, _("Step through the move on the board"));
  else
    gtk_label_set_label (self->step_label, "");

  gtk_widget_action_set_enabled (widget, "explainer.start", self->trace != NULL);
  gtk_widget_action_set_enabled (widget, "explainer.next",
                                 self->trace != NULL && (!stepping || self->step < self->n_steps));
  gtk_widget_action_set_enabled (widget, "explainer.previous", stepping && self->step > 0);
  gtk_widget_action_set_enabled (widget, "explainer.leave", stepping);
}

static void
show_step (DjExplainer *self,
           guint        step)
{
  if (self->step == step)
    return;
  self->step = step;
  if (self->board != NULL && self->trace != NULL && step != NOT_STEPPING)
    dj_board_show_trace_step (self->board, self->trace, step);
  update_view (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

static void
leave (DjExplainer *self)
{
  DjNode *current;

  if (self->step == NOT_STEPPING)
    return;
  show_step (self, NOT_STEPPING);
  if (self->board == NULL || self->game == NULL)
    return;
  current = dj_game_get_current (self->game);
  dj_board_set_position (self->board, dj_game_get_rules (self->game),
                         dj_node_get_position (current));
}

static void
clear_sentences (DjExplainer *self)
{
  GtkWidget *child;

  g_clear_handle_id (&self->scroll_source, g_source_remove);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->sentence_box))) != NULL)
    gtk_box_remove (self->sentence_box, child);
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  g_clear_pointer (&self->sentences, g_ptr_array_unref);
  g_clear_pointer (&self->trace, dj_trace_free);
  self->n_steps = 0;
}

static void
explain_current (DjExplainer *self)
{
  DjNode *node = self->game ? dj_game_get_current (self->game) : NULL;
  DjNode *parent = node ? dj_node_get_parent (node) : NULL;
  g_autoptr(DjTrace) trace = NULL;

  self->step = NOT_STEPPING;
  clear_sentences (self);
  self->node = node;

  if (parent != NULL)
    {
      trace = dj_trace_new ();
      if (!dj_play (dj_game_get_rules (self->game), dj_node_get_position (parent),
                    dj_node_get_move (node), trace, NULL))
        g_clear_pointer (&trace, dj_trace_free);
    }

  if (trace == NULL)
    {
      gtk_label_set_label (self->summary_label,
                           node == NULL ? "" : _("The start position: no move to explain. "
                                                 "Go to a move to see what it did."));
      update_view (self);
      return;
    }

  {
    DjSide mover = trace->before.to_move;
    g_autofree char *laps = NULL;
    g_autofree char *summary = NULL;

    if (trace->move == DJ_PASS)
      summary = g_strdup (mover == DJ_SOUTH ? _("South passed") : _("North passed"));
    else
      {
        laps = g_strdup_printf (ngettext ("%u lap", "%u laps", trace->laps->len),
                                trace->laps->len);
        summary = g_strdup_printf (mover == DJ_SOUTH
                                   /* Translators: the explainer's title, e.g. "South played c: 4 laps" */
                                   ? _("South played %s: %s") : _("North played %s: %s"),
                                   dj_move_label (trace->move), laps);
      }
    gtk_label_set_label (self->summary_label, summary);
  }
  self->sentences = dj_trace_explain (trace);
  self->labels = g_ptr_array_new ();
  self->n_steps = dj_trace_count_steps (trace);
  for (guint i = 0; i < self->sentences->len; i++)
    {
      DjExplainStep *s = self->sentences->pdata[i];
      GtkWidget *label = gtk_label_new (s->text);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_selectable (GTK_LABEL (label), FALSE);
      gtk_widget_add_css_class (label, "explain-step");
      gtk_box_append (self->sentence_box, label);
      g_ptr_array_add (self->labels, label);
    }
  self->trace = g_steal_pointer (&trace);
  update_view (self);
}

/* Actions */

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DjExplainer *self = DJ_EXPLAINER (widget);

  if (self->trace != NULL)
    {
      if (self->board != NULL)
        dj_board_finish_animation (self->board);
      self->step = NOT_STEPPING;
      show_step (self, 0);
    }
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjExplainer *self = DJ_EXPLAINER (widget);

  if (self->trace == NULL)
    return;
  if (self->step == NOT_STEPPING)
    start_action (widget, NULL, NULL);
  else if (self->step < self->n_steps)
    show_step (self, self->step + 1);
}

static void
previous_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DjExplainer *self = DJ_EXPLAINER (widget);

  if (self->step != NOT_STEPPING && self->step > 0)
    show_step (self, self->step - 1);
}

static void
leave_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  leave (DJ_EXPLAINER (widget));
}

/* The record */

static void
on_current_changed (DjExplainer *self,
                    DjNode      *node,
                    DjGame      *game)
{
  /* The window shows the new position on the board itself. */
  self->step = NOT_STEPPING;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    explain_current (self);
  else
    self->node = NULL;
}

static void
on_node_removed (DjExplainer *self,
                 DjNode      *node,
                 DjGame      *game)
{
  if (self->node == node)
    self->node = NULL;
}

void
dj_explainer_set_game (DjExplainer *self,
                       DjGame      *game)
{
  g_return_if_fail (DJ_IS_EXPLAINER (self));
  g_return_if_fail (game == NULL || DJ_IS_GAME (game));

  if (self->game == game)
    return;
  leave (self);
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  explain_current (self);
}

void
dj_explainer_set_board (DjExplainer *self,
                        DjBoard     *board)
{
  g_return_if_fail (DJ_IS_EXPLAINER (self));
  g_return_if_fail (board == NULL || DJ_IS_BOARD (board));

  leave (self);
  g_set_object (&self->board, board);
}

guint
dj_explainer_get_n_steps (DjExplainer *self)
{
  g_return_val_if_fail (DJ_IS_EXPLAINER (self), 0);
  return self->n_steps;
}

guint
dj_explainer_get_step (DjExplainer *self)
{
  g_return_val_if_fail (DJ_IS_EXPLAINER (self), NOT_STEPPING);
  return self->step;
}

gboolean
dj_explainer_is_stepping (DjExplainer *self)
{
  g_return_val_if_fail (DJ_IS_EXPLAINER (self), FALSE);
  return self->step != NOT_STEPPING;
}

guint
dj_explainer_get_n_sentences (DjExplainer *self)
{
  g_return_val_if_fail (DJ_IS_EXPLAINER (self), 0);
  return self->sentences ? self->sentences->len : 0;
}

const char *
dj_explainer_get_sentence (DjExplainer *self,
                           guint        i,
                           guint       *first_step,
                           guint       *last_step)
{
  DjExplainStep *s;

  g_return_val_if_fail (DJ_IS_EXPLAINER (self), NULL);
  if (self->sentences == NULL || i >= self->sentences->len)
    return NULL;
  s = self->sentences->pdata[i];
  if (first_step)
    *first_step = s->first_step;
  if (last_step)
    *last_step = s->last_step;
  return s->text;
}

int
dj_explainer_get_highlighted (DjExplainer *self)
{
  g_return_val_if_fail (DJ_IS_EXPLAINER (self), -1);
  if (self->labels == NULL)
    return -1;
  for (guint i = 0; i < self->labels->len; i++)
    if (gtk_widget_has_css_class (self->labels->pdata[i], "current"))
      return i;
  return -1;
}

const DjTrace *
dj_explainer_get_trace (DjExplainer *self)
{
  g_return_val_if_fail (DJ_IS_EXPLAINER (self), NULL);
  return self->trace;
}

/* GtkWidget */

static void
dj_explainer_map (GtkWidget *widget)
{
  DjExplainer *self = DJ_EXPLAINER (widget);

  GTK_WIDGET_CLASS (dj_explainer_parent_class)->map (widget);
  if (self->game != NULL && self->node != dj_game_get_current (self->game))
    explain_current (self);
}

static void
dj_explainer_unmap (GtkWidget *widget)
{
  leave (DJ_EXPLAINER (widget));
  GTK_WIDGET_CLASS (dj_explainer_parent_class)->unmap (widget);
}

static void
dj_explainer_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  DjExplainer *self = DJ_EXPLAINER (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_explainer_dispose (GObject *object)
{
  DjExplainer *self = DJ_EXPLAINER (object);

  g_clear_handle_id (&self->scroll_source, g_source_remove);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  g_clear_pointer (&self->sentences, g_ptr_array_unref);
  g_clear_pointer (&self->trace, dj_trace_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_EXPLAINER);
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }
  g_clear_object (&self->game);
  g_clear_object (&self->board);

  G_OBJECT_CLASS (dj_explainer_parent_class)->dispose (object);
}

static void
dj_explainer_class_init (DjExplainerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = dj_explainer_get_property;
  object_class->dispose = dj_explainer_dispose;
  widget_class->map = dj_explainer_map;
  widget_class->unmap = dj_explainer_unmap;

  properties[PROP_STEP] =
    g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, NOT_STEPPING,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PATH "/ui/dj-explainer.ui");
  gtk_widget_class_bind_template_child (widget_class, DjExplainer, scroller);
  gtk_widget_class_bind_template_child (widget_class, DjExplainer, summary_label);
  gtk_widget_class_bind_template_child (widget_class, DjExplainer, sentence_box);
  gtk_widget_class_bind_template_child (widget_class, DjExplainer, step_label);
  gtk_widget_class_bind_template_child (widget_class, DjExplainer, controls);

  gtk_widget_class_install_action (widget_class, "explainer.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "explainer.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "explainer.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "explainer.leave", NULL, leave_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, GDK_CONTROL_MASK,
                                       "explainer.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, GDK_CONTROL_MASK,
                                       "explainer.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0,
                                       "explainer.leave", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "explainer");
}

static void
dj_explainer_init (DjExplainer *self)
{
  self->step = NOT_STEPPING;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->game_signals = g_signal_group_new (DJ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "current-changed",
                                  G_CALLBACK (on_current_changed), self);
  g_signal_group_connect_swapped (self->game_signals, "node-removed",
                                  G_CALLBACK (on_node_removed), self);
  update_view (self);
}

GtkWidget *
dj_explainer_new (void)
{
  return g_object_new (DJ_TYPE_EXPLAINER, NULL);
}
