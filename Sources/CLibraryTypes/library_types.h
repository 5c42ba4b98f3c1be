// The C function types fsfind loads with dlsym, so Swift never types a C signature by hand
// (libarchive, libdeflate, cairo, the glib family, libxml2).
//
// libarchive's header stands alone: its types are taken from the declarations with __typeof__,
// as CDeflate takes zlib's. The glib family's headers (poppler-glib, GMime, gdk-pixbuf, chafa)
// need glib's include paths, which only pkg-config knows, and a module given pkg-config's flags
// would link those libraries into every fsfind start. Their types are declared here with the
// same struct tags and C types as the headers, and Tests/CLibraryTypeChecks compiles every one
// against the real header (a static assertion per function), so they cannot drift from it.
#ifndef FSFIND_LIBRARY_TYPES_H
#define FSFIND_LIBRARY_TYPES_H

#include <stdint.h>
#include <archive.h>
#include <archive_entry.h>
#include <cairo/cairo.h>
#include <libdeflate.h>

// MARK: libarchive

typedef __typeof__(&archive_read_new) fsfind_archive_read_new;
typedef __typeof__(&archive_read_support_filter_all) fsfind_archive_read_support_filter_all;
typedef __typeof__(&archive_read_support_format_all) fsfind_archive_read_support_format_all;
typedef __typeof__(&archive_read_support_format_raw) fsfind_archive_read_support_format_raw;
typedef __typeof__(&archive_read_open_fd) fsfind_archive_read_open_fd;
typedef __typeof__(&archive_read_next_header) fsfind_archive_read_next_header;
typedef __typeof__(&archive_read_data) fsfind_archive_read_data;
typedef __typeof__(&archive_read_free) fsfind_archive_read_free;
typedef __typeof__(&archive_format) fsfind_archive_format;
typedef __typeof__(&archive_filter_bytes) fsfind_archive_filter_bytes;
typedef __typeof__(&archive_entry_pathname) fsfind_archive_entry_pathname;
typedef __typeof__(&archive_entry_filetype) fsfind_archive_entry_filetype;

// MARK: libdeflate (its header stands alone too)

typedef __typeof__(&libdeflate_alloc_decompressor) fsfind_libdeflate_alloc_decompressor;
typedef __typeof__(&libdeflate_gzip_decompress_ex) fsfind_libdeflate_gzip_decompress_ex;
typedef __typeof__(&libdeflate_free_decompressor) fsfind_libdeflate_free_decompressor;

// MARK: cairo (its header stands alone too)

typedef __typeof__(&cairo_image_surface_create) fsfind_cairo_image_surface_create;
typedef __typeof__(&cairo_surface_status) fsfind_cairo_surface_status;
typedef __typeof__(&cairo_surface_flush) fsfind_cairo_surface_flush;
typedef __typeof__(&cairo_image_surface_get_data) fsfind_cairo_image_surface_get_data;
typedef __typeof__(&cairo_image_surface_get_stride) fsfind_cairo_image_surface_get_stride;
typedef __typeof__(&cairo_surface_destroy) fsfind_cairo_surface_destroy;
typedef __typeof__(&cairo_create) fsfind_cairo_create;
typedef __typeof__(&cairo_destroy) fsfind_cairo_destroy;
typedef __typeof__(&cairo_scale) fsfind_cairo_scale;
typedef __typeof__(&cairo_set_source_rgb) fsfind_cairo_set_source_rgb;
typedef __typeof__(&cairo_paint) fsfind_cairo_paint;

// MARK: glib and gobject (gchar is char, gint int, gboolean int, gint64 long, gpointer void *)

struct _GError;
struct _GDateTime;
typedef char *(*fsfind_g_filename_to_uri)(const char *filename, const char *hostname, struct _GError **error);
typedef void (*fsfind_g_free)(void *mem);
typedef void (*fsfind_g_error_free)(struct _GError *error);
typedef void (*fsfind_g_object_unref)(void *object);
typedef void (*fsfind_g_date_time_unref)(struct _GDateTime *datetime);
typedef long (*fsfind_g_date_time_to_unix)(struct _GDateTime *datetime);
typedef int (*fsfind_g_date_time_get_microsecond)(struct _GDateTime *datetime);
struct _GBytes;
typedef struct _GBytes *(*fsfind_g_bytes_new_static)(const void *data, unsigned long size);

// MARK: poppler-glib

struct _PopplerDocument;
struct _PopplerPage;
typedef struct _PopplerDocument *(*fsfind_poppler_document_new_from_file)(
    const char *uri, const char *password, struct _GError **error);
typedef struct _PopplerDocument *(*fsfind_poppler_document_new_from_bytes)(
    struct _GBytes *bytes, const char *password, struct _GError **error);
/// poppler_document_get_title, _author, _keywords, _subject, _creator, _producer.
typedef char *(*fsfind_poppler_document_string)(struct _PopplerDocument *document);
typedef int (*fsfind_poppler_document_get_n_pages)(struct _PopplerDocument *document);
typedef struct _GDateTime *(*fsfind_poppler_document_get_creation_date_time)(struct _PopplerDocument *document);
typedef struct _PopplerPage *(*fsfind_poppler_document_get_page)(struct _PopplerDocument *document, int index);
typedef char *(*fsfind_poppler_page_get_text)(struct _PopplerPage *page);
typedef void (*fsfind_poppler_page_get_size)(struct _PopplerPage *page, double *width, double *height);
typedef void (*fsfind_poppler_page_render)(struct _PopplerPage *page, cairo_t *cairo);

// MARK: GMime 3

struct _GMimeStream;
struct _GMimeParser;
struct _GMimeParserOptions;
struct _GMimeMessage;
struct _GMimeObject;
struct _GMimeContentType;
struct _GMimeTextPart;
struct _GMimeFormatOptions;
struct _InternetAddressList;
typedef void (*fsfind_g_mime_init)(void);
typedef struct _GMimeStream *(*fsfind_g_mime_stream_fs_new)(int fd);
typedef struct _GMimeParser *(*fsfind_g_mime_parser_new_with_stream)(struct _GMimeStream *stream);
typedef struct _GMimeMessage *(*fsfind_g_mime_parser_construct_message)(
    struct _GMimeParser *parser, struct _GMimeParserOptions *options);
typedef const char *(*fsfind_g_mime_message_get_subject)(struct _GMimeMessage *message);
typedef struct _InternetAddressList *(*fsfind_g_mime_message_get_from)(struct _GMimeMessage *message);
typedef char *(*fsfind_internet_address_list_to_string)(
    struct _InternetAddressList *list, struct _GMimeFormatOptions *options, int encode);
typedef struct _GDateTime *(*fsfind_g_mime_message_get_date)(struct _GMimeMessage *message);
typedef void (*fsfind_g_mime_object_foreach_func)(
    struct _GMimeObject *parent, struct _GMimeObject *part, void *user_data);
typedef void (*fsfind_g_mime_message_foreach)(
    struct _GMimeMessage *message, fsfind_g_mime_object_foreach_func callback, void *user_data);
typedef struct _GMimeContentType *(*fsfind_g_mime_object_get_content_type)(struct _GMimeObject *object);
typedef int (*fsfind_g_mime_content_type_is_type)(
    struct _GMimeContentType *content_type, const char *type, const char *subtype);
typedef const char *(*fsfind_g_mime_object_get_disposition)(struct _GMimeObject *object);
typedef char *(*fsfind_g_mime_text_part_get_text)(struct _GMimeTextPart *mime_part);

// MARK: gdk-pixbuf

struct _GdkPixbufFormat;
typedef struct _GdkPixbufFormat *(*fsfind_gdk_pixbuf_get_file_info)(const char *filename, int *width, int *height);
struct _GdkPixbuf;
typedef struct _GdkPixbuf *(*fsfind_gdk_pixbuf_new_from_file_at_scale)(
    const char *filename, int width, int height, int preserve_aspect_ratio, struct _GError **error);
typedef struct _GdkPixbuf *(*fsfind_gdk_pixbuf_apply_embedded_orientation)(struct _GdkPixbuf *src);
typedef unsigned char *(*fsfind_gdk_pixbuf_get_pixels)(const struct _GdkPixbuf *pixbuf);
/// gdk_pixbuf_get_width, _height, _rowstride, _n_channels, _has_alpha (a gboolean), _bits_per_sample.
typedef int (*fsfind_gdk_pixbuf_int)(const struct _GdkPixbuf *pixbuf);

// MARK: chafa (its enums: ChafaCanvasMode and ChafaPixelType unsigned, ChafaSymbolTags signed)

struct ChafaSymbolMap;
struct ChafaCanvasConfig;
struct ChafaCanvas;
typedef struct ChafaSymbolMap *(*fsfind_chafa_symbol_map_new)(void);
typedef void (*fsfind_chafa_symbol_map_add_by_tags)(struct ChafaSymbolMap *symbol_map, int tags);
typedef void (*fsfind_chafa_symbol_map_unref)(struct ChafaSymbolMap *symbol_map);
typedef struct ChafaCanvasConfig *(*fsfind_chafa_canvas_config_new)(void);
typedef void (*fsfind_chafa_canvas_config_set_geometry)(struct ChafaCanvasConfig *config, int width, int height);
typedef void (*fsfind_chafa_canvas_config_set_canvas_mode)(struct ChafaCanvasConfig *config, unsigned int mode);
typedef void (*fsfind_chafa_canvas_config_set_symbol_map)(
    struct ChafaCanvasConfig *config, const struct ChafaSymbolMap *symbol_map);
typedef void (*fsfind_chafa_canvas_config_unref)(struct ChafaCanvasConfig *config);
typedef struct ChafaCanvas *(*fsfind_chafa_canvas_new)(const struct ChafaCanvasConfig *config);
typedef void (*fsfind_chafa_canvas_draw_all_pixels)(
    struct ChafaCanvas *canvas, unsigned int src_pixel_type, const uint8_t *src_pixels, int src_width,
    int src_height, int src_rowstride);
typedef uint32_t (*fsfind_chafa_canvas_get_char_at)(struct ChafaCanvas *canvas, int x, int y);
typedef void (*fsfind_chafa_canvas_get_colors_at)(struct ChafaCanvas *canvas, int x, int y, int *fg_out, int *bg_out);
typedef void (*fsfind_chafa_canvas_unref)(struct ChafaCanvas *canvas);
typedef void (*fsfind_chafa_calc_canvas_geometry)(
    int src_width, int src_height, int *dest_width_inout, int *dest_height_inout, float font_ratio, int zoom,
    int stretch);

// MARK: libxml2 (its headers need libxml2's include path, which only pkg-config knows)

// The functions take and give documents and nodes by the headers' own struct tags (left
// incomplete here, so the types match the headers' exactly). The nodes' fields fsfind reads are
// mirrored below, as far as the last field read, under names of their own; the checks compare
// every offset with tree.h's.
struct _xmlDoc;
struct _xmlNode;
typedef struct _xmlDoc *(*fsfind_xmlReadMemory)(
    const char *buffer, int size, const char *URL, const char *encoding, int options);
typedef struct _xmlDoc *(*fsfind_htmlReadMemory)(
    const char *buffer, int size, const char *URL, const char *encoding, int options);
typedef struct _xmlNode *(*fsfind_xmlDocGetRootElement)(const struct _xmlDoc *doc);
typedef void (*fsfind_xmlFreeDoc)(struct _xmlDoc *cur);
typedef void (*fsfind_xmlInitParser)(void);

// The streaming reader (xmlreader.h), for XML parts whose tree would cost many times their size.
struct _xmlTextReader;
typedef struct _xmlTextReader *(*fsfind_xmlReaderForMemory)(
    const char *buffer, int size, const char *URL, const char *encoding, int options);
/// xmlTextReaderRead, NodeType, IsEmptyElement, MoveToNextAttribute, MoveToElement, Next.
typedef int (*fsfind_xmlTextReaderInt)(struct _xmlTextReader *reader);
/// xmlTextReaderConstLocalName, ConstNamespaceUri, ConstValue.
typedef const unsigned char *(*fsfind_xmlTextReaderString)(struct _xmlTextReader *reader);
typedef void (*fsfind_xmlFreeTextReader)(struct _xmlTextReader *reader);

/// `struct _xmlNs`: a namespace, its URI in `href`.
struct fsfind_xml_ns {
    struct fsfind_xml_ns *next;
    int type;
    const unsigned char *href;
    const unsigned char *prefix;
};

/// `struct _xmlAttr`: an attribute, its value in the text nodes under `children`. Its first fields
/// are the node header every libxml2 node struct repeats (C has no common base), as below.
struct fsfind_xml_attr {
    void *_private;
    int type;
    const unsigned char *name;
    struct fsfind_xml_node *children;
    struct fsfind_xml_node *last;
    struct fsfind_xml_node *parent;
    struct fsfind_xml_attr *next;
    struct fsfind_xml_attr *prev;
    void *doc;
    struct fsfind_xml_ns *ns;
};

/// `struct _xmlNode`, as far as `properties`.
struct fsfind_xml_node {
    void *_private;
    int type;
    const unsigned char *name;
    struct fsfind_xml_node *children;
    struct fsfind_xml_node *last;
    struct fsfind_xml_node *parent;
    struct fsfind_xml_node *next;
    struct fsfind_xml_node *prev;
    void *doc;
    struct fsfind_xml_ns *ns;
    unsigned char *content;
    struct fsfind_xml_attr *properties;
};

#endif
