/* dj-document.c: one game file open for recording: its games, file, draft and loading
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "dj-document.h"
#include "dj-game-file.h"
#include "dj-xml.h"

/* A draft is written this long after the first change not yet in one. */
#define DRAFT_DELAY_MS    2000

#define STAMP_ATTRIBUTES G_FILE_ATTRIBUTE_TIME_MODIFIED "," \
                         G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC "," \
                         G_FILE_ATTRIBUTE_STANDARD_SIZE "," \
                         G_FILE_ATTRIBUTE_UNIX_INODE "," \
                         G_FILE_ATTRIBUTE_UNIX_DEVICE

/* What says that a file is the one read or written: another program that
 * writes it (or replaces it) changes at least one of these. */
typedef struct
{
  gboolean exists;
  guint64  mtime;
  guint32  mtime_usec;
  guint64  size;
  guint64  inode;
  guint32  device;
} DiskStamp;

struct _DjDocument
{
  GObject       parent_instance;

  DjCollection *collection;
  GFile        *file;
  gboolean      modified;
  guint         busy;
  guint         loading;

  char         *draft_id;
  guint         draft_source;
  /* Counts the changes, so a save knows whether the games changed while it
   * ran. */
  guint64       serial;

  /* Shared by the analysis panel, Review Game and Play from Here. */
  DjSearch     *search;

  /* The file as it was last read or written, and a watch on it. */
  DiskStamp     stamp;
  GFileMonitor *monitor;
  gboolean      changed_on_disk;
};

G_DEFINE_FINAL_TYPE (DjDocument, dj_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_COLLECTION,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_BUSY,
  PROP_LOADING,
  PROP_CHANGED_ON_DISK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  DRAFT_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Drafts */

static gboolean
write_draft (DjDocument  *self,
             GError     **error)
{
  if (!dj_collection_get_modified (self->collection))
    {
      dj_drafts_remove (self->draft_id);
      return TRUE;
    }
  return dj_drafts_write (self->draft_id, self->collection, self->file, error);
}

static gboolean
draft_timeout (gpointer data)
{
  DjDocument *self = data;
  g_autoptr(GError) error = NULL;

  self->draft_source = 0;
  if (!write_draft (self, &error))
    {
      /* Translators: %s says why, e.g. "No space left on device" */
      g_autofree char *text = g_strdup_printf (_("Could not keep a copy of the unsaved game: %s"),
                                               error->message);

      g_signal_emit (self, signals[DRAFT_FAILED], 0, text);
    }
  return G_SOURCE_REMOVE;
}

static void
schedule_draft (DjDocument *self)
{
  if (self->draft_source == 0)
    self->draft_source = g_timeout_add (DRAFT_DELAY_MS, draft_timeout, self);
}

const char *
dj_document_get_draft_id (DjDocument *self)
{
  g_return_val_if_fail (DJ_IS_DOCUMENT (self), NULL);
  return self->draft_id;
}

gboolean
dj_document_flush_draft (DjDocument  *self,
                         GError     **error)
{
  g_return_val_if_fail (DJ_IS_DOCUMENT (self), FALSE);

  g_clear_handle_id (&self->draft_source, g_source_remove);
  return write_draft (self, error);
}

void
dj_document_discard_draft (DjDocument *self)
{
  g_return_if_fail (DJ_IS_DOCUMENT (self));

  g_clear_handle_id (&self->draft_source, g_source_remove);
  dj_drafts_remove (self->draft_id);
}

/* The file on disk */

static void
read_stamp (GFile     *file,
            DiskStamp *stamp)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, STAMP_ATTRIBUTES, G_FILE_QUERY_INFO_NONE,
                                                 NULL, NULL);

  memset (stamp, 0, sizeof *stamp);
  if (info == NULL)
    return;
  stamp->exists = TRUE;
  stamp->mtime = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED);
  stamp->mtime_usec = g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  stamp->size = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_STANDARD_SIZE);
  stamp->inode = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE);
  stamp->device = g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_DEVICE);
}

static void
set_changed_on_disk (DjDocument *self,
                     gboolean    changed)
{
  if (self->changed_on_disk == changed)
    return;
  self->changed_on_disk = changed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHANGED_ON_DISK]);
}

gboolean
dj_document_check_changed_on_disk (DjDocument *self)
{
  DiskStamp now;

  g_return_val_if_fail (DJ_IS_DOCUMENT (self), FALSE);

  if (self->file == NULL)
    return FALSE;
  read_stamp (self->file, &now);
  /* A file deleted meanwhile loses nothing when it is written again. */
  if (now.exists)
    set_changed_on_disk (self, memcmp (&now, &self->stamp, sizeof now) != 0);
  return self->changed_on_disk;
}

gboolean
dj_document_get_changed_on_disk (DjDocument *self)
{
  g_return_val_if_fail (DJ_IS_DOCUMENT (self), FALSE);
  return self->changed_on_disk;
}

static void
on_file_changed (DjDocument        *self,
                 GFile             *file,
                 GFile             *other,
                 GFileMonitorEvent  event)
{
  /* Our own reading or writing: looked at again when it ends. */
  if (self->busy > 0)
    return;
  dj_document_check_changed_on_disk (self);
}

/* The file was just read or written: as it is now is as the games are. */
static void
watch_file (DjDocument *self)
{
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  memset (&self->stamp, 0, sizeof self->stamp);
  set_changed_on_disk (self, FALSE);
  if (self->file == NULL)
    return;
  read_stamp (self->file, &self->stamp);
  /* Without a monitor (some file systems), the check before saving stays. */
  self->monitor = g_file_monitor_file (self->file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect_object (self->monitor, "changed", G_CALLBACK (on_file_changed), self,
                             G_CONNECT_SWAPPED);
}

/* The games */

static void
set_modified (DjDocument *self,
              gboolean    modified)
{
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
set_busy (DjDocument *self,
          gboolean    busy)
{
  gboolean was = self->busy > 0;

  if (busy)
    self->busy++;
  else
    self->busy--;
  if (was != (self->busy > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
set_loading (DjDocument *self,
             gboolean    loading)
{
  gboolean was = self->loading > 0;

  if (loading)
    self->loading++;
  else
    self->loading--;
  set_busy (self, loading);
  if (was != (self->loading > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
set_file (DjDocument *self,
          GFile      *file)
{
  if (self->file == file || (self->file && file && g_file_equal (self->file, file)))
    return;
  g_set_object (&self->file, file);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

/* Any edit of any game, whatever its kind. */
static void
on_edited (DjDocument *self)
{
  self->serial++;
  if (dj_collection_get_modified (self->collection))
    schedule_draft (self);
}

static void
on_modified_changed (DjDocument *self)
{
  set_modified (self, dj_collection_get_modified (self->collection));
  schedule_draft (self);
}

static void
watch_game (DjDocument *self,
            DjGame     *game)
{
  static const char *edits[] = {
    "node-added", "node-removed", "node-changed", "children-reordered", "info-changed",
  };

  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    g_signal_connect_object (game, edits[i], G_CALLBACK (on_edited), self, G_CONNECT_SWAPPED);
}

static void
on_games_changed (DjDocument *self,
                  guint       position,
                  guint       removed,
                  guint       added)
{
  for (guint i = position; i < position + added; i++)
    watch_game (self, dj_collection_get_game (self->collection, i));
  on_edited (self);
}

static void
unwatch (DjDocument *self)
{
  guint n;

  if (self->collection == NULL)
    return;
  n = dj_collection_get_n_games (self->collection);
  for (guint i = 0; i < n; i++)
    g_signal_handlers_disconnect_by_data (dj_collection_get_game (self->collection, i), self);
  g_signal_handlers_disconnect_by_data (self->collection, self);
}

static void
take_collection (DjDocument   *self,
                 DjCollection *collection,
                 GFile        *file)
{
  guint n = dj_collection_get_n_games (collection);

  unwatch (self);
  g_set_object (&self->collection, collection);
  for (guint i = 0; i < n; i++)
    watch_game (self, dj_collection_get_game (collection, i));
  g_signal_connect_object (collection, "items-changed",
                           G_CALLBACK (on_games_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (collection, "notify::modified",
                           G_CALLBACK (on_modified_changed), self, G_CONNECT_SWAPPED);
  self->serial++;
  set_file (self, file);
  watch_file (self);
  set_modified (self, dj_collection_get_modified (collection));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLLECTION]);
}

void
dj_document_replace (DjDocument   *self,
                     DjCollection *collection,
                     GFile        *file)
{
  g_return_if_fail (DJ_IS_DOCUMENT (self));
  g_return_if_fail (DJ_IS_COLLECTION (collection));
  g_return_if_fail (dj_collection_get_n_games (collection) > 0);
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  /* The old games are gone for good: so is their draft. */
  dj_document_discard_draft (self);
  take_collection (self, collection, file);
}

gboolean
dj_document_restore_draft (DjDocument     *self,
                           const DjDraft  *draft,
                           GError        **error)
{
  g_autoptr(DjCollection) collection = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (DJ_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (draft != NULL, FALSE);

  /* Another running Djenon's draft is left alone. */
  if (!dj_drafts_claim (draft->id, error))
    return FALSE;
  collection = dj_drafts_load (draft->id, &local);
  if (collection != NULL && dj_collection_get_n_games (collection) == 0)
    g_set_error_literal (&local, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_STRUCTURE,
                         _("it holds no game"));
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  /* The document takes over the draft's name, so it is replaced in place. */
  dj_document_discard_draft (self);
  g_free (self->draft_id);
  self->draft_id = g_strdup (draft->id);
  take_collection (self, collection, draft->file);
  dj_collection_set_modified (collection, TRUE);
  return TRUE;
}

DjCollection *
dj_document_get_collection (DjDocument *self)
{
  g_return_val_if_fail (DJ_IS_DOCUMENT (self), NULL);
  return self->collection;
}

GFile *
dj_document_get_file (DjDocument *self)
{
  g_return_val_if_fail (DJ_IS_DOCUMENT (self), NULL);
  return self->file;
}

gboolean
dj_document_get_modified (DjDocument *self)
{
  g_return_val_if_fail (DJ_IS_DOCUMENT (self), FALSE);
  return self->modified;
}

gboolean
dj_document_get_loading (DjDocument *self)
{
  g_return_val_if_fail (DJ_IS_DOCUMENT (self), FALSE);
  return self->loading > 0;
}

gboolean
dj_document_get_busy (DjDocument *self)
{
  g_return_val_if_fail (DJ_IS_DOCUMENT (self), FALSE);
  return self->busy > 0;
}

char *
dj_document_dup_display_name (DjDocument *self)
{
  g_autoptr(GFileInfo) info = NULL;

  g_return_val_if_fail (DJ_IS_DOCUMENT (self), NULL);

  if (self->file == NULL)
    return NULL;
  info = g_file_query_info (self->file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                            G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info != NULL)
    return g_strdup (g_file_info_get_display_name (info));
  return g_file_get_basename (self->file);
}

/* Loading */

static gboolean
check_not_empty (DjCollection  *collection,
                 GFile         *file,
                 GError       **error)
{
  g_autofree char *name = NULL;

  if (dj_collection_get_n_games (collection) > 0)
    return TRUE;
  name = g_file_get_parse_name (file);
  /* Translators: %s is a file name */
  g_set_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_STRUCTURE,
               _("%s: the file holds no game"), name);
  return FALSE;
}

static void
load_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GError *error = NULL;
  DjCollection *collection = dj_game_file_load (G_FILE (task_data), cancellable, &error);

  if (collection == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, collection, g_object_unref);
}

static void
loaded (GObject      *source,
        GAsyncResult *result,
        gpointer      data)
{
  g_autoptr(GTask) task = data;
  DjDocument *self = DJ_DOCUMENT (source);
  GFile *file = g_task_get_task_data (G_TASK (result));
  g_autoptr(DjCollection) collection = NULL;
  GError *error = NULL;

  set_loading (self, FALSE);
  collection = g_task_propagate_pointer (G_TASK (result), &error);
  if (collection == NULL || !check_not_empty (collection, file, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  dj_document_replace (self, collection, file);
  g_task_return_boolean (task, TRUE);
}

void
dj_document_load_async (DjDocument          *self,
                        GFile               *file,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  GTask *task;
  g_autoptr(GTask) reader = NULL;

  g_return_if_fail (DJ_IS_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dj_document_load_async);
  set_loading (self, TRUE);
  /* Either kind of game file, read in a worker thread. */
  dj_xml_init ();
  reader = g_task_new (self, cancellable, loaded, task);
  g_task_set_task_data (reader, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (reader, load_in_thread);
}

gboolean
dj_document_load_finish (DjDocument    *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dj_document_load_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
dj_document_load (DjDocument  *self,
                  GFile       *file,
                  GError     **error)
{
  g_autoptr(DjCollection) collection = NULL;

  g_return_val_if_fail (DJ_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  collection = dj_game_file_load (file, NULL, error);
  if (collection == NULL || !check_not_empty (collection, file, error))
    return FALSE;
  dj_document_replace (self, collection, file);
  return TRUE;
}

/* Saving */

typedef struct
{
  DjCollection *copy;
  GFile        *file;
  guint64       serial;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_clear_object (&data->copy);
  g_clear_object (&data->file);
  g_free (data);
}

static void
save_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  SaveData *data = task_data;
  GError *error = NULL;

  if (dj_game_file_save (data->copy, data->file, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* What was saved is in the file: the games are saved unless they changed
 * meanwhile, and the draft goes with their changes. */
static void
saved (DjDocument *self,
       GFile      *file,
       guint64     serial)
{
  set_file (self, file);
  watch_file (self);
  if (serial == self->serial)
    {
      dj_collection_set_modified (self->collection, FALSE);
      dj_document_discard_draft (self);
    }
  else
    schedule_draft (self);
}

static void
save_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  GTask *task = G_TASK (result);
  DjDocument *self = DJ_DOCUMENT (source);
  SaveData *data = g_task_get_task_data (task);
  GTask *outer = user_data;
  GError *error = NULL;

  set_busy (self, FALSE);
  if (!g_task_propagate_boolean (task, &error))
    {
      g_task_return_error (outer, error);
      g_object_unref (outer);
      return;
    }
  saved (self, data->file, data->serial);
  g_task_return_boolean (outer, TRUE);
  g_object_unref (outer);
}

void
dj_document_save_async (DjDocument          *self,
                        GFile               *file,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GTask *outer;
  SaveData *data;
  guint n;

  g_return_if_fail (DJ_IS_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  /* A copy, so the games stay free to change while it is written. */
  data = g_new0 (SaveData, 1);
  data->copy = dj_collection_new ();
  n = dj_collection_get_n_games (self->collection);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DjGame) game = dj_game_copy (dj_collection_get_game (self->collection, i));

      dj_collection_append (data->copy, game);
    }
  data->file = g_object_ref (file);
  data->serial = self->serial;

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, dj_document_save_async);
  task = g_task_new (self, cancellable, save_done, outer);
  g_task_set_task_data (task, data, (GDestroyNotify) save_data_free);
  set_busy (self, TRUE);
  g_task_run_in_thread (task, save_in_thread);
}

gboolean
dj_document_save_finish (DjDocument    *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dj_document_save_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
dj_document_save (DjDocument  *self,
                  GFile       *file,
                  GError     **error)
{
  g_return_val_if_fail (DJ_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!dj_game_file_save (self->collection, file, NULL, error))
    return FALSE;
  saved (self, file, self->serial);
  return TRUE;
}

/* GObject */

static void
dj_document_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  DjDocument *self = DJ_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_COLLECTION:
      g_value_set_object (value, self->collection);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy > 0);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading > 0);
      break;
    case PROP_CHANGED_ON_DISK:
      g_value_set_boolean (value, self->changed_on_disk);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_document_dispose (GObject *object)
{
  DjDocument *self = DJ_DOCUMENT (object);

  g_clear_handle_id (&self->draft_source, g_source_remove);
  /* Gone without a decision about its games: the draft stays, free for
   * the next start to offer. */
  if (self->draft_id != NULL)
    dj_drafts_release (self->draft_id);
  unwatch (self);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_clear_object (&self->collection);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (dj_document_parent_class)->dispose (object);
}

static void
dj_document_finalize (GObject *object)
{
  DjDocument *self = DJ_DOCUMENT (object);

  g_free (self->draft_id);
  /* Analyses still running hold references of their own. */
  g_clear_pointer (&self->search, dj_search_unref);

  G_OBJECT_CLASS (dj_document_parent_class)->finalize (object);
}

static void
dj_document_class_init (DjDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = dj_document_get_property;
  object_class->dispose = dj_document_dispose;
  object_class->finalize = dj_document_finalize;

  properties[PROP_COLLECTION] =
    g_param_spec_object ("collection", NULL, NULL, DJ_TYPE_COLLECTION,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CHANGED_ON_DISK] =
    g_param_spec_boolean ("changed-on-disk", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DjDocument::draft-failed:
   * @message: what went wrong, translated
   *
   * The draft of the unsaved games could not be written.
   */
  signals[DRAFT_FAILED] =
    g_signal_new ("draft-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
dj_document_init (DjDocument *self)
{
  g_autoptr(DjCollection) collection = dj_collection_new ();
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);

  self->draft_id = dj_drafts_new_id ();
  dj_collection_append (collection, game);
  dj_collection_set_modified (collection, FALSE);
  take_collection (self, collection, NULL);
}

DjDocument *
dj_document_new (void)
{
  return g_object_new (DJ_TYPE_DOCUMENT, NULL);
}

/* The "analysis-table-mb" setting in bytes; 0 (the default size) where the
 * schema is not installed. */
static gsize
search_table_bytes (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, "analysis-table-mb"))
    return 0;
  settings = g_settings_new_full (schema, NULL, NULL);
  return (gsize) g_settings_get_uint (settings, "analysis-table-mb") * 1024 * 1024;
}

DjSearch *
dj_document_get_search (DjDocument *self)
{
  g_return_val_if_fail (DJ_IS_DOCUMENT (self), NULL);

  /* Cheap to make: its table is allocated by the first analysis. */
  if (self->search == NULL)
    self->search = dj_search_new (search_table_bytes ());
  return self->search;
}
