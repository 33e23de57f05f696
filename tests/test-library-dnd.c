/* test-library-dnd.c: games dragged in the Library window and onto a main
 * window
 *
 * A library of two files (text notation and XML) in a home of the test's
 * own.  Games dropped on a game of the other file are copied (or moved)
 * right after it, the files' other bytes untouched, one undo putting both
 * files back byte for byte; drops on their own file or on no game are
 * refused with a toast.  The drop's work is driven through
 * dj_library_window_drop_games(), then through the list's own GtkDragSource
 * "prepare" and GtkDropTarget "motion" and "drop" signals with the value
 * the source's content provider gives, then on a main window, where the
 * game opens; then, the list sorted and searched (its rows stay in
 * place), the drag of a row carries the game it shows and the underline
 * follows the game under a pointer that does not move; last, real drags
 * with the pointer (XTest): a copy with the
 * row underlined (a picture, library-drop.png, goes to DJ_SCREENSHOT_DIR
 * when it is set), a refusal told by a toast, a move with Shift.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dj-library-dnd.h"
#include "dj-library-window.h"
#include "dj-library.h"
#include "dj-notation.h"
#include "dj-random-games.h"
#include "dj-window.h"
#include "dj-xml.h"

#include "dj-test-app.h"
#include "dj-test-library.h"
#include "dj-test-picture.h"
#include "dj-test-xtest.h"

#define TIMEOUT_S 60

static char *home;
static char *text_path;   /* a.djn: 5 games */
static char *xml_path;    /* b.djenon: 3 games */

static void
make_library (void)
{
  dj_test_make_library (home, 51, &text_path, &xml_path);
}

/* Game @i of @path as the text notation writes it, to compare games of
 * files of either format. */
static char *
game_text (const char *path,
           guint       i)
{
  g_autoptr(DjCollection) games = dj_test_load_games (path);

  g_assert_cmpuint (i, <, dj_collection_get_n_games (games));
  return dj_notation_write_game (dj_collection_get_game (games, i));
}

/* @now is @old with one run of bytes put in (every byte of @old kept, in
 * order, around it): that run. */
static char *
one_insertion (const char *old,
               const char *now)
{
  gsize old_len = strlen (old), now_len = strlen (now), prefix = 0, suffix = 0;

  g_assert_cmpuint (now_len, >, old_len);
  while (prefix < old_len && old[prefix] == now[prefix])
    prefix++;
  while (suffix < old_len - prefix && old[old_len - 1 - suffix] == now[now_len - 1 - suffix])
    suffix++;
  /* Nothing of @old is changed, only added to. */
  g_assert_cmpuint (prefix + suffix, ==, old_len);
  return g_strndup (now + prefix, now_len - old_len);
}

static guint
count (const char *text,
       const char *what)
{
  guint n = 0;

  for (const char *p = strstr (text, what); p != NULL; p = strstr (p + 1, what))
    n++;
  return n;
}

static DjLibraryWindow *
open_library (void)
{
  return dj_test_open_library_sized (0);
}

/* The text @widget shows: a label's (a toast's title), or an
 * inscription's (the list's cells); NULL for other widgets. */
static const char *
text_of (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return gtk_label_get_label (GTK_LABEL (widget));
  if (GTK_IS_INSCRIPTION (widget))
    return gtk_inscription_get_text (GTK_INSCRIPTION (widget));
  return NULL;
}

/* A label or cell of @root's on screen that shows @text, NULL when none. */
static GtkWidget *
label_showing (GtkWidget  *root,
               const char *text)
{
  g_autoptr(GPtrArray) widgets = all_widgets (root);

  for (guint i = 0; i < widgets->len; i++)
    if (gtk_widget_get_mapped (widgets->pdata[i])
        && g_strcmp0 (text_of (widgets->pdata[i]), text) == 0)
      return widgets->pdata[i];
  return NULL;
}

typedef struct
{
  GtkWidget  *root;
  const char *text;
} Showing;

static gboolean
is_showing (gpointer data)
{
  Showing *s = data;

  return label_showing (s->root, s->text) != NULL;
}

/* Waits for a toast (or any label) of @window saying @text. */
static void
wait_toast (DjLibraryWindow *window,
            const char      *text)
{
  Showing s = { GTK_WIDGET (window), text };
  g_autofree char *what = g_strdup_printf ("a toast “%s”", text);

  dj_test_wait_until (TIMEOUT_S, is_showing, &s, what);
}

typedef struct
{
  DjLibraryWindow *window;
  const char      *path;
  const char      *before;
} Undone;

/* @path holds its old bytes again; until then, Undo is asked for whenever
 * the library is idle (an update of the library, such as the one its
 * folder watch starts, disables it meanwhile; once done it does nothing). */
static gboolean
undone (gpointer data)
{
  Undone *u = data;
  g_autofree char *now = dj_test_file_contents (u->path);

  if (strcmp (now, u->before) == 0)
    return TRUE;
  if (!dj_library_window_get_busy (u->window))
    gtk_widget_activate_action (GTK_WIDGET (u->window), "library.undo", NULL);
  return FALSE;
}

static void
undo (DjLibraryWindow *window,
      const char      *path,
      const char      *before)
{
  Undone u = { window, path, before };

  dj_test_wait_until (TIMEOUT_S, undone, &u, "the change undone");
}

/* The toast of a copy (@moved: a move) of @n games to @path. */
static char *
edit_toast (gboolean    moved,
            guint       n,
            const char *path)
{
  g_autofree char *name = g_path_get_basename (path);

  return moved ? g_strdup_printf (ngettext ("%u game moved to %s", "%u games moved to %s", n),
                                  n, name)
               : g_strdup_printf (ngettext ("%u game copied to %s", "%u games copied to %s", n),
                                  n, name);
}

/* The drop's work: copy after a game of the other file, refusals, undo,
 * move, undo. */
static void
test_drop_copy_move_undo (void)
{
  DjLibraryWindow *window = open_library ();
  g_autofree char *old_a = dj_test_file_contents (text_path);
  g_autofree char *old_b = dj_test_file_contents (xml_path);
  g_autofree char *a1 = game_text (text_path, 0);
  g_autofree char *a2 = game_text (text_path, 1);
  g_autofree char *a4 = game_text (text_path, 3);
  g_autofree char *b1 = game_text (xml_path, 0);
  g_autofree char *b2 = game_text (xml_path, 1);
  g_autofree char *now = NULL, *added = NULL, *taken = NULL, *text = NULL, *game = NULL;
  g_autofree char *south = NULL;
  g_autoptr(DjLibraryDrag) drag = NULL;
  g_autoptr(DjLibraryDrag) alone = NULL;

  /* a.djn #1 and #2 selected: a drag on #2 takes both; one on #4, not
   * selected, takes #4 alone. */
  dj_library_window_select (window, 0, FALSE);
  dj_library_window_select (window, 1, TRUE);
  drag = dj_library_window_drag_games (window, 1);
  g_assert_cmpuint (dj_library_drag_get_n_games (drag), ==, 2);
  g_assert_cmpstr (dj_library_drag_get_game (drag, 0)->path, ==, text_path);
  g_assert_cmpuint (dj_library_drag_get_game (drag, 0)->number, ==, 1);
  g_assert_cmpuint (dj_library_drag_get_game (drag, 1)->number, ==, 2);
  alone = dj_library_window_drag_games (window, 3);
  g_assert_cmpuint (dj_library_drag_get_n_games (alone), ==, 1);
  g_assert_cmpuint (dj_library_drag_get_game (alone, 0)->number, ==, 4);
  g_clear_pointer (&alone, dj_library_drag_unref);

  /* Refused: on a game of their own file, and on no game; a toast says
   * why and no file changes. */
  g_assert_false (dj_library_window_drop_games (window, drag,
                                                dj_library_window_get_shown (window, 4), FALSE));
  wait_toast (window, _("The games are already in this file: drop them on a game of another "
                        "file."));
  g_assert_false (dj_library_window_drop_games (window, drag, NULL, TRUE));
  wait_toast (window, _("Drop the games on a game of another file: they are put after it."));
  now = dj_test_file_contents (text_path);
  g_assert_cmpstr (now, ==, old_a);
  g_clear_pointer (&now, g_free);
  now = dj_test_file_contents (xml_path);
  g_assert_cmpstr (now, ==, old_b);
  g_clear_pointer (&now, g_free);

  /* Copied after b.djenon #1: the two games are its #2 and #3, b.djenon's
   * own bytes all kept, a.djn untouched. */
  g_assert_true (dj_library_window_drop_games (window, drag,
                                               dj_library_window_get_shown (window, 5), FALSE));
  dj_test_wait_listed (window, 10);
  now = dj_test_file_contents (xml_path);
  added = one_insertion (old_b, now);
  g_assert_cmpuint (count (now, "<game"), ==, count (old_b, "<game") + 2);
  g_clear_pointer (&now, g_free);
  now = dj_test_file_contents (text_path);
  g_assert_cmpstr (now, ==, old_a);
  g_clear_pointer (&now, g_free);
  game = game_text (xml_path, 0);
  g_assert_cmpstr (game, ==, b1);
  g_clear_pointer (&game, g_free);
  game = game_text (xml_path, 1);
  g_assert_cmpstr (game, ==, a1);
  g_clear_pointer (&game, g_free);
  game = game_text (xml_path, 2);
  g_assert_cmpstr (game, ==, a2);
  g_clear_pointer (&game, g_free);
  game = game_text (xml_path, 3);
  g_assert_cmpstr (game, ==, b2);
  g_clear_pointer (&game, g_free);
  /* The list shows them there at once. */
  g_assert_cmpstr (dj_library_window_get_shown (window, 6)->path, ==, xml_path);
  g_assert_cmpuint (dj_library_window_get_shown (window, 6)->number, ==, 2);
  g_assert_cmpstr (dj_library_window_get_shown (window, 6)->south, ==,
                   dj_library_window_get_shown (window, 0)->south);
  text = edit_toast (FALSE, 2, xml_path);
  wait_toast (window, text);
  g_clear_pointer (&text, g_free);

  /* One undo: b.djenon as it was, byte for byte. */
  undo (window, xml_path, old_b);
  dj_test_wait_listed (window, 8);

  /* Moved (Shift held): a.djn #4, not selected, after b.djenon #3, the
   * last game.  It leaves a.djn (its other bytes kept) and comes last in
   * b.djenon. */
  alone = dj_library_window_drag_games (window, 3);
  g_assert_cmpuint (dj_library_drag_get_n_games (alone), ==, 1);
  g_assert_true (dj_library_window_drop_games (window, alone,
                                               dj_library_window_get_shown (window, 7), TRUE));
  dj_test_wait_listed (window, 8);
  g_assert_cmpuint (dj_test_games_in (text_path), ==, 4);
  g_assert_cmpuint (dj_test_games_in (xml_path), ==, 4);
  now = dj_test_file_contents (text_path);
  taken = one_insertion (now, old_a);
  g_clear_pointer (&now, g_free);
  now = dj_test_file_contents (xml_path);
  g_clear_pointer (&added, g_free);
  added = one_insertion (old_b, now);
  g_assert_cmpuint (count (now, "<game"), ==, count (old_b, "<game") + 1);
  g_clear_pointer (&now, g_free);
  game = game_text (xml_path, 3);
  g_assert_cmpstr (game, ==, a4);
  g_clear_pointer (&game, g_free);
  south = g_strdup (dj_library_window_get_shown (window, 7)->south);
  g_assert_cmpstr (dj_library_window_get_shown (window, 7)->path, ==, xml_path);
  g_assert_cmpuint (dj_library_window_get_shown (window, 7)->number, ==, 4);
  text = edit_toast (TRUE, 1, xml_path);
  wait_toast (window, text);
  g_clear_pointer (&text, g_free);

  /* One undo puts both files back. */
  undo (window, xml_path, old_b);
  dj_test_wait_listed (window, 8);
  now = dj_test_file_contents (text_path);
  g_assert_cmpstr (now, ==, old_a);
  g_clear_pointer (&now, g_free);
  now = dj_test_file_contents (xml_path);
  g_assert_cmpstr (now, ==, old_b);
  g_clear_pointer (&now, g_free);
  g_assert_cmpstr (dj_library_window_get_shown (window, 3)->south, ==, south);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The controller of @type on @widget (the first). */
static GtkEventController *
controller_of (GtkWidget *widget,
               GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c;
    }
  return NULL;
}

/* The middle of the row of the game the file column names "@file #@number",
 * in @view's coordinates, and that row. */
static GtkWidget *
row_point (GtkWidget  *view,
           const char *path,
           guint       number,
           double     *x,
           double     *y)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *text = g_strdup_printf (_("%s #%u"), base, number);
  Showing s = { view, text };
  GtkWidget *label, *row;
  graphene_point_t at;
  g_autofree char *what = g_strdup_printf ("the row of %s", text);

  dj_test_wait_until (TIMEOUT_S, is_showing, &s, what);
  label = label_showing (view, text);
  g_assert_true (gtk_widget_compute_point (label, view,
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (label) / 2.0,
                                                                 gtk_widget_get_height (label) / 2.0),
                                           &at));
  *x = at.x;
  *y = at.y;
  for (row = label; row != NULL && strcmp (gtk_widget_get_css_name (row), "row") != 0;
       row = gtk_widget_get_parent (row))
    ;
  g_assert_nonnull (row);
  return row;
}

/* How many of @root's widgets are underlined as taking a drop. */
static guint
n_highlighted (GtkWidget *root)
{
  g_autoptr(GPtrArray) widgets = all_widgets (root);
  guint n = 0;

  for (guint i = 0; i < widgets->len; i++)
    n += gtk_widget_has_css_class (widgets->pdata[i], "dj-drop-after");
  return n;
}

typedef struct
{
  const char *path;
  guint       index;
} Shown;

/* A main window shows game @index of the file at @path. */
static gboolean
window_shows (gpointer data)
{
  Shown *s = data;
  g_autoptr(GFile) file = g_file_new_for_path (s->path);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (DJ_IS_WINDOW (l->data) && dj_window_get_file (l->data) != NULL
        && g_file_equal (dj_window_get_file (l->data), file))
      return dj_window_get_game (l->data)
             == dj_collection_get_game (dj_window_get_collection (l->data), s->index);
  return FALSE;
}

/* The list's own drag source and drop target, driven by their signals:
 * the source's content gives the value, the target's motion refuses a row
 * of the same file (no underline) and takes one of the other (underlined),
 * its drop copies there; a main window opens the game dropped on it. */
static void
test_drop_signals (void)
{
  DjLibraryWindow *window = open_library ();
  GtkWidget *view = dj_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  GtkEventController *source = controller_of (view, GTK_TYPE_DRAG_SOURCE);
  GtkEventController *target = controller_of (view, GTK_TYPE_DROP_TARGET);
  g_autofree char *old_a = dj_test_file_contents (text_path);
  g_autofree char *old_b = dj_test_file_contents (xml_path);
  g_autofree char *a2 = game_text (text_path, 1);
  g_autofree char *now = NULL, *added = NULL, *game = NULL;
  g_autoptr(GdkContentProvider) provider = NULL;
  g_autoptr(GError) error = NULL;
  GValue value = G_VALUE_INIT;
  GdkDragAction action = 0;
  gboolean dropped = TRUE;
  double x2, y2, x4, y4, xb, yb;
  GtkWidget *row_b;
  DjLibraryDrag *drag;
  DjWindow *main_window;
  Shown shown = { text_path, 1 };

  g_assert_nonnull (view);
  g_assert_nonnull (source);
  g_assert_nonnull (target);
  dj_test_wait_frames (GTK_WIDGET (window), "the list drawn");
  row_point (view, text_path, 2, &x2, &y2);
  row_point (view, text_path, 4, &x4, &y4);
  row_b = row_point (view, xml_path, 3, &xb, &yb);

  /* b.djenon #1 selected: a drag on a.djn #2 takes that game alone. */
  dj_library_window_select (window, 5, FALSE);
  g_signal_emit_by_name (source, "prepare", x2, y2, &provider);
  g_assert_nonnull (provider);
  g_value_init (&value, DJ_TYPE_LIBRARY_DRAG);
  g_assert_true (gdk_content_provider_get_value (provider, &value, &error));
  g_assert_no_error (error);
  drag = g_value_get_boxed (&value);
  g_assert_cmpuint (dj_library_drag_get_n_games (drag), ==, 1);
  g_assert_cmpstr (dj_library_drag_get_game (drag, 0)->path, ==, text_path);
  g_assert_cmpuint (dj_library_drag_get_game (drag, 0)->number, ==, 2);

  /* Over a.djn #4: refused, nothing underlined; over b.djenon #3: a
   * copy, that row underlined; gone: nothing underlined. */
  g_signal_emit_by_name (target, "motion", x4, y4, &action);
  g_assert_cmpint (action, ==, 0);
  g_assert_cmpuint (n_highlighted (view), ==, 0);
  g_signal_emit_by_name (target, "motion", xb, yb, &action);
  g_assert_cmpint (action, ==, GDK_ACTION_COPY);
  g_assert_cmpuint (n_highlighted (view), ==, 1);
  g_assert_true (gtk_widget_has_css_class (row_b, "dj-drop-after"));
  g_signal_emit_by_name (target, "leave");
  g_assert_cmpuint (n_highlighted (view), ==, 0);

  /* Dropped on a.djn #4 anyway: refused with a toast. */
  g_signal_emit_by_name (target, "drop", &value, x4, y4, &dropped);
  g_assert_false (dropped);
  wait_toast (window, _("The games are already in this file: drop them on a game of another "
                        "file."));
  now = dj_test_file_contents (text_path);
  g_assert_cmpstr (now, ==, old_a);
  g_clear_pointer (&now, g_free);

  /* Dropped on b.djenon #3: copied after it, as its #4. */
  g_signal_emit_by_name (target, "drop", &value, xb, yb, &dropped);
  g_assert_true (dropped);
  dj_test_wait_listed (window, 9);
  now = dj_test_file_contents (xml_path);
  added = one_insertion (old_b, now);
  g_assert_cmpuint (count (now, "<game"), ==, count (old_b, "<game") + 1);
  g_clear_pointer (&now, g_free);
  game = game_text (xml_path, 3);
  g_assert_cmpstr (game, ==, a2);
  now = dj_test_file_contents (text_path);
  g_assert_cmpstr (now, ==, old_a);
  g_clear_pointer (&now, g_free);
  undo (window, xml_path, old_b);
  dj_test_wait_listed (window, 8);

  /* On a main window: a.djn opens at game #2, in a window of its own; the
   * window dropped on keeps its game. */
  main_window = new_window ();
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (main_window));
    GtkDropTarget *games = NULL;

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

        if (GTK_IS_DROP_TARGET (c)
            && gdk_content_formats_contain_gtype (gtk_drop_target_get_formats (GTK_DROP_TARGET (c)),
                                                  DJ_TYPE_LIBRARY_DRAG))
          games = GTK_DROP_TARGET (c);
      }
    g_assert_nonnull (games);
    dropped = FALSE;
    g_signal_emit_by_name (games, "drop", &value, 10.0, 10.0, &dropped);
    g_assert_true (dropped);
  }
  dj_test_wait_until (TIMEOUT_S, window_shows, &shown, "a.djn open at its game 2");
  g_assert_null (dj_window_get_file (main_window));
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL;)
    {
      GList *next = l->next;

      if (DJ_IS_WINDOW (l->data))
        destroy_window (l->data);
      l = next;
    }
  g_value_unset (&value);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The row of @view at @x, @y, NULL when none. */
static GtkWidget *
row_at (GtkWidget *view,
        double     x,
        double     y)
{
  GtkWidget *w = gtk_widget_pick (view, x, y, GTK_PICK_DEFAULT);

  for (; w != NULL && w != view; w = gtk_widget_get_parent (w))
    if (strcmp (gtk_widget_get_css_name (w), "row") == 0)
      return w;
  return NULL;
}

/* What the file column names @game: "@file #@number". */
static char *
game_label (const DjLibraryGame *game)
{
  g_autofree char *base = g_path_get_basename (game->path);

  return g_strdup_printf (_("%s #%u"), base, game->number);
}

typedef struct
{
  GtkWidget  *view;
  double      x, y;
  const char *text;
} RowAt;

/* The row at the point shows @text in a cell on screen. */
static gboolean
row_at_shows (gpointer data)
{
  RowAt *r = data;
  GtkWidget *row = row_at (r->view, r->x, r->y);

  return row != NULL && label_showing (row, r->text) != NULL;
}

/* The drag the list's source gives for a press at @x, @y (a new
 * reference); its games in @value (unset after). */
static DjLibraryDrag *
drag_at (GtkEventController *source,
         double              x,
         double              y)
{
  g_autoptr(GdkContentProvider) provider = NULL;
  g_autoptr(GError) error = NULL;
  GValue value = G_VALUE_INIT;
  DjLibraryDrag *drag;

  g_signal_emit_by_name (source, "prepare", x, y, &provider);
  g_assert_nonnull (provider);
  g_value_init (&value, DJ_TYPE_LIBRARY_DRAG);
  g_assert_true (gdk_content_provider_get_value (provider, &value, &error));
  g_assert_no_error (error);
  drag = dj_library_drag_ref (g_value_get_boxed (&value));
  g_value_unset (&value);
  return drag;
}

/* A drag begun at @x, @y, once the row there shows @game, carries @game
 * alone (nothing selected). */
static void
assert_drag_at (GtkWidget           *view,
                GtkEventController  *source,
                double               x,
                double               y,
                const DjLibraryGame *game)
{
  g_autofree char *text = game_label (game);
  g_autofree char *what = g_strdup_printf ("the row at %g, %g showing %s", x, y, text);
  g_autoptr(DjLibraryDrag) drag = NULL;
  RowAt r = { view, x, y, text };

  dj_test_wait_until (TIMEOUT_S, row_at_shows, &r, what);
  drag = drag_at (source, x, y);
  g_assert_cmpuint (dj_library_drag_get_n_games (drag), ==, 1);
  g_assert_cmpstr (dj_library_drag_get_game (drag, 0)->path, ==, game->path);
  g_assert_cmpuint (dj_library_drag_get_game (drag, 0)->number, ==, game->number);
}

typedef struct
{
  GtkWidget *view;
  double     x, y;
  gboolean   lit;
} LitAt;

/* The row at the point is underlined (@lit) and no other, or none is. */
static gboolean
lit_at_is (gpointer data)
{
  LitAt *l = data;
  GtkWidget *row = row_at (l->view, l->x, l->y);

  return l->lit ? row != NULL && gtk_widget_has_css_class (row, "dj-drop-after")
                  && n_highlighted (l->view) == 1
                : n_highlighted (l->view) == 0;
}

static void
wait_lit_at (GtkWidget *view,
             double     x,
             double     y,
             gboolean   lit)
{
  LitAt l = { view, x, y, lit };

  dj_test_wait_until (TIMEOUT_S, lit_at_is, &l,
                      lit ? "the row under the pointer underlined" : "no row underlined");
}

typedef struct
{
  DjLibraryWindow *window;
  const char      *name;
} Searched;

/* The list shows some games, not all, each one of @name's. */
static gboolean
searched (gpointer data)
{
  Searched *s = data;
  guint n = dj_library_window_get_n_shown (s->window);

  if (dj_library_window_get_busy (s->window) || n == 0 || n == 8)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const DjLibraryGame *game = dj_library_window_get_shown (s->window, i);

      if (g_strcmp0 (game->south, s->name) != 0 && g_strcmp0 (game->north, s->name) != 0)
        return FALSE;
    }
  return TRUE;
}

/* Rows stay in place while the games they show change: after a sort and
 * after a search, a drag begun on a row carries the game that row shows
 * (by the list's source and by dj_library_window_drag_games()), and the
 * underline of a drop follows the game under a pointer that does not
 * move. */
static void
test_drag_after_sort_search (void)
{
  DjLibraryWindow *window = open_library ();
  GtkWidget *view = dj_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  GtkEventController *source = controller_of (view, GTK_TYPE_DRAG_SOURCE);
  GtkEventController *target = controller_of (view, GTK_TYPE_DROP_TARGET);
  g_autoptr(DjLibraryDrag) drag = NULL;
  g_autoptr(DjLibraryDrag) shown = NULL;
  g_autofree char *name = NULL;
  const DjLibraryGame *game;
  GdkDragAction action = 0;
  double x1, y1, x2, y2, xb1, yb1;
  Searched s = { window, NULL };

  dj_test_wait_frames (GTK_WIDGET (window), "the list drawn");
  /* In file order: a.djn #1–5, then b.djenon #1–3. */
  row_point (view, text_path, 1, &x1, &y1);
  row_point (view, text_path, 2, &x2, &y2);
  row_point (view, xml_path, 1, &xb1, &yb1);
  assert_drag_at (view, source, x2, y2,
                  dj_library_window_get_shown (window, 1));
  g_assert_cmpuint (dj_library_window_get_shown (window, 1)->number, ==, 2);

  /* Sorted the other way: b.djenon #3–1, then a.djn #5–1.  The second
   * row now shows b.djenon #2, and a drag there carries it. */
  dj_library_window_sort (window, DJ_LIBRARY_COLUMN_FILE, FALSE);
  game = dj_library_window_get_shown (window, 1);
  g_assert_cmpstr (game->path, ==, xml_path);
  g_assert_cmpuint (game->number, ==, 2);
  assert_drag_at (view, source, x2, y2, game);
  shown = dj_library_window_drag_games (window, 1);
  g_assert_cmpuint (dj_library_drag_get_n_games (shown), ==, 1);
  g_assert_true (dj_library_drag_get_game (shown, 0) == game);
  g_clear_pointer (&shown, dj_library_drag_unref);

  /* a.djn #2 (now the seventh row) dragged over the sixth row, a.djn #3:
   * refused.  Sorted back without a motion, that row shows b.djenon #1:
   * underlined; sorted again, a.djn #3: no longer. */
  row_point (view, text_path, 2, &x2, &y2);
  drag = drag_at (source, x2, y2);
  g_assert_cmpuint (dj_library_drag_get_game (drag, 0)->number, ==, 2);
  g_assert_cmpstr (dj_library_drag_get_game (drag, 0)->path, ==, text_path);
  g_signal_emit_by_name (target, "motion", xb1, yb1, &action);
  g_assert_cmpint (action, ==, 0);
  g_assert_cmpuint (n_highlighted (view), ==, 0);
  dj_library_window_sort (window, DJ_LIBRARY_COLUMN_FILE, TRUE);
  wait_lit_at (view, xb1, yb1, TRUE);
  dj_library_window_sort (window, DJ_LIBRARY_COLUMN_FILE, FALSE);
  wait_lit_at (view, xb1, yb1, FALSE);
  g_signal_emit_by_name (target, "leave");
  g_assert_cmpuint (n_highlighted (view), ==, 0);
  dj_library_window_sort (window, DJ_LIBRARY_COLUMN_FILE, TRUE);

  /* Searched for the player of South in b.djenon #2: the first row shows
   * the first game found, and a drag there carries it. */
  name = g_strdup (dj_library_window_get_shown (window, 6)->south);
  s.name = name;
  dj_library_window_set_search (window, name);
  dj_test_wait_until (TIMEOUT_S, searched, &s, "the games of the player searched for");
  game = dj_library_window_get_shown (window, 0);
  assert_drag_at (view, source, x1, y1, game);
  shown = dj_library_window_drag_games (window, 0);
  g_assert_true (dj_library_drag_get_game (shown, 0) == game);
  g_clear_pointer (&shown, dj_library_drag_unref);
  dj_library_window_set_search (window, NULL);
  dj_test_wait_listed (window, 8);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The row of @view showing the game the file column names "@file
 * #@number" (rows come and go as the list is read again), NULL when none. */
static GtkWidget *
find_row (GtkWidget  *view,
          const char *path,
          guint       number)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *text = g_strdup_printf (_("%s #%u"), base, number);
  GtkWidget *row = label_showing (view, text);

  while (row != NULL && strcmp (gtk_widget_get_css_name (row), "row") != 0)
    row = gtk_widget_get_parent (row);
  return row;
}

/* What the test sees of the pointer and of the list's drags. */
typedef struct
{
  double x, y;      /* last pointer position over the view */
  guint  begun;     /* drags begun */
  guint  ended;     /* drags ended */
} Seen;

static Seen seen;

static void
on_seen_motion (GtkEventControllerMotion *motion,
                double                    x,
                double                    y)
{
  seen.x = x;
  seen.y = y;
}

static void
on_seen_begin (void)
{
  seen.begun++;
}

static void
on_seen_end (void)
{
  seen.ended++;
}

static void
watch_view (GtkWidget *view)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  g_signal_connect (motion, "motion", G_CALLBACK (on_seen_motion), NULL);
  gtk_widget_add_controller (view, motion);
  g_signal_connect (controller_of (view, GTK_TYPE_DRAG_SOURCE), "drag-begin",
                    G_CALLBACK (on_seen_begin), NULL);
  g_signal_connect (controller_of (view, GTK_TYPE_DRAG_SOURCE), "drag-end",
                    G_CALLBACK (on_seen_end), NULL);
}

/* Where the pointer goes: the middle of a row, found again each time (the
 * list moves down while the progress of an update shows above it). */
typedef struct
{
  GtkWidget  *view;
  const char *path;         /* the row to point at */
  guint       number;
  const char *lit_path;     /* the row whose underline is waited for */
  guint       lit_number;
  gboolean    lit;          /* ... to be there (or gone) */
  guint       moves;
  guint       begun;
} Pointer;

/* The middle of the row, in @view's and in screen coordinates. */
static gboolean
row_middle (Pointer *p,
            double  *x,
            double  *y,
            int     *root_x,
            int     *root_y)
{
  GtkWidget *row = find_row (p->view, p->path, p->number);
  GtkNative *native = gtk_widget_get_native (p->view);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
  graphene_point_t at, in_window;
  double dx, dy;
  Window child;

  /* Two thirds of the way across: on the Event column, away from the
   * column borders. */
  if (row == NULL
      || !gtk_widget_compute_point (row, p->view,
                                    &GRAPHENE_POINT_INIT (gtk_widget_get_width (row) / 3.0,
                                                          gtk_widget_get_height (row) / 2.0),
                                    &at)
      || !gtk_widget_compute_point (p->view, GTK_WIDGET (native), &at, &in_window))
    return FALSE;
  *x = at.x;
  *y = at.y;
  gtk_native_get_surface_transform (native, &dx, &dy);
  XTranslateCoordinates (xdisplay, xid, DefaultRootWindow (xdisplay), (int) (in_window.x + dx),
                         (int) (in_window.y + dy), root_x, root_y, &child);
  return TRUE;
}

/* The view has seen the pointer in the middle of the row; until then the
 * pointer is moved there, now and then in from a corner of the screen out
 * of the window (after a drag the view follows the pointer only once it
 * comes in again). */
static gboolean
pointer_on_row (gpointer data)
{
  Pointer *p = data;
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr(GdkMonitor) monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  GdkRectangle screen;
  double x, y;
  int root_x, root_y;

  if (!row_middle (p, &x, &y, &root_x, &root_y))
    return FALSE;
  /* Not taken while the pointer was last sent to the corner. */
  if (p->moves % 8 != 0 && ABS (seen.x - x) < 2 && ABS (seen.y - y) < 2)
    return TRUE;
  gdk_monitor_get_geometry (monitor, &screen);
  if (++p->moves % 8 == 0)
    {
      fake_motion (xdisplay, -1, screen.width - 1, screen.height - 1, 0);
      seen.x = seen.y = -1;
    }
  else
    fake_motion (xdisplay, -1, root_x + (int) (p->moves % 2), root_y, 0);
  XFlush (xdisplay);
  return FALSE;
}

/* The drag has begun; until then the pointer goes on down, a pixel at a
 * time, past the drag threshold. */
static gboolean
drag_begun (gpointer data)
{
  Pointer *p = data;
  double x, y;
  int root_x, root_y;

  if (seen.begun > p->begun)
    return TRUE;
  if (row_middle (p, &x, &y, &root_x, &root_y))
    {
      fake_motion (xdisplay, -1, root_x, root_y + (int) (++p->moves % 12), 0);
      XFlush (xdisplay);
    }
  return FALSE;
}

/* The row waited for is underlined (or no longer); until then the pointer
 * goes on moving over the row pointed at (a drag hears of motions only once
 * it has begun). */
static gboolean
underline_is (gpointer data)
{
  Pointer *p = data;
  GtkWidget *lit = find_row (p->view, p->lit_path, p->lit_number);
  double x, y;
  int root_x, root_y;

  if (lit != NULL && gtk_widget_has_css_class (lit, "dj-drop-after") == p->lit)
    return TRUE;
  if (row_middle (p, &x, &y, &root_x, &root_y))
    {
      fake_motion (xdisplay, -1, root_x + (int) (p->moves++ % 2), root_y, 0);
      XFlush (xdisplay);
    }
  return FALSE;
}

/* Presses on the row of game @number of @path (@shift held) and drags it
 * over the row of game @to_number of @to_path until that row is underlined
 * (the drop highlight). */
static void
pointer_drag_to (GtkWidget  *view,
                 const char *path,
                 guint       number,
                 const char *to_path,
                 guint       to_number,
                 gboolean    shift)
{
  Pointer p = { view, path, number, to_path, to_number, TRUE, 0, seen.begun };

  /* Only a motion from now on tells where the pointer is. */
  seen.x = seen.y = -1;
  dj_test_wait_until (TIMEOUT_S, pointer_on_row, &p, "the pointer on the row dragged");
  if (shift)
    xtest_send_key (XK_Shift_L, TRUE);
  fake_button (xdisplay, 1, TRUE, 0);
  XFlush (xdisplay);
  p.moves = 0;
  dj_test_wait_until (TIMEOUT_S, drag_begun, &p, "the drag begun");
  p.path = to_path;
  p.number = to_number;
  dj_test_wait_until (TIMEOUT_S, underline_is, &p, "the row under the pointer underlined");
}

/* Goes on over the row of game @number of @path, until the row of game
 * @lit_number of @lit_path is no longer underlined. */
static void
pointer_move_off (GtkWidget  *view,
                  const char *path,
                  guint       number,
                  const char *lit_path,
                  guint       lit_number)
{
  Pointer p = { view, path, number, lit_path, lit_number, FALSE, 0, seen.begun };

  dj_test_wait_until (TIMEOUT_S, underline_is, &p, "the row left no longer underlined");
}

static gboolean
drag_ended (gpointer data)
{
  return seen.ended == seen.begun;
}

/* Lets go, and waits for the drag to end. */
static void
pointer_release (gboolean shift)
{
  fake_button (xdisplay, 1, FALSE, 0);
  if (shift)
    xtest_send_key (XK_Shift_L, FALSE);
  XFlush (xdisplay);
  dj_test_wait_until (TIMEOUT_S, drag_ended, NULL, "the drag ended");
}

/* A Library window whose list the test watches, drawn. */
static DjLibraryWindow *
open_watched (GtkWidget **view)
{
  DjLibraryWindow *window = open_library ();

  *view = dj_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  watch_view (*view);
  dj_test_wait_frames (GTK_WIDGET (window), "the list drawn");
  return window;
}

/* Real drags with the pointer, each the first of its window (after a drag
 * under Xvfb without a window manager, GTK 4.8 can take the next press for
 * one at another place): one onto a game of the other file (the row
 * underlined while over it) copies the game after it; with Shift, a move;
 * one let go on a game of its own file is refused with a toast. */
static void
test_pointer_drags (void)
{
  DjLibraryWindow *window;
  GtkWidget *view;
  g_autofree char *old_a = dj_test_file_contents (text_path);
  g_autofree char *old_b = dj_test_file_contents (xml_path);
  g_autofree char *a2 = game_text (text_path, 1);
  g_autofree char *a3 = game_text (text_path, 2);
  g_autofree char *game = NULL, *now = NULL;

  if (!xtest_load ())
    {
      g_test_skip ("no XTest: no pointer");
      return;
    }

  /* a.djn #2 onto b.djenon #1: a copy, b.djenon's #2. */
  window = open_watched (&view);
  pointer_drag_to (view, text_path, 2, xml_path, 1, FALSE);
  dj_test_wait_frames (GTK_WIDGET (window), "the drop highlight drawn");
  dj_test_save_screenshot (GTK_WIDGET (window), "library-drop.png");
  pointer_release (FALSE);
  dj_test_wait_listed (window, 9);
  g_assert_cmpuint (dj_test_games_in (xml_path), ==, 4);
  game = game_text (xml_path, 1);
  g_assert_cmpstr (game, ==, a2);
  g_clear_pointer (&game, g_free);
  now = dj_test_file_contents (text_path);
  g_assert_cmpstr (now, ==, old_a);
  g_clear_pointer (&now, g_free);
  undo (window, xml_path, old_b);
  dj_test_wait_listed (window, 8);
  gtk_window_destroy (GTK_WINDOW (window));

  /* a.djn #3 over b.djenon #1, then let go on a.djn #4: refused, and
   * told. */
  window = open_watched (&view);
  pointer_drag_to (view, text_path, 3, xml_path, 1, FALSE);
  pointer_move_off (view, text_path, 4, xml_path, 1);
  pointer_release (FALSE);
  wait_toast (window, _("The games are already in this file: drop them on a game of another "
                        "file."));
  now = dj_test_file_contents (text_path);
  g_assert_cmpstr (now, ==, old_a);
  g_clear_pointer (&now, g_free);
  gtk_window_destroy (GTK_WINDOW (window));

  /* With Shift: a.djn #3 moved after b.djenon #1. */
  window = open_watched (&view);
  pointer_drag_to (view, text_path, 3, xml_path, 1, TRUE);
  pointer_release (TRUE);
  dj_test_wait_listed (window, 8);
  g_assert_cmpuint (dj_test_games_in (text_path), ==, 4);
  g_assert_cmpuint (dj_test_games_in (xml_path), ==, 4);
  game = game_text (xml_path, 1);
  g_assert_cmpstr (game, ==, a3);
  undo (window, xml_path, old_b);
  dj_test_wait_listed (window, 8);
  now = dj_test_file_contents (text_path);
  g_assert_cmpstr (now, ==, old_a);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  dj_test_use_built_translations ();
  home = dj_test_make_home ("djenon-test-library-dnd");
  g_test_init (&argc, &argv, NULL);
  if (!dj_test_start_app ())
    {
      g_test_skip ("no display");
      return 0;
    }
  dj_xml_init ();
  make_library ();

  g_test_add_func ("/djenon/library-dnd/drop-copy-move-undo", test_drop_copy_move_undo);
  g_test_add_func ("/djenon/library-dnd/drop-signals", test_drop_signals);
  g_test_add_func ("/djenon/library-dnd/drag-after-sort-search", test_drag_after_sort_search);
  g_test_add_func ("/djenon/library-dnd/pointer-drags", test_pointer_drags);
  status = g_test_run ();

  g_clear_object (&app);
  dj_test_remove_tree (home);
  g_free (text_path);
  g_free (xml_path);
  g_free (home);
  return status;
}
