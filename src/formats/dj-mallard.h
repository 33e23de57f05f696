/* dj-mallard.h: a small reader for the Mallard help pages, GTK-free
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DJ_MALLARD_ERROR (dj_mallard_error_quark ())

typedef enum
{
  DJ_MALLARD_ERROR_PARSE,      /* not well-formed XML, or too large */
  DJ_MALLARD_ERROR_DOCTYPE,    /* a DOCTYPE (and so possibly entities): refused */
  DJ_MALLARD_ERROR_NOT_PAGE,   /* well-formed, but not a Mallard page */
} DjMallardError;

GQuark dj_mallard_error_quark (void);

typedef enum
{
  /* Blocks */
  DJ_MALLARD_PAGE,
  DJ_MALLARD_SECTION,      /* id */
  DJ_MALLARD_TITLE,        /* of a page, section, terms item, table … */
  DJ_MALLARD_PARAGRAPH,    /* style: "example-caption" for the words of a worked example */
  DJ_MALLARD_CODE_BLOCK,   /* text keeps its line breaks; style: the mime type */
  DJ_MALLARD_NOTE,         /* style: "tip", "warning" … or NULL */
  DJ_MALLARD_LIST,         /* bulleted; style: its type ("numbered" …) or NULL */
  DJ_MALLARD_STEPS,        /* numbered */
  DJ_MALLARD_TERMS,        /* items with titles (the terms) and blocks */
  DJ_MALLARD_ITEM,
  DJ_MALLARD_TABLE,
  DJ_MALLARD_ROW,
  DJ_MALLARD_CELL,
  DJ_MALLARD_LINKS,        /* automatic links; style: type ("topic" …), groups: its groups */
  DJ_MALLARD_BLOCK,        /* any other block (quote, example …): its children */
  DJ_MALLARD_EXAMPLE,      /* a worked example of the rules (dj:example): see
                            * dj_mallard_node_get_attribute(); no children */
  /* Inlines */
  DJ_MALLARD_TEXT,         /* text */
  DJ_MALLARD_EMPHASIS,
  DJ_MALLARD_CODE,         /* code, cmd, file, sys, input, output, var, app */
  DJ_MALLARD_GUI,
  DJ_MALLARD_GUISEQ,
  DJ_MALLARD_KEY,
  DJ_MALLARD_KEYSEQ,
  DJ_MALLARD_LINK,         /* xref or href; empty when the target's title is meant */
  DJ_MALLARD_SPAN,         /* any other inline: its children */
} DjMallardKind;

typedef struct _DjMallardNode DjMallardNode;

/* Read-only once parsed. */
struct _DjMallardNode
{
  DjMallardKind   kind;
  char           *text;      /* TEXT and CODE_BLOCK */
  char           *id;        /* SECTION */
  char           *xref;      /* LINK: "page", "page#section" or "#section" */
  char           *href;      /* LINK: an external address */
  char           *style;     /* see DjMallardKind */
  char           *groups;    /* LINKS */
  GHashTable     *attributes; /* EXAMPLE: name → value; NULL for the other kinds */
  DjMallardNode  *parent;
  GPtrArray      *children;  /* of DjMallardNode, never NULL */
};

/* A link of the page's <info>: type "guide", "seealso" or "next". */
typedef struct
{
  char *type;
  char *xref;
  char *group;
} DjMallardInfoLink;

typedef struct _DjMallardPage DjMallardPage;

DjMallardPage       *dj_mallard_page_parse         (const char     *data,
                                                    gssize          length,
                                                    const char     *filename,
                                                    GError        **error);
DjMallardPage       *dj_mallard_page_ref           (DjMallardPage  *page);
void                 dj_mallard_page_unref         (DjMallardPage  *page);

const char          *dj_mallard_page_get_id        (DjMallardPage  *page);
/* "topic" or "guide". */
const char          *dj_mallard_page_get_page_type (DjMallardPage  *page);
/* The xml:lang of the page, NULL when it has none (English). */
const char          *dj_mallard_page_get_lang      (DjMallardPage  *page);
/* Plain text, whitespace collapsed. */
const char          *dj_mallard_page_get_title     (DjMallardPage  *page);
const char          *dj_mallard_page_get_desc      (DjMallardPage  *page);
DjMallardNode       *dj_mallard_page_get_root      (DjMallardPage  *page);
/* Of DjMallardInfoLink. */
GPtrArray           *dj_mallard_page_get_info_links (DjMallardPage *page);
/* The section with this id, NULL if none. */
DjMallardNode       *dj_mallard_page_find_section  (DjMallardPage  *page,
                                                    const char     *section_id);
/* Every LINK node with an xref, in document order (container only). */
GPtrArray           *dj_mallard_page_collect_links (DjMallardPage  *page);

/* The plain text of a node and its descendants, whitespace as in the page. */
char                *dj_mallard_node_get_text      (DjMallardNode  *node);
/* The TITLE child of a block, NULL if none. */
DjMallardNode       *dj_mallard_node_get_title     (DjMallardNode  *node);
gboolean             dj_mallard_kind_is_inline     (DjMallardKind   kind);
/* An attribute of an EXAMPLE node (variant, setup, move, laps …), NULL when
 * it has none. */
const char          *dj_mallard_node_get_attribute (DjMallardNode  *node,
                                                    const char     *name);

/* The pages of one language, for links between them. */
typedef struct _DjMallardBook DjMallardBook;

DjMallardBook       *dj_mallard_book_new           (void);
void                 dj_mallard_book_free          (DjMallardBook  *book);
/* Replaces a page with the same id. */
void                 dj_mallard_book_add           (DjMallardBook  *book,
                                                    DjMallardPage  *page);
DjMallardPage       *dj_mallard_book_get_page      (DjMallardBook  *book,
                                                    const char     *page_id);
/* Ids, sorted. */
GPtrArray           *dj_mallard_book_list_pages    (DjMallardBook  *book);
/* @xref as "page", "page#section" or "#section" (of @from).  FALSE if the
 * page or the section does not exist. */
gboolean             dj_mallard_book_resolve       (DjMallardBook  *book,
                                                    DjMallardPage  *from,
                                                    const char     *xref,
                                                    DjMallardPage **page,
                                                    DjMallardNode **section);
/* The title of what @xref points at, for a link without text; NULL if
 * unresolved. */
char                *dj_mallard_book_get_link_title (DjMallardBook *book,
                                                    DjMallardPage  *from,
                                                    const char     *xref);
/* The pages that name @guide_id#@section_id (or @guide_id if @section_id is
 * NULL) as their guide, ordered by @groups (space-separated, may be NULL)
 * and then by title.  Of DjMallardPage, not referenced. */
GPtrArray           *dj_mallard_book_topic_links   (DjMallardBook  *book,
                                                    const char     *guide_id,
                                                    const char     *section_id,
                                                    const char     *groups);
/* The pages that @page links to as "see also" and those that link to @page
 * so, each once, by title. */
GPtrArray           *dj_mallard_book_seealso_links (DjMallardBook  *book,
                                                    DjMallardPage  *page);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjMallardPage, dj_mallard_page_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjMallardBook, dj_mallard_book_free)

G_END_DECLS
