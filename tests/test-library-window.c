/* test-library-window.c: the Library window's game actions
 *
 * A library of two files (text notation and XML) in a home of the test's
 * own: games copied, moved and deleted from the window (through its
 * dialogs, the delete one naming the games), undone from the toast's
 * action, a game window on a touched file told that it changed on disk,
 * Open at Move… giving the position chosen, shortcuts pressed as real keys,
 * accessible names, the narrow layout, and the rows on screen following a
 * search typed and the order chosen.  Run in English and, as
 * test-library-window-ur, in Urdu; pictures at 1200 and 360 pixels go to
 * DJ_SCREENSHOT_DIR when it is set.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dj-document.h"
#include "dj-library-window.h"
#include "dj-library.h"
#include "dj-notation.h"
#include "dj-random-games.h"
#include "dj-xml.h"

#include "dj-test-app.h"
#include "dj-test-library.h"
#include "dj-test-picture.h"
#include "dj-test-xtest.h"

#define TIMEOUT_S 60

static char *home;
static char *text_path;   /* 5 games */
static char *xml_path;    /* 3 games */

static void
make_library (void)
{
  dj_test_make_library (home, 41, &text_path, &xml_path);
}

static DjLibraryWindow *
open_library (void)
{
  return dj_test_open_library_sized (0);
}

static gboolean
dialog_shown (gpointer data)
{
  AdwMessageDialog **found = data;
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        *found = ADW_MESSAGE_DIALOG (w);
    }
  return *found != NULL;
}

/* The message dialog the window shows now. */
static AdwMessageDialog *
wait_dialog (void)
{
  AdwMessageDialog *dialog = NULL;

  dj_test_wait_until (TIMEOUT_S, dialog_shown, &dialog, "a dialog");
  return dialog;
}

static void
respond (AdwMessageDialog *dialog,
         const char       *response)
{
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Chooses @path in the dialog's list of files, then answers "apply". */
static void
choose_file (AdwMessageDialog *dialog,
             const char       *path)
{
  GtkDropDown *drop = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  GListModel *names = gtk_drop_down_get_model (drop);
  g_autofree char *name = g_filename_display_name (path);
  guint i;

  gtk_test_accessible_assert_property (drop, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       _("File to Receive the Games"));
  for (i = 0; i < g_list_model_get_n_items (names); i++)
    if (strcmp (gtk_string_list_get_string (GTK_STRING_LIST (names), i), name) == 0)
      break;
  g_assert_cmpuint (i, <, g_list_model_get_n_items (names));
  gtk_drop_down_set_selected (drop, i);
  respond (dialog, "apply");
}

static gboolean
document_told (gpointer data)
{
  return dj_document_get_changed_on_disk (data);
}

/* Copy, delete (confirmed, naming the game), undo, move: the files and the
 * list change together, the other games stay, and a document open on a
 * touched file hears of it. */
static void
test_copy_delete_undo_move (void)
{
  DjLibraryWindow *window = open_library ();
  g_autoptr(DjDocument) document = dj_document_new ();
  g_autoptr(GFile) xml_file = g_file_new_for_path (xml_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *before_delete = NULL;
  g_autofree char *now = NULL;
  g_autofree char *south = NULL;
  AdwMessageDialog *dialog;

  g_assert_true (dj_document_load (document, xml_file, &error));
  g_assert_no_error (error);
  g_assert_false (dj_document_get_changed_on_disk (document));

  /* Nothing selected: nothing to act on. */
  gtk_widget_activate_action (GTK_WIDGET (window), "library.delete", NULL);
  g_assert_false (dialog_shown (&(AdwMessageDialog *) { NULL }));

  /* Copy a.djn #1 and #2 to b.djenon. */
  dj_library_window_select (window, 0, FALSE);
  dj_library_window_select (window, 1, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "library.copy-to", NULL);
  choose_file (wait_dialog (), xml_path);
  dj_test_wait_listed (window, 10);
  g_assert_cmpuint (dj_test_games_in (xml_path), ==, 5);
  g_assert_cmpuint (dj_test_games_in (text_path), ==, 5);
  g_assert_cmpstr (dj_library_window_get_shown (window, 8)->path, ==, xml_path);
  g_assert_cmpuint (dj_library_window_get_shown (window, 9)->number, ==, 5);
  g_assert_cmpstr (dj_library_window_get_shown (window, 9)->south, ==,
                   dj_library_window_get_shown (window, 1)->south);
  /* The document open on b.djenon is told, by its own file monitor. */
  dj_test_wait_until (TIMEOUT_S, document_told, document, "the document told of the change");

  /* Delete a.djn #3: the dialog names it; Cancel keeps it. */
  before_delete = dj_test_file_contents (text_path);
  south = g_strdup (dj_library_window_get_shown (window, 2)->south);
  dj_library_window_select (window, 2, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "library.delete", NULL);
  dialog = wait_dialog ();
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), south));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "a.djn"));
  respond (dialog, "cancel");
  g_assert_cmpuint (dj_test_games_in (text_path), ==, 5);
  gtk_widget_activate_action (GTK_WIDGET (window), "library.delete", NULL);
  respond (wait_dialog (), "delete");
  dj_test_wait_listed (window, 9);
  g_assert_cmpuint (dj_test_games_in (text_path), ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (dj_library_window_get_shown (window, i)->number, ==, i + 1);

  /* Undo: the file's bytes as before, and the game listed again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "library.undo", NULL);
  dj_test_wait_listed (window, 10);
  now = dj_test_file_contents (text_path);
  g_assert_cmpstr (now, ==, before_delete);
  g_assert_cmpstr (dj_library_window_get_shown (window, 2)->south, ==, south);

  /* Ctrl+Z at once, while the files are still being read again for the
   * index after the delete: the undo waits for that, then is done. */
  dj_library_window_select (window, 2, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "library.delete", NULL);
  respond (wait_dialog (), "delete");
  g_assert_cmpuint (dj_test_games_in (text_path), ==, 4);
  g_assert_true (dj_library_window_get_busy (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "library.undo", NULL));
  dj_test_wait_listed (window, 10);
  g_clear_pointer (&now, g_free);
  now = dj_test_file_contents (text_path);
  g_assert_cmpstr (now, ==, before_delete);
  g_assert_cmpstr (dj_library_window_get_shown (window, 2)->south, ==, south);

  /* Move b.djenon #1 to a.djn. */
  dj_library_window_select (window, 5, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "library.move-to", NULL);
  choose_file (wait_dialog (), text_path);
  dj_test_wait_listed (window, 10);
  g_assert_cmpuint (dj_test_games_in (text_path), ==, 6);
  g_assert_cmpuint (dj_test_games_in (xml_path), ==, 4);

  /* A file changed behind the library's back is refused, with its name. */
  {
    g_autofree char *old = dj_test_file_contents (text_path);
    g_autofree char *changed = g_strconcat (old, "\n", NULL);
    g_autofree char *body = NULL;

    /* Indexed again first, so that only this change is unknown. */
    g_assert_true (g_file_set_contents (text_path, changed, -1, NULL));
    dj_library_window_select (window, 0, FALSE);
    gtk_widget_activate_action (GTK_WIDGET (window), "library.delete", NULL);
    respond (wait_dialog (), "delete");
    dialog = wait_dialog ();
    body = g_strdup (adw_message_dialog_get_body (dialog));
    g_assert_nonnull (strstr (body, "a.djn"));
    respond (dialog, "close");
    g_assert_cmpuint (dj_test_games_in (text_path), ==, 6);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  char    *path;
  guint    number;
  guint    ply;
  gboolean new_window;
  gboolean emitted;
} Opened;

static void
on_open_game (DjLibraryWindow *window,
              const char      *path,
              guint            number,
              guint            ply,
              gboolean         new_window,
              Opened          *o)
{
  g_free (o->path);
  o->path = g_strdup (path);
  o->number = number;
  o->ply = ply;
  o->new_window = new_window;
  o->emitted = TRUE;
}

/* Open at Move… asks for the move, names the game and gives the position
 * chosen; Open in New Window asks for a new window.  The shortcuts work as
 * real key presses. */
static void
test_open_at_move (void)
{
  DjLibraryWindow *window = open_library ();
  Opened o = { 0 };
  const DjLibraryGame *game;
  AdwMessageDialog *dialog;
  GtkSpinButton *spin;

  g_signal_connect (window, "open-game", G_CALLBACK (on_open_game), &o);
  dj_library_window_select (window, 1, FALSE);
  game = dj_library_window_get_shown (window, 1);
  g_assert_cmpuint (game->n_moves, >=, 3);
  gtk_widget_activate_action (GTK_WIDGET (window), "library.open-at-move", NULL);
  dialog = wait_dialog ();
  spin = GTK_SPIN_BUTTON (adw_message_dialog_get_extra_child (dialog));
  gtk_test_accessible_assert_property (spin, GTK_ACCESSIBLE_PROPERTY_LABEL, _("Move Number"));
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (spin)), ==,
                     game->n_moves);
  gtk_spin_button_set_value (spin, 3);
  respond (dialog, "open");
  g_assert_true (o.emitted);
  g_assert_cmpstr (o.path, ==, game->path);
  g_assert_cmpuint (o.number, ==, game->number);
  g_assert_cmpuint (o.ply, ==, 3);
  g_assert_false (o.new_window);

  o.emitted = FALSE;
  gtk_widget_activate_action (GTK_WIDGET (window), "library.open-new-window", NULL);
  g_assert_true (o.emitted);
  g_assert_true (o.new_window);
  g_assert_cmpuint (o.ply, ==, 0);

  /* Real keys: Ctrl+G opens the same dialog; Delete asks to delete.  The
   * keys go to the window under the pointer (no window manager). */
  if (xtest_load ())
    {
      GtkNative *native = gtk_widget_get_native (GTK_WIDGET (window));
      Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
      static const KeySym ctrl = XK_Control_L;
      Window child;
      int x, y;

      dj_test_wait_frames (GTK_WIDGET (window), "the window drawn");
      XTranslateCoordinates (xdisplay, xid, DefaultRootWindow (xdisplay), 300, 300, &x, &y,
                             &child);
      fake_motion (xdisplay, -1, x, y, 0);
      XSetInputFocus (xdisplay, xid, RevertToParent, CurrentTime);
      XFlush (xdisplay);
      fake_key (xdisplay, XKeysymToKeycode (xdisplay, ctrl), TRUE, 0);
      fake_key (xdisplay, XKeysymToKeycode (xdisplay, XK_g), TRUE, 0);
      fake_key (xdisplay, XKeysymToKeycode (xdisplay, XK_g), FALSE, 0);
      fake_key (xdisplay, XKeysymToKeycode (xdisplay, ctrl), FALSE, 0);
      XFlush (xdisplay);
      dialog = wait_dialog ();
      g_assert_true (GTK_IS_SPIN_BUTTON (adw_message_dialog_get_extra_child (dialog)));
      respond (dialog, "cancel");
      XSetInputFocus (xdisplay, xid, RevertToParent, CurrentTime);
      XFlush (xdisplay);
      fake_key (xdisplay, XKeysymToKeycode (xdisplay, XK_Delete), TRUE, 0);
      fake_key (xdisplay, XKeysymToKeycode (xdisplay, XK_Delete), FALSE, 0);
      XFlush (xdisplay);
      dialog = wait_dialog ();
      g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog),
                                dj_library_window_get_shown (window, 1)->south));
      respond (dialog, "cancel");
    }
  else
    g_test_message ("no XTest: real keys not sent");
  g_free (o.path);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Every control of the window can be named by a screen reader. */
static void
check_names (GtkWidget *root)
{
  g_autoptr(GPtrArray) pending = g_ptr_array_new ();

  g_ptr_array_add (pending, root);
  while (pending->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (pending, pending->len - 1);
      GtkWidget *parent = gtk_widget_get_parent (w);
      gboolean compound = parent != NULL && (GTK_IS_MENU_BUTTON (parent) || GTK_IS_DROP_DOWN (parent)
                                             || GTK_IS_SPIN_BUTTON (parent));

      if (!compound && (GTK_IS_MENU_BUTTON (w) || GTK_IS_DROP_DOWN (w) || GTK_IS_SEARCH_ENTRY (w)
                        || (GTK_IS_BUTTON (w) && gtk_button_get_label (GTK_BUTTON (w)) == NULL))
          && gtk_widget_get_mapped (w) && gtk_widget_get_ancestor (w, GTK_TYPE_WINDOW_CONTROLS) == NULL)
        {
          gboolean named = gtk_test_accessible_has_property (GTK_ACCESSIBLE (w),
                                                             GTK_ACCESSIBLE_PROPERTY_LABEL)
                           || (GTK_IS_MENU_BUTTON (w)
                               && gtk_menu_button_get_label (GTK_MENU_BUTTON (w)) != NULL);

          if (!named)
            g_error ("a %s without an accessible name", G_OBJECT_TYPE_NAME (w));
        }
      for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (pending, c);
    }
}

static gboolean
narrow_is (gpointer data)
{
  gpointer *args = data;

  return dj_library_window_get_narrow (args[0]) == GPOINTER_TO_INT (args[1]);
}

static gboolean
width_at_least_1200 (gpointer data)
{
  /* The window's own width, less its shadow and border. */
  return gtk_widget_get_width (data) >= 1150;
}

static gboolean
width_at_most_360 (gpointer data)
{
  return gtk_widget_get_width (data) <= 360;
}

static void
picture (DjLibraryWindow *window,
         const char      *width)
{
  g_autofree char *name = g_strdup_printf ("library-%s-%s.png", width,
                                           g_strcmp0 (g_getenv ("LANGUAGE"), "ur") == 0 ? "ur"
                                                                                        : "en");

  dj_test_wait_frames (GTK_WIDGET (window), "frames drawn");
  dj_test_save_screenshot (gtk_window_get_child (GTK_WINDOW (window)), name);
}

/* Wide: every column and the filters in one row; narrow (360 px): the
 * filters folded under a button, players, result and date only. */
static void
test_layout_names (void)
{
  DjLibraryWindow *window = dj_test_open_library_sized (1200);
  gpointer args[2] = { window, GINT_TO_POINTER (FALSE) };
  GtkColumnView *view = NULL;
  guint visible = 0;

  dj_test_wait_until (TIMEOUT_S, width_at_least_1200, window, "a window 1200 pixels wide");
  dj_test_wait_until (TIMEOUT_S, narrow_is, args, "the wide layout");
  dj_library_window_select (window, 0, FALSE);
  check_names (GTK_WIDGET (window));
  picture (window, "1200");

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 700);
  args[1] = GINT_TO_POINTER (TRUE);
  dj_test_wait_until (TIMEOUT_S, narrow_is, args, "the narrow layout");
  check_names (GTK_WIDGET (window));
  {
    g_autoptr(GPtrArray) pending = g_ptr_array_new ();

    g_ptr_array_add (pending, window);
    while (pending->len > 0 && view == NULL)
      {
        GtkWidget *w = g_ptr_array_steal_index (pending, pending->len - 1);

        if (GTK_IS_COLUMN_VIEW (w))
          view = GTK_COLUMN_VIEW (w);
        for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
          g_ptr_array_add (pending, c);
      }
  }
  g_assert_nonnull (view);
  for (guint i = 0; i < g_list_model_get_n_items (gtk_column_view_get_columns (view)); i++)
    {
      g_autoptr(GtkColumnViewColumn) c = g_list_model_get_item (gtk_column_view_get_columns (view), i);

      visible += gtk_column_view_column_get_visible (c);
    }
  g_assert_cmpuint (visible, ==, 4);
  /* Folded, the window can be as narrow as a telephone. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 700);
  dj_test_wait_until (TIMEOUT_S, width_at_most_360, window, "a window 360 pixels wide");
  picture (window, "360");

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 700);
  args[1] = GINT_TO_POINTER (FALSE);
  dj_test_wait_until (TIMEOUT_S, narrow_is, args, "the wide layout again");
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
find_column_view (GtkWidget *top)
{
  g_autoptr(GPtrArray) pending = g_ptr_array_new ();

  g_ptr_array_add (pending, top);
  while (pending->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (pending, pending->len - 1);

      if (GTK_IS_COLUMN_VIEW (w))
        return w;
      for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (pending, c);
    }
  return NULL;
}

typedef struct
{
  double     y;
  GPtrArray *texts;      /* the cells' texts (borrowed) */
  gboolean   selected;   /* drawn as selected */
} Row;

static void
row_free (Row *row)
{
  g_ptr_array_unref (row->texts);
  g_free (row);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const Row *x = *(Row **) a, *y = *(Row **) b;

  return (x->y > y->y) - (x->y < y->y);
}

/* The rows the column view draws, top to bottom: the texts of their cells
 * (the labels that show a game). */
static GPtrArray *
rows_on_screen (DjLibraryWindow *window)
{
  GtkWidget *view = find_column_view (GTK_WIDGET (window));
  g_autoptr(GPtrArray) pending = g_ptr_array_new ();
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);

  g_assert_nonnull (view);
  g_ptr_array_add (pending, view);
  while (pending->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (pending, pending->len - 1);

      for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (pending, c);
      if (GTK_IS_INSCRIPTION (w) && g_object_get_data (G_OBJECT (w), "dj-item") != NULL
          && gtk_widget_get_mapped (w) && gtk_widget_get_height (w) > 0)
        {
          Row *row = NULL;
          double x, y;

          g_assert_true (gtk_widget_translate_coordinates (w, view, 0, 0, &x, &y));
          for (guint i = 0; i < rows->len && row == NULL; i++)
            if (ABS (((Row *) rows->pdata[i])->y - y) < 1)
              row = rows->pdata[i];
          if (row == NULL)
            {
              row = g_new0 (Row, 1);
              row->y = y;
              row->texts = g_ptr_array_new ();
              g_ptr_array_add (rows, row);
            }
          g_ptr_array_add (row->texts, (gpointer) gtk_inscription_get_text (GTK_INSCRIPTION (w)));
          /* A screen reader reads the cell's text. */
          if (g_strcmp0 (g_getenv ("GTK_A11Y"), "test") == 0)
            gtk_test_accessible_assert_property (w, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                 gtk_inscription_get_text (GTK_INSCRIPTION (w)));
          row->selected |= (gtk_widget_get_state_flags (gtk_widget_get_parent (w))
                            & GTK_STATE_FLAG_SELECTED) != 0;
        }
    }
  g_ptr_array_sort (rows, compare_rows);
  return rows;
}

static gboolean
has_text (GPtrArray  *texts,
          const char *text)
{
  for (guint i = 0; i < texts->len; i++)
    if (g_strcmp0 (texts->pdata[i], text) == 0)
      return TRUE;
  return FALSE;
}

/* Whether the rows on screen show listed games @first, @first + 1… */
static gboolean
rows_from (DjLibraryWindow *window,
           GPtrArray       *rows,
           guint            first)
{
  if (first + rows->len > dj_library_window_get_n_shown (window))
    return FALSE;
  for (guint r = 0; r < rows->len; r++)
    {
      const DjLibraryGame *game = dj_library_window_get_shown (window, first + r);
      GPtrArray *texts = ((Row *) rows->pdata[r])->texts;
      g_autofree char *moves = g_strdup_printf ("%u", game->n_moves);

      if (!has_text (texts, game->south != NULL ? game->south : "")
          || !has_text (texts, game->north != NULL ? game->north : "")
          || !has_text (texts, moves))
        return FALSE;
    }
  return TRUE;
}

/* Whether the rows on screen, more than one, show games listed one after
 * the other. */
static gboolean
rows_consecutive (DjLibraryWindow *window)
{
  g_autoptr(GPtrArray) rows = rows_on_screen (window);

  for (guint first = 0; rows->len > 1 && first < dj_library_window_get_n_shown (window); first++)
    if (rows_from (window, rows, first))
      return TRUE;
  return FALSE;
}

/* The window idle, and its rows on screen the games it lists, in order. */
static gboolean
rows_shown (gpointer data)
{
  DjLibraryWindow *window = data;
  g_autoptr(GPtrArray) rows = NULL;

  if (dj_library_window_get_busy (window))
    return FALSE;
  rows = rows_on_screen (window);
  if (g_getenv ("DJ_DEBUG_ROWS"))
    {
      g_printerr ("rows %u shown %u\n", rows->len, dj_library_window_get_n_shown (window));
      for (guint r = 0; r < rows->len; r++)
        {
          Row *row = rows->pdata[r];
          g_printerr (" %.0f:", row->y);
          for (guint t = 0; t < row->texts->len; t++) g_printerr (" [%s]", (char *) row->texts->pdata[t]);
          g_printerr ("\n");
        }
      for (guint r = 0; r < dj_library_window_get_n_shown (window); r++)
        g_printerr (" game %s %s\n", dj_library_window_get_shown (window, r)->south, dj_library_window_get_shown (window, r)->north);
    }
  return rows->len == dj_library_window_get_n_shown (window) && rows_from (window, rows, 0);
}

/* Where game @number of @path is listed, G_MAXUINT when it is not. */
static guint
shown_at (DjLibraryWindow *window,
          const char      *path,
          guint            number)
{
  for (guint i = 0; i < dj_library_window_get_n_shown (window); i++)
    if (strcmp (dj_library_window_get_shown (window, i)->path, path) == 0
        && dj_library_window_get_shown (window, i)->number == number)
      return i;
  return G_MAXUINT;
}

/* Only row @index is drawn selected. */
static void
assert_selected_row (DjLibraryWindow *window,
                     guint            index)
{
  g_autoptr(GPtrArray) rows = rows_on_screen (window);

  for (guint r = 0; r < rows->len; r++)
    g_assert_cmpint (((Row *) rows->pdata[r])->selected, ==, r == index);
}

/* Search as you type and sorting: the rows on screen are the games listed,
 * in their order, and the game selected stays selected where it goes. */
static void
test_search_rows (void)
{
  DjLibraryWindow *window = open_library ();
  const DjLibraryGame *game;
  g_autofree char *south = NULL;
  g_autofree char *typed = NULL;
  guint number, at;

  dj_test_wait_until (TIMEOUT_S, rows_shown, window, "the games' rows");
  game = dj_library_window_get_shown (window, 3);
  south = g_strdup (game->south);
  number = game->number;
  g_assert_nonnull (south);
  dj_library_window_select (window, 3, FALSE);
  assert_selected_row (window, 3);

  /* Typed key by key, then deleted: a key narrows, a deletion widens. */
  for (guint k = 1; k <= 4 && k <= strlen (south); k++)
    {
      g_free (typed);
      typed = g_strndup (south, k);
      dj_library_window_set_search (window, typed);
      dj_test_wait_until (TIMEOUT_S, rows_shown, window, "the rows of a search");
      at = shown_at (window, text_path, number);
      g_assert_cmpuint (at, <, dj_library_window_get_n_shown (window));
      assert_selected_row (window, at);
    }
  g_assert_cmpuint (dj_library_window_get_n_shown (window), <, 8);

  /* Sorted by South, both ways, while searching. */
  dj_library_window_sort (window, DJ_LIBRARY_COLUMN_SOUTH, FALSE);
  dj_test_wait_until (TIMEOUT_S, rows_shown, window, "the rows sorted by South descending");
  for (guint i = 1; i < dj_library_window_get_n_shown (window); i++)
    g_assert_cmpint (g_utf8_collate (dj_library_window_get_shown (window, i - 1)->south,
                                     dj_library_window_get_shown (window, i)->south), >=, 0);
  dj_library_window_sort (window, DJ_LIBRARY_COLUMN_SOUTH, TRUE);
  dj_test_wait_until (TIMEOUT_S, rows_shown, window, "the rows sorted by South ascending");
  for (guint i = 1; i < dj_library_window_get_n_shown (window); i++)
    g_assert_cmpint (g_utf8_collate (dj_library_window_get_shown (window, i - 1)->south,
                                     dj_library_window_get_shown (window, i)->south), <=, 0);
  assert_selected_row (window, shown_at (window, text_path, number));

  /* Nothing found, then the search emptied: every game again, the one
   * selected while it was hidden no longer selected. */
  dj_library_window_set_search (window, "zzzz no player");
  dj_test_wait_until (TIMEOUT_S, rows_shown, window, "no rows");
  g_assert_cmpuint (dj_library_window_get_n_shown (window), ==, 0);
  dj_library_window_set_search (window, "");
  dj_test_wait_until (TIMEOUT_S, rows_shown, window, "every game's row");
  g_assert_cmpuint (dj_library_window_get_n_shown (window), ==, 8);
  assert_selected_row (window, G_MAXUINT);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
scrollable (gpointer data)
{
  GtkAdjustment *adjustment = data;

  return gtk_adjustment_get_upper (adjustment) > gtk_adjustment_get_page_size (adjustment) + 64;
}

typedef struct
{
  DjLibraryWindow *window;
  guint            frames;
  guint            wrong;
} Frames;

static void
on_painted (GdkFrameClock *clock,
            Frames        *f)
{
  f->frames++;
  f->wrong += !rows_consecutive (f->window);
}

static gboolean
at_end (gpointer data)
{
  GtkAdjustment *adjustment = data;

  return gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
         >= gtk_adjustment_get_upper (adjustment) - 1;
}

static gboolean
at_start (gpointer data)
{
  return gtk_adjustment_get_value (data) < 1;
}

/* More games than rows on screen (a library of their own, 60 games): every
 * frame painted shows games listed one after the other, through sorts and
 * scrolls (the rows off screen change their texts after the frame, or when
 * they come on screen). */
static void
test_rows_off_screen (void)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autofree char *dir = g_build_filename (home, "library-60", NULL);
  g_autofree char *games_dir = g_build_filename (home, "games-60", NULL);
  g_autofree char *path = g_build_filename (games_dir, "c.djn", NULL);
  g_autoptr(DjCollection) games = dj_random_games_new (&rules, 60, 43);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(DjLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  DjLibraryReport report = { 0 };
  DjLibraryWindow *window;
  GtkWidget *view;
  GtkAdjustment *adjustment;
  Frames frames = { 0 };

  g_mkdir_with_parents (games_dir, 0700);
  g_assert_true (dj_notation_save_file (games, file, DJ_SAFE_SAVE_NONE, NULL, &error));
  library = dj_library_open (dir, &error);
  g_assert_no_error (error);
  g_assert_true (dj_library_add_folder (library, games_dir, &error));
  g_assert_true (dj_library_update (library, NULL, NULL, NULL, &report, &error));
  dj_library_report_clear (&report);
  g_clear_object (&library);

  window = DJ_LIBRARY_WINDOW (dj_library_window_new (GTK_APPLICATION (app), dir));
  gtk_window_present (GTK_WINDOW (window));
  dj_test_wait_listed (window, 60);
  frames.window = window;
  view = find_column_view (GTK_WIDGET (window));
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (gtk_widget_get_parent (view)));
  dj_test_wait_until (TIMEOUT_S, scrollable, adjustment, "rows off screen");
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (on_painted), &frames);
  for (guint i = 0; i < 6; i++)
    {
      /* Sorted, then at once scrolled to the end or back: no frame between. */
      dj_library_window_sort (window, i % 3 == 0 ? DJ_LIBRARY_COLUMN_SOUTH
                                      : i % 3 == 1 ? DJ_LIBRARY_COLUMN_NORTH
                                      : DJ_LIBRARY_COLUMN_DATE, i % 2 == 0);
      gtk_adjustment_set_value (adjustment, i % 2 == 0 ? gtk_adjustment_get_upper (adjustment) : 0);
      dj_test_wait_until (TIMEOUT_S, i % 2 == 0 ? at_end : at_start, adjustment, "scrolled");
      dj_test_wait_frames (GTK_WIDGET (window), "frames drawn");
    }
  g_signal_handlers_disconnect_by_func (gtk_widget_get_frame_clock (GTK_WIDGET (window)),
                                        on_painted, &frames);
  g_assert_cmpuint (frames.frames, >, 6);
  g_assert_cmpuint (frames.wrong, ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  dj_test_use_built_translations ();
  home = dj_test_make_home ("djenon-test-library-window");
  g_test_init (&argc, &argv, NULL);
  if (!dj_test_start_app ())
    {
      g_test_skip ("no display");
      return 0;
    }
  dj_xml_init ();
  make_library ();

  g_test_add_func ("/djenon/library-window/layout-names", test_layout_names);
  g_test_add_func ("/djenon/library-window/open-at-move", test_open_at_move);
  g_test_add_func ("/djenon/library-window/search-rows", test_search_rows);
  g_test_add_func ("/djenon/library-window/rows-off-screen", test_rows_off_screen);
  g_test_add_func ("/djenon/library-window/copy-delete-undo-move", test_copy_delete_undo_move);
  status = g_test_run ();

  g_clear_object (&app);
  dj_test_remove_tree (home);
  g_free (text_path);
  g_free (xml_path);
  g_free (home);
  return status;
}
