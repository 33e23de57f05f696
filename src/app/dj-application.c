/* dj-application.c: the application: windows, files given to it, drafts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-application.h"
#include "dj-drafts.h"
#include "dj-example-uri.h"
#include "dj-help.h"
#include "dj-puzzle-window.h"
#include "dj-rules-view.h"
#include "dj-tables-builder.h"
#include "dj-toolkit.h"

struct _DjApplication
{
  AdwApplication parent_instance;

  GSettings     *settings;
  gboolean       drafts_checked;
  gboolean       benchmark_first_frame;
  gint64         start_time;
  DjLibraryService *library_service;
  DjTrainingStore  *training_store;
};

G_DEFINE_FINAL_TYPE (DjApplication, dj_application, ADW_TYPE_APPLICATION)

enum {
  PROP_0,
  PROP_LIBRARY_SERVICE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

DjWindow *
dj_application_find_window (DjApplication *self,
                            GFile         *file)
{
  g_return_val_if_fail (DJ_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      GFile *shown;

      if (!DJ_IS_WINDOW (l->data))
        continue;
      shown = dj_window_get_file (l->data);
      if (shown != NULL && g_file_equal (shown, file))
        return l->data;
    }
  return NULL;
}

DjWindow *
dj_application_new_window (DjApplication *self)
{
  DjWindow *window;
  DjRules rules;

  g_return_val_if_fail (DJ_IS_APPLICATION (self), NULL);

  window = dj_window_new (GTK_APPLICATION (self));
  rules = DJ_RULES_INIT (g_settings_get_enum (self->settings, "last-variant"));
  if (rules.variant == DJ_VARIANT_ABE)
    rules.feeding = g_settings_get_enum (self->settings, "last-feeding");
  dj_window_start_game (window, &rules, NULL, NULL);
  return window;
}

/* A window that shows nothing worth keeping may take a file or a draft. */
static gboolean
window_is_pristine (DjWindow *window)
{
  DjGame *game = dj_window_get_game (window);

  /* A window still reading a file is taken. */
  return dj_window_get_file (window) == NULL
         && !dj_window_get_modified (window)
         && !dj_document_get_busy (dj_window_get_document (window))
         && dj_node_get_first_child (dj_game_get_root (game)) == NULL;
}

/* Offers back every draft a crashed run left.  Each goes into a window of
 * its own: @reuse first, if given. */
static gboolean
offer_drafts (DjApplication *self,
              DjWindow      *reuse)
{
  g_autoptr(GPtrArray) drafts = NULL;
  guint offered = 0;

  if (self->drafts_checked)
    return FALSE;
  self->drafts_checked = TRUE;

  drafts = dj_drafts_list ();
  for (guint i = 0; i < drafts->len; i++)
    {
      DjDraft *draft = drafts->pdata[i];
      DjWindow *window = NULL;

      /* Another Djenon running (without a session bus, each start is a
       * process of its own) is still working on it. */
      if (draft->in_use)
        continue;
      offered++;

      if (draft->file != NULL)
        window = dj_application_find_window (self, draft->file);
      if (window == NULL && reuse != NULL)
        window = reuse;
      if (window == NULL)
        window = dj_window_new (GTK_APPLICATION (self));
      reuse = NULL;
      gtk_window_present (GTK_WINDOW (window));
      dj_window_offer_draft (window, draft);
    }
  return offered > 0;
}

static void
print_first_frame (GdkFrameClock *clock,
                   DjApplication *self)
{
  g_signal_handlers_disconnect_by_func (clock, print_first_frame, self);
  /* The benchmark reads this line; nothing else is printed. */
  g_print ("first-frame %.1f ms\n", (g_get_monotonic_time () - self->start_time) / 1000.0);
  g_application_quit (G_APPLICATION (self));
}

static gboolean
first_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       data)
{
  /* The frame being made now is the first: report once it is painted. */
  g_signal_connect_object (clock, "after-paint", G_CALLBACK (print_first_frame), data, 0);
  return G_SOURCE_REMOVE;
}

static void
watch_first_frame (DjApplication *self,
                   DjWindow      *window)
{
  if (!self->benchmark_first_frame)
    return;
  self->benchmark_first_frame = FALSE;
  gtk_widget_add_tick_callback (GTK_WIDGET (window), first_tick, self, NULL);
}

static void
dj_application_activate (GApplication *app)
{
  DjApplication *self = DJ_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  DjWindow *new_window;

  if (window != NULL)
    {
      gtk_window_present (window);
      return;
    }

  new_window = dj_window_new (GTK_APPLICATION (self));
  watch_first_frame (self, new_window);
  gtk_window_present (GTK_WINDOW (new_window));
  /* Nothing was asked for: a game lost in a crash, else the sample game. */
  if (!offer_drafts (self, new_window))
    dj_window_show_sample (new_window);
}

/* A djenon: link from a help reader (or the rules viewer): a new game window
 * set up at its position.  A link that is not one of Djenon's is refused
 * with the reason, over the window the user is in. */
void
dj_application_open_example (DjApplication *self,
                             const char    *uri)
{
  g_autoptr(GError) error = NULL;
  DjExampleLink link;
  DjWindow *window;

  g_return_if_fail (DJ_IS_APPLICATION (self));
  g_return_if_fail (uri != NULL);

  if (!dj_example_uri_parse (uri, &link, &error))
    {
      window = DJ_IS_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (self)))
               ? DJ_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (self)))
               : NULL;
      if (window == NULL)
        {
          window = dj_application_new_window (self);
          watch_first_frame (self, window);
        }
      gtk_window_present (GTK_WINDOW (window));
      dj_window_show_error (window, _("This Link Cannot Be Opened"), error->message);
      return;
    }
  window = dj_window_new (GTK_APPLICATION (self));
  watch_first_frame (self, window);
  dj_window_start_game (window, &link.rules, &link.start, NULL);
  gtk_window_present (GTK_WINDOW (window));
}

static void
dj_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  DjApplication *self = DJ_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      DjWindow *window;

      if (g_file_has_uri_scheme (files[i], DJ_EXAMPLE_URI_SCHEME))
        {
          g_autofree char *uri = g_file_get_uri (files[i]);

          dj_application_open_example (self, uri);
          continue;
        }
      window = dj_application_find_window (self, files[i]);

      if (window != NULL)
        {
          gtk_window_present (GTK_WINDOW (window));
          continue;
        }

      window = DJ_IS_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (self)))
               ? DJ_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (self)))
               : NULL;
      if (window == NULL || !window_is_pristine (window))
        window = dj_window_new (GTK_APPLICATION (self));
      /* The window is shown whatever happens: a file that cannot be read
       * is explained over it, and the user goes on working there. */
      watch_first_frame (self, window);
      gtk_window_present (GTK_WINDOW (window));
      dj_window_open_file (window, files[i]);
    }

  offer_drafts (self, NULL);
}

/* Application actions */

static void
new_window_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  DjApplication *self = data;

  gtk_window_present (GTK_WINDOW (dj_application_new_window (self)));
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (data)));

  /* Each window asks about its own unsaved changes. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (data));
  static const char *developers[] = { "The Djenon developers", NULL };
  static const char *rules_sources[] = { "Mancala World https://mancala.fandom.com/", NULL };
  GtkWidget *about = adw_about_window_new ();

  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  adw_about_window_set_application_name (ADW_ABOUT_WINDOW (about), _("Djenon"));
  adw_about_window_set_application_icon (ADW_ABOUT_WINDOW (about), APP_ID);
  adw_about_window_set_version (ADW_ABOUT_WINDOW (about), PACKAGE_VERSION);
  adw_about_window_set_developer_name (ADW_ABOUT_WINDOW (about), _("The Djenon developers"));
  adw_about_window_set_comments (ADW_ABOUT_WINDOW (about),
                                 _("Record, replay and annotate games of Djenon-aboure and "
                                   "Djenon-abe, two mancala games of southern Côte d’Ivoire."));
  adw_about_window_set_website (ADW_ABOUT_WINDOW (about), "https://djenon.org");
  adw_about_window_set_issue_url (ADW_ABOUT_WINDOW (about), "https://djenon.org/issues");
  adw_about_window_set_developers (ADW_ABOUT_WINDOW (about), developers);
  adw_about_window_set_copyright (ADW_ABOUT_WINDOW (about), _("© 2026 The Djenon developers"));
  adw_about_window_set_license_type (ADW_ABOUT_WINDOW (about), GTK_LICENSE_GPL_3_0);
  /* The rules pages of the help are the Mancala World texts (CC BY-SA 3.0). */
  adw_about_window_add_acknowledgement_section (ADW_ABOUT_WINDOW (about),
                                                _("Rules Texts"), rules_sources);
  adw_about_window_add_legal_section (ADW_ABOUT_WINDOW (about), _("Rules Texts"),
                                      _("The rules of Djenon-aboure and Djenon-abe in the help "
                                        "are “Djenon Aboure” and “Djenon Abe” of Mancala World, "
                                        "by the contributors to Mancala World."),
                                      GTK_LICENSE_CUSTOM,
                                      _("Published under the <a href=\"https://creativecommons.org/"
                                        "licenses/by-sa/3.0/\">Creative Commons "
                                        "Attribution-ShareAlike 3.0</a> licence; Djenon’s help "
                                        "pages under the <a href=\"https://creativecommons.org/"
                                        "licenses/by-sa/4.0/\">Creative Commons "
                                        "Attribution-ShareAlike 4.0</a> licence."));
  /* Translators: put your names here, one per line, to be credited in the About window */
  adw_about_window_set_translator_credits (ADW_ABOUT_WINDOW (about), _("translator-credits"));
  gtk_window_present (GTK_WINDOW (about));
}

static void
help_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (data));

  /* Yelp when it is installed, the in-app viewer otherwise. */
  dj_show_help (parent, NULL);
}

static void
open_example_activated (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       data)
{
  dj_application_open_example (data, g_variant_get_string (parameter, NULL));
}

/* The puzzle trainer: one window for the application. */
static void
puzzles_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       data)
{
  GtkWidget *trainer = NULL;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (data)); l != NULL; l = l->next)
    if (DJ_IS_PUZZLE_WINDOW (l->data))
      trainer = l->data;
  if (trainer == NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DjTrainingStore) store = dj_application_ref_training_store (data, &error);

      trainer = dj_puzzle_window_new_for_store (GTK_APPLICATION (data), NULL, store, error);
    }
  gtk_window_present (GTK_WINDOW (trainer));
}

static const GActionEntry app_actions[] = {
  { .name = "new-window", .activate = new_window_activated },
  { .name = "open-example", .activate = open_example_activated, .parameter_type = "s" },
  { .name = "quit", .activate = quit_activated },
  { .name = "about", .activate = about_activated },
  { .name = "help", .activate = help_activated },
  { .name = "puzzles", .activate = puzzles_activated },
};

static const struct {
  const char *action;
  const char *accels[3];
} app_accels[] = {
  { "app.new-window", { "<Control><Shift>n", NULL } },
  { "app.quit", { "<Control>q", NULL } },
  { "app.help", { "F1", NULL } },
  { "app.puzzles", { "<Control><Shift>p", NULL } },
  { "win.new-game", { "<Control>n", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  { "win.game-info", { "<Control>i", NULL } },
  { "win.flip-board", { "<Control>f", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
  { "win.show-analysis", { "F9", NULL } },
  { "win.show-explorer", { "F8", NULL } },
  { "win.show-library", { "<Control>l", NULL } },
  { "win.learn-mistakes", { "<Control><Alt>m", NULL } },
  { "window.close", { "<Control>w", NULL } },
};

/* What dj_application_prepare_environment() set, to be undone once GTK has
 * started. */
static gboolean gl_probe_skipped;
static gboolean gtk_theme_emptied;

/* Set before anything starts a thread, to speed up starting:
 *
 * GTK 4.8 loads and probes OpenGL at gtk_init() even when the cairo
 * renderer was asked for (GSK_RENDERER=cairo, as the tests run and as suits
 * machines without a graphics card): 205 M instructions here, for nothing.
 * GDK reads GDK_DEBUG once, when it starts.
 *
 * GTK parses the stylesheet of the theme named in the user's settings when
 * those settings are first read (81 M instructions); libadwaita then
 * replaces that theme by its own, with an empty GTK theme beneath.  So the
 * settings are first read under GTK_THEME=Adwaita-empty, the theme
 * libadwaita chooses anyway (see prepare_gtk()).
 *
 * A user's own GDK_DEBUG or GTK_THEME is left alone, and a GTK newer than
 * 4.8 gets neither (see dj-toolkit.h). */
void
dj_application_prepare_environment (void)
{
  if (!dj_toolkit_needs_workarounds ())
    return;
  if (g_strcmp0 (g_getenv ("GSK_RENDERER"), "cairo") == 0 && g_getenv ("GDK_DEBUG") == NULL)
    {
      g_setenv ("GDK_DEBUG", "gl-disable", TRUE);
      gl_probe_skipped = TRUE;
    }
  if (g_getenv ("GTK_THEME") == NULL)
    {
      g_setenv ("GTK_THEME", "Adwaita-empty", TRUE);
      gtk_theme_emptied = TRUE;
    }
}

/* GTK has started: programs Djenon starts (the help viewer, GTK 3) must not
 * inherit what was meant for it alone, and libadwaita must not see
 * GTK_THEME, which to it means a theme of the user's instead of its own. */
static void
restore_environment (void)
{
  if (gl_probe_skipped)
    g_unsetenv ("GDK_DEBUG");
  if (gtk_theme_emptied)
    g_unsetenv ("GTK_THEME");
  gl_probe_skipped = gtk_theme_emptied = FALSE;
}

static gpointer
load_icon_theme (gpointer data)
{
  g_autoptr(GtkIconTheme) theme = data;

  gtk_icon_theme_has_icon (theme, "open-menu-symbolic");
  return NULL;
}

/* Start GTK and libadwaita in the order that costs least.
 *
 * GTK's settings are read while GTK_THEME still names the empty theme (see
 * dj_application_prepare_environment()).
 *
 * The icon theme reads its index in a thread as soon as it is created, but
 * each icon folder added later (libadwaita's, then GtkApplication's for
 * Djenon's own icons) waits for that reading to end and throws it away, and
 * the window's first icon then read it again on the main thread: 65 M
 * instructions and a wait of 10 to 30 ms.  libadwaita is started first, so
 * its folder is added before the reading begins and its stylesheet is
 * parsed meanwhile; after the last folder is added the index is read once
 * more in a thread while the window is built. */
static void
prepare_gtk (void)
{
  gtk_init ();
  gtk_settings_get_for_display (gdk_display_get_default ());
  restore_environment ();
  adw_init ();
}

/* The start-up check of the library: when it has folders, a pass in a
 * worker (only files whose size or time changed are read) once the first
 * window is up; it also starts watching the folders. */
static gboolean
check_library (gpointer data)
{
  DjApplication *self = data;
  g_autofree char *folders = g_build_filename (dj_library_service_get_dir (self->library_service),
                                               "folders.txt", NULL);

  if (g_file_test (folders, G_FILE_TEST_IS_REGULAR))
    dj_library_service_ensure_updated (self->library_service);
  return G_SOURCE_REMOVE;
}

static void
dj_application_startup (GApplication *app)
{
  DjApplication *self = DJ_APPLICATION (app);
  static const char *setting_actions[] = { "live-timestamps", "show-counts", "animation-speed" };

  prepare_gtk ();
  G_APPLICATION_CLASS (dj_application_parent_class)->startup (app);
  g_thread_unref (g_thread_new ("icon-theme", load_icon_theme,
                                g_object_ref (gtk_icon_theme_get_for_display (gdk_display_get_default ()))));

  g_set_application_name (_("Djenon"));
  gtk_window_set_default_icon_name (APP_ID);

  self->settings = g_settings_new (APP_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  for (guint i = 0; i < G_N_ELEMENTS (setting_actions); i++)
    {
      g_autoptr(GAction) action = g_settings_create_action (self->settings, setting_actions[i]);

      g_action_map_add_action (G_ACTION_MAP (self), action);
    }

  for (guint i = 0; i < G_N_ELEMENTS (app_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), app_accels[i].action,
                                           app_accels[i].accels);
  dj_application_get_library_service (self);
  g_idle_add_full (G_PRIORITY_LOW, check_library, g_object_ref (self), g_object_unref);
}

DjLibraryService *
dj_application_get_library_service (DjApplication *self)
{
  g_return_val_if_fail (DJ_IS_APPLICATION (self), NULL);

  if (self->library_service == NULL)
    self->library_service = dj_library_service_new (NULL);
  return self->library_service;
}

/* A position the user failed in a window's "Learn from Your Mistakes"
 * comes back in the puzzle trainer's repetitions (the training store). */
static void
on_position_missed (DjWindow   *window,
                    gpointer    rules,
                    gpointer    position,
                    GStrv       best_moves,
                    const char *source)
{
  DjApplication *self = DJ_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (DjMove));
  g_autoptr(DjTrainingStore) store = NULL;

  if (self == NULL)
    return;
  for (guint i = 0; best_moves != NULL && best_moves[i] != NULL; i++)
    {
      DjMove move;

      if (dj_move_from_string (best_moves[i], &move))
        g_array_append_val (moves, move);
    }
  store = dj_application_ref_training_store (self, &error);
  if (error == NULL)
    dj_training_store_add_position (store, rules, position, (const DjMove *) moves->data,
                                    moves->len, source, g_get_real_time () / G_USEC_PER_SEC,
                                    &error);
  if (error != NULL)
    dj_window_show_toast (window, error->message);
}

static void
dj_application_window_added (GtkApplication *application,
                             GtkWindow      *window)
{
  GTK_APPLICATION_CLASS (dj_application_parent_class)->window_added (application, window);
  if (DJ_IS_WINDOW (window))
    g_signal_connect_object (dj_window_get_learn_mistakes (DJ_WINDOW (window)), "position-missed",
                             G_CALLBACK (on_position_missed), window, G_CONNECT_SWAPPED);
}

DjTrainingStore *
dj_application_ref_training_store (DjApplication  *self,
                                   GError        **error)
{
  g_return_val_if_fail (DJ_IS_APPLICATION (self), NULL);

  if (self->training_store != NULL)
    return g_object_ref (self->training_store);
  /* Held by its users only: once they are gone, the next one reads the
   * file again (and sees what another process or a damage did to it). */
  self->training_store = dj_training_store_open (NULL, error);
  g_object_add_weak_pointer (G_OBJECT (self->training_store), (gpointer *) &self->training_store);
  return self->training_store;
}

static void
dj_application_shutdown (GApplication *app)
{
  DjApplication *self = DJ_APPLICATION (app);

  if (self->library_service != NULL)
    dj_library_service_cancel (self->library_service);
  /* Deeper endgame tables half made are not saved: made again next time. */
  dj_tables_builder_cancel (dj_tables_builder_get_default ());
  G_APPLICATION_CLASS (dj_application_parent_class)->shutdown (app);
}

static int
dj_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  DjApplication *self = DJ_APPLICATION (app);

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("djenon %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (g_variant_dict_contains (options, "benchmark-first-frame"))
    {
      /* Measured in this process alone. */
      self->benchmark_first_frame = TRUE;
      g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
    }
  return -1;
}

static void
dj_application_dispose (GObject *object)
{
  DjApplication *self = DJ_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->library_service);
  g_clear_weak_pointer (&self->training_store);

  G_OBJECT_CLASS (dj_application_parent_class)->dispose (object);
}

static void
dj_application_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_LIBRARY_SERVICE:
      g_value_set_object (value, dj_application_get_library_service (DJ_APPLICATION (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_application_class_init (DjApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = dj_application_dispose;
  object_class->get_property = dj_application_get_property;
  /* The library every window and explorer shares (made on first use). */
  properties[PROP_LIBRARY_SERVICE] =
    g_param_spec_object ("library-service", NULL, NULL, DJ_TYPE_LIBRARY_SERVICE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  app_class->activate = dj_application_activate;
  app_class->open = dj_application_open;
  app_class->startup = dj_application_startup;
  app_class->shutdown = dj_application_shutdown;
  GTK_APPLICATION_CLASS (klass)->window_added = dj_application_window_added;
  app_class->handle_local_options = dj_application_handle_local_options;
}

static void
dj_application_init (DjApplication *self)
{
  static const GOptionEntry options[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and exit"), NULL },
    { "benchmark-first-frame", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, NULL,
      "Print the time to the first frame and quit", NULL },
    { NULL }
  };

  self->start_time = g_get_monotonic_time ();
  g_application_add_main_option_entries (G_APPLICATION (self), options);
  /* What `djenon --help` says (and the manual page, made from it). */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
    _("Record, replay and annotate games of Djenon-aboure and Djenon-abe."));
  g_application_set_option_context_description (G_APPLICATION (self),
    _("FILE is a game file (.djenon or .djn) to open, or a djenon: link from the help. Without a "
      "file, Djenon offers back the games of a crashed session, or shows a sample game.\n\n"
      "Unsaved games are kept as drafts in ~/.local/share/djenon/drafts/. The help is in the "
      "application (F1) and in the desktop's help viewer."));
}

DjApplication *
dj_application_new (GApplicationFlags flags)
{
  return g_object_new (DJ_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | flags,
                       "resource-base-path", RESOURCE_PATH,
                       NULL);
}
