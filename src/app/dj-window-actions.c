/* dj-window-actions.c: the main window's actions and keys
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dj-finding-text.h"
#include "dj-game-info-dialog.h"
#include "dj-learn-mistakes.h"
#include "dj-new-game-dialog.h"
#include "dj-play-engine.h"
#include "dj-print.h"
#include "dj-review.h"
#include "dj-rules-view.h"
#include "dj-study-pane.h"
#include "dj-shortcuts.h"
#include "dj-study-actions.h"
#include "dj-window-private.h"

/* Actions */

void
_dj_window_update_actions (DjWindow *self)
{
  DjNode *node = dj_game_get_current (self->game);
  gboolean at_start = dj_node_get_parent (node) == NULL;
  gboolean at_end = dj_node_get_first_child (node) == NULL;
  /* No edits while a file that may replace the game is read. */
  gboolean editable = !dj_document_get_loading (self->document);

  /* While Learn from Your Mistakes asks, the board shows its position: the
   * replay keys would move through the game unseen. */
  if (self->learn_mistakes != NULL
      && dj_learn_mistakes_get_active (DJ_LEARN_MISTAKES (self->learn_mistakes)))
    at_start = at_end = TRUE;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.first", !at_start);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous", !at_start);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next", !at_end);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.last", !at_end);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.glyph", editable && !at_start);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.assessment", editable && !at_start);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 editable && dj_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 editable && dj_game_can_redo (self->game));
}

/* Replay */

static void
go_to (DjWindow *self,
       DjNode   *node)
{
  if (node == NULL || node == dj_game_get_current (self->game))
    return;
  dj_board_finish_animation (DJ_BOARD (self->board));
  dj_game_set_current (self->game, node);
}

static void
first_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  go_to (self, dj_game_get_root (self->game));
}

static void
previous_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  go_to (self, dj_node_get_parent (dj_game_get_current (self->game)));
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  go_to (self, dj_node_get_first_child (dj_game_get_current (self->game)));
}

static void
last_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  go_to (self, dj_node_get_line_end (dj_game_get_current (self->game)));
}

/* A glyph for the current move, wherever the focus is: the notation's own
 * action does it. */
static void
glyph_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  DjNode *node = dj_game_get_current (self->game);
  int glyph = g_variant_get_int32 (parameter);

  /* On the current move, wherever the focus is (the glyph menu too). */
  if (glyph < 0 || glyph > DJ_GLYPH_LAST || dj_node_get_parent (node) == NULL)
    return;
  if ((DjGlyph) glyph != dj_node_get_glyph (node))
    dj_game_set_glyph (self->game, node, glyph);
}

static void
assessment_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);
  DjNode *node = dj_game_get_current (self->game);
  int assessment = g_variant_get_int32 (parameter);

  /* As the glyphs: on the current move, wherever the focus is. */
  if (!dj_assessment_is_valid (assessment) || dj_node_get_parent (node) == NULL)
    return;
  if ((DjAssessment) assessment != dj_node_get_assessment (node))
    dj_game_set_assessment (self->game, node, assessment);
}

/* Comments */

static void
edit_comment_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  dj_study_pane_edit_comment (self->study_pane);
}

static gboolean
has_comment (DjNode *node)
{
  const char *before = dj_node_get_comment_before (node);
  const char *after = dj_node_get_comment_after (node);

  return (before != NULL && *before != '\0') || (after != NULL && *after != '\0');
}

/* The next (or previous) move with a comment on the line the replay keys
 * follow: on through the first moves recorded, back through the moves
 * played before. */
static void
step_to_comment (DjWindow *self,
                 gboolean  forward)
{
  DjNode *node = dj_game_get_current (self->game);

  do
    node = forward ? dj_node_get_first_child (node) : dj_node_get_parent (node);
  while (node != NULL && !has_comment (node));
  if (node == NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      dj_window_show_toast (self, forward ? _("No comment further on this line")
                                          : _("No comment earlier on this line"));
      return;
    }
  dj_board_finish_animation (DJ_BOARD (self->board));
  dj_game_set_current (self->game, node);
}

static void
next_comment_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  step_to_comment (DJ_WINDOW (widget), TRUE);
}

static void
previous_comment_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  step_to_comment (DJ_WINDOW (widget), FALSE);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  dj_board_finish_animation (DJ_BOARD (self->board));
  dj_game_undo (self->game);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  dj_board_finish_animation (DJ_BOARD (self->board));
  dj_game_redo (self->game);
}

/* Navigation keys work wherever the focus is, the board too (its pits take
 * Ctrl+Left and Ctrl+Right, Up and Down), except in text fields. */
static gboolean
navigation_shortcut (GtkWidget *widget,
                     GVariant  *args,
                     gpointer   user_data)
{
  DjWindow *self = DJ_WINDOW (widget);
  const char *action = user_data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus != NULL)
    {
      /* Widgets that step through the game themselves, e.g. the game graph. */
      if (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)
          || g_object_get_data (G_OBJECT (focus), "dj-own-navigation-keys") != NULL)
        return FALSE;
    }
  return gtk_widget_activate_action (widget, action, NULL);
}

static void
add_navigation_shortcuts (DjWindow *self)
{
  static const struct { guint key; const char *action; } keys[] = {
    { GDK_KEY_Home, "win.first" },
    { GDK_KEY_KP_Home, "win.first" },
    { GDK_KEY_Left, "win.previous" },
    { GDK_KEY_KP_Left, "win.previous" },
    { GDK_KEY_Right, "win.next" },
    { GDK_KEY_KP_Right, "win.next" },
    { GDK_KEY_End, "win.last" },
    { GDK_KEY_KP_End, "win.last" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller),
                                     GTK_SHORTCUT_SCOPE_LOCAL);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut =
        gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, 0),
                          gtk_callback_action_new (navigation_shortcut,
                                                   (gpointer) keys[i].action, NULL));

      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* Promote, Move Down and Make Main Line act on the current move wherever
 * the focus is (the notation's list view would take Ctrl+Up and Ctrl+Down
 * for itself), except in text fields, where the keys move the cursor. */
static gboolean
tree_shortcut (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  DjWindow *self = DJ_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)))
    return FALSE;
  return gtk_widget_activate_action (GTK_WIDGET (dj_study_pane_get_notation (self->study_pane)),
                                     user_data, NULL);
}

static void
add_tree_shortcuts (DjWindow *self)
{
  static const struct { guint key; GdkModifierType mods; const char *action; } keys[] = {
    { GDK_KEY_Up, GDK_CONTROL_MASK, "notation.promote" },
    { GDK_KEY_Down, GDK_CONTROL_MASK, "notation.move-down" },
    { GDK_KEY_Up, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "notation.make-main-line" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, keys[i].mods),
                        gtk_callback_action_new (tree_shortcut, (gpointer) keys[i].action, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* Dialogs */

static void
new_game_created (DjNewGameDialog *dialog,
                  DjWindow        *self);

static void
start_new_game_now (DjWindow *self,
                    gpointer  data)
{
  DjNewGameDialog *dialog = data;
  DjRules rules;
  DjPosition start;
  g_autoptr(DjGameInfo) info = NULL;

  dj_new_game_dialog_get_rules (dialog, &rules);
  dj_new_game_dialog_get_start (dialog, &start);
  info = dj_new_game_dialog_get_info (dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  dj_window_start_game (self, &rules, &start, info);
  /* Ready for the first move. */
  gtk_widget_grab_focus (self->board);
}

static void
new_game_created (DjNewGameDialog *dialog,
                  DjWindow        *self)
{
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  _dj_window_confirm_discard (self, start_new_game_now, g_object_ref (dialog),
                              (GDestroyNotify) gtk_window_destroy);
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);
  GtkWidget *dialog = dj_new_game_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "create", G_CALLBACK (new_game_created), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
game_info_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);
  GtkWidget *dialog = dj_game_info_dialog_new (GTK_WINDOW (self), self->game);

  gtk_window_present (GTK_WINDOW (dialog));
}

static void
rules_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  /* The in-app viewer, always: it offers all five languages, Yelp does not. */
  dj_show_rules (GTK_WINDOW (self), dj_game_get_rules (self->game)->variant);
}

static void
copy_text (DjWindow *self,
           char     *text)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  dj_window_show_toast (self, _("Copied as text notation"));
  g_free (text);
}

static void
copy_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  copy_text (self, dj_study_pane_get_game_text (self->study_pane));
}

static void
copy_line_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  copy_text (self, dj_study_pane_get_line_text (self->study_pane));
}

static void
paste_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(DjWindow) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      dj_window_show_toast (self, _("The clipboard holds no text to paste"));
      return;
    }
  if (!dj_study_pane_paste_text (self->study_pane, text, &error))
    dj_window_show_error (self, _("Could Not Paste the Moves"), error->message);
}

static void
paste_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_done,
                                 g_object_ref (widget));
}

/* Ctrl+C and Ctrl+V copy and paste moves, except in text fields. */
static gboolean
clipboard_shortcut (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));

  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)
                        || (GTK_IS_LABEL (focus) && gtk_label_get_selectable (GTK_LABEL (focus)))))
    return FALSE;
  return gtk_widget_activate_action (widget, user_data, NULL);
}

static void
add_study_shortcuts (DjWindow *self)
{
  static const struct { guint key; GdkModifierType mods; const char *action; } keys[] = {
    { GDK_KEY_c, GDK_CONTROL_MASK, "win.copy-game" },
    { GDK_KEY_C, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.copy-line" },
    { GDK_KEY_v, GDK_CONTROL_MASK, "win.paste" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, keys[i].mods),
                        gtk_callback_action_new (clipboard_shortcut,
                                                 (gpointer) keys[i].action, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* Analysis */

static void
review_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  dj_review_ask (DJ_REVIEW (DJ_WINDOW (widget)->review));
}

/* Learn from Your Mistakes: reviews first when the game has no findings. */
static void
learn_mistakes_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  /* The board is the training's now, not the engine's. */
  if (dj_play_engine_get_playing (DJ_PLAY_ENGINE (self->play_engine)))
    dj_play_engine_stop (DJ_PLAY_ENGINE (self->play_engine));
  dj_learn_mistakes_start (DJ_LEARN_MISTAKES (self->learn_mistakes));
}

/* The review's findings (dj-finding.h): cleared in one step, copied into a
 * person's own annotation only when asked, stepped through by mistakes. */

static void
clear_review_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  dj_game_clear_findings (DJ_WINDOW (widget)->game);
}

/* @text without its bidirectional isolates: a comment is the person's
 * text, to read anywhere. */
static char *
strip_isolates (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x2066 || c > 0x2069)
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static void
copy_finding_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);
  DjNode *node = dj_game_get_current (self->game);
  const DjFinding *finding = dj_node_get_finding (node);
  g_autofree char *described = NULL;
  g_autofree char *text = NULL;
  const char *old;

  if (finding == NULL)
    return;
  described = dj_finding_text_describe (finding, dj_node_get_move (node));
  text = strip_isolates (described);
  old = dj_node_get_comment_after (node);
  dj_game_begin_action (self->game, _("Copy Finding to Comment"));
  /* The person's own glyph stays. */
  if (dj_node_get_glyph (node) == DJ_GLYPH_NONE)
    dj_game_set_glyph (self->game, node, dj_glyph_for_judgement (finding->judgement));
  if (old == NULL || *old == '\0')
    dj_game_set_comment_after (self->game, node, text);
  else if (strstr (old, text) == NULL)
    {
      g_autofree char *both = g_strconcat (old, "\n", text, NULL);

      dj_game_set_comment_after (self->game, node, both);
    }
  dj_game_end_action (self->game);
}

/* The next (or previous) move of the tree, in the order of the notation,
 * that the review found an inaccuracy, a mistake or a blunder. */
static DjNode *
find_mistake (DjGame  *game,
              DjNode  *from,
              gboolean forward)
{
  DjNode *root = dj_game_get_root (game);
  DjNode *last = NULL;
  gboolean passed = FALSE;

  for (DjNode *n = root; n != NULL; n = dj_node_walk_next (n, root))
    {
      const DjFinding *finding = dj_node_get_finding (n);

      if (n == from)
        {
          if (!forward)
            return last;
          passed = TRUE;
          continue;
        }
      if (finding == NULL || !dj_finding_is_error (finding))
        continue;
      if (forward && passed)
        return n;
      last = n;
    }
  return forward ? NULL : last;
}

static void
step_mistake_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);
  gboolean forward = g_str_equal (action_name, "win.next-mistake");
  DjNode *node = find_mistake (self->game, dj_game_get_current (self->game), forward);

  if (node == NULL)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  dj_board_finish_animation (DJ_BOARD (self->board));
  dj_game_set_current (self->game, node);
}

static void
play_from_here_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  dj_play_engine_present_dialog (DJ_PLAY_ENGINE (DJ_WINDOW (widget)->play_engine));
}

/* Keyboard Shortcuts: built the first time it is asked for, not with every
 * window (GtkApplicationWindow would load gtk/help-overlay.ui at once). */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  if (self->shortcuts == NULL)
    {
      self->shortcuts = dj_shortcuts_window_new (GTK_WINDOW (self));
      g_object_add_weak_pointer (G_OBJECT (self->shortcuts), (gpointer *) &self->shortcuts);
    }
  gtk_window_present (self->shortcuts);
}


/* Shortcuts that depend on where the focus is (navigation, clipboard). */
void
_dj_window_add_shortcuts (DjWindow *self)
{
  add_navigation_shortcuts (self);
  add_tree_shortcuts (self);
  add_study_shortcuts (self);
}

/* The window's actions, one line each: add new ones here. */
static const struct
{
  const char                  *name;
  const char                  *parameter_type;
  GtkWidgetActionActivateFunc  activate;
} actions[] = {
  { "win.new-game", NULL, new_game_action },
  { "win.game-info", NULL, game_info_action },
  { "win.rules", NULL, rules_action },
  { "win.glyph", "i", glyph_action },
  { "win.assessment", "i", assessment_action },
  { "win.edit-comment", NULL, edit_comment_action },
  { "win.next-comment", NULL, next_comment_action },
  { "win.previous-comment", NULL, previous_comment_action },
  { "win.undo", NULL, undo_action },
  { "win.redo", NULL, redo_action },
  { "win.first", NULL, first_action },
  { "win.previous", NULL, previous_action },
  { "win.next", NULL, next_action },
  { "win.last", NULL, last_action },
  { "win.review-game", NULL, review_game_action },
  { "win.clear-review", NULL, clear_review_action },
  { "win.learn-mistakes", NULL, learn_mistakes_action },
  { "win.copy-finding", NULL, copy_finding_action },
  { "win.next-mistake", NULL, step_mistake_action },
  { "win.previous-mistake", NULL, step_mistake_action },
  { "win.play-from-here", NULL, play_from_here_action },
  { "win.copy-game", NULL, copy_game_action },
  { "win.copy-line", NULL, copy_line_action },
  { "win.paste", NULL, paste_action },
  { "win.show-help-overlay", NULL, show_shortcuts_action },
};

void
_dj_window_class_add_actions (GtkWidgetClass *widget_class)
{
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, actions[i].parameter_type,
                                     actions[i].activate);

  /* Ctrl+1 … Ctrl+6 give the current move a glyph, Ctrl+0 takes it off. */
  {
    static const DjGlyph keys[] = {
      DJ_GLYPH_NONE, DJ_GLYPH_GOOD, DJ_GLYPH_MISTAKE, DJ_GLYPH_BRILLIANT,
      DJ_GLYPH_BLUNDER, DJ_GLYPH_INTERESTING, DJ_GLYPH_DUBIOUS,
    };

    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0 + i, GDK_CONTROL_MASK,
                                           "win.glyph", "i", (int) keys[i]);
  }

  /* Alt+0 … Alt+8 give it an assessment, in the order of the menu. */
  {
    static const DjAssessment keys[] = {
      DJ_ASSESSMENT_NONE, DJ_ASSESSMENT_EVEN, DJ_ASSESSMENT_UNCLEAR,
      DJ_ASSESSMENT_SOUTH_SLIGHT, DJ_ASSESSMENT_NORTH_SLIGHT, DJ_ASSESSMENT_SOUTH_CLEAR,
      DJ_ASSESSMENT_NORTH_CLEAR, DJ_ASSESSMENT_SOUTH_DECISIVE, DJ_ASSESSMENT_NORTH_DECISIVE,
    };

    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0 + i, GDK_ALT_MASK,
                                           "win.assessment", "i", (int) keys[i]);
  }

  /* Ctrl+E writes the comment on the current move (Escape goes back to the
   * board); Alt+Down and Alt+Up go to the next and previous comment. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "win.edit-comment", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK,
                                       "win.next-comment", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK,
                                       "win.previous-comment", NULL);

  /* Alt+arrows step through the moves even while the board has the focus. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK,
                                       "win.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK,
                                       "win.next", NULL);

  /* Ctrl+M and Shift+Ctrl+M: the review's next and previous mistake. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK,
                                       "win.next-mistake", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_M,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.previous-mistake", NULL);

  /* Diagrams, game sheets, printing (dj-print.c). */
  dj_print_install_actions (widget_class);
}

/* Positions, the game graph (dj-study-actions.c): they follow the review. */
void
_dj_window_add_study_actions (DjWindow *self)
{
  dj_study_actions_install (DJ_ACTION_HOST (self), DJ_REVIEW (self->review),
                            GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->board_box))));
}

/* The window as its print and study actions see it. */

static DjDocument *
host_get_document (DjActionHost *host)
{
  return dj_window_get_document (DJ_WINDOW (host));
}

static DjGame *
host_get_game (DjActionHost *host)
{
  return dj_window_get_game (DJ_WINDOW (host));
}

static DjBoard *
host_get_board (DjActionHost *host)
{
  return DJ_BOARD (dj_window_get_board (DJ_WINDOW (host)));
}

static void
host_show_toast (DjActionHost *host,
                 const char   *text)
{
  dj_window_show_toast (DJ_WINDOW (host), text);
}

static void
host_show_error (DjActionHost *host,
                 const char   *heading,
                 const char   *body)
{
  dj_window_show_error (DJ_WINDOW (host), heading, body);
}

static void
host_replace_game (DjActionHost     *host,
                   const DjRules    *rules,
                   const DjPosition *start)
{
  dj_window_replace_game (DJ_WINDOW (host), rules, start, NULL);
}

void
_dj_window_action_host_init (DjActionHostInterface *iface)
{
  iface->get_document = host_get_document;
  iface->get_game = host_get_game;
  iface->get_board = host_get_board;
  iface->show_toast = host_show_toast;
  iface->show_error = host_show_error;
  iface->replace_game = host_replace_game;
}
