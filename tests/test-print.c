/* test-print.c: diagrams, game sheets and printing from the window (under Xvfb)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include "dj-test-app.h"

#include "dj-board.h"
#include "dj-diagram.h"
#include "dj-export-dialog.h"
#include "dj-print.h"
#include "dj-print-preview.h"
#include "dj-sheet.h"

static char *out_dir;

/* Waits (at most 20 s) for a shown toplevel of exactly @type other than @not. */
static GtkWidget *
wait_for_toplevel (GType      type,
                   GtkWidget *not)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      GListModel *list = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (list); i++)
        {
          g_autoptr(GtkWidget) w = g_list_model_get_item (list, i);

          if (G_OBJECT_TYPE (w) == type && w != not &&
              gtk_widget_get_visible (w))
            return w;
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return NULL;
}

/* A picture of @widget in out_dir, to look at (DJENON_KEEP_OUTPUT=1 keeps it). */
static void
save_picture (GtkWidget  *widget,
              const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_build_filename (out_dir, name, NULL);
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  int w, h;

  /* Laid out and drawn once. */
  while ((gtk_widget_get_width (widget) <= 0 || !gtk_widget_get_mapped (widget)) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  if (gtk_widget_get_mapped (widget))
    dj_test_wait_painted (widget);
  w = gtk_widget_get_width (widget);
  h = gtk_widget_get_height (widget);
  if (w <= 0 || h <= 0)
    return;
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_texture_save_to_png (texture, path);
  g_test_message ("picture: %s", path);
}

/* The descendant of @widget that is a label reading @text, or NULL. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  g_autoptr(GPtrArray) pending = g_ptr_array_new ();

  g_ptr_array_add (pending, widget);
  while (pending->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (pending, pending->len - 1);

      if (GTK_IS_LABEL (w) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (w)), text) == 0)
        return w;
      for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL;
           c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (pending, c);
    }
  return NULL;
}

static DjWindow *
sample_window_at (guint ply)
{
  DjWindow *window = new_window ();
  DjGame *game;
  DjNode *node;

  dj_window_show_sample (window);
  flush_events ();
  game = dj_window_get_game (window);
  node = dj_game_get_root (game);
  for (guint i = 0; i < ply; i++)
    node = dj_node_get_first_child (node);
  dj_game_set_current (game, node);
  flush_events ();
  return window;
}

/* Pixels of @texture that look like the board's wood, and dark ones (text). */
static void
count_colours (GdkTexture *texture,
               guint      *wood,
               guint      *dark)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guint8 *data = g_malloc ((gsize) w * h * 4);

  gdk_texture_download (texture, data, w * 4);
  *wood = *dark = 0;
  for (int i = 0; i < w * h; i++)
    {
      /* GDK_MEMORY_DEFAULT: B, G, R, A on little-endian machines. */
      guint8 b = data[4 * i], g = data[4 * i + 1], r = data[4 * i + 2];

      if (r > 180 && r < 235 && g > 140 && g < 200 && b > 90 && b < 160 && r - b > 50)
        (*wood)++;
      else if (r < 70 && g < 70 && b < 70)
        (*dark)++;
    }
}

static void
test_print_preview (void)
{
  DjWindow *window = sample_window_at (10);
  DjPrintPreview *preview;
  GdkTexture *page;
  guint wood, dark;
  g_autofree char *path = g_build_filename (out_dir, "print-preview-page-1.png", NULL);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.print-preview", NULL);
  preview = DJ_PRINT_PREVIEW (wait_for_toplevel (DJ_TYPE_PRINT_PREVIEW, NULL));
  g_assert_nonnull (preview);
  while (dj_print_preview_get_n_pages (preview) == 0)
    g_main_context_iteration (NULL, TRUE);

  /* The sample's sheet with a diagram at the current move fits two pages
   * of A4 or Letter. */
  g_assert_cmpuint (dj_print_preview_get_n_pages (preview), >=, 1);
  g_assert_cmpuint (dj_print_preview_get_n_pages (preview), <=, 3);
  page = dj_print_preview_get_page (preview, 0);
  g_assert_nonnull (page);
  g_assert_true (gdk_texture_save_to_png (page, path));
  g_test_message ("first page: %s", path);
  /* A page at 1.25 px a point: A4 (595 pt) or Letter (612 pt) wide. */
  g_assert_cmpint (gdk_texture_get_width (page), >=, 743);
  g_assert_cmpint (gdk_texture_get_width (page), <=, 765);
  g_assert_cmpint (gdk_texture_get_height (page), >=, 990);
  /* Text, and the diagram of the current move: a board of wood about
   * 330 × 120 points. */
  count_colours (page, &wood, &dark);
  g_test_message ("wood %u, dark %u pixels", wood, dark);
  g_assert_cmpuint (wood, >, 20000);
  g_assert_cmpuint (dark, >, 5000);

  /* Zoom In draws the pages anew, larger; Ctrl+0 back to the first size. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.zoom-in", NULL));
  g_assert_cmpfloat (dj_print_preview_get_zoom (preview), >, 1.0);
  g_assert_cmpint (gdk_texture_get_width (dj_print_preview_get_page (preview, 0)), >, 800);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.zoom-out", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.zoom-out", NULL));
  g_assert_cmpfloat (dj_print_preview_get_zoom (preview), <, 1.0);
  g_assert_cmpint (gdk_texture_get_width (dj_print_preview_get_page (preview, 0)), <, 743);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (preview), "preview.zoom-reset", NULL));
  g_assert_cmpfloat (dj_print_preview_get_zoom (preview), ==, 1.0);

  save_picture (GTK_WIDGET (preview), "print-preview-window.png");
  gtk_window_close (GTK_WINDOW (preview));
  flush_events ();
  destroy_window (window);
}

/* Print… opens GTK's print dialog with a tab of its own for the diagrams. */
static void
test_print_dialog (void)
{
  DjWindow *window = sample_window_at (3);
  GtkWidget *dialog, *tab;
  GType type;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.print", NULL);
  type = g_type_from_name ("GtkPrintUnixDialog");
  g_assert_true (type != 0);
  dialog = wait_for_toplevel (type, NULL);
  g_assert_nonnull (dialog);
  tab = find_label (dialog, "Diagrams");
  g_assert_nonnull (tab);
  g_assert_nonnull (find_label (dialog, "A Diagram Every (moves; 0 for none)"));
  /* As Export Game Sheet asks. */
  g_assert_nonnull (find_label (dialog, "Diagrams After Moves (e.g. 12, 20)"));
  save_picture (dialog, "print-dialog.png");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  flush_events ();
  destroy_window (window);
}

/* The print operation itself, written to a PDF file as "Print to File"
 * does: its pages hold the sheet. */
static void
test_print_to_file (void)
{
  DjWindow *window = sample_window_at (12);
  DjGame *game = dj_window_get_game (window);
  g_autoptr(GtkPrintOperation) operation =
    dj_print_operation_new (game, dj_game_get_current (game));
  g_autofree char *path = g_build_filename (out_dir, "printed.pdf", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  GtkPrintOperationResult result;
  int n_pages = 0;

  gtk_print_operation_set_export_filename (operation, path);
  result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT,
                                    GTK_WINDOW (window), &error);
  g_assert_no_error (error);
  g_assert_cmpint (result, ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_object_get (operation, "n-pages", &n_pages, NULL);
  g_assert_cmpint (n_pages, >=, 1);
  if (pdftotext == NULL)
    {
      g_test_skip ("poppler-utils is not installed");
      destroy_window (window);
      return;
    }
  {
    const char *argv[] = { pdftotext, path, "-", NULL };
    int status;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                 NULL, &text, NULL, &status, &error));
    g_assert_no_error (error);
  }
  g_assert_nonnull (strstr (text, "Aminata Koné – Ibrahim Sanogo"));
  g_assert_nonnull (strstr (text, "South opens with b."));
  /* The diagram at the current move, 6… B, with its caption. */
  g_assert_nonnull (strstr (text, "6… B · Aminata Koné – Ibrahim Sanogo · South to move"));
  g_assert_nonnull (strstr (text, "page 1 of"));
  g_unlink (path);
  destroy_window (window);
}

static void
clipboard_texture_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      data)
{
  GdkTexture **texture = data;
  g_autoptr(GError) error = NULL;

  *texture = gdk_clipboard_read_texture_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
}

static void
svg_spliced_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  GBytes **bytes = data;
  g_autoptr(GError) error = NULL;

  g_output_stream_splice_finish (G_OUTPUT_STREAM (source), result, &error);
  g_assert_no_error (error);
  *bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (source));
}

static void
clipboard_svg_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autoptr(GError) error = NULL;
  const char *mime = NULL;
  g_autoptr(GInputStream) stream =
    gdk_clipboard_read_finish (GDK_CLIPBOARD (source), result, &mime, &error);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  g_assert_no_error (error);
  g_assert_cmpstr (mime, ==, "image/svg+xml");
  /* Read as the clipboard writes it, in the same main loop. */
  g_output_stream_splice_async (out, stream, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
                                G_PRIORITY_DEFAULT, NULL, svg_spliced_cb, data);
}

static void
test_copy_diagram (void)
{
  DjWindow *window = sample_window_at (7);
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  g_autoptr(GdkTexture) copied = NULL;
  g_autoptr(GdkTexture) expected = NULL;
  g_autoptr(GBytes) png = NULL;
  g_auto(DjDiagram) d = { 0 };
  g_autofree char *caption = NULL;
  DjGame *game;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-diagram", NULL);
  g_assert_cmpstr (dj_window_get_last_toast (window), ==, "Diagram copied");
  gdk_clipboard_read_texture_async (clipboard, NULL, clipboard_texture_cb, &copied);
  while (copied == NULL)
    g_main_context_iteration (NULL, TRUE);

  /* The picture of the current move, with its caption. */
  game = dj_window_get_game (window);
  dj_diagram_init_from_node (&d, game, dj_game_get_current (game));
  caption = dj_diagram_caption_for_node (game, dj_game_get_current (game));
  dj_diagram_set_caption (&d, caption);
  png = dj_diagram_render (&d, DJ_DIAGRAM_FORMAT_PNG, DJ_DIAGRAM_DEFAULT_SIZE, NULL);
  expected = gdk_texture_new_from_bytes (png, NULL);
  g_assert_cmpint (gdk_texture_get_width (copied), ==, DJ_DIAGRAM_DEFAULT_SIZE);
  g_assert_cmpint (gdk_texture_get_height (copied), ==, gdk_texture_get_height (expected));
  {
    int w = gdk_texture_get_width (copied), h = gdk_texture_get_height (copied);
    g_autofree guint8 *a = g_malloc ((gsize) w * h * 4);
    g_autofree guint8 *b = g_malloc ((gsize) w * h * 4);

    gdk_texture_download (copied, a, w * 4);
    gdk_texture_download (expected, b, w * 4);
    g_assert_cmpmem (a, (gsize) w * h * 4, b, (gsize) w * h * 4);
  }

  /* The same picture as SVG, for programs that take drawings. */
  {
    const char *mimes[] = { "image/svg+xml", NULL };
    g_autoptr(GBytes) svg = NULL;
    g_autofree char *text = NULL;

    gdk_clipboard_read_async (clipboard, mimes, G_PRIORITY_DEFAULT, NULL, clipboard_svg_cb, &svg);
    while (svg == NULL)
      g_main_context_iteration (NULL, TRUE);
    text = g_strndup (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg));
    g_assert_nonnull (strstr (text, "width=\"640px\""));
    g_assert_nonnull (strstr (text, "<title>4. c · "));
  }
  destroy_window (window);
}

static DjExportDialog *
open_export_dialog (DjWindow   *window,
                    const char *action)
{
  GtkWidget *dialog;

  gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
  dialog = wait_for_toplevel (DJ_TYPE_EXPORT_DIALOG, NULL);
  g_assert_nonnull (dialog);
  return DJ_EXPORT_DIALOG (dialog);
}

/* Answers the file chooser the dialog opened with @name in out_dir. */
static void
choose_file (DjWindow   *window,
             const char *name)
{
  GtkFileChooser *chooser = g_object_get_data (G_OBJECT (window), "dj-print-chooser");
  g_autoptr(GFile) dir = g_file_new_for_path (out_dir);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (chooser);
  gtk_file_chooser_set_current_folder (chooser, dir, &error);
  g_assert_no_error (error);
  gtk_file_chooser_set_current_name (chooser, name);
  /* The chooser changes folder when the folder is read. */
  for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       g_get_monotonic_time () < end;)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (chooser);
      g_autoptr(GFile) parent = file != NULL ? g_file_get_parent (file) : NULL;

      if (parent != NULL && g_file_equal (parent, dir))
        break;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_ACCEPT);
  flush_events ();
  g_assert_null (g_object_get_data (G_OBJECT (window), "dj-print-chooser"));
}

static void
test_export_diagram (void)
{
  DjWindow *window = sample_window_at (4);
  DjExportDialog *dialog = open_export_dialog (window, "win.export-diagram");
  g_autofree char *svg_path = g_build_filename (out_dir, "position.svg", NULL);
  g_autofree char *png_path = g_build_filename (out_dir, "position.png", NULL);
  g_autofree char *svg = NULL;
  g_autofree char *png = NULL;
  gsize len;

  g_assert_cmpint (dj_export_dialog_get_kind (dialog), ==, DJ_EXPORT_DIAGRAM);
  save_picture (GTK_WIDGET (dialog), "export-diagram-dialog.png");
  g_assert_true (dj_export_dialog_get_caption (dialog));
  dj_export_dialog_set_size (dialog, 300);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "export");
  flush_events ();
  /* The name proposed is the game's and the move's. */
  {
    GtkFileChooser *chooser = g_object_get_data (G_OBJECT (window), "dj-print-chooser");
    g_autofree char *proposed = gtk_file_chooser_get_current_name (chooser);

    g_assert_cmpstr (proposed, ==, "Aminata Koné – Ibrahim Sanogo 2… A.png");
  }
  choose_file (window, "position.svg");
  g_assert_cmpstr (dj_window_get_last_toast (window), ==, "Diagram exported as position.svg");
  g_assert_true (g_file_get_contents (svg_path, &svg, &len, NULL));
  g_assert_nonnull (strstr (svg, "width=\"300px\""));
  /* After 4 moves of the sample: 2… A? ⩲, its caption as the title, without
   * invisible direction marks in English. */
  g_assert_nonnull (strstr (svg, "<title>2… A? ⩲ · "));

  /* No extension: the type of the filter chosen, PNG first. */
  dialog = open_export_dialog (window, "win.export-diagram");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "export");
  flush_events ();
  choose_file (window, "position");
  g_assert_true (g_file_get_contents (png_path, &png, &len, NULL));
  g_assert_cmpmem (png, 8, "\x89PNG\r\n\x1a\n", 8);
  g_unlink (svg_path);
  g_unlink (png_path);

  /* Cancel writes nothing and opens no chooser. */
  dialog = open_export_dialog (window, "win.export-diagram");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  flush_events ();
  g_assert_null (g_object_get_data (G_OBJECT (window), "dj-print-chooser"));
  destroy_window (window);
}

static void
test_export_sheet (void)
{
  DjWindow *window = sample_window_at (6);
  DjExportDialog *dialog = open_export_dialog (window, "win.export-sheet");
  g_autofree char *path = g_build_filename (out_dir, "sheet.pdf", NULL);
  g_autofree char *pdf = NULL;
  GtkWidget *error_dialog;
  gsize len;

  g_assert_cmpint (dj_export_dialog_get_kind (dialog), ==, DJ_EXPORT_SHEET);
  save_picture (GTK_WIDGET (dialog), "export-sheet-dialog.png");
  /* Away from the start, the current move gets a diagram unless unticked. */
  g_assert_true (dj_export_dialog_get_at_current (dialog));
  dj_export_dialog_set_every (dialog, 10);
  dj_export_dialog_set_moves (dialog, "3, 15");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "export");
  flush_events ();
  choose_file (window, "sheet");
  g_assert_true (g_file_get_contents (path, &pdf, &len, NULL));
  g_assert_cmpmem (pdf, 5, "%PDF-", 5);
  g_assert_true (g_str_has_prefix (dj_window_get_last_toast (window),
                                   "Game sheet exported as sheet.pdf ("));
  g_unlink (path);

  /* A move the game does not have: said, and nothing asked or written. */
  dialog = open_export_dialog (window, "win.export-sheet");
  dj_export_dialog_set_moves (dialog, "4, 99");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "export");
  flush_events ();
  g_assert_null (g_object_get_data (G_OBJECT (window), "dj-print-chooser"));
  error_dialog = wait_for_toplevel (ADW_TYPE_MESSAGE_DIALOG, GTK_WIDGET (dialog));
  g_assert_nonnull (error_dialog);
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (error_dialog)), ==,
                   "There is no move 99: the main line has 21 moves");
  gtk_window_destroy (GTK_WINDOW (error_dialog));
  destroy_window (window);
}

static void
test_menu (void)
{
  DjWindow *window = new_window ();
  const char *actions[] = {
    "win.export-diagram", "win.copy-diagram", "win.export-sheet", "win.print-preview",
    "win.print",
  };
  g_autoptr(GBytes) ui = g_resources_lookup_data (RESOURCE_PATH "/ui/dj-window.ui", 0, NULL);
  g_autofree char *text = g_strndup (g_bytes_get_data (ui, NULL), g_bytes_get_size (ui));
  const char *menu = strstr (text, "<menu id=\"primary_menu\">");

  /* Every action is in the main menu, and the window has it. */
  g_assert_nonnull (menu);
  for (guint k = 0; k < G_N_ELEMENTS (actions); k++)
    {
      g_autofree char *item = g_strdup_printf ("<attribute name=\"action\">%s</attribute>",
                                               actions[k]);
      gboolean installed = FALSE;
      const char *name, *property;
      const GVariantType *type;
      GType owner;

      g_assert_nonnull (strstr (menu, item));
      for (guint i = 0; gtk_widget_class_query_action (GTK_WIDGET_GET_CLASS (window), i, &owner,
                                                       &name, &type, &property); i++)
        installed |= g_str_equal (name, actions[k]);
      g_assert_true (installed);
    }
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;
  int status;

  setlocale (LC_ALL, "");
  home = dj_test_make_home ("djenon-test-print");
  g_test_init (&argc, &argv, NULL);

  if (!dj_test_start_app ())
    {
      g_test_skip ("no display");
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  out_dir = g_build_filename (home, "out", NULL);
  g_mkdir_with_parents (out_dir, 0700);

  g_test_add_func ("/djenon/print/menu", test_menu);
  g_test_add_func ("/djenon/print/preview", test_print_preview);
  g_test_add_func ("/djenon/print/dialog", test_print_dialog);
  g_test_add_func ("/djenon/print/to-file", test_print_to_file);
  g_test_add_func ("/djenon/print/copy-diagram", test_copy_diagram);
  g_test_add_func ("/djenon/print/export-diagram", test_export_diagram);
  g_test_add_func ("/djenon/print/export-sheet", test_export_sheet);

  status = g_test_run ();
  g_clear_object (&app);
  g_free (out_dir);
  if (g_getenv ("DJENON_KEEP_OUTPUT") == NULL)
    dj_test_remove_tree (home);
  return status;
}
