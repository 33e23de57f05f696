/* dj-print.c: diagrams, game sheets and printing from the window
 *
 * Everything here draws through src/diagram: the same picture of a
 * position for a PNG, an SVG, the clipboard, a PDF and the printer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-action-host.h"
#include "dj-diagram.h"
#include "dj-export-dialog.h"
#include "dj-print.h"
#include "dj-print-preview.h"
#include "dj-sheet.h"

/* Printed sheets: the printer's own margins, and a little more. */
#define PRINT_MARGIN 18.0

/* The window the host is in, for dialogs. */
static GtkWindow *
host_window (DjActionHost *host)
{
  return GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (host)));
}

/* The diagram of the host's current move, as the board shows it. */
static void
host_diagram (DjActionHost *host,
              gboolean      caption,
              DjDiagram    *diagram)
{
  DjGame *game = dj_action_host_get_game (host);
  DjNode *node = dj_game_get_current (game);

  dj_diagram_init_from_node (diagram, game, node);
  diagram->flipped = dj_board_get_flipped (dj_action_host_get_board (host));
  if (caption)
    {
      g_autofree char *text = dj_diagram_caption_for_node (game, node);

      dj_diagram_set_caption (diagram, text);
    }
}

/* A file name from the game's title. */
static char *
suggested_name (DjActionHost *host,
                const char   *extension)
{
  DjGame *game = dj_action_host_get_game (host);
  g_autofree char *title = dj_game_info_get_title (dj_game_get_info (game));

  g_strdelimit (title, "/\\:", '-');
  return g_strconcat (title, extension, NULL);
}

/* A diagram's file name: the game's title and the move shown ("Koné –
 * Sanogo 12. c.png"), so that diagrams of one game do not take one name. */
static char *
diagram_name (DjActionHost *host)
{
  DjGame *game = dj_action_host_get_game (host);
  DjNode *node = dj_game_get_current (game);
  g_autofree char *title = dj_game_info_get_title (dj_game_get_info (game));
  g_autofree char *name = NULL;

  if (dj_node_get_parent (node) == NULL)
    name = g_strconcat (title, ".png", NULL);
  else
    name = g_strdup_printf (dj_node_get_mover (node) == DJ_SOUTH ? "%s %u. %s.png"
                                                                 : "%s %u… %s.png",
                            title, dj_node_get_move_number (node),
                            dj_move_to_string (dj_node_get_move (node)));
  g_strdelimit (name, "/\\:", '-');
  return g_steal_pointer (&name);
}

static GtkFileFilter *
filter_new (const char *name,
            const char *mime_type,
            const char *pattern)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_mime_type (filter, mime_type);
  gtk_file_filter_add_suffix (filter, pattern);
  return filter;
}

/* The chooser open now, one a window. */
static const char chooser_key[] = "dj-print-chooser";

static GtkFileChooserNative *
chooser_new (DjActionHost *host,
             const char   *title,
             const char   *name)
{
  GtkFileChooserNative *chooser;

  if (g_object_get_data (G_OBJECT (host), chooser_key) != NULL)
    return NULL;
  chooser = gtk_file_chooser_native_new (title, host_window (host),
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_object_set_data_full (G_OBJECT (host), chooser_key, chooser, g_object_unref);
  return chooser;
}

static void
chooser_done (DjActionHost         *host,
              GtkFileChooserNative *chooser)
{
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (chooser));
  g_object_set_data (G_OBJECT (host), chooser_key, NULL);
}

/* Export Diagram… ----------------------------------------------------------- */

typedef struct
{
  int      size;
  gboolean caption;
} DiagramChoice;

static void
diagram_chooser_response (GtkNativeDialog *native,
                          int              response,
                          DiagramChoice   *choice)
{
  DjActionHost *host = g_object_get_data (G_OBJECT (native), "host");
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (native);
  g_autoptr(GFile) file = gtk_file_chooser_get_file (chooser);
  g_autoptr(GError) error = NULL;
  g_auto(DjDiagram) diagram = { 0 };
  g_autofree char *name = NULL;
  DjDiagramFormat format = DJ_DIAGRAM_FORMAT_PNG;

  if (response == GTK_RESPONSE_ACCEPT && file != NULL)
    {
      name = g_file_get_basename (file);
      /* No extension: the type of the filter chosen. */
      if (!dj_diagram_format_from_name (name, &format, NULL))
        {
          GtkFileFilter *filter = gtk_file_chooser_get_filter (chooser);
          gboolean svg = filter != NULL &&
                         g_strcmp0 (g_object_get_data (G_OBJECT (filter), "format"), "svg") == 0;
          g_autoptr(GFile) parent = g_file_get_parent (file);
          g_autofree char *with = g_strconcat (name, svg ? ".svg" : ".png", NULL);

          g_object_unref (file);
          file = g_file_get_child (parent, with);
          format = svg ? DJ_DIAGRAM_FORMAT_SVG : DJ_DIAGRAM_FORMAT_PNG;
        }
      host_diagram (host, choice->caption, &diagram);
      if (dj_diagram_save (&diagram, file, format, choice->size, DJ_SAFE_SAVE_NONE,
                           &error))
        {
          g_autofree char *shown = g_file_get_basename (file);
          /* Translators: a toast; %s is a file name */
          g_autofree char *text = g_strdup_printf (_("Diagram exported as %s"), shown);

          dj_action_host_show_toast (host, text);
        }
      else
        dj_action_host_show_error (host, _("The Diagram Was Not Exported"), error->message);
    }
  g_free (choice);
  chooser_done (host, GTK_FILE_CHOOSER_NATIVE (native));
}

static void
diagram_dialog_response (DjExportDialog *dialog,
                         const char     *response,
                         DjActionHost   *host)
{
  GtkFileChooserNative *chooser;
  DiagramChoice *choice;
  g_autofree char *name = NULL;
  g_autoptr(GtkFileFilter) png = NULL, svg = NULL;

  if (!g_str_equal (response, "export"))
    return;
  name = diagram_name (host);
  chooser = chooser_new (host, _("Export Diagram"), name);
  if (chooser == NULL)
    return;
  png = filter_new (_("PNG Picture"), "image/png", "png");
  svg = filter_new (_("SVG Drawing"), "image/svg+xml", "svg");
  g_object_set_data (G_OBJECT (svg), "format", (gpointer) "svg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), png);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), svg);

  choice = g_new0 (DiagramChoice, 1);
  choice->size = dj_export_dialog_get_size (dialog);
  choice->caption = dj_export_dialog_get_caption (dialog);
  g_object_set_data (G_OBJECT (chooser), "host", host);
  g_signal_connect (chooser, "response", G_CALLBACK (diagram_chooser_response), choice);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_diagram_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkWidget *dialog = dj_export_dialog_new (GTK_WINDOW (widget), DJ_EXPORT_DIAGRAM);

  g_signal_connect_object (dialog, "response", G_CALLBACK (diagram_dialog_response), widget, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Copy Diagram ---------------------------------------------------------------- */

static void
copy_diagram_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DjActionHost *host = DJ_ACTION_HOST (widget);
  g_auto(DjDiagram) diagram = { 0 };
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GBytes) svg = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GdkContentProvider) content = NULL;
  g_autoptr(GError) error = NULL;
  GdkContentProvider *providers[2];

  host_diagram (host, TRUE, &diagram);
  png = dj_diagram_render (&diagram, DJ_DIAGRAM_FORMAT_PNG, DJ_DIAGRAM_DEFAULT_SIZE, &error);
  if (png != NULL)
    texture = gdk_texture_new_from_bytes (png, &error);
  if (texture != NULL)
    svg = dj_diagram_render (&diagram, DJ_DIAGRAM_FORMAT_SVG, DJ_DIAGRAM_DEFAULT_SIZE, &error);
  if (svg == NULL)
    {
      dj_action_host_show_error (host, _("The Diagram Was Not Copied"), error->message);
      return;
    }
  /* A picture for most programs, the drawing for those that take SVG. */
  providers[0] = gdk_content_provider_new_typed (GDK_TYPE_TEXTURE, texture);
  providers[1] = gdk_content_provider_new_for_bytes ("image/svg+xml", svg);
  content = gdk_content_provider_new_union (providers, G_N_ELEMENTS (providers));
  gdk_clipboard_set_content (gtk_widget_get_clipboard (widget), content);
  dj_action_host_show_toast (host, _("Diagram copied"));
}

/* Export Game Sheet… ---------------------------------------------------------- */

typedef struct
{
  DjSheetOptions  options;
} SheetChoice;

static void
sheet_choice_free (SheetChoice *choice)
{
  g_clear_pointer (&choice->options.at, g_ptr_array_unref);
  g_free (choice);
}

static void
sheet_chooser_response (GtkNativeDialog *native,
                        int              response,
                        SheetChoice     *choice)
{
  DjActionHost *host = g_object_get_data (G_OBJECT (native), "host");
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && file != NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autoptr(DjSheet) sheet = NULL;

      if (!g_str_has_suffix (name, ".pdf") && !g_str_has_suffix (name, ".PDF"))
        {
          g_autoptr(GFile) parent = g_file_get_parent (file);
          g_autofree char *with = g_strconcat (name, ".pdf", NULL);

          g_object_unref (file);
          file = g_file_get_child (parent, with);
        }
      sheet = dj_sheet_new (dj_action_host_get_game (host), &choice->options, &error);
      if (sheet != NULL && dj_sheet_save_pdf (sheet, file, DJ_SAFE_SAVE_NONE, &error))
        {
          g_autofree char *shown = g_file_get_basename (file);
          /* Translators: a toast; %s is a file name, %u the number of pages */
          g_autofree char *text =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Game sheet exported as %s (%u page)",
                                          "Game sheet exported as %s (%u pages)",
                                          dj_sheet_get_n_pages (sheet)),
                             shown, dj_sheet_get_n_pages (sheet));

          dj_action_host_show_toast (host, text);
        }
      else
        dj_action_host_show_error (host, _("The Game Sheet Was Not Exported"), error->message);
    }
  sheet_choice_free (choice);
  chooser_done (host, GTK_FILE_CHOOSER_NATIVE (native));
}

static void
sheet_dialog_response (DjExportDialog *dialog,
                       const char     *response,
                       DjActionHost   *host)
{
  DjGame *game = dj_action_host_get_game (host);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autoptr(GtkFileFilter) pdf = NULL;
  GtkFileChooserNative *chooser;
  SheetChoice *choice;

  if (!g_str_equal (response, "export"))
    return;
  if (!dj_sheet_check_game (game, &error) ||
      !dj_export_parse_moves (game, dj_export_dialog_get_moves (dialog), nodes, &error))
    {
      dj_action_host_show_error (host, _("The Game Sheet Was Not Exported"), error->message);
      return;
    }
  if (dj_export_dialog_get_at_current (dialog))
    g_ptr_array_add (nodes, dj_game_get_current (game));

  name = suggested_name (host, ".pdf");
  chooser = chooser_new (host, _("Export Game Sheet"), name);
  if (chooser == NULL)
    return;
  pdf = filter_new (_("PDF Document"), "application/pdf", "pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), pdf);

  choice = g_new0 (SheetChoice, 1);
  dj_sheet_options_init (&choice->options);
  if (dj_export_dialog_get_letter (dialog))
    {
      choice->options.page_width = DJ_SHEET_LETTER_WIDTH;
      choice->options.page_height = DJ_SHEET_LETTER_HEIGHT;
    }
  choice->options.every = dj_export_dialog_get_every (dialog);
  choice->options.at = g_steal_pointer (&nodes);
  g_object_set_data (G_OBJECT (chooser), "host", host);
  g_signal_connect (chooser, "response", G_CALLBACK (sheet_chooser_response), choice);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_sheet_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  GtkWidget *dialog = dj_export_dialog_new (GTK_WINDOW (widget), DJ_EXPORT_SHEET);
  DjGame *game = dj_action_host_get_game (DJ_ACTION_HOST (widget));

  dj_export_dialog_set_at_current (DJ_EXPORT_DIALOG (dialog),
                                   dj_game_get_current (game) != dj_game_get_root (game));
  g_signal_connect_object (dialog, "response", G_CALLBACK (sheet_dialog_response), widget, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Printing ------------------------------------------------------------------- */

typedef struct
{
  DjGame    *game;
  DjNode    *current;
  guint      every;
  gboolean   at_current;
  char      *moves;      /* diagrams after these moves ("12, 20") */
  DjSheet   *sheet;
  /* the print dialog's Diagrams tab */
  GtkWidget *every_spin;
  GtkWidget *current_switch;
  GtkWidget *moves_row;
} PrintJob;

static void
print_job_free (PrintJob *job)
{
  g_clear_object (&job->game);
  g_clear_pointer (&job->sheet, dj_sheet_free);
  g_free (job->moves);
  g_free (job);
}

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  g_autoptr(GPtrArray) at = g_ptr_array_new ();
  DjSheetOptions options;

  dj_sheet_options_init (&options);
  options.page_width = gtk_print_context_get_width (context);
  options.page_height = gtk_print_context_get_height (context);
  options.margin = PRINT_MARGIN;
  options.every = job->every;
  /* Moves the tab did not take are shown there as an error (moves_changed):
   * none of them then. */
  if (job->moves != NULL && !dj_export_parse_moves (job->game, job->moves, at, NULL))
    g_ptr_array_set_size (at, 0);
  if (job->at_current && job->current != NULL)
    g_ptr_array_add (at, job->current);
  options.at = at;
  g_clear_pointer (&job->sheet, dj_sheet_free);
  /* The game was checked before the operation started. */
  job->sheet = dj_sheet_new (job->game, &options, NULL);
  if (job->sheet == NULL)
    {
      gtk_print_operation_cancel (operation);
      return;
    }
  gtk_print_operation_set_n_pages (operation, dj_sheet_get_n_pages (job->sheet));
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              PrintJob          *job)
{
  if (job->sheet != NULL && page >= 0 && (guint) page < dj_sheet_get_n_pages (job->sheet))
    dj_sheet_draw_page (job->sheet, gtk_print_context_get_cairo_context (context), page);
}

static GtkWidget *
row_new (const char *title,
         GtkWidget  *suffix)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_widget_set_valign (suffix, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), suffix);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), suffix);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (suffix), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  row, NULL, -1);
  return row;
}

/* The moves typed are checked as they are typed: a bad one is marked, the
 * tooltip says why. */
static void
moves_changed (GtkEditable *row,
               PrintJob    *job)
{
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;

  if (dj_export_parse_moves (job->game, gtk_editable_get_text (row), nodes, &error))
    {
      gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (row), NULL);
    }
  else
    {
      gtk_widget_add_css_class (GTK_WIDGET (row), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (row), error->message);
    }
}

/* The print dialog's tab: where the diagrams go, as Export Game Sheet asks. */
static GObject *
create_custom_widget_cb (GtkPrintOperation *operation,
                         PrintJob          *job)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_widget_set_margin_top (list, 18);
  gtk_widget_set_margin_bottom (list, 18);
  gtk_widget_set_margin_start (list, 18);
  gtk_widget_set_margin_end (list, 18);
  gtk_widget_set_valign (list, GTK_ALIGN_START);
  job->every_spin = gtk_spin_button_new_with_range (0, 500, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (job->every_spin), job->every);
  gtk_list_box_append (GTK_LIST_BOX (list),
                       row_new (_("A Diagram _Every (moves; 0 for none)"), job->every_spin));
  job->current_switch = gtk_switch_new ();
  gtk_switch_set_active (GTK_SWITCH (job->current_switch), job->at_current);
  gtk_list_box_append (GTK_LIST_BOX (list),
                       row_new (_("A Diagram at the C_urrent Move"), job->current_switch));
  job->moves_row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (job->moves_row),
                                 _("Diagrams _After Moves (e.g. 12, 20)"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (job->moves_row), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (job->moves_row), job->moves != NULL ? job->moves : "");
  g_signal_connect (job->moves_row, "changed", G_CALLBACK (moves_changed), job);
  gtk_list_box_append (GTK_LIST_BOX (list), job->moves_row);
  return G_OBJECT (list);
}

static void
custom_widget_apply_cb (GtkPrintOperation *operation,
                        GtkWidget         *widget,
                        PrintJob          *job)
{
  job->every = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (job->every_spin));
  job->at_current = gtk_switch_get_active (GTK_SWITCH (job->current_switch));
  g_free (job->moves);
  job->moves = g_strdup (gtk_editable_get_text (GTK_EDITABLE (job->moves_row)));
}

static gboolean
preview_cb (GtkPrintOperation        *operation,
            GtkPrintOperationPreview *preview,
            GtkPrintContext          *context,
            GtkWindow                *parent,
            PrintJob                 *job)
{
  GtkWidget *window = dj_print_preview_new (parent, preview, context);

  gtk_window_present (GTK_WINDOW (window));
  return TRUE;
}

GtkPrintOperation *
dj_print_operation_new (DjGame *game,
                        DjNode *current)
{
  GtkPrintOperation *operation;
  PrintJob *job;
  g_autofree char *title = NULL;

  g_return_val_if_fail (DJ_IS_GAME (game), NULL);

  operation = gtk_print_operation_new ();
  job = g_new0 (PrintJob, 1);
  job->game = g_object_ref (game);
  job->current = current;
  job->at_current = current != NULL && current != dj_game_get_root (game);
  title = dj_game_info_get_title (dj_game_get_info (game));
  gtk_print_operation_set_job_name (operation, title);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  /* Translators: the print dialog's tab for the game sheet's diagrams */
  gtk_print_operation_set_custom_tab_label (operation, _("Diagrams"));
  g_object_set_data_full (G_OBJECT (operation), "dj-print-job", job,
                          (GDestroyNotify) print_job_free);
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), job);
  g_signal_connect (operation, "create-custom-widget", G_CALLBACK (create_custom_widget_cb), job);
  g_signal_connect (operation, "custom-widget-apply", G_CALLBACK (custom_widget_apply_cb), job);
  g_signal_connect (operation, "preview", G_CALLBACK (preview_cb), job);
  return operation;
}

static void
print_done_cb (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               DjActionHost            *host)
{
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autoptr(GError) error = NULL;

      gtk_print_operation_get_error (operation, &error);
      dj_action_host_show_error (host, _("The Game Was Not Printed"),
                                 error != NULL ? error->message
                                               : _("The printer reported an error."));
    }
}

static void
run_print (DjActionHost            *host,
           GtkPrintOperationAction  action)
{
  DjGame *game = dj_action_host_get_game (host);
  g_autoptr(GtkPrintOperation) operation = dj_print_operation_new (game,
                                                                   dj_game_get_current (game));
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  if (!dj_sheet_check_game (game, &error))
    {
      dj_action_host_show_error (host, _("The Game Was Not Printed"), error->message);
      return;
    }
  gtk_print_operation_set_allow_async (operation, TRUE);
  g_signal_connect_object (operation, "done", G_CALLBACK (print_done_cb), host, 0);
  result = gtk_print_operation_run (operation, action, host_window (host), &error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    dj_action_host_show_error (host, _("The Game Was Not Printed"), error->message);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  run_print (DJ_ACTION_HOST (widget), GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG);
}

static void
print_preview_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  run_print (DJ_ACTION_HOST (widget), GTK_PRINT_OPERATION_ACTION_PREVIEW);
}

void
dj_print_install_actions (GtkWidgetClass *widget_class)
{
  g_return_if_fail (g_type_is_a (G_TYPE_FROM_CLASS (widget_class), DJ_TYPE_ACTION_HOST));

  gtk_widget_class_install_action (widget_class, "win.export-diagram", NULL,
                                   export_diagram_action);
  gtk_widget_class_install_action (widget_class, "win.copy-diagram", NULL, copy_diagram_action);
  gtk_widget_class_install_action (widget_class, "win.export-sheet", NULL, export_sheet_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.print-preview", NULL,
                                   print_preview_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.print",
                                       NULL);
}
