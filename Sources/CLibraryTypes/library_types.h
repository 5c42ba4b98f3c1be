// The C function types fsfind loads with dlsym, so Swift never types a C signature by hand
// (libarchive, libdeflate, cairo, the glib family, libxml2).
//
// libarchive's header stands alone: its types are taken from the declarations with __typeof__,
// as CDeflate takes zlib's. The glib family's headers (poppler-glib, GMime, gdk-pixbuf, chafa)
// need glib's include paths, which only pkg-config knows, and a module given pkg-config's flags
// would link those libraries into every fsfind start. Their types are declared here with the
// same struct tags and C types as the headers, and Tests/CLibraryTypeChecks compiles every one
// against the real header (a static assertion per function), so they cannot drift from it.
// cairo's are declared the same way although its header stands alone: libcairo2-dev brings 56
// Debian packages (X11's and GLib's headers, Python) into the build set for eleven functions.
#ifndef FSFIND_LIBRARY_TYPES_H
#define FSFIND_LIBRARY_TYPES_H

#include <stdint.h>
#include <archive.h>
#include <archive_entry.h>
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

// MARK: cairo (cairo_format_t and cairo_status_t are enums, compatible with int and unsigned int)

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
static const int FSFIND_CAIRO_FORMAT_ARGB32 = 0;
static const unsigned int FSFIND_CAIRO_STATUS_SUCCESS = 0;
typedef cairo_surface_t *(*fsfind_cairo_image_surface_create)(int format, int width, int height);
typedef unsigned int (*fsfind_cairo_surface_status)(cairo_surface_t *surface);
typedef void (*fsfind_cairo_surface_flush)(cairo_surface_t *surface);
typedef unsigned char *(*fsfind_cairo_image_surface_get_data)(cairo_surface_t *surface);
typedef int (*fsfind_cairo_image_surface_get_stride)(cairo_surface_t *surface);
typedef void (*fsfind_cairo_surface_destroy)(cairo_surface_t *surface);
typedef cairo_t *(*fsfind_cairo_create)(cairo_surface_t *target);
typedef void (*fsfind_cairo_destroy)(cairo_t *cr);
typedef void (*fsfind_cairo_scale)(cairo_t *cr, double sx, double sy);
typedef void (*fsfind_cairo_set_source_rgb)(cairo_t *cr, double red, double green, double blue);
typedef void (*fsfind_cairo_paint)(cairo_t *cr);

// MARK: glib and gobject (gchar is char, gint int, gboolean int, gint64 long, gpointer void *)

struct _GError;
/// glib's `GError` (`guint32 domain; gint code; gchar *message;`), public API since 2.0: the one
/// struct of glib's that fsfind reads (a failure's message), declared once for every caller.
struct fsfind_gerror {
    unsigned int domain;
    int code;
    char *message;
};
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

// MARK: GIO and GLib for the desktop search provider (FSFindDesktop; gsize is unsigned long,
// gssize long, guint unsigned int, gdouble double; GBusType is int (it has -1), GBusNameOwnerFlags,
// GDBusCallFlags, GAppInfoCreateFlags and GChecksumType unsigned int)

struct _GMainContext;
struct _GMainLoop;
struct _GVariant;
struct _GVariantType;
struct _GDBusConnection;
struct _GDBusMethodInvocation;
struct _GDBusNodeInfo;
struct _GDBusInterfaceInfo;
struct _GCancellable;
struct _GAsyncResult;
struct _GObject;
struct _GIcon;
struct _GFile;
struct _GAppInfo;
struct _GAppLaunchContext;
struct _GList;

typedef int (*fsfind_g_source_func)(void *user_data);
typedef void (*fsfind_g_destroy_notify)(void *data);
typedef struct _GMainLoop *(*fsfind_g_main_loop_new)(struct _GMainContext *context, int is_running);
typedef void (*fsfind_g_main_loop_run)(struct _GMainLoop *loop);
typedef void (*fsfind_g_main_loop_quit)(struct _GMainLoop *loop);
typedef unsigned int (*fsfind_g_timeout_add_seconds)(
    unsigned int interval, fsfind_g_source_func function, void *data);
typedef unsigned int (*fsfind_g_unix_signal_add)(int signum, fsfind_g_source_func handler, void *user_data);
typedef char *(*fsfind_g_compute_checksum_for_string)(unsigned int checksum_type, const char *str, long length);
typedef char *(*fsfind_g_shell_quote)(const char *unquoted_string);

// GVariant: built for replies, read for a call's parameters.
typedef struct _GVariant *(*fsfind_g_variant_new_string)(const char *string);
typedef struct _GVariant *(*fsfind_g_variant_new_strv)(const char *const *strv, long length);
typedef struct _GVariant *(*fsfind_g_variant_new_int32)(int value);
typedef struct _GVariant *(*fsfind_g_variant_new_uint32)(unsigned int value);
typedef struct _GVariant *(*fsfind_g_variant_new_double)(double value);
typedef struct _GVariant *(*fsfind_g_variant_new_boolean)(int value);
typedef struct _GVariant *(*fsfind_g_variant_new_variant)(struct _GVariant *value);
typedef struct _GVariant *(*fsfind_g_variant_new_dict_entry)(struct _GVariant *key, struct _GVariant *value);
typedef struct _GVariant *(*fsfind_g_variant_new_array)(
    const struct _GVariantType *child_type, struct _GVariant *const *children, unsigned long n_children);
typedef struct _GVariant *(*fsfind_g_variant_new_tuple)(struct _GVariant *const *children, unsigned long n_children);
typedef struct _GVariantType *(*fsfind_g_variant_type_new)(const char *type_string);
typedef void (*fsfind_g_variant_type_free)(struct _GVariantType *type);
typedef unsigned long (*fsfind_g_variant_n_children)(struct _GVariant *value);
typedef struct _GVariant *(*fsfind_g_variant_get_child_value)(struct _GVariant *value, unsigned long index_);
typedef struct _GVariant *(*fsfind_g_variant_get_variant)(struct _GVariant *value);
typedef const char **(*fsfind_g_variant_get_strv)(struct _GVariant *value, unsigned long *length);
typedef const char *(*fsfind_g_variant_get_string)(struct _GVariant *value, unsigned long *length);
typedef int (*fsfind_g_variant_get_int32)(struct _GVariant *value);
typedef double (*fsfind_g_variant_get_double)(struct _GVariant *value);
typedef int (*fsfind_g_variant_get_boolean)(struct _GVariant *value);
typedef const char *(*fsfind_g_variant_get_type_string)(struct _GVariant *value);
typedef struct _GVariant *(*fsfind_g_variant_ref_sink)(struct _GVariant *value);
typedef void (*fsfind_g_variant_unref)(struct _GVariant *value);
typedef char *(*fsfind_g_variant_print)(struct _GVariant *value, int type_annotate);

// GDBus: the bus name, the objects, the replies, one outgoing call.
typedef void (*fsfind_g_bus_acquired_callback)(struct _GDBusConnection *connection, const char *name, void *user_data);
typedef unsigned int (*fsfind_g_bus_own_name)(
    int bus_type, const char *name, unsigned int flags, fsfind_g_bus_acquired_callback bus_acquired_handler,
    fsfind_g_bus_acquired_callback name_acquired_handler, fsfind_g_bus_acquired_callback name_lost_handler,
    void *user_data, fsfind_g_destroy_notify user_data_free_func);
typedef struct _GDBusNodeInfo *(*fsfind_g_dbus_node_info_new_for_xml)(const char *xml_data, struct _GError **error);
typedef struct _GDBusInterfaceInfo *(*fsfind_g_dbus_node_info_lookup_interface)(
    struct _GDBusNodeInfo *info, const char *name);
typedef void (*fsfind_g_dbus_method_call_func)(
    struct _GDBusConnection *connection, const char *sender, const char *object_path, const char *interface_name,
    const char *method_name, struct _GVariant *parameters, struct _GDBusMethodInvocation *invocation,
    void *user_data);
/// `GDBusInterfaceVTable`: the method handler and no properties (the checks compare the layout).
struct fsfind_gdbus_interface_vtable {
    fsfind_g_dbus_method_call_func method_call;
    void *get_property;
    void *set_property;
    void *padding[8];
};
typedef unsigned int (*fsfind_g_dbus_connection_register_object)(
    struct _GDBusConnection *connection, const char *object_path, struct _GDBusInterfaceInfo *interface_info,
    const struct fsfind_gdbus_interface_vtable *vtable, void *user_data,
    fsfind_g_destroy_notify user_data_free_func, struct _GError **error);
typedef void (*fsfind_g_dbus_method_invocation_return_value)(
    struct _GDBusMethodInvocation *invocation, struct _GVariant *parameters);
typedef void (*fsfind_g_dbus_method_invocation_return_dbus_error)(
    struct _GDBusMethodInvocation *invocation, const char *error_name, const char *error_message);
typedef void (*fsfind_g_async_ready_callback)(struct _GObject *source_object, struct _GAsyncResult *res, void *data);
typedef void (*fsfind_g_dbus_connection_call)(
    struct _GDBusConnection *connection, const char *bus_name, const char *object_path, const char *interface_name,
    const char *method_name, struct _GVariant *parameters, const struct _GVariantType *reply_type,
    unsigned int flags, int timeout_msec, struct _GCancellable *cancellable, fsfind_g_async_ready_callback callback,
    void *user_data);

// Icons and launching, as the desktop does it.
typedef struct _GIcon *(*fsfind_g_content_type_get_icon)(const char *type);
typedef char *(*fsfind_g_content_type_guess)(
    const char *filename, const unsigned char *data, unsigned long data_size, int *result_uncertain);
typedef struct _GVariant *(*fsfind_g_icon_serialize)(struct _GIcon *icon);
typedef struct _GFile *(*fsfind_g_file_new_for_path)(const char *path);
typedef struct _GIcon *(*fsfind_g_file_icon_new)(struct _GFile *file);
typedef int (*fsfind_g_app_info_launch_default_for_uri)(
    const char *uri, struct _GAppLaunchContext *context, struct _GError **error);
typedef struct _GAppInfo *(*fsfind_g_app_info_create_from_commandline)(
    const char *commandline, const char *application_name, unsigned int flags, struct _GError **error);
typedef int (*fsfind_g_app_info_launch)(
    struct _GAppInfo *appinfo, struct _GList *files, struct _GAppLaunchContext *context, struct _GError **error);

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

// HTML read by the parser that builds a tree (the one `htmlReadMemory` runs), its SAX callbacks
// wrapped so the text is taken as the tree is built and what is behind it freed: the tree of a
// large page cost a worker many times the page.
struct _xmlParserCtxt;
struct _xmlSAXHandler;
/// xmlCreateMemoryParserCtxt, given the HTML callbacks by xmlSAX2InitHtmlDefaultSAXHandler, as
/// htmlReadMemory makes its parser (an HTML parser context reads UTF-8 without a charset otherwise).
typedef struct _xmlParserCtxt *(*fsfind_xmlCreateMemoryParserCtxt)(const char *buffer, int size);
typedef void (*fsfind_xmlSAX2InitHtmlDefaultSAXHandler)(struct _xmlSAXHandler *hdlr);
typedef int (*fsfind_htmlCtxtUseOptions)(struct _xmlParserCtxt *ctxt, int options);
typedef int (*fsfind_htmlParseDocument)(struct _xmlParserCtxt *ctxt);
typedef void (*fsfind_htmlFreeParserCtxt)(struct _xmlParserCtxt *ctxt);
/// xmlFreeNodeList, xmlUnlinkNode, xmlFreeNode.
typedef void (*fsfind_xmlNodeFunction)(struct _xmlNode *cur);
typedef void (*fsfind_sax_start_element)(void *ctx, const unsigned char *name, const unsigned char **atts);
typedef void (*fsfind_sax_end_element)(void *ctx, const unsigned char *name);
/// characters and cdataBlock.
typedef void (*fsfind_sax_characters)(void *ctx, const unsigned char *ch, int len);

/// `struct _xmlSAXHandler`, as far as `_private`; the callbacks fsfind does not wrap are plain
/// pointers.
struct fsfind_xml_sax_handler {
    void *internalSubset;
    void *isStandalone;
    void *hasInternalSubset;
    void *hasExternalSubset;
    void *resolveEntity;
    void *getEntity;
    void *entityDecl;
    void *notationDecl;
    void *attributeDecl;
    void *elementDecl;
    void *unparsedEntityDecl;
    void *setDocumentLocator;
    void *startDocument;
    void *endDocument;
    fsfind_sax_start_element startElement;
    fsfind_sax_end_element endElement;
    void *reference;
    fsfind_sax_characters characters;
    void *ignorableWhitespace;
    void *processingInstruction;
    void *comment;
    void *warning;
    void *error;
    void *fatalError;
    void *getParameterEntity;
    fsfind_sax_characters cdataBlock;
    void *externalSubset;
    unsigned int initialized;
    void *_private;
};

/// `struct _xmlParserCtxt`, as far as `node` (the element being built).
struct fsfind_html_parser_ctxt {
    struct fsfind_xml_sax_handler *sax;
    void *userData;
    struct _xmlDoc *myDoc;
    int wellFormed;
    int replaceEntities;
    const unsigned char *version;
    const unsigned char *encoding;
    int standalone;
    int html;
    void *input;
    int inputNr;
    int inputMax;
    void **inputTab;
    struct fsfind_xml_node *node;
};

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
