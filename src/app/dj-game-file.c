/* dj-game-file.c: the two kinds of game file the window opens and saves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dj-game-file.h"
#include "dj-notation.h"
#include "dj-xml.h"

#define FORMAT_KEY "dj-game-file-format"

static gboolean
name_is_text (const char *name)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);

  return g_str_has_suffix (lower, DJ_TEXT_EXTENSION) || g_str_has_suffix (lower, ".txt");
}

static gboolean
name_is_xml (const char *name)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);

  return g_str_has_suffix (lower, DJ_XML_EXTENSION);
}

DjGameFileFormat
dj_game_file_format_for_name (GFile *file)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), DJ_GAME_FILE_XML);

  name = g_file_get_basename (file);
  return name != NULL && name_is_text (name) ? DJ_GAME_FILE_TEXT : DJ_GAME_FILE_XML;
}

const char *
dj_game_file_mime_type (DjGameFileFormat format)
{
  return format == DJ_GAME_FILE_TEXT ? DJ_TEXT_MIME_TYPE : DJ_XML_MIME_TYPE;
}

const char *
dj_game_file_extension (DjGameFileFormat format)
{
  return format == DJ_GAME_FILE_TEXT ? DJ_TEXT_EXTENSION : DJ_XML_EXTENSION;
}

/* Reading */

/* A file named neither way is XML when it begins as XML does. */
static gboolean
looks_like_xml (GFile        *file,
                GCancellable *cancellable)
{
  g_autoptr(GFileInputStream) stream = g_file_read (file, cancellable, NULL);
  guint8 head[256];
  gssize n;
  gboolean is_xml;

  if (stream == NULL)
    return TRUE;   /* the XML reader reports why it cannot be read */
  n = g_input_stream_read (G_INPUT_STREAM (stream), head, sizeof head, cancellable, NULL);
  return n <= 0 || !dj_xml_sniff (head, n, &is_xml) || is_xml;
}

DjCollection *
dj_game_file_load (GFile         *file,
                   GCancellable  *cancellable,
                   GError       **error)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_file_get_basename (file);
  if (name != NULL && name_is_xml (name))
    return dj_xml_load_file (file, cancellable, error);
  if (name == NULL || !name_is_text (name))
    {
      if (looks_like_xml (file, cancellable))
        return dj_xml_load_file (file, cancellable, error);
    }
  return dj_notation_load_file (file, cancellable, error);
}

/* Writing */

/* The first game (from 1) holding XML of other programs, which the text
 * notation has no place for; 0 when none does. */
static guint
game_with_foreign_xml (DjCollection *collection)
{
  for (guint i = 0; i < dj_collection_get_n_games (collection); i++)
    {
      DjGame *game = dj_collection_get_game (collection, i);
      DjNode *root = dj_game_get_root (game);

      if (dj_game_get_foreign_xml (game) != NULL)
        return i + 1;
      for (DjNode *n = root; n != NULL; n = dj_node_walk_next (n, root))
        if (dj_node_get_foreign_xml (n) != NULL)
          return i + 1;
    }
  return 0;
}

gboolean
dj_game_file_save (DjCollection  *collection,
                   GFile         *file,
                   GCancellable  *cancellable,
                   GError       **error)
{
  g_return_val_if_fail (DJ_IS_COLLECTION (collection), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (dj_game_file_format_for_name (file) == DJ_GAME_FILE_XML)
    return dj_xml_save_file (collection, file, cancellable, error);

  {
    guint game = game_with_foreign_xml (collection);

    /* Saving would drop it without a word: refuse, and say why. */
    if (game > 0)
      {
        g_autofree char *display = g_file_get_parse_name (file);

        g_set_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE,
                     /* Translators: %s is a file name, %u a game's number in the file */
                     _("%s: game %u holds data of another program, which the text notation "
                       "cannot keep. Save it as a .djenon file instead."), display, game);
        return FALSE;
      }
  }
  return dj_notation_save_file (collection, file, DJ_SAFE_SAVE_BACKUP, cancellable, error);
}

/* Choosers */

static GtkFileFilter *
format_filter (DjGameFileFormat format)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  if (format == DJ_GAME_FILE_TEXT)
    {
      /* Translators: a kind of file in the Open and Save dialogs */
      gtk_file_filter_set_name (filter, _("Djenon Text Notation (.djn)"));
      gtk_file_filter_add_mime_type (filter, DJ_TEXT_MIME_TYPE);
      gtk_file_filter_add_suffix (filter, "djn");
    }
  else
    {
      /* Translators: a kind of file in the Open and Save dialogs */
      gtk_file_filter_set_name (filter, _("Djenon XML Games (.djenon)"));
      gtk_file_filter_add_mime_type (filter, DJ_XML_MIME_TYPE);
      gtk_file_filter_add_suffix (filter, "djenon");
    }
  g_object_set_data (G_OBJECT (filter), FORMAT_KEY, GINT_TO_POINTER (format + 1));
  return filter;
}

void
dj_game_file_add_open_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) games = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) xml = format_filter (DJ_GAME_FILE_XML);
  g_autoptr(GtkFileFilter) text = format_filter (DJ_GAME_FILE_TEXT);
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  g_return_if_fail (GTK_IS_FILE_CHOOSER (chooser));

  gtk_file_filter_set_name (games, _("Djenon Games"));
  gtk_file_filter_add_mime_type (games, DJ_XML_MIME_TYPE);
  gtk_file_filter_add_suffix (games, "djenon");
  gtk_file_filter_add_mime_type (games, DJ_TEXT_MIME_TYPE);
  gtk_file_filter_add_suffix (games, "djn");
  gtk_file_chooser_add_filter (chooser, games);
  gtk_file_chooser_add_filter (chooser, xml);
  gtk_file_chooser_add_filter (chooser, text);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
  gtk_file_chooser_set_filter (chooser, games);
}

void
dj_game_file_add_save_filters (GtkFileChooser   *chooser,
                               DjGameFileFormat  format)
{
  g_autoptr(GtkFileFilter) xml = format_filter (DJ_GAME_FILE_XML);
  g_autoptr(GtkFileFilter) text = format_filter (DJ_GAME_FILE_TEXT);

  g_return_if_fail (GTK_IS_FILE_CHOOSER (chooser));

  gtk_file_chooser_add_filter (chooser, xml);
  gtk_file_chooser_add_filter (chooser, text);
  gtk_file_chooser_set_filter (chooser, format == DJ_GAME_FILE_TEXT ? text : xml);
}

DjGameFileFormat
dj_game_file_format_for_filter (GtkFileChooser *chooser)
{
  GtkFileFilter *filter;
  int format;

  g_return_val_if_fail (GTK_IS_FILE_CHOOSER (chooser), DJ_GAME_FILE_XML);

  filter = gtk_file_chooser_get_filter (chooser);
  format = filter != NULL ? GPOINTER_TO_INT (g_object_get_data (G_OBJECT (filter), FORMAT_KEY)) : 0;
  return format == DJ_GAME_FILE_TEXT + 1 ? DJ_GAME_FILE_TEXT : DJ_GAME_FILE_XML;
}
