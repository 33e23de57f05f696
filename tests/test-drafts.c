/* test-drafts.c: drafts that cannot be read, drafts of another running
 * Djenon, a file changed behind the window's back, and what the window
 * shows of them
 *
 * The start-up tests run the application as main() does, in a subprocess
 * each, with one kind of bad draft in the drafts folder: the application
 * must stay up, say what it found, and keep the draft file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dj-application.h"
#include "dj-drafts.h"
#include "dj-notation-view.h"
#include "dj-play.h"
#include "dj-resources.h"
#include "dj-window.h"
#include "dj-xml.h"

#include "dj-test-app.h"

/* Year 10000, 1 January: out of GDateTime's range. */
#define YEAR_10000 G_GINT64_CONSTANT (253402300800)

/* GTK and the application, started once for the window tests. */
static gboolean
need_app (void)
{
  static int started = -1;

  if (started < 0)
    started = dj_test_start_app ();
  if (!started)
    g_test_skip ("no display");
  return started;
}

static char *
drafts_dir (void)
{
  return dj_drafts_get_dir ();
}

static char *
unreadable_dir (void)
{
  g_autofree char *dir = drafts_dir ();

  return g_build_filename (dir, "unreadable", NULL);
}

/* A folder on a tmpfs for the drafts (see make_bad_draft()), or NULL. */
static char *tmpfs_dir;

static void
clear_drafts (void)
{
  g_autofree char *dir = drafts_dir ();

  if (g_file_test (dir, G_FILE_TEST_IS_SYMLINK))
    g_unlink (dir);
  if (tmpfs_dir != NULL)
    dj_test_remove_tree (tmpfs_dir);
  g_clear_pointer (&tmpfs_dir, g_free);
  dj_test_remove_tree (dir);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
}

/* A game of two moves, as XML. */
static char *
good_draft_text (gsize *len)
{
  g_autoptr(DjCollection) collection = dj_collection_new ();
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
  DjNode *node;
  g_autoptr(GError) error = NULL;

  node = dj_game_play (game, dj_game_get_root (game), 2, &error);
  g_assert_no_error (error);
  dj_game_play (game, node, 6, &error);
  g_assert_no_error (error);
  dj_collection_append (collection, game);
  return dj_xml_to_string (collection, len);
}

static char *
write_draft_file (const char *id,
                  const char *suffix,
                  const char *data,
                  gssize      len)
{
  g_autofree char *dir = drafts_dir ();
  g_autofree char *name = g_strconcat (id, suffix, NULL);
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, data, len, &error);
  g_assert_no_error (error);
  return path;
}

/* The kinds of bad draft.  Each is made by make_bad_draft() and started
 * with by start_app_with_draft(). */
typedef enum {
  BAD_EMPTY_FILE,        /* X.ini: file= */
  BAD_NOT_A_URI,         /* X.ini: file=nothing */
  BAD_MISSING_FILE,      /* X.ini: file= a file that does not exist */
  BAD_TRUNCATED,
  BAD_RANDOM,
  BAD_NEWER_VERSION,
  BAD_FUTURE_DATE,       /* written after the year 9999 */
} BadDraft;

static const char *bad_names[] = {
  "empty-file", "not-a-uri", "missing-file", "truncated", "random-bytes", "newer-version",
  "future-date",
};

static gboolean
is_unreadable_kind (BadDraft kind)
{
  return kind == BAD_TRUNCATED || kind == BAD_RANDOM || kind == BAD_NEWER_VERSION;
}

/* Writes the draft "bad-KIND" and returns its path. */
static char *
make_bad_draft (BadDraft kind)
{
  g_autofree char *id = g_strconcat ("bad-", bad_names[kind], NULL);
  g_autofree char *good = NULL;
  gsize len = 0;
  char *path = NULL;

  clear_drafts ();
  good = good_draft_text (&len);
  switch (kind)
    {
    case BAD_EMPTY_FILE:
    case BAD_NOT_A_URI:
    case BAD_MISSING_FILE:
      {
        g_autofree char *info = NULL;
        g_autofree char *info_path = NULL;

        if (kind == BAD_EMPTY_FILE)
          info = g_strdup ("[Draft]\nfile=\n");
        else if (kind == BAD_NOT_A_URI)
          info = g_strdup ("[Draft]\nfile=nothing\n");
        else
          info = g_strdup ("[Draft]\nfile=file:///nonexistent-djenon-folder/lost.djenon\n");
        info_path = write_draft_file (id, ".ini", info, -1);
        path = write_draft_file (id, ".djenon", good, len);
      }
      break;
    case BAD_TRUNCATED:
      path = write_draft_file (id, ".djenon", good, len / 2);
      break;
    case BAD_RANDOM:
      {
        guint8 bytes[700];
        g_autoptr(GRand) rand = g_rand_new_with_seed (21);

        for (guint i = 0; i < sizeof bytes; i++)
          bytes[i] = g_rand_int_range (rand, 0, 256);
        /* A '<' early, so that a message quoting it would be read as markup. */
        bytes[3] = '<';
        path = write_draft_file (id, ".djenon", (const char *) bytes, sizeof bytes);
      }
      break;
    case BAD_NEWER_VERSION:
      {
        g_autoptr(GRegex) version = g_regex_new ("(<djenon[^>]*) version=\"[0-9]+\"", 0, 0, NULL);
        g_autofree char *newer = g_regex_replace (version, good, len, 0,
                                                  "\\1 version=\"99\"", 0, NULL);

        g_assert_nonnull (newer);
        g_assert_cmpstr (newer, !=, good);
        path = write_draft_file (id, ".djenon", newer, -1);
      }
      break;
    case BAD_FUTURE_DATE:
      {
        struct timespec times[2] = { { YEAR_10000, 0 }, { YEAR_10000, 0 } };
        GStatBuf buf;

        path = write_draft_file (id, ".djenon", good, len);
        g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
        g_assert_cmpint (g_stat (path, &buf), ==, 0);
        if (buf.st_mtime != YEAR_10000)
          {
            /* ext4 keeps dates up to 2446 only: the drafts folder on a tmpfs. */
            g_autofree char *dir = drafts_dir ();

            tmpfs_dir = g_strdup ("/dev/shm/djenon-test-drafts-XXXXXX");
            if (g_mkdtemp (tmpfs_dir) == NULL)
              {
                g_clear_pointer (&tmpfs_dir, g_free);
                g_clear_pointer (&path, g_free);
                break;
              }
            dj_test_remove_tree (dir);
            g_assert_cmpint (symlink (tmpfs_dir, dir), ==, 0);
            g_clear_pointer (&path, g_free);
            path = write_draft_file (id, ".djenon", good, len);
            g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
            g_assert_cmpint (g_stat (path, &buf), ==, 0);
            if (buf.st_mtime != YEAR_10000)
              g_clear_pointer (&path, g_free);
          }
      }
      break;
    default:
      g_assert_not_reached ();
    }
  return path;
}

/* The application as main() runs it (in a subprocess of the test) */

typedef struct
{
  const char *expect;      /* the heading of the dialog expected, or NULL for none */
  const char *path;        /* a text the dialog's body must hold, or NULL */
  guint       polls;
  gboolean    checked;
} StartCheck;

static AdwMessageDialog *
find_dialog (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == parent)
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

static gboolean
poll_started (gpointer data)
{
  StartCheck *check = data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  AdwMessageDialog *dialog;

  if (window == NULL || !DJ_IS_WINDOW (window))
    return G_SOURCE_CONTINUE;
  dialog = find_dialog (window);
  if (check->expect != NULL && dialog == NULL)
    {
      g_assert_cmpuint (++check->polls, <, 400);
      return G_SOURCE_CONTINUE;
    }

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  if (check->expect == NULL)
    {
      /* Nothing offered: the sample game, no question. */
      g_assert_null (dialog);
      g_assert_nonnull (dj_node_get_first_child (dj_game_get_root (dj_window_get_game (DJ_WINDOW (window))))); 
      g_assert_false (dj_window_get_modified (DJ_WINDOW (window)));
    }
  else
    {
      const char *body = adw_message_dialog_get_body (dialog);

      g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, check->expect);
      g_assert_null (strstr (body, "(null)"));
      if (check->path != NULL)
        {
          /* Where it went, and the way to see it there. */
          g_assert_nonnull (strstr (body, check->path));
          g_assert_true (adw_message_dialog_has_response (dialog, "show"));
        }
    }
  check->checked = TRUE;
  g_application_quit (G_APPLICATION (app));
  return G_SOURCE_REMOVE;
}

static void
on_activate (GApplication *application,
             StartCheck   *check)
{
  g_timeout_add (50, poll_started, check);
}

/* Runs the application with the drafts folder as it is; in the subprocess. */
static void
run_app (StartCheck *check)
{
  int status;

  g_unsetenv ("GTK_THEME");
  g_unsetenv ("GDK_DEBUG");
  dj_application_prepare_environment ();
  dj_register_resource ();
  app = dj_application_new (G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (on_activate), check);
  status = g_application_run (G_APPLICATION (app), 0, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (check->checked);
  g_clear_object (&app);
}

static const char *restore_heading = "Restore Unsaved Game?";
static const char *unreadable_heading = "Unsaved Game Could Not Be Read";

/* The files under the drafts folder (its unreadable/ folder too) whose
 * contents equal @data. */
static guint
count_copies (const char *data,
              gsize       len)
{
  g_autofree char *top = drafts_dir ();
  g_autofree char *aside = unreadable_dir ();
  const char *dirs[2] = { top, aside };
  guint n = 0;

  for (guint d = 0; d < 2; d++)
    {
      g_autoptr(GDir) dir = g_dir_open (dirs[d], 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (dirs[d], name, NULL);
          g_autofree char *contents = NULL;
          gsize got = 0;

          if (g_file_test (path, G_FILE_TEST_IS_REGULAR)
              && g_file_get_contents (path, &contents, &got, NULL)
              && got == len && memcmp (contents, data, len) == 0)
            n++;
        }
    }
  return n;
}

static void
test_start_with_bad_draft (gconstpointer data)
{
  BadDraft kind = GPOINTER_TO_INT (data);
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;

  if (g_test_subprocess ())
    {
      g_autofree char *aside = unreadable_dir ();
      StartCheck check = {
        .expect = is_unreadable_kind (kind) ? unreadable_heading : restore_heading,
        .path = is_unreadable_kind (kind) ? aside : NULL,
      };

      run_app (&check);
      return;
    }

  path = make_bad_draft (kind);
  if (path == NULL)
    {
      g_test_skip ("no file system here keeps a date after the year 9999");
      clear_drafts ();
      return;
    }
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();

  /* The draft is kept: where it was, or set aside. */
  g_assert_cmpuint (count_copies (contents, len), ==, 1);
  if (is_unreadable_kind (kind))
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  else
    g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  clear_drafts ();
}

/* Another Djenon, a process of its own, holding its draft. */

static int
hold_draft (const char *id)
{
  g_autoptr(DjCollection) collection = dj_collection_new ();
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
  g_autoptr(GError) error = NULL;
  char buf[16];

  dj_game_play (game, dj_game_get_root (game), 3, &error);
  g_assert_no_error (error);
  dj_collection_append (collection, game);
  if (!dj_drafts_write (id, collection, NULL, &error))
    g_error ("%s", error->message);
  /* Ready; then alive until the test closes our input. */
  if (write (STDOUT_FILENO, "ready\n", 6) != 6)
    return 1;
  while (read (STDIN_FILENO, buf, sizeof buf) > 0)
    ;
  return 0;
}

typedef struct
{
  GPid pid;
  int  in;
} Holder;

static void
start_holder (Holder     *holder,
              const char *id)
{
  const char *argv[] = { g_test_get_filename (G_TEST_BUILT, "test-drafts", NULL), "--hold-draft",
                         id, NULL };
  g_autoptr(GError) error = NULL;
  int out = -1;
  char buf[6];
  gsize got = 0;

  g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                            &holder->pid, &holder->in, &out, NULL, &error);
  g_assert_no_error (error);
  while (got < sizeof buf)
    {
      gssize n = read (out, buf + got, sizeof buf - got);

      g_assert_cmpint (n, >, 0);
      got += n;
    }
  g_assert_true (memcmp (buf, "ready\n", 6) == 0);
  close (out);
}

static void
stop_holder (Holder   *holder,
             gboolean  kill_it)
{
  int status = 0;

  if (kill_it)
    kill (holder->pid, SIGKILL);
  close (holder->in);
  g_assert_cmpint (waitpid (holder->pid, &status, 0), ==, holder->pid);
  g_spawn_close_pid (holder->pid);
}

/* A draft held by another running Djenon is not offered; once that Djenon
 * is gone (killed), its draft is offered as a crash draft. */
static void
test_start_with_live_draft (void)
{
  Holder holder;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *dir = NULL;
  gsize len = 0;

  if (g_test_subprocess ())
    {
      StartCheck check = {
        .expect = g_strcmp0 (g_getenv ("DJ_TEST_EXPECT"), "offer") == 0 ? restore_heading : NULL,
      };

      run_app (&check);
      return;
    }

  clear_drafts ();
  start_holder (&holder, "live-draft");
  dir = drafts_dir ();
  path = g_build_filename (dir, "live-draft.djenon", NULL);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));

  g_setenv ("DJ_TEST_EXPECT", "nothing", TRUE);
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  g_assert_cmpuint (count_copies (contents, len), ==, 1);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  /* Killed: the lock is stale, the draft is offered. */
  stop_holder (&holder, TRUE);
  g_setenv ("DJ_TEST_EXPECT", "offer", TRUE);
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  g_unsetenv ("DJ_TEST_EXPECT");
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  clear_drafts ();
}

/* A draft held by another process is listed as in use, and cannot be
 * taken over or removed through a window. */
static void
test_live_draft_in_use (void)
{
  Holder holder;
  g_autoptr(GPtrArray) drafts = NULL;
  g_autoptr(GError) error = NULL;
  DjWindow *window;

  if (!need_app ())
    return;
  clear_drafts ();
  start_holder (&holder, "held");
  drafts = dj_drafts_list ();
  g_assert_cmpuint (drafts->len, ==, 1);
  g_assert_true (((DjDraft *) drafts->pdata[0])->in_use);
  g_assert_false (dj_drafts_claim ("held", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);

  /* A window offered it anyway leaves it alone. */
  window = new_window ();
  dj_window_offer_draft (window, drafts->pdata[0]);
  flush_events ();
  g_assert_null (find_dialog (GTK_WINDOW (window)));
  g_assert_false (dj_window_get_modified (window));
  destroy_window (window);
  /* Nor removed: its owner is still working on it. */
  dj_drafts_remove ("held");
  g_clear_pointer (&drafts, g_ptr_array_unref);
  drafts = dj_drafts_list ();
  g_assert_cmpuint (drafts->len, ==, 1);

  /* It exits normally without removing it (as if it had crashed). */
  stop_holder (&holder, FALSE);
  g_clear_pointer (&drafts, g_ptr_array_unref);
  drafts = dj_drafts_list ();
  g_assert_cmpuint (drafts->len, ==, 1);
  g_assert_false (((DjDraft *) drafts->pdata[0])->in_use);
  g_assert_true (dj_drafts_claim ("held", &error));
  g_assert_no_error (error);
  dj_drafts_remove ("held");
}

/* Setting a draft aside never overwrites one set aside before. */
static void
test_set_aside_twice (void)
{
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  clear_drafts ();
  g_free (write_draft_file ("twice", ".djenon", "first", -1));
  first = dj_drafts_set_aside ("twice", &error);
  g_assert_no_error (error);
  g_free (write_draft_file ("twice", ".djenon", "second", -1));
  second = dj_drafts_set_aside ("twice", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first, !=, second);
  g_assert_true (g_file_get_contents (first, &a, NULL, NULL));
  g_assert_true (g_file_get_contents (second, &b, NULL, NULL));
  g_assert_cmpstr (a, ==, "first");
  g_assert_cmpstr (b, ==, "second");
  {
    g_autoptr(GPtrArray) drafts = dj_drafts_list ();

    g_assert_cmpuint (drafts->len, ==, 0);
  }
  clear_drafts ();
}

/* The window */

/* A toast shows its text as written, '<' and '&' included. */
static void
test_toast_not_markup (void)
{
  const char *text = "Could not read <game> & its notes";
  g_autoptr(GPtrArray) widgets = NULL;
  gboolean shown = FALSE;
  DjWindow *window;

  if (!need_app ())
    return;
  window = new_window ();
  dj_window_show_toast (window, text);
  flush_events ();
  widgets = all_widgets (GTK_WIDGET (window));
  for (guint i = 0; i < widgets->len; i++)
    if (GTK_IS_LABEL (widgets->pdata[i])
        && g_strcmp0 (gtk_label_get_text (widgets->pdata[i]), text) == 0)
      shown = TRUE;
  g_assert_true (shown);
  destroy_window (window);
}

static char *
make_temp_dir (void)
{
  char *dir = g_dir_make_tmp ("djenon-drafts-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return dir;
}

static void
wait_document (DjWindow *window)
{
  DjDocument *document = dj_window_get_document (window);

  while (dj_document_get_busy (document))
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
}

static GtkInfoBar *
disk_bar (DjWindow *window)
{
  return GTK_INFO_BAR (dj_test_find_widget (GTK_WIDGET (window), GTK_TYPE_INFO_BAR));
}

static gboolean
bar_shown (gpointer data)
{
  GtkInfoBar *bar = disk_bar (data);

  return bar != NULL && gtk_widget_get_visible (GTK_WIDGET (bar))
         && gtk_info_bar_get_revealed (bar);
}

static gboolean
bar_hidden (gpointer data)
{
  return !bar_shown (data);
}

static gboolean
dialog_shown (gpointer data)
{
  return find_dialog (data) != NULL;
}

/* Another program writes @path: other contents, another time. */
static void
change_behind (const char *path,
               const char *contents)
{
  struct timespec times[2] = { { 0, UTIME_OMIT }, { 0, 0 } };
  g_autoptr(GError) error = NULL;
  GStatBuf buf;

  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  times[1].tv_sec = buf.st_mtime + 5;
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
}

static void
respond (AdwMessageDialog *dialog,
         const char       *response)
{
  adw_message_dialog_response (dialog, response);
  flush_events ();
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

/* A file changed on disk by another program: the window says so, and
 * Ctrl+S asks before replacing it; Reload reads it again. */
static void
test_changed_on_disk (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "watched.djenon", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *other = NULL;
  g_autofree char *now = NULL;
  gsize other_len = 0;
  DjWindow *window;
  AdwMessageDialog *dialog;

  if (!need_app ())
    return;
  window = new_window ();
  dj_window_start_game (window, &DJ_RULES_INIT (DJ_VARIANT_ABOURE), NULL, NULL);
  g_assert_true (dj_window_save_to (window, file, &error));
  g_assert_no_error (error);
  flush_events ();
  g_assert_false (bar_shown (window));

  /* Unmodified in the window: the bar offers to reload. */
  other = good_draft_text (&other_len);
  change_behind (path, other);
  dj_test_wait_until (10, bar_shown, window, "the changed-on-disk bar");

  /* A move, then Ctrl+S: a question, and the other program's file stays. */
  dj_game_play_turn (dj_window_get_game (window), 3, DJ_NO_TIME, &error);
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  dj_test_wait_until (10, dialog_shown, window, "the changed-on-disk question");
  wait_document (window);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, other);
  dialog = find_dialog (GTK_WINDOW (window));
  g_assert_true (adw_message_dialog_has_response (dialog, "reload"));
  g_assert_true (adw_message_dialog_has_response (dialog, "save-as"));
  g_assert_true (adw_message_dialog_has_response (dialog, "save"));
  respond (dialog, "cancel");
  g_assert_true (dj_window_get_modified (window));

  /* Save Anyway replaces it, and the bar goes. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  dj_test_wait_until (10, dialog_shown, window, "the changed-on-disk question");
  respond (find_dialog (GTK_WINDOW (window)), "save");
  wait_document (window);
  g_assert_false (dj_window_get_modified (window));
  dj_test_wait_until (10, bar_hidden, window, "the bar to go");
  g_clear_pointer (&now, g_free);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, !=, other);

  /* Changed again while unmodified: Reload reads the other program's games. */
  change_behind (path, other);
  dj_test_wait_until (10, bar_shown, window, "the changed-on-disk bar");
  gtk_info_bar_response (disk_bar (window), GTK_RESPONSE_ACCEPT);
  wait_document (window);
  dj_test_wait_until (10, bar_hidden, window, "the bar to go after reloading");
  g_assert_cmpuint (dj_node_get_ply (dj_node_get_line_end (dj_game_get_root (dj_window_get_game (window)))), ==, 2);
  g_assert_false (dj_window_get_modified (window));

  destroy_window (window);
  g_unlink (path);
  g_unlink (backup);
  g_rmdir (dir);
}

/* A game whose variations nest @depth deep: at each level a second move
 * starts a variation inside the last.  Moves are drawn at random until a
 * game lasts long enough. */
static DjGame *
nested_game (guint depth)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  guint best = 0;

  for (guint32 seed = 1; seed < 2000; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
      DjNode *node = dj_game_get_root (game);
      guint levels = 0;

      while (levels < depth)
        {
          DjMoves moves;
          DjMove legal[DJ_ROW_PITS];
          guint n = 0;

          dj_moves_generate (&rules, dj_node_get_position (node), &moves);
          if (moves.end != DJ_END_NONE)
            break;
          if (moves.must_pass)
            {
              node = dj_game_play (game, node, DJ_PASS, NULL);
              continue;
            }
          for (guint i = 0; i < DJ_ROW_PITS; i++)
            if (moves.pit[i] == DJ_PIT_LEGAL)
              legal[n++] = moves.row_start + i;
          if (n < 2)
            {
              node = dj_game_play (game, node, legal[0], NULL);
              continue;
            }
          {
            guint pick = g_rand_int_range (rand, 0, n);
            guint other = (pick + 1 + g_rand_int_range (rand, 0, n - 1)) % n;

            /* The first child is the main line; the variation goes on. */
            dj_game_play (game, node, legal[other], NULL);
            node = dj_game_play (game, node, legal[pick], NULL);
            levels++;
          }
        }
      if (levels >= depth)
        return g_steal_pointer (&game);
      best = MAX (best, levels);
    }
  g_assert_cmpuint (best, >=, depth);
  return NULL;
}

static gboolean
window_allocated (gpointer data)
{
  /* 800 less the frame of the client-side decorations. */
  return gtk_widget_get_width (data) > 0 && gtk_widget_get_width (data) <= 800;
}

typedef struct
{
  GtkWidget *window;
  gint64     until;
} Frames;

static gboolean
frames_drawn (gpointer data)
{
  Frames *frames = data;

  gtk_widget_queue_draw (frames->window);
  return gdk_frame_clock_get_frame_counter (gtk_widget_get_frame_clock (frames->window))
         >= frames->until;
}

/* Deeply nested variations do not widen the window. */
static void
test_nested_width (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "nested.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(DjCollection) collection = dj_collection_new ();
  g_autoptr(DjGame) game = nested_game (60);
  g_autoptr(GError) error = NULL;
  DjWindow *window;
  int width, min_before, min_after;
  Frames frames;

  if (!need_app ())
    return;
  dj_collection_append (collection, game);
  g_assert_true (dj_xml_save_file (collection, file, NULL, &error));
  g_assert_no_error (error);

  /* Narrower than the rows would be at full indentation. */
  window = dj_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  dj_test_wait_until (10, window_allocated, window, "the window's size");
  width = gtk_widget_get_width (GTK_WIDGET (window));
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_before, NULL,
                      NULL, NULL);
  g_assert_true (dj_window_load_file (window, file, &error));
  g_assert_no_error (error);
  /* The rows made, measured and drawn: a few frames after the load. */
  frames.window = GTK_WIDGET (window);
  frames.until = gdk_frame_clock_get_frame_counter (gtk_widget_get_frame_clock (frames.window)) + 3;
  dj_test_wait_until (10, frames_drawn, &frames, "the window drawn again");
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_after, NULL,
                      NULL, NULL);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
  g_assert_cmpint (min_after, <=, min_before + 20);

  destroy_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;
  int status;

  setlocale (LC_ALL, "");
  /* The other Djenon of test_start_with_live_draft(): in its parent's home. */
  if (argc == 3 && g_str_equal (argv[1], "--hold-draft"))
    return hold_draft (argv[2]);
  if (g_getenv ("DJ_TEST_KEEP_HOME") == NULL)
    {
      home = dj_test_make_home ("djenon-test-drafts");
      g_setenv ("DJ_TEST_KEEP_HOME", "1", TRUE);
    }
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad_names); i++)
    {
      g_autofree char *name = g_strconcat ("/djenon/drafts/start/", bad_names[i], NULL);

      g_test_add_data_func (name, GINT_TO_POINTER (i), test_start_with_bad_draft);
    }
  g_test_add_func ("/djenon/drafts/start/live-draft", test_start_with_live_draft);
  g_test_add_func ("/djenon/drafts/set-aside-twice", test_set_aside_twice);
  g_test_add_func ("/djenon/drafts/live-draft-in-use", test_live_draft_in_use);
  g_test_add_func ("/djenon/drafts/toast-not-markup", test_toast_not_markup);
  g_test_add_func ("/djenon/drafts/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/djenon/drafts/nested-width", test_nested_width);
  status = g_test_run ();

  /* Not in a subprocess: its parent looks at what it left. */
  if (home != NULL)
    {
      clear_drafts ();
      dj_test_remove_tree (home);
    }
  return status;
}
