/* dj-study-pane.c: beside the board: notation, comments, explainer, tree, games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "dj-move-label.h"
#include "dj-move-time.h"
#include "dj-notation.h"
#include "dj-study-pane.h"

/* Typing is written into the record this long after the last key. */
#define COMMIT_DELAY_MS 500

struct _DjStudyPane
{
  GtkWidget          parent_instance;

  /* template */
  DjNotationView    *notation;
  GtkStack          *stack;
  GtkTextView       *before_view;
  GtkTextView       *after_view;
  GtkLabel          *comment_title;
  GtkEntry          *time_entry;
  AdwBin            *explain_page;
  GtkScrolledWindow *tree_page;
  AdwBin            *games_page;

  /* The pages behind the first, made when first shown or asked for: until
   * then GTK would style and measure them for nothing (19 M instructions
   * of the window's first frame). */
  DjExplainer       *explainer;
  DjTreeOverview    *tree;
  DjGameList        *game_list;

  DjCollection      *collection;
  DjGame            *game;
  DjBoard           *board;

  gboolean           syncing;
  DjNode            *edit_node;     /* the move whose comment has unsaved typing … */
  gboolean           edit_after;    /* … which of its two */
  guint              commit_source;
};

enum {
  GAME_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DjStudyPane, dj_study_pane, GTK_TYPE_WIDGET)

/* Comment editor */

static void
set_buffer_text (GtkTextView *view,
                 const char  *text)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  g_autofree char *old = NULL;
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  old = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (g_strcmp0 (old, text ? text : "") != 0)
    gtk_text_buffer_set_text (buffer, text ? text : "", -1);
}

/* The time spent on the move: shown as written by dj_move_time_format(),
 * edited by typing and Enter (or leaving the field); empty removes it. */
static void
sync_time (DjStudyPane *self,
           DjNode      *node,
           gboolean     is_move)
{
  gint64 ms = node != NULL ? dj_node_get_time_ms (node) : DJ_NO_TIME;
  g_autofree char *text = ms != DJ_NO_TIME ? dj_move_time_format (ms) : g_strdup ("");

  gtk_widget_set_sensitive (GTK_WIDGET (self->time_entry), is_move);
  /* Each step of a replay comes here: only undo a refusal when there is one. */
  if (gtk_widget_has_css_class (GTK_WIDGET (self->time_entry), "error"))
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->time_entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->time_entry), NULL);
    }
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->time_entry)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->time_entry), text);
}

static void
on_time_activate (DjStudyPane *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->time_entry));
  DjNode *node = self->game ? dj_game_get_current (self->game) : NULL;
  gint64 ms = DJ_NO_TIME;

  if (node == NULL || dj_node_get_parent (node) == NULL)
    return;
  if (text[strspn (text, " ")] != '\0' && !dj_move_time_parse (text, &ms))
    {
      /* Refused, with the reason where the user looks. */
      gtk_widget_add_css_class (GTK_WIDGET (self->time_entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->time_entry),
                                   _("Write the time as minutes and seconds, for example 1:05"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->time_entry),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      _("Write the time as minutes and seconds, for example 1:05"),
                                      -1);
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->time_entry), "error");
  if (ms != dj_node_get_time_ms (node))
    dj_game_set_time (self->game, node, ms);
}

static void
sync_comments (DjStudyPane *self)
{
  DjNode *node = self->game ? dj_game_get_current (self->game) : NULL;
  gboolean is_move = node != NULL && dj_node_get_parent (node) != NULL;

  self->syncing = TRUE;
  set_buffer_text (self->before_view, node ? dj_node_get_comment_before (node) : NULL);
  set_buffer_text (self->after_view, node ? dj_node_get_comment_after (node) : NULL);
  self->syncing = FALSE;

  gtk_widget_set_sensitive (GTK_WIDGET (self->before_view), is_move);
  sync_time (self, node, is_move);
  if (node == NULL)
    gtk_label_set_label (self->comment_title, "");
  else if (!is_move)
    gtk_label_set_label (self->comment_title, _("Notes on the start position"));
  else
    {
      /* Translators: the title of the comment editor, e.g. "Comments on 3… D" */
      g_autofree char *title = g_strdup_printf (_("Comments on %u%s %s"),
                                                dj_node_get_move_number (node),
                                                dj_node_get_mover (node) == DJ_SOUTH ? "." : "…",
                                                dj_move_label (dj_node_get_move (node)));

      gtk_label_set_label (self->comment_title, title);
    }
}

/* Typing goes into the record after a short pause (or when the move, the
 * focus or the game changes), one write a burst: one undo step. */
static void
commit_comment (DjStudyPane *self)
{
  GtkTextBuffer *buffer;
  g_autofree char *text = NULL;
  GtkTextIter start, end;
  DjNode *node = self->edit_node;

  g_clear_handle_id (&self->commit_source, g_source_remove);
  self->edit_node = NULL;
  if (node == NULL || self->game == NULL)
    return;
  buffer = gtk_text_view_get_buffer (self->edit_after ? self->after_view : self->before_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);

  self->syncing = TRUE;
  if (self->edit_after)
    dj_game_set_comment_after (self->game, node, text);
  else
    dj_game_set_comment_before (self->game, node, text);
  self->syncing = FALSE;
}

static gboolean
commit_timeout (gpointer data)
{
  DjStudyPane *self = data;

  self->commit_source = 0;
  commit_comment (self);
  return G_SOURCE_REMOVE;
}

static void
on_comment_changed (DjStudyPane   *self,
                    GtkTextBuffer *buffer)
{
  gboolean after = buffer == gtk_text_view_get_buffer (self->after_view);
  DjNode *node;

  if (self->syncing || self->game == NULL)
    return;
  node = dj_game_get_current (self->game);
  if (self->edit_node != NULL && (self->edit_node != node || self->edit_after != after))
    commit_comment (self);
  self->edit_node = node;
  self->edit_after = after;
  g_clear_handle_id (&self->commit_source, g_source_remove);
  self->commit_source = g_timeout_add (COMMIT_DELAY_MS, commit_timeout, self);
}

static void
on_comment_focus_left (DjStudyPane *self)
{
  commit_comment (self);
}

void
dj_study_pane_commit_comment (DjStudyPane *self)
{
  g_return_if_fail (DJ_IS_STUDY_PANE (self));
  commit_comment (self);
}

static void
on_current_changed (DjStudyPane *self)
{
  commit_comment (self);
  sync_comments (self);
}

static void
on_node_changed (DjStudyPane *self,
                 DjNode      *node)
{
  if (!self->syncing && self->game != NULL && node == dj_game_get_current (self->game))
    {
      /* Changed from elsewhere (undo): typing not yet saved gives way. */
      g_clear_handle_id (&self->commit_source, g_source_remove);
      self->edit_node = NULL;
      sync_comments (self);
    }
}

static void
on_node_removed (DjStudyPane *self,
                 DjNode      *node)
{
  /* Typing for a move that goes is dropped with it. */
  for (DjNode *n = self->edit_node; n != NULL; n = dj_node_get_parent (n))
    if (n == node)
      {
        g_clear_handle_id (&self->commit_source, g_source_remove);
        self->edit_node = NULL;
        break;
      }
}

static void
on_game_activated (DjStudyPane *self,
                   DjGame      *game)
{
  g_signal_emit (self, signals[GAME_ACTIVATED], 0, game);
}

static DjExplainer *
ensure_explainer (DjStudyPane *self)
{
  if (self->explainer == NULL)
    {
      self->explainer = g_object_new (DJ_TYPE_EXPLAINER, NULL);
      adw_bin_set_child (self->explain_page, GTK_WIDGET (self->explainer));
      dj_explainer_set_game (self->explainer, self->game);
      dj_explainer_set_board (self->explainer, self->board);
    }
  return self->explainer;
}

static DjTreeOverview *
ensure_tree (DjStudyPane *self)
{
  if (self->tree == NULL)
    {
      self->tree = g_object_new (DJ_TYPE_TREE_OVERVIEW, NULL);
      gtk_scrolled_window_set_child (self->tree_page, GTK_WIDGET (self->tree));
      dj_tree_overview_set_game (self->tree, self->game);
    }
  return self->tree;
}

static DjGameList *
ensure_game_list (DjStudyPane *self)
{
  if (self->game_list == NULL)
    {
      self->game_list = g_object_new (DJ_TYPE_GAME_LIST, NULL);
      g_signal_connect_object (self->game_list, "game-activated", G_CALLBACK (on_game_activated),
                               self, G_CONNECT_SWAPPED);
      adw_bin_set_child (self->games_page, GTK_WIDGET (self->game_list));
      dj_game_list_set_collection (self->game_list, self->collection, self->game);
    }
  return self->game_list;
}

static void
on_page_shown (DjStudyPane *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->stack);

  if (g_strcmp0 (name, "explain") == 0)
    ensure_explainer (self);
  else if (g_strcmp0 (name, "tree") == 0)
    ensure_tree (self);
  else if (g_strcmp0 (name, "games") == 0)
    ensure_game_list (self);
}

void
dj_study_pane_set_game (DjStudyPane  *self,
                        DjCollection *collection,
                        DjGame       *game)
{
  g_return_if_fail (DJ_IS_STUDY_PANE (self));
  g_return_if_fail (collection == NULL || DJ_IS_COLLECTION (collection));
  g_return_if_fail (game == NULL || DJ_IS_GAME (game));

  commit_comment (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->collection, collection);
  g_set_object (&self->game, game);
  self->edit_node = NULL;
  if (game != NULL)
    {
      g_signal_connect_object (game, "current-changed", G_CALLBACK (on_current_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "node-changed", G_CALLBACK (on_node_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "node-removed", G_CALLBACK (on_node_removed), self,
                               G_CONNECT_SWAPPED);
    }
  dj_notation_view_set_game (self->notation, game);
  if (self->explainer != NULL)
    dj_explainer_set_game (self->explainer, game);
  if (self->tree != NULL)
    dj_tree_overview_set_game (self->tree, game);
  if (self->game_list != NULL)
    dj_game_list_set_collection (self->game_list, collection, game);
  sync_comments (self);
}

void
dj_study_pane_set_board (DjStudyPane *self,
                         DjBoard     *board)
{
  g_return_if_fail (DJ_IS_STUDY_PANE (self));
  g_return_if_fail (board == NULL || DJ_IS_BOARD (board));
  g_set_object (&self->board, board);
  if (self->explainer != NULL)
    dj_explainer_set_board (self->explainer, board);
}

DjNotationView *
dj_study_pane_get_notation (DjStudyPane *self)
{
  g_return_val_if_fail (DJ_IS_STUDY_PANE (self), NULL);
  return self->notation;
}

DjExplainer *
dj_study_pane_get_explainer (DjStudyPane *self)
{
  g_return_val_if_fail (DJ_IS_STUDY_PANE (self), NULL);
  return ensure_explainer (self);
}

DjTreeOverview *
dj_study_pane_get_tree (DjStudyPane *self)
{
  g_return_val_if_fail (DJ_IS_STUDY_PANE (self), NULL);
  return ensure_tree (self);
}

GtkEntry *
dj_study_pane_get_time_entry (DjStudyPane *self)
{
  g_return_val_if_fail (DJ_IS_STUDY_PANE (self), NULL);
  return self->time_entry;
}

DjGameList *
dj_study_pane_get_game_list (DjStudyPane *self)
{
  g_return_val_if_fail (DJ_IS_STUDY_PANE (self), NULL);
  return ensure_game_list (self);
}

GtkTextView *
dj_study_pane_get_comment_view (DjStudyPane *self,
                                gboolean     after)
{
  g_return_val_if_fail (DJ_IS_STUDY_PANE (self), NULL);
  return after ? self->after_view : self->before_view;
}

void
dj_study_pane_show_page (DjStudyPane *self,
                         const char  *name)
{
  g_return_if_fail (DJ_IS_STUDY_PANE (self));
  gtk_stack_set_visible_child_name (self->stack, name);
}

/* Copy and paste */

char *
dj_study_pane_get_game_text (DjStudyPane *self)
{
  g_return_val_if_fail (DJ_IS_STUDY_PANE (self), NULL);
  g_return_val_if_fail (self->game != NULL, NULL);
  return dj_notation_write_game (self->game);
}

char *
dj_study_pane_get_line_text (DjStudyPane *self)
{
  g_autoptr(GPtrArray) path = g_ptr_array_new ();
  g_autoptr(DjGame) line = NULL;
  DjNode *to;

  g_return_val_if_fail (DJ_IS_STUDY_PANE (self), NULL);
  g_return_val_if_fail (self->game != NULL, NULL);

  for (DjNode *n = dj_game_get_current (self->game); dj_node_get_parent (n); n = dj_node_get_parent (n))
    g_ptr_array_add (path, n);

  line = dj_game_new (dj_game_get_rules (self->game), dj_game_get_start (self->game));
  dj_game_load_info (line, dj_game_info_copy (dj_game_get_info (self->game)));
  to = dj_game_get_root (line);
  for (guint i = path->len; i > 0; i--)
    {
      DjNode *n = path->pdata[i - 1];

      to = dj_game_append_unchecked (line, to, dj_node_get_move (n), dj_node_get_position (n));
      dj_game_load_comments (line, to, g_strdup (dj_node_get_comment_before (n)),
                             g_strdup (dj_node_get_comment_after (n)));
      dj_game_load_annotations (line, to, dj_node_get_glyph (n), dj_node_get_assessment (n),
                                dj_node_get_time_ms (n));
    }
  return dj_notation_write_game (line);
}

static gboolean
has_header (const char *text)
{
  while (*text == ' ' || *text == '\t' || *text == '\n' || *text == '\r')
    text++;
  return *text == '[';
}

gboolean
dj_study_pane_paste_text (DjStudyPane  *self,
                          const char   *text,
                          GError      **error)
{
  g_return_val_if_fail (DJ_IS_STUDY_PANE (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  if (has_header (text))
    {
      g_autoptr(DjCollection) pasted = dj_notation_parse (text, -1, _("Pasted text"), error);
      DjGame *first = NULL;
      guint n;

      if (pasted == NULL)
        return FALSE;
      n = dj_collection_get_n_games (pasted);
      if (n == 0)
        {
          g_set_error_literal (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_STRUCTURE,
                               _("The pasted text holds no game"));
          return FALSE;
        }
      for (guint i = 0; i < n; i++)
        {
          DjGame *game = dj_collection_get_game (pasted, i);

          dj_collection_append (self->collection, game);
          if (first == NULL)
            first = game;
        }
      g_signal_emit (self, signals[GAME_ACTIVATED], 0, first);
      return TRUE;
    }
  else
    {
      DjNode *node = dj_notation_paste (self->game, dj_game_get_current (self->game), text,
                                        error);

      if (node == NULL)
        return FALSE;
      dj_game_set_current (self->game, node);
      return TRUE;
    }
}

/* GtkWidget: one child; the natural width is kept modest so that the
 * board beside the pane gets the room. */

#define NATURAL_WIDTH 340

static void
dj_study_pane_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = *natural = 0;
  if (child == NULL)
    return;
  gtk_widget_measure (child, orientation, for_size, minimum, natural, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *natural = MAX (*minimum, MIN (*natural, NATURAL_WIDTH));
}

static void
dj_study_pane_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL)
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

/* GObject */

static void
dj_study_pane_dispose (GObject *object)
{
  DjStudyPane *self = DJ_STUDY_PANE (object);

  commit_comment (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_STUDY_PANE);
  /* Children of the pages just disposed. */
  self->explainer = NULL;
  self->tree = NULL;
  self->game_list = NULL;
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }
  g_clear_object (&self->game);
  g_clear_object (&self->collection);
  g_clear_object (&self->board);

  G_OBJECT_CLASS (dj_study_pane_parent_class)->dispose (object);
}

static void
dj_study_pane_class_init (DjStudyPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_study_pane_dispose;
  widget_class->measure = dj_study_pane_measure;
  widget_class->size_allocate = dj_study_pane_size_allocate;

  /**
   * DjStudyPane::game-activated:
   * @game: a game of the collection
   *
   * A game was chosen in the list, added, or pasted: the window shows it.
   */
  signals[GAME_ACTIVATED] =
    g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, DJ_TYPE_GAME);

  g_type_ensure (DJ_TYPE_NOTATION_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PATH "/ui/dj-study-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, DjStudyPane, notation);
  gtk_widget_class_bind_template_child (widget_class, DjStudyPane, stack);
  gtk_widget_class_bind_template_child (widget_class, DjStudyPane, before_view);
  gtk_widget_class_bind_template_child (widget_class, DjStudyPane, after_view);
  gtk_widget_class_bind_template_child (widget_class, DjStudyPane, comment_title);
  gtk_widget_class_bind_template_child (widget_class, DjStudyPane, time_entry);
  gtk_widget_class_bind_template_callback (widget_class, on_time_activate);
  gtk_widget_class_bind_template_child (widget_class, DjStudyPane, explain_page);
  gtk_widget_class_bind_template_child (widget_class, DjStudyPane, tree_page);
  gtk_widget_class_bind_template_child (widget_class, DjStudyPane, games_page);

  gtk_widget_class_set_css_name (widget_class, "studypane");
}

/* Escape in a comment: the typing goes into the record, and the keys go
 * back to the board. */
static gboolean
on_comment_key_pressed (DjStudyPane           *self,
                        guint                  keyval,
                        guint                  keycode,
                        GdkModifierType        state,
                        GtkEventControllerKey *controller)
{
  if (keyval != GDK_KEY_Escape || (state & gtk_accelerator_get_default_mod_mask ()) != 0)
    return FALSE;
  commit_comment (self);
  if (self->board == NULL)
    return FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
  return TRUE;
}

static void
dj_study_pane_init (DjStudyPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->stack, "notify::visible-child-name", G_CALLBACK (on_page_shown),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_text_view_get_buffer (self->before_view), "changed",
                           G_CALLBACK (on_comment_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_text_view_get_buffer (self->after_view), "changed",
                           G_CALLBACK (on_comment_changed), self, G_CONNECT_SWAPPED);
  for (guint i = 0; i < 2; i++)
    {
      GtkEventController *focus = gtk_event_controller_focus_new ();
      GtkEventController *keys;

      g_signal_connect_object (focus, "leave", G_CALLBACK (on_comment_focus_left), self,
                               G_CONNECT_SWAPPED);
      gtk_widget_add_controller (GTK_WIDGET (i ? self->after_view : self->before_view), focus);

      keys = gtk_event_controller_key_new ();
      g_signal_connect_object (keys, "key-pressed", G_CALLBACK (on_comment_key_pressed), self,
                               G_CONNECT_SWAPPED);
      gtk_widget_add_controller (GTK_WIDGET (i ? self->after_view : self->before_view), keys);
    }
}

void
dj_study_pane_edit_comment (DjStudyPane *self)
{
  GtkWidget *view;

  g_return_if_fail (DJ_IS_STUDY_PANE (self));

  gtk_stack_set_visible_child_name (self->stack, "comment");
  /* The comment after the move, where annotators write the most. */
  view = GTK_WIDGET (self->after_view);
  gtk_widget_grab_focus (view);
}

GtkWidget *
dj_study_pane_new (void)
{
  return g_object_new (DJ_TYPE_STUDY_PANE, NULL);
}
