/* dj-finding-text.h: a review's finding in the reader's language
 *
 * A file holds findings as data (dj-finding.h); these words are made when
 * they are shown, in the language of the interface, with every value and
 * move in its own left-to-right isolate so that a right-to-left sentence
 * keeps them in order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-finding.h"

G_BEGIN_DECLS

/* "+4", "−2", or proven bounds "+1 … +5"; not isolated. */
char *dj_finding_text_value    (int              lower,
                                int              upper);
/* What the review found about @played, e.g. "Mistake: lost 4 seeds. Best
 * d (+6), played +2". */
char *dj_finding_text_describe (const DjFinding *finding,
                                DjMove           played);
/* The better line as moves, "d A c", isolated. */
char *dj_finding_text_line     (const DjFinding *finding);

G_END_DECLS
