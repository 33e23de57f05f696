/* test-interface-text.c: what the Keyboard Shortcuts and About windows say,
 * in the language of $LANGUAGE (run for English and each translation)
 *
 * - Every key the Keyboard Shortcuts window shows is a key the window or the
 *   application has, and every action with keys is listed there.
 * - Key names are the translation's own (GTK's Basque names Home "the home
 *   folder").
 * - The About window credits Mancala World for the rules texts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dj-explainer.h"
#include "dj-puzzle-window.h"
#include "dj-test-app.h"

/* Keys handled by a key controller rather than a shortcut: the board plays
 * pits a–f and moves between pits (Ctrl+Left, Ctrl+Right, Up, Down:
 * test-board presses them) and marks the focused pit (o x t s, 1–9, l, k,
 * Delete, Shift+arrows: test-markup-ui presses them), and F10 opens the
 * primary menu (checked below). */
static const char *controller_keys[] = {
  "a", "b", "c", "d", "e", "f", "F10", "<Control>Left", "<Control>Right", "Up", "Down",
  "o", "x", "t", "s", "l", "k", "1", "2", "3", "4", "5", "6", "7", "8", "9", "Delete",
  "<Shift>Left", "<Shift>Right", "<Shift>Up", "<Shift>Down",
};

typedef struct
{
  guint           keyval;
  GdkModifierType mods;
} Key;

static Key
key_from_accel (const char *accel)
{
  Key key = { 0, 0 };

  if (!gtk_accelerator_parse (accel, &key.keyval, &key.mods))
    g_error ("“%s” is not an accelerator", accel);
  key.keyval = gdk_keyval_to_lower (key.keyval);
  /* <Shift>z and Z are one key. */
  return key;
}

static gboolean
keys_contain (GArray *keys,
              Key     key)
{
  for (guint i = 0; i < keys->len; i++)
    {
      Key *k = &g_array_index (keys, Key, i);

      if (k->keyval == key.keyval && k->mods == key.mods)
        return TRUE;
    }
  return FALSE;
}

static char *
key_name (Key key)
{
  return gtk_accelerator_name (key.keyval, key.mods);
}

static GtkWindow *
find_toplevel (GType type)
{
  GtkWindow *found = NULL;
  GList *toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type))
      found = l->data;
  g_list_free (toplevels);
  return found;
}

/* The keys of every shortcut controller of the window and its widgets. */
static void
add_controller_keys (GArray    *keys,
                     GtkWidget *root)
{
  g_autoptr(GPtrArray) widgets = all_widgets (root);

  for (guint i = 0; i < widgets->len; i++)
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widgets->pdata[i]);

      for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
        {
          g_autoptr(GObject) controller = g_list_model_get_item (controllers, c);

          if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
            continue;
          for (guint s = 0; s < g_list_model_get_n_items (G_LIST_MODEL (controller)); s++)
            {
              g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), s);
              g_autoptr(GPtrArray) triggers = g_ptr_array_new ();

              g_ptr_array_add (triggers, gtk_shortcut_get_trigger (shortcut));
              while (triggers->len > 0)
                {
                  GtkShortcutTrigger *trigger = g_ptr_array_steal_index (triggers, triggers->len - 1);

                  if (GTK_IS_KEYVAL_TRIGGER (trigger))
                    {
                      Key key = {
                        gdk_keyval_to_lower (gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger))),
                        gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)),
                      };

                      g_array_append_val (keys, key);
                    }
                  else if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
                    {
                      g_ptr_array_add (triggers, (gpointer) gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)));
                      g_ptr_array_add (triggers, (gpointer) gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)));
                    }
                }
            }
        }
    }
}

/* The keys a shortcuts row shows: "a b c", "<Control>0...<Control>6". */
static void
add_shown_keys (GArray     *keys,
                const char *accelerator)
{
  g_auto(GStrv) words = g_strsplit (accelerator, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_auto(GStrv) range = g_strsplit (words[i], "...", 2);

      if (*words[i] == '\0')
        continue;
      if (range[1] != NULL)
        {
          Key first = key_from_accel (range[0]);
          Key last = key_from_accel (range[1]);

          g_assert_cmpuint (first.mods, ==, last.mods);
          for (guint k = first.keyval; k <= last.keyval; k++)
            {
              Key key = { k, first.mods };

              g_array_append_val (keys, key);
            }
        }
      else
        {
          Key key = key_from_accel (words[i]);

          g_array_append_val (keys, key);
        }
    }
}

static void
test_shortcuts_window (void)
{
  DjWindow *window = new_window ();
  GtkWindow *shortcuts;
  g_autoptr(GPtrArray) widgets = NULL;
  g_autoptr(GPtrArray) window_widgets = NULL;
  g_autoptr(GtkWidget) explainer = NULL;
  GtkWidget *trainer;
  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (Key));
  g_autoptr(GArray) existing = g_array_new (FALSE, FALSE, sizeof (Key));
  g_auto(GStrv) actions = NULL;
  gboolean primary_menu = FALSE;
  guint rows = 0, keycaps = 0, missing = 0, unlisted = 0, home = 0;
  const char *home_label = g_dpgettext2 (NULL, "keyboard label", "Home");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
  flush_events ();
  shortcuts = find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
  g_assert_nonnull (shortcuts);

  widgets = all_widgets (GTK_WIDGET (shortcuts));
  for (guint i = 0; i < widgets->len; i++)
    {
      GtkWidget *w = widgets->pdata[i];

      if (GTK_IS_SHORTCUTS_SHORTCUT (w))
        {
          g_autofree char *accelerator = NULL;
          g_autofree char *action = NULL;
          g_autofree char *title = NULL;
          GtkShortcutType type;

          g_object_get (w, "accelerator", &accelerator, "action-name", &action,
                        "title", &title, "shortcut-type", &type, NULL);
          /* An action name shows no keys in a window Djenon builds itself. */
          g_assert_null (action);
          /* A mouse gesture (board markup) shows its icon, not keys. */
          if (type == GTK_SHORTCUT_GESTURE)
            continue;
          if (accelerator == NULL || *accelerator == '\0')
            {
              g_test_message ("the row “%s” shows no keys", title);
              missing++;
              continue;
            }
          add_shown_keys (shown, accelerator);
          rows++;
        }
      else if (GTK_IS_LABEL (w) && GTK_IS_SHORTCUT_LABEL (gtk_widget_get_parent (w)))
        {
          const char *text = gtk_label_get_label (GTK_LABEL (w));

          keycaps++;
          /* GTK's Basque names the Home key "Karpeta nagusia" (home folder). */
          g_assert_cmpstr (text, !=, "Karpeta nagusia");
          if (g_strcmp0 (text, home_label) == 0)
            home++;
        }
    }
  g_test_message ("%u rows, %u key labels", rows, keycaps);
  g_assert_cmpuint (missing, ==, 0);
  g_assert_cmpuint (rows, >=, 30);
  /* Once in its section, once among the search results. */
  g_assert_cmpuint (home, >=, 1);

  /* What exists: the application's accelerators, the window's shortcuts. */
  actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                    actions[i]);
      gboolean listed = FALSE;

      for (guint a = 0; accels[a] != NULL; a++)
        {
          Key key = key_from_accel (accels[a]);

          g_array_append_val (existing, key);
          listed = listed || keys_contain (shown, key);
        }
      if (accels[0] != NULL && !listed)
        {
          g_test_message ("%s (%s) is not in the Keyboard Shortcuts window", actions[i], accels[0]);
          unlisted++;
        }
    }
  add_controller_keys (existing, GTK_WIDGET (window));
  /* Built when first shown: the move explainer of the study pane. */
  explainer = g_object_ref_sink (g_object_new (DJ_TYPE_EXPLAINER, NULL));
  add_controller_keys (existing, explainer);
  /* The puzzle trainer, a window of its own. */
  trainer = dj_puzzle_window_new (GTK_APPLICATION (app), NULL, NULL);
  add_controller_keys (existing, trainer);
  gtk_window_destroy (GTK_WINDOW (trainer));
  g_assert_cmpuint (unlisted, ==, 0);

  window_widgets = all_widgets (GTK_WIDGET (window));
  for (guint i = 0; i < window_widgets->len; i++)
    if (GTK_IS_MENU_BUTTON (window_widgets->pdata[i]) &&
        gtk_menu_button_get_primary (window_widgets->pdata[i]))
      primary_menu = TRUE;
  g_assert_true (primary_menu);
  for (guint i = 0; i < G_N_ELEMENTS (controller_keys); i++)
    {
      Key key = key_from_accel (controller_keys[i]);

      g_array_append_val (existing, key);
    }

  for (guint i = 0; i < shown->len; i++)
    {
      Key key = g_array_index (shown, Key, i);

      if (!keys_contain (existing, key))
        {
          g_autofree char *name = key_name (key);

          g_test_message ("the Keyboard Shortcuts window shows %s, which nothing handles", name);
          missing++;
        }
    }
  g_assert_cmpuint (missing, ==, 0);

  gtk_window_destroy (shortcuts);
  destroy_window (window);
}

static void
test_about_window (void)
{
  DjWindow *window = new_window ();
  GtkWindow *about;
  g_autoptr(GPtrArray) widgets = NULL;
  guint credits = 0;

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  flush_events ();
  about = find_toplevel (ADW_TYPE_ABOUT_WINDOW);
  g_assert_nonnull (about);

  widgets = all_widgets (GTK_WIDGET (about));
  for (guint i = 0; i < widgets->len; i++)
    if (GTK_IS_LABEL (widgets->pdata[i]))
      {
        const char *text = gtk_label_get_label (widgets->pdata[i]);

        if (strstr (text, "Mancala World") != NULL)
          {
            g_test_message ("credit: %s", text);
            credits++;
          }
        if (strstr (text, "by-sa/3.0") != NULL)
          credits++;
      }
  /* The acknowledgement, the legal section and its licence. */
  g_assert_cmpuint (credits, >=, 3);

  gtk_window_destroy (about);
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = dj_test_make_home ("djenon-test-interface-text");
  int status;

  dj_test_use_built_translations ();
  g_test_init (&argc, &argv, NULL);

  if (!dj_test_start_app ())
    {
      dj_test_remove_tree (home);
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  g_test_add_func ("/djenon/interface-text/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/djenon/interface-text/about-window", test_about_window);
  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  return status;
}
