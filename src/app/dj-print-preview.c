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
  double                    zoom;       /* 1: PREVIEW_SCALE pixels a point */
};

/* The zoom steps of Zoom In and Zoom Out. */
static const double zooms[] = { 0.5, 0.67, 0.8, 1.0, 1.25, 1.5, 2.0, 2.5 };

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
  double scale = PREVIEW_SCALE * self->zoom;
  GtkWidget *child;
  int n_pages = 0;

  /* Drawn anew at each zoom, so pages stay sharp. */
  while ((child = gtk_widget_get_first_child (self->pages_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->pages_box), child);
  g_ptr_array_set_size (self->pages, 0);
  g_object_get (operation, "n-pages", &n_pages, NULL);
  for (int page = 0; page < n_pages; page++)
    {
      cairo_surface_t *surface =
        cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale),
                                    (int) ceil (height * scale));
      cairo_t *cr = cairo_create (surface);
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *label = NULL;
      GtkWidget *picture, *frame;

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      gtk_print_context_set_cairo_context (self->context, cr, 72 * scale, 72 * scale);
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
set_zoom (DjPrintPreview *self,
          double          zoom)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.zoom-out", zoom > zooms[0]);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preview.zoom-in",
                                 zoom < zooms[G_N_ELEMENTS (zooms) - 1]);
  if (zoom == self->zoom)
    return;
  self->zoom = zoom;
  if (self->context != NULL && !self->ended)
    render_pages (self);
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjPrintPreview *self = DJ_PRINT_PREVIEW (widget);
  double zoom = 1.0;

  if (g_str_equal (action_name, "preview.zoom-in"))
    {
      for (guint i = 0; i < G_N_ELEMENTS (zooms); i++)
        if (zooms[i] > self->zoom + 0.01)
          {
            zoom = zooms[i];
            break;
          }
      if (zoom <= self->zoom)
        zoom = self->zoom;
    }
  else if (g_str_equal (action_name, "preview.zoom-out"))
    {
      zoom = self->zoom;
      for (guint i = G_N_ELEMENTS (zooms); i > 0; i--)
        if (zooms[i - 1] < self->zoom - 0.01)
          {
            zoom = zooms[i - 1];
            break;
          }
    }
  set_zoom (self, zoom);
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
  gtk_widget_class_install_action (widget_class, "preview.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "preview.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "preview.zoom-reset", NULL, zoom_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK,
                                       "preview.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK,
                                       "preview.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK,
                                       "preview.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK,
                                       "preview.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK,
                                       "preview.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK,
                                       "preview.zoom-reset", NULL);
}

static void
dj_print_preview_init (DjPrintPreview *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->pages = g_ptr_array_new_with_free_func (g_object_unref);
  self->zoom = 1.0;
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

double
dj_print_preview_get_zoom (DjPrintPreview *self)
{
  g_return_val_if_fail (DJ_IS_PRINT_PREVIEW (self), 1.0);
  return self->zoom;
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
