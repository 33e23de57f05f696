/* dj-toolkit.h: which toolkit workarounds the running GTK needs
 *
 * Djenon works around three costs of GTK 4.8 (Debian 12), measured there:
 * OpenGL probed at start under the cairo renderer (GDK_DEBUG=gl-disable),
 * GTK's own theme parsed before libadwaita replaces it
 * (GTK_THEME=Adwaita-empty), and the cairo renderer converting every
 * texture pixel through floating point at each frame (the picture cache's
 * cairo images).  Each asks here at run time, so that on a newer GTK,
 * where they were never measured, they switch themselves off.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The newest GTK the workarounds were measured on. */
#define DJ_WORKAROUND_GTK_MAJOR 4
#define DJ_WORKAROUND_GTK_MINOR 8

/* TRUE for a GTK @major.@minor the workarounds serve. */
static inline gboolean
dj_toolkit_version_needs_workarounds (guint major,
                                      guint minor)
{
  return major < DJ_WORKAROUND_GTK_MAJOR
         || (major == DJ_WORKAROUND_GTK_MAJOR && minor <= DJ_WORKAROUND_GTK_MINOR);
}

/* The same for the GTK running (callable before gtk_init()). */
static inline gboolean
dj_toolkit_needs_workarounds (void)
{
  return dj_toolkit_version_needs_workarounds (gtk_get_major_version (),
                                               gtk_get_minor_version ());
}

G_END_DECLS
