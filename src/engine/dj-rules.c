/* dj-rules.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-rules.h"

G_DEFINE_QUARK (dj-engine-error-quark, dj_engine_error)

static const char * const variant_names[] = { "aboure", "abe" };
static const char * const feeding_names[] = { "on-starved-turn", "immediate" };

const char *
dj_variant_to_string (DjVariant variant)
{
  g_return_val_if_fail (variant <= DJ_VARIANT_ABE, NULL);
  return variant_names[variant];
}

gboolean
dj_variant_from_string (const char *str,
                        DjVariant  *variant)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (variant_names); i++)
    if (g_ascii_strcasecmp (str, variant_names[i]) == 0 ||
        (g_ascii_strncasecmp (str, "djenon-", 7) == 0 &&
         g_ascii_strcasecmp (str + 7, variant_names[i]) == 0))
      {
        *variant = (DjVariant) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_variant_display_name (DjVariant variant)
{
  /* The games' names are not translated. */
  return variant == DJ_VARIANT_ABE ? "Djenon-abe" : "Djenon-aboure";
}

const char *
dj_feeding_to_string (DjFeeding feeding)
{
  g_return_val_if_fail (feeding <= DJ_FEEDING_IMMEDIATE, NULL);
  return feeding_names[feeding];
}

gboolean
dj_feeding_from_string (const char *str,
                        DjFeeding  *feeding)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (feeding_names); i++)
    if (strcmp (str, feeding_names[i]) == 0)
      {
        *feeding = (DjFeeding) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
dj_rules_equal (const DjRules *a,
                const DjRules *b)
{
  if (a->variant != b->variant)
    return FALSE;
  /* The feeding option means nothing in Djenon-aboure. */
  return a->variant == DJ_VARIANT_ABOURE || a->feeding == b->feeding;
}

guint
dj_rules_get_index (const DjRules *rules)
{
  g_return_val_if_fail (rules != NULL, 0);

  if (rules->variant == DJ_VARIANT_ABOURE)
    return 0;
  return rules->feeding == DJ_FEEDING_IMMEDIATE ? 2 : 1;
}

DjRules
dj_rules_from_index (guint index)
{
  DjRules rules = DJ_RULES_INIT (index == 0 ? DJ_VARIANT_ABOURE : DJ_VARIANT_ABE);

  g_return_val_if_fail (index < DJ_N_RULE_SETS, rules);
  if (index == 2)
    rules.feeding = DJ_FEEDING_IMMEDIATE;
  return rules;
}

static const char * const move_names[] = {
  "a", "b", "c", "d", "e", "f", "A", "B", "C", "D", "E", "F", "pass"
};

const char *
dj_move_to_string (DjMove move)
{
  g_return_val_if_fail (move >= 0 && move <= DJ_PASS, "?");
  return move_names[move];
}

gboolean
dj_move_from_text (const char *str,
                   gssize      len,
                   DjMove     *move)
{
  g_return_val_if_fail (str != NULL, FALSE);

  if (len < 0)
    len = strlen (str);
  if (len == 1)
    {
      if (str[0] >= 'a' && str[0] <= 'f')
        *move = (DjMove) (str[0] - 'a');
      else if (str[0] >= 'A' && str[0] <= 'F')
        *move = (DjMove) (DJ_ROW_PITS + str[0] - 'A');
      else
        return FALSE;
      return TRUE;
    }
  if (len == 4 && strncmp (str, "pass", 4) == 0)
    {
      *move = DJ_PASS;
      return TRUE;
    }
  return FALSE;
}

gboolean
dj_move_from_string (const char *str,
                     DjMove     *move)
{
  return dj_move_from_text (str, -1, move);
}
