/* dj-print-preview.c: the pages of a print operation, as they will print
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dj-print-preview.h"

/* Pixels per point of the pages shown. */
#define PREVIEW_SCALE 1.25

struct _DjPrintPreview
{
  AdwWindow                 parent_instance;

  GtkWidget                *pages_box;
  GtkWidget                *print_button;

  GtkPrintOperationPreview *preview;
  GtkPrintContext          *context;
  GPtrArray                *pages;      /* GdkTexture */
  gboolean                  ended;
};

G_DEFINE_FINAL_TYPE (DjPrintPreview, dj_print_preview, ADW_TYPE_WINDOW)

static GdkTexture *
texture_from_surface (cairo_surface_t *surface)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  g_autoptr(GBytes) bytes = NULL;

  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * h);
  /* cairo's ARGB32 is GDK's default memory format (premultiplied, native order). */
  return gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes, stride);
}

static void
render_pages (DjPrintPreview *self)
{
  GtkPrintOperation *operation = GTK_PRINT_OPERATION (self->preview);
  GtkPageSetup *setup = gtk_print_context_get_page_setup (self->context);
  double width = gtk_page_setup_get_paper_width (setup, GTK_UNIT_POINTS);
  double height = gtk_page_setup_get_paper_height (setup, GTK_UNIT_POINTS);
  int n_pages = 0;

  g_object_get (operation, "n-pages", &n_pages, NULL);
  for (int page = 0; page < n_pages; page++)
    {
      cairo_surface_t *surface =
        cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * PREVIEW_SCALE),
                                    (int) ceil (height * PREVIEW_SCALE));
      cairo_t *cr = cairo_create (surface);
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *label = NULL;
      GtkWidget *picture, *frame;

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      gtk_print_context_set_cairo_context (self->context, cr, 72 * PREVIEW_SCALE,
                                           72 * PREVIEW_SCALE);
      gtk_print_operation_preview_render_page (self->preview, page);
      cairo_destroy (cr);
      texture = texture_from_surface (surface);
      cairo_surface_destroy (surface);
      g_ptr_array_add (self->pages, g_object_ref (texture));

      picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
      gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
      /* Translators: the accessible name of a page in the print preview */
      label = g_strdup_printf (_("Page %d of %d"), page + 1, n_pages);
      gtk_accessible_update_property (GTK_ACCESSIBLE (picture),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      frame = gtk_frame_new (NULL);
      gtk_frame_set_child (GTK_FRAME (frame), picture);
      gtk_widget_set_halign (frame, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (self->pages_box), frame);
    }
}

static void
ready_cb (GtkPrintOperationPreview *preview,
          GtkPrintContext          *context,
          DjPrintPreview           *self)
{
  self->context = g_object_ref (context);
  render_pages (self);
}

static void
end_preview (DjPrintPreview *self)
{
  if (self->preview != NULL && !self->ended)
    {
      self->ended = TRUE;
      gtk_print_operation_preview_end_preview (self->preview);
    }
}

static void
on_print_clicked (DjPrintPreview *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  /* Printing is the window's own action, with the print dialog. */
  if (parent != NULL)
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.print", NULL);
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
dj_print_preview_close_request (GtkWindow *window)
{
  end_preview (DJ_PRINT_PREVIEW (window));
  return GTK_WINDOW_CLASS (dj_print_preview_parent_class)->close_request (window);
}

static void
dj_print_preview_dispose (GObject *object)
{
  DjPrintPreview *self = DJ_PRINT_PREVIEW (object);

  end_preview (self);
  if (self->preview != NULL)
    g_signal_handlers_disconnect_by_data (self->preview, self);
  g_clear_object (&self->preview);
  g_clear_object (&self->context);
  g_clear_pointer (&self->pages, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), DJ_TYPE_PRINT_PREVIEW);
  G_OBJECT_CLASS (dj_print_preview_parent_class)->dispose (object);
}

static void
dj_print_preview_class_init (DjPrintPreviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = dj_print_preview_dispose;
  window_class->close_request = dj_print_preview_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PATH "/ui/dj-print-preview.ui");
  gtk_widget_class_bind_template_child (widget_class, DjPrintPreview, pages_box);
  gtk_widget_class_bind_template_child (widget_class, DjPrintPreview, print_button);
  gtk_widget_class_bind_template_callback (widget_class, on_print_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dj_print_preview_init (DjPrintPreview *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->pages = g_ptr_array_new_with_free_func (g_object_unref);
}

GtkWidget *
dj_print_preview_new (GtkWindow                *parent,
                      GtkPrintOperationPreview *preview,
                      GtkPrintContext          *context)
{
  DjPrintPreview *self;

  g_return_val_if_fail (GTK_IS_PRINT_OPERATION_PREVIEW (preview), NULL);

  self = g_object_new (DJ_TYPE_PRINT_PREVIEW, "transient-for", parent, NULL);
  self->preview = g_object_ref (preview);
  /* GTK lays the pages out through the context before "ready": it needs
   * a cairo context at the preview's resolution from the start. */
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cr = cairo_create (surface);

    gtk_print_context_set_cairo_context (context, cr, 72 * PREVIEW_SCALE, 72 * PREVIEW_SCALE);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
  g_signal_connect (preview, "ready", G_CALLBACK (ready_cb), self);
  return GTK_WIDGET (self);
}

guint
dj_print_preview_get_n_pages (DjPrintPreview *self)
{
  g_return_val_if_fail (DJ_IS_PRINT_PREVIEW (self), 0);
  return self->pages->len;
}

GdkTexture *
dj_print_preview_get_page (DjPrintPreview *self,
                           guint           page)
{
  g_return_val_if_fail (DJ_IS_PRINT_PREVIEW (self), NULL);
  return page < self->pages->len ? g_ptr_array_index (self->pages, page) : NULL;
}
