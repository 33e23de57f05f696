/* dj-training-store.c: what the trainer remembers (see dj-training-store.h)
 *
 * The file is a GKeyFile text:
 *
 *   [Djenon Training]      Version=1
 *   [Score aboure]         Rating, Answers, Streak, BestStreak, Right, Wrong
 *   [Item 1] …             Kind=puzzle|position, Rules, Position (text form),
 *                          Best (moves), Source | Set + Number + Difficulty,
 *                          Box, Due, Answers
 *
 * followed by one last line "# sha256 HEX", the checksum of every byte
 * before it.  Reading is strict: every key present and in range.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>

#include "dj-safe-save.h"
#include "dj-training-store.h"

#define HEADER_GROUP   "Djenon Training"
#define STORE_VERSION  1
#define CHECKSUM_MARK  "# sha256 "
#define MAX_TEXT       1000

G_DEFINE_QUARK (dj-training-error-quark, dj_training_error)

struct _DjTrainingItem
{
  DjTrainingItemKind kind;
  DjRules            rules;
  DjPosition         position;
  DjMove             best[DJ_ROW_PITS];
  guint              n_best;
  char              *source;
  char              *set;
  guint              number;
  guint              difficulty;
  guint              box;
  gint64             due;
  guint              answers;
};

typedef struct
{
  DjTrainingScore score;
  guint           answers;
} Score;


struct _DjTrainingStore
{
  GObject    parent_instance;

  char      *dir;
  char      *path;
  GPtrArray *items;      /* DjTrainingItem */
  GHashTable *by_key;    /* "rules position" → item */
  Score      scores[DJ_N_RULE_SETS];
};

G_DEFINE_FINAL_TYPE (DjTrainingStore, dj_training_store, G_TYPE_OBJECT)

static const char *const rule_set_keys[DJ_N_RULE_SETS] = { "aboure", "abe", "abe-immediate" };

static void
item_free (DjTrainingItem *item)
{
  g_free (item->source);
  g_free (item->set);
  g_free (item);
}

const char *
dj_training_rules_key (const DjRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);
  return rule_set_keys[dj_rules_get_index (rules)];
}

static char *
item_key (const DjRules    *rules,
          const DjPosition *position)
{
  g_autofree char *text = dj_position_to_string (position);

  return g_strdup_printf ("%s %s", dj_training_rules_key (rules), text);
}

gint64
dj_training_box_interval (guint box)
{
  static const gint64 days[DJ_TRAINING_N_BOXES] = { 0, 1, 3, 7, 21 };

  g_return_val_if_fail (box >= 1 && box <= DJ_TRAINING_N_BOXES, 0);
  return days[box - 1] * 24 * 3600;
}

static void
reset (DjTrainingStore *self)
{
  g_hash_table_remove_all (self->by_key);
  g_ptr_array_set_size (self->items, 0);
  for (guint i = 0; i < DJ_N_RULE_SETS; i++)
    {
      memset (&self->scores[i], 0, sizeof self->scores[i]);
      self->scores[i].score.rating = DJ_TRAINING_START_RATING;
    }
}

/* Reading */

static gboolean
get_uint (GKeyFile   *keys,
          const char *group,
          const char *key,
          guint       min,
          guint       max,
          guint      *out,
          GError    **error)
{
  g_autofree char *text = g_key_file_get_value (keys, group, key, NULL);
  guint64 value;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, min, max, &value, NULL))
    {
      /* Translators: the reason a training store is damaged: [GROUP] KEY */
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                   _("[%s] %s is missing or not a number from %u to %u"), group, key, min, max);
      return FALSE;
    }
  *out = (guint) value;
  return TRUE;
}

static gboolean
get_int64 (GKeyFile   *keys,
           const char *group,
           const char *key,
           gint64     *out,
           GError    **error)
{
  g_autofree char *text = g_key_file_get_value (keys, group, key, NULL);
  gint64 value;

  if (text == NULL || !g_ascii_string_to_signed (text, 10, 0, G_MAXINT64 / 2, &value, NULL))
    {
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                   _("[%s] %s is missing or not a time"), group, key);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

static char *
get_text (GKeyFile   *keys,
          const char *group,
          const char *key,
          GError    **error)
{
  g_autofree char *text = g_key_file_get_string (keys, group, key, NULL);

  if (text == NULL || *text == '\0' || strlen (text) > MAX_TEXT || !g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                   _("[%s] %s is missing or not a short text"), group, key);
      return NULL;
    }
  return g_steal_pointer (&text);
}

static gboolean
rules_from_key (const char *key,
                DjRules    *rules)
{
  for (guint i = 0; i < DJ_N_RULE_SETS; i++)
    if (g_strcmp0 (key, rule_set_keys[i]) == 0)
      {
        *rules = dj_rules_from_index (i);
        return TRUE;
      }
  return FALSE;
}

static DjTrainingItem *
read_item (GKeyFile   *keys,
           const char *group,
           GError    **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *rules_text = NULL;
  g_autofree char *position_text = NULL;
  g_autofree char *best_text = NULL;
  g_auto(GStrv) best = NULL;
  DjTrainingItem *item;

  item = g_new0 (DjTrainingItem, 1);
  kind = g_key_file_get_value (keys, group, "Kind", NULL);
  rules_text = g_key_file_get_value (keys, group, "Rules", NULL);
  position_text = g_key_file_get_value (keys, group, "Position", NULL);
  best_text = g_key_file_get_value (keys, group, "Best", NULL);
  if (g_strcmp0 (kind, "puzzle") == 0)
    item->kind = DJ_TRAINING_ITEM_PUZZLE;
  else if (g_strcmp0 (kind, "position") == 0)
    item->kind = DJ_TRAINING_ITEM_POSITION;
  else
    {
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                   _("[%s] Kind is missing or unknown"), group);
      goto fail;
    }
  if (rules_text == NULL || !rules_from_key (rules_text, &item->rules))
    {
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                   _("[%s] Rules is missing or unknown"), group);
      goto fail;
    }
  if (position_text == NULL || !dj_position_parse (position_text, &item->position, &local))
    {
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                   _("[%s] Position is missing or impossible"), group);
      goto fail;
    }
  best = best_text != NULL ? g_strsplit (best_text, " ", -1) : NULL;
  if (best == NULL || g_strv_length (best) == 0 || g_strv_length (best) > DJ_ROW_PITS)
    goto bad_best;
  for (guint i = 0; best[i] != NULL; i++)
    {
      DjMove move;

      if (!dj_move_from_string (best[i], &move) || move == DJ_PASS
          || DJ_PIT_OWNER (move) != item->position.to_move)
        goto bad_best;
      item->best[item->n_best++] = move;
    }
  if (item->kind == DJ_TRAINING_ITEM_POSITION)
    {
      if ((item->source = get_text (keys, group, "Source", error)) == NULL)
        goto fail;
    }
  else if ((item->set = get_text (keys, group, "Set", error)) == NULL
           || !get_uint (keys, group, "Number", 1, G_MAXINT, &item->number, error)
           || !get_uint (keys, group, "Difficulty", 1, 1000, &item->difficulty, error)
           || item->n_best != 1)
    {
      if (error != NULL && *error == NULL)
        goto bad_best;
      goto fail;
    }
  if (!get_uint (keys, group, "Box", 1, DJ_TRAINING_N_BOXES, &item->box, error)
      || !get_int64 (keys, group, "Due", &item->due, error)
      || !get_uint (keys, group, "Answers", 0, G_MAXINT, &item->answers, error))
    goto fail;
  return item;

bad_best:
  g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
               _("[%s] Best does not list the moves of the side to move"), group);
fail:
  item_free (item);
  return NULL;
}

static gboolean
read_score (DjTrainingStore *self,
            GKeyFile        *keys,
            guint            index,
            GError         **error)
{
  g_autofree char *group = g_strdup_printf ("Score %s", rule_set_keys[index]);
  Score *score = &self->scores[index];
  guint rating;

  if (!g_key_file_has_group (keys, group))
    return TRUE;
  if (!get_uint (keys, group, "Rating", 0, 10000, &rating, error)
      || !get_uint (keys, group, "Streak", 0, G_MAXINT, &score->score.streak, error)
      || !get_uint (keys, group, "BestStreak", 0, G_MAXINT, &score->score.best_streak, error)
      || !get_uint (keys, group, "Right", 0, G_MAXINT, &score->score.right, error)
      || !get_uint (keys, group, "Wrong", 0, G_MAXINT, &score->score.wrong, error)
      || !get_uint (keys, group, "RatedAnswers", 0, G_MAXINT, &score->answers, error))
    return FALSE;
  score->score.rating = (int) rating;
  return TRUE;
}

/* Parses @data (all of the file) into @self, or says why it cannot. */
static gboolean
parse (DjTrainingStore *self,
       const char      *data,
       gsize            len,
       GError         **error)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GError) local = NULL;
  g_autofree char *checksum = NULL;
  g_auto(GStrv) groups = NULL;
  const char *mark;
  gsize body_len;
  guint version;

  /* The checksum line is the last one. */
  if (len < strlen (CHECKSUM_MARK) + 65 || data[len - 1] != '\n' || memchr (data, '\0', len) != NULL)
    goto no_checksum;
  mark = g_strrstr_len (data, len - 1, "\n" CHECKSUM_MARK);
  if (mark == NULL)
    goto no_checksum;
  body_len = mark + 1 - data;
  checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, body_len);
  if (len - body_len != strlen (CHECKSUM_MARK) + 65
      || memcmp (data + body_len + strlen (CHECKSUM_MARK), checksum, 64) != 0)
    goto no_checksum;

  if (!g_utf8_validate (data, body_len, NULL)
      || !g_key_file_load_from_data (keys, data, body_len, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                   _("not a training store: %s"), local != NULL ? local->message : "UTF-8");
      return FALSE;
    }
  if (!g_key_file_has_group (keys, HEADER_GROUP))
    {
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                   _("not a training store of Djenon"));
      return FALSE;
    }
  if (!get_uint (keys, HEADER_GROUP, "Version", 1, G_MAXINT, &version, error))
    return FALSE;
  if (version != STORE_VERSION)
    {
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                   _("written by another version of Djenon (store version %u, this one reads %u)"),
                   version, STORE_VERSION);
      return FALSE;
    }
  for (guint i = 0; i < DJ_N_RULE_SETS; i++)
    if (!read_score (self, keys, i, error))
      return FALSE;
  groups = g_key_file_get_groups (keys, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    {
      DjTrainingItem *item;
      char *key;

      if (!g_str_has_prefix (groups[i], "Item "))
        continue;
      if (self->items->len >= DJ_TRAINING_MAX_ITEMS)
        {
          g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                       _("more than %u items"), DJ_TRAINING_MAX_ITEMS);
          return FALSE;
        }
      item = read_item (keys, groups[i], error);
      if (item == NULL)
        return FALSE;
      key = item_key (&item->rules, &item->position);
      if (g_hash_table_contains (self->by_key, key))
        {
          g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                       _("[%s] the same position twice"), groups[i]);
          g_free (key);
          item_free (item);
          return FALSE;
        }
      g_ptr_array_add (self->items, item);
      g_hash_table_insert (self->by_key, key, item);
    }
  return TRUE;

no_checksum:
  g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
               _("its checksum is missing or wrong: the file was cut short or changed"));
  return FALSE;
}

/* Moves the damaged file aside, never over another file. */
static char *
move_aside (const char *path)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%dT%H%M%S");

  for (guint i = 0; i < 1000; i++)
    {
      g_autofree char *aside = i == 0 ? g_strdup_printf ("%s.damaged-%s", path, stamp)
                                      : g_strdup_printf ("%s.damaged-%s-%u", path, stamp, i);

      if (g_file_test (aside, G_FILE_TEST_EXISTS))
        continue;
      if (g_rename (path, aside) == 0)
        return g_steal_pointer (&aside);
      return NULL;
    }
  return NULL;
}

char *
dj_training_store_default_dir (void)
{
  const char *dir = g_getenv ("DJENON_TRAINING_DIR");

  if (dir != NULL && *dir != '\0')
    return g_strdup (dir);
  return g_build_filename (g_get_user_data_dir (), "djenon", NULL);
}

DjTrainingStore *
dj_training_store_open (const char  *dir,
                        GError     **error)
{
  g_autoptr(DjTrainingStore) self = g_object_new (DJ_TYPE_TRAINING_STORE, NULL);
  g_autoptr(GError) local = NULL;
  g_autofree char *data = NULL;
  gsize len = 0;
  GStatBuf st;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self->dir = dir != NULL ? g_strdup (dir) : dj_training_store_default_dir ();
  self->path = g_build_filename (self->dir, DJ_TRAINING_STORE_FILE, NULL);
  if (g_stat (self->path, &st) != 0 && errno == ENOENT)
    return g_steal_pointer (&self);
  if (g_file_test (self->path, G_FILE_TEST_IS_REGULAR) && st.st_size > DJ_TRAINING_MAX_BYTES)
    g_set_error (&local, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                 _("larger than %u bytes"), (guint) DJ_TRAINING_MAX_BYTES);
  else if (g_file_get_contents (self->path, &data, &len, &local))
    parse (self, data, len, &local);
  if (local != NULL)
    {
      g_autofree char *aside = NULL;

      reset (self);
      aside = move_aside (self->path);
      if (aside != NULL)
        g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                     _("The training progress in %s could not be read (%s). It was moved to %s "
                       "and training starts afresh; your games are not affected."),
                     self->path, local->message, aside);
      else
        g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED,
                     _("The training progress in %s could not be read (%s) nor moved aside; "
                       "training starts afresh and will replace it; your games are not "
                       "affected."),
                     self->path, local->message);
    }
  return g_steal_pointer (&self);
}

const char *
dj_training_store_get_path (DjTrainingStore *self)
{
  g_return_val_if_fail (DJ_IS_TRAINING_STORE (self), NULL);
  return self->path;
}

/* Writing */

static char *
moves_text (const DjTrainingItem *item)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < item->n_best; i++)
    {
      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, dj_move_to_string (item->best[i]));
    }
  return g_string_free (text, FALSE);
}

static gboolean
save (DjTrainingStore  *self,
      GError          **error)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *body = NULL;
  g_autofree char *checksum = NULL;
  g_autofree char *data = NULL;
  gsize len;

  g_key_file_set_integer (keys, HEADER_GROUP, "Version", STORE_VERSION);
  for (guint i = 0; i < DJ_N_RULE_SETS; i++)
    {
      g_autofree char *group = g_strdup_printf ("Score %s", rule_set_keys[i]);
      const Score *score = &self->scores[i];

      g_key_file_set_integer (keys, group, "Rating", score->score.rating);
      g_key_file_set_uint64 (keys, group, "Streak", score->score.streak);
      g_key_file_set_uint64 (keys, group, "BestStreak", score->score.best_streak);
      g_key_file_set_uint64 (keys, group, "Right", score->score.right);
      g_key_file_set_uint64 (keys, group, "Wrong", score->score.wrong);
      g_key_file_set_uint64 (keys, group, "RatedAnswers", score->answers);
    }
  for (guint i = 0; i < self->items->len; i++)
    {
      const DjTrainingItem *item = g_ptr_array_index (self->items, i);
      g_autofree char *group = g_strdup_printf ("Item %u", i + 1);
      g_autofree char *position = dj_position_to_string (&item->position);
      g_autofree char *best = moves_text (item);

      g_key_file_set_value (keys, group, "Kind",
                            item->kind == DJ_TRAINING_ITEM_PUZZLE ? "puzzle" : "position");
      g_key_file_set_value (keys, group, "Rules", dj_training_rules_key (&item->rules));
      g_key_file_set_value (keys, group, "Position", position);
      g_key_file_set_value (keys, group, "Best", best);
      if (item->kind == DJ_TRAINING_ITEM_POSITION)
        g_key_file_set_string (keys, group, "Source", item->source);
      else
        {
          g_key_file_set_string (keys, group, "Set", item->set);
          g_key_file_set_uint64 (keys, group, "Number", item->number);
          g_key_file_set_uint64 (keys, group, "Difficulty", item->difficulty);
        }
      g_key_file_set_uint64 (keys, group, "Box", item->box);
      g_key_file_set_int64 (keys, group, "Due", item->due);
      g_key_file_set_uint64 (keys, group, "Answers", item->answers);
    }
  body = g_key_file_to_data (keys, &len, NULL);
  checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) body, len);
  data = g_strdup_printf ("%s" CHECKSUM_MARK "%s\n", body, checksum);

  if (g_mkdir_with_parents (self->dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_IO,
                   _("%s: cannot create the folder: %s"), self->dir, g_strerror (saved));
      return FALSE;
    }
  file = g_file_new_for_path (self->path);
  if (!dj_safe_save_bytes (file, DJ_SAFE_SAVE_FORCE, data, strlen (data), NULL, &local))
    {
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_IO,
                   _("The training progress could not be saved: %s"), local->message);
      return FALSE;
    }
  return TRUE;
}

/* Adding */

static DjTrainingItem *
add_item (DjTrainingStore   *self,
          DjTrainingItem    *item,
          gint64             now,
          GError           **error)
{
  g_autofree char *key = item_key (&item->rules, &item->position);
  DjTrainingItem *known = g_hash_table_lookup (self->by_key, key);

  if (known != NULL)
    {
      /* Known already: what it is worth may be newer, its schedule stays. */
      memcpy (known->best, item->best, sizeof item->best);
      known->n_best = item->n_best;
      if (item->source != NULL && known->kind == DJ_TRAINING_ITEM_POSITION)
        {
          g_free (known->source);
          known->source = g_steal_pointer (&item->source);
        }
      if (item->kind == DJ_TRAINING_ITEM_PUZZLE && known->kind == DJ_TRAINING_ITEM_PUZZLE)
        {
          g_free (known->set);
          known->set = g_steal_pointer (&item->set);
          known->number = item->number;
          known->difficulty = item->difficulty;
        }
      item_free (item);
      if (!save (self, error))
        return NULL;
      return known;
    }
  if (self->items->len >= DJ_TRAINING_MAX_ITEMS)
    {
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_FULL,
                   _("%s: the training store is full (%u positions)"), self->path,
                   DJ_TRAINING_MAX_ITEMS);
      item_free (item);
      return NULL;
    }
  item->box = 1;
  item->due = now;
  g_ptr_array_add (self->items, item);
  g_hash_table_insert (self->by_key, g_strdup (key), item);
  if (!save (self, error))
    {
      /* Taken back, so memory and file agree. */
      g_hash_table_remove (self->by_key, key);
      g_ptr_array_set_size (self->items, self->items->len - 1);
      return NULL;
    }
  return item;
}

static gboolean
check_position (const DjRules     *rules,
                const DjPosition  *position,
                const DjMove      *best,
                guint              n_best,
                GError           **error)
{
  g_autoptr(GError) local = NULL;

  if (!dj_position_check (position, &local)
      || (rules->variant == DJ_VARIANT_ABOURE && position->feed_owed))
    {
      g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_INVALID,
                   _("This position cannot be trained: %s"),
                   local != NULL ? local->message : _("no feeding in Djenon-aboure"));
      return FALSE;
    }
  if (n_best == 0 || n_best > DJ_ROW_PITS)
    goto bad;
  for (guint i = 0; i < n_best; i++)
    if (best[i] < 0 || best[i] >= DJ_N_PITS || DJ_PIT_OWNER (best[i]) != position->to_move)
      goto bad;
  return TRUE;

bad:
  g_set_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_INVALID,
               _("This position cannot be trained: its best moves are not pits of the side to "
                 "move"));
  return FALSE;
}

DjTrainingItem *
dj_training_store_add_position (DjTrainingStore   *self,
                                const DjRules     *rules,
                                const DjPosition  *position,
                                const DjMove      *best_moves,
                                guint              n_best_moves,
                                const char        *source,
                                gint64             now,
                                GError           **error)
{
  DjTrainingItem *item;

  g_return_val_if_fail (DJ_IS_TRAINING_STORE (self), NULL);
  g_return_val_if_fail (rules != NULL && position != NULL, NULL);
  g_return_val_if_fail (best_moves != NULL || n_best_moves == 0, NULL);
  g_return_val_if_fail (source != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_position (rules, position, best_moves, n_best_moves, error))
    return NULL;
  item = g_new0 (DjTrainingItem, 1);
  item->kind = DJ_TRAINING_ITEM_POSITION;
  item->rules = *rules;
  item->position = *position;
  for (guint i = 0; i < n_best_moves; i++)
    item->best[item->n_best++] = best_moves[i];
  item->source = g_utf8_make_valid (*source != '\0' ? source : "?", MIN (strlen (source), MAX_TEXT));
  return add_item (self, item, now, error);
}

DjTrainingItem *
dj_training_store_add_puzzle (DjTrainingStore   *self,
                              const DjRules     *rules,
                              const DjPosition  *position,
                              DjMove             solution,
                              const char        *set,
                              guint              number,
                              guint              difficulty,
                              gint64             now,
                              GError           **error)
{
  DjTrainingItem *item;

  g_return_val_if_fail (DJ_IS_TRAINING_STORE (self), NULL);
  g_return_val_if_fail (rules != NULL && position != NULL, NULL);
  g_return_val_if_fail (set != NULL && *set != '\0', NULL);
  g_return_val_if_fail (number >= 1, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_position (rules, position, &solution, 1, error))
    return NULL;
  item = g_new0 (DjTrainingItem, 1);
  item->kind = DJ_TRAINING_ITEM_PUZZLE;
  item->rules = *rules;
  item->position = *position;
  item->best[0] = solution;
  item->n_best = 1;
  item->set = g_utf8_make_valid (set, MIN (strlen (set), MAX_TEXT));
  item->number = number;
  item->difficulty = CLAMP (difficulty, 1, 1000);
  return add_item (self, item, now, error);
}

DjTrainingItem *
dj_training_store_find (DjTrainingStore  *self,
                        const DjRules    *rules,
                        const DjPosition *position)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (DJ_IS_TRAINING_STORE (self), NULL);
  g_return_val_if_fail (rules != NULL && position != NULL, NULL);

  key = item_key (rules, position);
  return g_hash_table_lookup (self->by_key, key);
}

/* Answers */

gboolean
dj_training_store_record_answer (DjTrainingStore  *self,
                                 DjTrainingItem   *item,
                                 gboolean          correct,
                                 gint64            now,
                                 GError          **error)
{
  Score *score;

  g_return_val_if_fail (DJ_IS_TRAINING_STORE (self), FALSE);
  g_return_val_if_fail (item != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  item->box = correct ? MIN (item->box + 1, DJ_TRAINING_N_BOXES) : 1;
  item->due = now + dj_training_box_interval (item->box);
  item->answers++;

  score = &self->scores[dj_rules_get_index (&item->rules)];
  if (correct)
    {
      score->score.right++;
      score->score.streak++;
      score->score.best_streak = MAX (score->score.best_streak, score->score.streak);
    }
  else
    {
      score->score.wrong++;
      score->score.streak = 0;
    }
  if (item->kind == DJ_TRAINING_ITEM_PUZZLE)
    {
      double opponent = 1000.0 + 150.0 * item->difficulty;
      double expected = 1.0 / (1.0 + pow (10.0, (opponent - score->score.rating) / 400.0));
      double k = score->answers < 20 ? 40.0 : 20.0;
      double rating = score->score.rating + k * ((correct ? 1.0 : 0.0) - expected);

      score->score.rating = (int) CLAMP (lround (rating), 0, 10000);
      score->answers++;
    }
  return save (self, error);
}

static int
compare_due (gconstpointer a,
             gconstpointer b)
{
  const DjTrainingItem *x = *(DjTrainingItem *const *) a;
  const DjTrainingItem *y = *(DjTrainingItem *const *) b;

  return x->due < y->due ? -1 : x->due > y->due;
}

GPtrArray *
dj_training_store_due (DjTrainingStore *self,
                       const DjRules   *rules,
                       gint64           now)
{
  GPtrArray *due;

  g_return_val_if_fail (DJ_IS_TRAINING_STORE (self), NULL);
  g_return_val_if_fail (rules != NULL, NULL);

  due = g_ptr_array_new ();
  for (guint i = 0; i < self->items->len; i++)
    {
      DjTrainingItem *item = g_ptr_array_index (self->items, i);

      if (item->due <= now && dj_rules_equal (&item->rules, rules))
        g_ptr_array_add (due, item);
    }
  /* Stable: equal times keep the order they were added in. */
  g_ptr_array_sort (due, compare_due);
  return due;
}

guint
dj_training_store_get_n_items (DjTrainingStore *self)
{
  g_return_val_if_fail (DJ_IS_TRAINING_STORE (self), 0);
  return self->items->len;
}

void
dj_training_store_get_score (DjTrainingStore *self,
                             const DjRules   *rules,
                             DjTrainingScore *score)
{
  g_return_if_fail (DJ_IS_TRAINING_STORE (self));
  g_return_if_fail (rules != NULL && score != NULL);
  *score = self->scores[dj_rules_get_index (rules)].score;
}

/* Items */

DjTrainingItemKind
dj_training_item_get_kind (const DjTrainingItem *item)
{
  g_return_val_if_fail (item != NULL, DJ_TRAINING_ITEM_POSITION);
  return item->kind;
}

const DjRules *
dj_training_item_get_rules (const DjTrainingItem *item)
{
  g_return_val_if_fail (item != NULL, NULL);
  return &item->rules;
}

const DjPosition *
dj_training_item_get_position (const DjTrainingItem *item)
{
  g_return_val_if_fail (item != NULL, NULL);
  return &item->position;
}

const DjMove *
dj_training_item_get_best_moves (const DjTrainingItem *item,
                                 guint                *n_moves)
{
  g_return_val_if_fail (item != NULL, NULL);
  if (n_moves != NULL)
    *n_moves = item->n_best;
  return item->best;
}

gboolean
dj_training_item_is_best (const DjTrainingItem *item,
                          DjMove                move)
{
  g_return_val_if_fail (item != NULL, FALSE);
  for (guint i = 0; i < item->n_best; i++)
    if (item->best[i] == move)
      return TRUE;
  return FALSE;
}

const char *
dj_training_item_get_source (const DjTrainingItem *item)
{
  g_return_val_if_fail (item != NULL, NULL);
  return item->source;
}

const char *
dj_training_item_get_set (const DjTrainingItem *item)
{
  g_return_val_if_fail (item != NULL, NULL);
  return item->set;
}

guint
dj_training_item_get_number (const DjTrainingItem *item)
{
  g_return_val_if_fail (item != NULL, 0);
  return item->number;
}

guint
dj_training_item_get_difficulty (const DjTrainingItem *item)
{
  g_return_val_if_fail (item != NULL, 0);
  return item->difficulty;
}

guint
dj_training_item_get_box (const DjTrainingItem *item)
{
  g_return_val_if_fail (item != NULL, 0);
  return item->box;
}

gint64
dj_training_item_get_due (const DjTrainingItem *item)
{
  g_return_val_if_fail (item != NULL, 0);
  return item->due;
}

guint
dj_training_item_get_n_answers (const DjTrainingItem *item)
{
  g_return_val_if_fail (item != NULL, 0);
  return item->answers;
}

/* GObject */

static void
dj_training_store_finalize (GObject *object)
{
  DjTrainingStore *self = DJ_TRAINING_STORE (object);

  g_hash_table_unref (self->by_key);
  g_ptr_array_unref (self->items);
  g_free (self->dir);
  g_free (self->path);

  G_OBJECT_CLASS (dj_training_store_parent_class)->finalize (object);
}

static void
dj_training_store_class_init (DjTrainingStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dj_training_store_finalize;
}

static void
dj_training_store_init (DjTrainingStore *self)
{
  self->items = g_ptr_array_new_with_free_func ((GDestroyNotify) item_free);
  self->by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  reset (self);
}
