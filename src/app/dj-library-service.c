/* dj-library-service.c: the application's one library, kept up to date
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-library-service.h"
#include "dj-notation.h"
#include "dj-xml.h"

struct _DjLibraryService
{
  GObject       parent_instance;

  char         *dir;
  DjLibrary    *library;       /* main thread: folders */
  char         *notice;

  gboolean      updating;
  gboolean      again;         /* one more pass asked during this one */
  gboolean      ran;           /* a pass started this session */
  guint         done, total;
  GCancellable *cancellable;
  GPtrArray    *removals;      /* folders to remove once the pass ends */

  GHashTable   *monitors;      /* folder path → GFileMonitor */
  guint         debounce_id;
  gboolean      disposed;
};

G_DEFINE_FINAL_TYPE (DjLibraryService, dj_library_service, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_UPDATING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  PROGRESS,
  FINISHED,
  CHANGED,
  NOTICE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void start_pass (DjLibraryService *self);

static void
set_updating (DjLibraryService *self,
              gboolean          updating)
{
  if (self->updating == updating)
    return;
  self->updating = updating;
  if (!self->disposed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UPDATING]);
}

static void
set_notice (DjLibraryService *self,
            const char       *notice)
{
  if (notice == NULL)
    return;
  g_free (self->notice);
  self->notice = g_strdup (notice);
  if (!self->disposed)
    g_signal_emit (self, signals[NOTICE], 0, notice);
}

/* ---- Watching the folders ---- */

static gboolean
is_game_name (const char *name)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);

  return g_str_has_suffix (lower, DJ_XML_EXTENSION) || g_str_has_suffix (lower, DJ_TEXT_EXTENSION);
}

static gboolean
on_debounced (gpointer data)
{
  DjLibraryService *self = data;

  self->debounce_id = 0;
  dj_library_service_update (self);
  return G_SOURCE_REMOVE;
}

static void
on_folder_changed (GFileMonitor      *monitor,
                   GFile             *file,
                   GFile             *other,
                   GFileMonitorEvent  event,
                   DjLibraryService  *self)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *other_name = other != NULL ? g_file_get_basename (other) : NULL;
  gboolean game = is_game_name (name) || (other_name != NULL && is_game_name (other_name));

  (void) monitor;
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_RENAMED:
      break;
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    default:
      return;
    }
  /* A folder made, removed or moved may hold game files: any name that is
   * not a game file's counts as one. */
  if (!game && strchr (name, '.') != NULL && event != G_FILE_MONITOR_EVENT_DELETED
      && event != G_FILE_MONITOR_EVENT_MOVED_OUT
      && g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
    return;
  /* Debounced: a burst of writes makes one pass, after the last. */
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  self->debounce_id = g_timeout_add (DJ_LIBRARY_SERVICE_DEBOUNCE_MS, on_debounced, self);
}

/* Watches exactly the folders the last pass read (none above the limit). */
static void
watch (DjLibraryService *self,
       GPtrArray        *dirs)
{
  g_autoptr(GHashTable) keep = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer key;

  if (dirs == NULL)
    return;
  if (dirs->len > DJ_LIBRARY_SERVICE_MAX_WATCHED)
    {
      g_hash_table_remove_all (self->monitors);
      return;
    }
  for (guint i = 0; i < dirs->len; i++)
    {
      const char *path = dirs->pdata[i];
      g_autoptr(GFile) file = NULL;
      g_autoptr(GFileMonitor) monitor = NULL;

      g_hash_table_add (keep, (gpointer) path);
      if (g_hash_table_contains (self->monitors, path))
        continue;
      file = g_file_new_for_path (path);
      monitor = g_file_monitor_directory (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
      if (monitor == NULL)
        continue;
      g_signal_connect_object (monitor, "changed", G_CALLBACK (on_folder_changed), self, 0);
      g_hash_table_insert (self->monitors, g_strdup (path), g_steal_pointer (&monitor));
    }
  g_hash_table_iter_init (&iter, self->monitors);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (keep, key))
      g_hash_table_iter_remove (&iter);
}

/* ---- Passes ---- */

static void
on_progress (guint       done,
             guint       total,
             const char *path,
             gpointer    data)
{
  DjLibraryService *self = data;

  self->done = done;
  self->total = total;
  if (!self->disposed)
    g_signal_emit (self, signals[PROGRESS], 0, done, total, path);
}

static void
apply_removals (DjLibraryService *self)
{
  g_autoptr(GPtrArray) removals = g_steal_pointer (&self->removals);
  DjLibrary *library;

  if (removals == NULL || (library = dj_library_service_get_library (self, NULL)) == NULL)
    return;
  for (guint i = 0; i < removals->len; i++)
    dj_library_remove_folder (library, removals->pdata[i], NULL);
  if (removals->len > 0 && !self->disposed)
    g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_pass_done (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  g_autoptr(DjLibraryService) self = data;
  g_autoptr(GError) error = NULL;
  DjLibraryReport report = { 0 };
  gboolean cancelled;

  dj_library_update_finish (DJ_LIBRARY (source), result, &report, &error);
  cancelled = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_object (&self->cancellable);
  set_updating (self, FALSE);
  if (self->disposed)
    {
      dj_library_report_clear (&report);
      return;
    }
  set_notice (self, report.notice);
  if (!cancelled)
    watch (self, report.dirs);
  apply_removals (self);
  g_signal_emit (self, signals[FINISHED], 0, &report, error);
  if (report.indexed > 0 || report.removed > 0)
    g_signal_emit (self, signals[CHANGED], 0);
  dj_library_report_clear (&report);
  if (self->again)
    {
      self->again = FALSE;
      start_pass (self);
    }
}

static void
start_pass (DjLibraryService *self)
{
  DjLibrary *library = dj_library_service_get_library (self, NULL);

  if (library == NULL || self->disposed)
    return;
  self->ran = TRUE;
  self->done = self->total = 0;
  self->cancellable = g_cancellable_new ();
  set_updating (self, TRUE);
  dj_library_update_async (library, self->cancellable, on_progress, self, on_pass_done,
                           g_object_ref (self));
}

/* ---- Public API ---- */

DjLibraryService *
dj_library_service_new (const char *dir)
{
  DjLibraryService *self = g_object_new (DJ_TYPE_LIBRARY_SERVICE, NULL);

  self->dir = dir != NULL ? g_strdup (dir) : dj_library_default_dir ();
  return self;
}

DjLibraryService *
dj_library_service_for_widget (GtkWidget  *widget,
                               const char *dir)
{
  GtkRoot *root;
  GtkApplication *app = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  root = gtk_widget_get_root (widget);
  if (GTK_IS_WINDOW (root))
    app = gtk_window_get_application (GTK_WINDOW (root));
  /* DjApplication's property: the service knows no application class. */
  if (app != NULL && g_object_class_find_property (G_OBJECT_GET_CLASS (app), "library-service"))
    {
      g_autoptr(DjLibraryService) shared = NULL;
      g_autofree char *wanted = dir != NULL ? g_canonicalize_filename (dir, NULL) : NULL;
      g_autofree char *have = NULL;

      g_object_get (app, "library-service", &shared, NULL);
      have = shared != NULL ? g_canonicalize_filename (shared->dir, NULL) : NULL;
      if (shared != NULL && (wanted == NULL || strcmp (wanted, have) == 0))
        return g_steal_pointer (&shared);
    }
  return dj_library_service_new (dir);
}

const char *
dj_library_service_get_dir (DjLibraryService *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_SERVICE (self), NULL);
  return self->dir;
}

DjLibrary *
dj_library_service_get_library (DjLibraryService  *self,
                                GError           **error)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_SERVICE (self), NULL);

  if (self->library == NULL)
    {
      self->library = dj_library_open (self->dir, error);
      if (self->library != NULL)
        set_notice (self, dj_library_get_notice (self->library));
    }
  return self->library;
}

const char *
dj_library_service_get_notice (DjLibraryService *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_SERVICE (self), NULL);
  return self->notice;
}

void
dj_library_service_update (DjLibraryService *self)
{
  g_return_if_fail (DJ_IS_LIBRARY_SERVICE (self));

  if (self->updating)
    self->again = TRUE;
  else
    start_pass (self);
}

void
dj_library_service_ensure_updated (DjLibraryService *self)
{
  g_return_if_fail (DJ_IS_LIBRARY_SERVICE (self));

  if (!self->ran)
    dj_library_service_update (self);
}

void
dj_library_service_cancel (DjLibraryService *self)
{
  g_return_if_fail (DJ_IS_LIBRARY_SERVICE (self));

  self->again = FALSE;
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

gboolean
dj_library_service_get_updating (DjLibraryService *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_SERVICE (self), FALSE);
  return self->updating;
}

void
dj_library_service_get_progress (DjLibraryService *self,
                                 guint            *done,
                                 guint            *total)
{
  g_return_if_fail (DJ_IS_LIBRARY_SERVICE (self));

  if (done != NULL)
    *done = self->updating ? self->done : 0;
  if (total != NULL)
    *total = self->updating ? self->total : 0;
}

guint
dj_library_service_get_n_watched (DjLibraryService *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_SERVICE (self), 0);
  return g_hash_table_size (self->monitors);
}

gboolean
dj_library_service_add_folder (DjLibraryService  *self,
                               const char        *path,
                               GError           **error)
{
  DjLibrary *library;

  g_return_val_if_fail (DJ_IS_LIBRARY_SERVICE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* The running pass read the folders before: the next one reads this. */
  if ((library = dj_library_service_get_library (self, error)) == NULL ||
      !dj_library_add_folder (library, path, error))
    return FALSE;
  g_signal_emit (self, signals[CHANGED], 0);
  dj_library_service_update (self);
  return TRUE;
}

gboolean
dj_library_service_remove_folder (DjLibraryService  *self,
                                  const char        *path,
                                  GError           **error)
{
  DjLibrary *library;

  g_return_val_if_fail (DJ_IS_LIBRARY_SERVICE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if ((library = dj_library_service_get_library (self, error)) == NULL)
    return FALSE;
  /* The pass may be writing that folder's games: it stops, then the folder
   * goes, then a pass picks up what is left. */
  if (self->updating)
    {
      if (self->removals == NULL)
        self->removals = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (self->removals, g_strdup (path));
      g_cancellable_cancel (self->cancellable);
      self->again = TRUE;
      return TRUE;
    }
  if (!dj_library_remove_folder (library, path, error))
    return FALSE;
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

/* ---- GObject ---- */

static void
dj_library_service_dispose (GObject *object)
{
  DjLibraryService *self = DJ_LIBRARY_SERVICE (object);

  self->disposed = TRUE;
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->monitors != NULL)
    g_hash_table_remove_all (self->monitors);
  G_OBJECT_CLASS (dj_library_service_parent_class)->dispose (object);
}

static void
dj_library_service_finalize (GObject *object)
{
  DjLibraryService *self = DJ_LIBRARY_SERVICE (object);

  g_clear_object (&self->library);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->removals, g_ptr_array_unref);
  g_clear_pointer (&self->monitors, g_hash_table_unref);
  g_free (self->dir);
  g_free (self->notice);
  G_OBJECT_CLASS (dj_library_service_parent_class)->finalize (object);
}

static void
dj_library_service_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  DjLibraryService *self = DJ_LIBRARY_SERVICE (object);

  switch (prop_id)
    {
    case PROP_UPDATING:
      g_value_set_boolean (value, self->updating);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_library_service_class_init (DjLibraryServiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dj_library_service_dispose;
  object_class->finalize = dj_library_service_finalize;
  object_class->get_property = dj_library_service_get_property;

  properties[PROP_UPDATING] =
    g_param_spec_boolean ("updating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A file was read: done of total, its path. */
  signals[PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_STRING);
  /* A pass ended: its DjLibraryReport, and why it stopped (or NULL). */
  signals[FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_ERROR);
  /* The library's games may have changed: views read them again. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* The database was rebuilt from the files: why, to show. */
  signals[NOTICE] =
    g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
dj_library_service_init (DjLibraryService *self)
{
  self->monitors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
}
