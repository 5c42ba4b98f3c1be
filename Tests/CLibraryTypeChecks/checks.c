// Every glib-family, cairo and libxml2 function type (and libxml2 struct field) that
// Sources/CLibraryTypes/library_types.h declares by hand, checked against the library's own
// header: a signature that drifts (a parameter added, a pointer's constness, a return type) or a
// field that moves fails the test build here. Compiled only into the tests,
// which may link these libraries; fsfind itself loads them with dlopen.
#include <poppler.h>
#include <gmime/gmime.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <chafa.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>
#include <stddef.h>

#include "../../Sources/CLibraryTypes/library_types.h"

#define SAME(ours, function) \
    _Static_assert(__builtin_types_compatible_p(ours, __typeof__(&function)), #function " does not match " #ours)

SAME(fsfind_g_filename_to_uri, g_filename_to_uri);
SAME(fsfind_g_bytes_new_static, g_bytes_new_static);
SAME(fsfind_g_free, g_free);
SAME(fsfind_g_error_free, g_error_free);
SAME(fsfind_g_object_unref, g_object_unref);
SAME(fsfind_g_date_time_unref, g_date_time_unref);
SAME(fsfind_g_date_time_to_unix, g_date_time_to_unix);
SAME(fsfind_g_date_time_get_microsecond, g_date_time_get_microsecond);

SAME(fsfind_g_main_loop_new, g_main_loop_new);
SAME(fsfind_g_main_loop_run, g_main_loop_run);
SAME(fsfind_g_main_loop_quit, g_main_loop_quit);
SAME(fsfind_g_timeout_add_seconds, g_timeout_add_seconds);
SAME(fsfind_g_unix_signal_add, g_unix_signal_add);
SAME(fsfind_g_compute_checksum_for_string, g_compute_checksum_for_string);
SAME(fsfind_g_shell_quote, g_shell_quote);
_Static_assert(__builtin_types_compatible_p(fsfind_g_source_func, GSourceFunc), "GSourceFunc");
_Static_assert(__builtin_types_compatible_p(fsfind_g_destroy_notify, GDestroyNotify), "GDestroyNotify");
SAME(fsfind_g_variant_new_string, g_variant_new_string);
SAME(fsfind_g_variant_new_strv, g_variant_new_strv);
SAME(fsfind_g_variant_new_int32, g_variant_new_int32);
SAME(fsfind_g_variant_new_uint32, g_variant_new_uint32);
SAME(fsfind_g_variant_new_double, g_variant_new_double);
SAME(fsfind_g_variant_new_boolean, g_variant_new_boolean);
SAME(fsfind_g_variant_new_variant, g_variant_new_variant);
SAME(fsfind_g_variant_new_dict_entry, g_variant_new_dict_entry);
SAME(fsfind_g_variant_new_array, g_variant_new_array);
SAME(fsfind_g_variant_new_tuple, g_variant_new_tuple);
SAME(fsfind_g_variant_type_new, g_variant_type_new);
SAME(fsfind_g_variant_type_free, g_variant_type_free);
SAME(fsfind_g_variant_n_children, g_variant_n_children);
SAME(fsfind_g_variant_get_child_value, g_variant_get_child_value);
SAME(fsfind_g_variant_get_variant, g_variant_get_variant);
SAME(fsfind_g_variant_get_strv, g_variant_get_strv);
SAME(fsfind_g_variant_get_string, g_variant_get_string);
SAME(fsfind_g_variant_get_int32, g_variant_get_int32);
SAME(fsfind_g_variant_get_double, g_variant_get_double);
SAME(fsfind_g_variant_get_boolean, g_variant_get_boolean);
SAME(fsfind_g_variant_get_type_string, g_variant_get_type_string);
SAME(fsfind_g_variant_ref_sink, g_variant_ref_sink);
SAME(fsfind_g_variant_unref, g_variant_unref);
SAME(fsfind_g_variant_print, g_variant_print);
_Static_assert(
    __builtin_types_compatible_p(fsfind_g_bus_acquired_callback, GBusAcquiredCallback), "GBusAcquiredCallback");
_Static_assert(
    __builtin_types_compatible_p(fsfind_g_bus_acquired_callback, GBusNameAcquiredCallback),
    "GBusNameAcquiredCallback");
_Static_assert(
    __builtin_types_compatible_p(fsfind_g_bus_acquired_callback, GBusNameLostCallback), "GBusNameLostCallback");
SAME(fsfind_g_bus_own_name, g_bus_own_name);
SAME(fsfind_g_dbus_node_info_new_for_xml, g_dbus_node_info_new_for_xml);
SAME(fsfind_g_dbus_node_info_lookup_interface, g_dbus_node_info_lookup_interface);
_Static_assert(
    __builtin_types_compatible_p(fsfind_g_dbus_method_call_func, GDBusInterfaceMethodCallFunc),
    "GDBusInterfaceMethodCallFunc");
_Static_assert(
    sizeof(struct fsfind_gdbus_interface_vtable) == sizeof(GDBusInterfaceVTable), "GDBusInterfaceVTable's size");
SAME(fsfind_g_dbus_method_invocation_return_value, g_dbus_method_invocation_return_value);
SAME(fsfind_g_dbus_method_invocation_return_dbus_error, g_dbus_method_invocation_return_dbus_error);
_Static_assert(
    __builtin_types_compatible_p(fsfind_g_async_ready_callback, GAsyncReadyCallback), "GAsyncReadyCallback");
SAME(fsfind_g_dbus_connection_call, g_dbus_connection_call);
SAME(fsfind_g_content_type_get_icon, g_content_type_get_icon);
SAME(fsfind_g_content_type_guess, g_content_type_guess);
SAME(fsfind_g_icon_serialize, g_icon_serialize);
SAME(fsfind_g_file_new_for_path, g_file_new_for_path);
SAME(fsfind_g_file_icon_new, g_file_icon_new);
SAME(fsfind_g_app_info_launch_default_for_uri, g_app_info_launch_default_for_uri);
SAME(fsfind_g_app_info_create_from_commandline, g_app_info_create_from_commandline);
SAME(fsfind_g_app_info_launch, g_app_info_launch);
// The enum values the Swift code passes, as the headers define them.
_Static_assert(G_BUS_TYPE_SESSION == 2 && G_BUS_NAME_OWNER_FLAGS_NONE == 0, "GBusType, GBusNameOwnerFlags");
_Static_assert(G_DBUS_CALL_FLAGS_NONE == 0 && G_CHECKSUM_MD5 == 0, "GDBusCallFlags, GChecksumType");
_Static_assert(G_APP_INFO_CREATE_NEEDS_TERMINAL == 1, "GAppInfoCreateFlags");

SAME(fsfind_poppler_document_new_from_file, poppler_document_new_from_file);
SAME(fsfind_poppler_document_new_from_bytes, poppler_document_new_from_bytes);
SAME(fsfind_poppler_document_string, poppler_document_get_title);
SAME(fsfind_poppler_document_string, poppler_document_get_author);
SAME(fsfind_poppler_document_string, poppler_document_get_keywords);
SAME(fsfind_poppler_document_string, poppler_document_get_subject);
SAME(fsfind_poppler_document_string, poppler_document_get_creator);
SAME(fsfind_poppler_document_string, poppler_document_get_producer);
SAME(fsfind_poppler_document_get_n_pages, poppler_document_get_n_pages);
SAME(fsfind_poppler_document_get_creation_date_time, poppler_document_get_creation_date_time);
SAME(fsfind_poppler_document_get_page, poppler_document_get_page);
SAME(fsfind_poppler_page_get_text, poppler_page_get_text);
SAME(fsfind_poppler_page_get_size, poppler_page_get_size);
SAME(fsfind_poppler_page_render, poppler_page_render);

// cairo's header comes with poppler's.
SAME(fsfind_cairo_image_surface_create, cairo_image_surface_create);
SAME(fsfind_cairo_surface_status, cairo_surface_status);
SAME(fsfind_cairo_surface_flush, cairo_surface_flush);
SAME(fsfind_cairo_image_surface_get_data, cairo_image_surface_get_data);
SAME(fsfind_cairo_image_surface_get_stride, cairo_image_surface_get_stride);
SAME(fsfind_cairo_surface_destroy, cairo_surface_destroy);
SAME(fsfind_cairo_create, cairo_create);
SAME(fsfind_cairo_destroy, cairo_destroy);
SAME(fsfind_cairo_scale, cairo_scale);
SAME(fsfind_cairo_set_source_rgb, cairo_set_source_rgb);
SAME(fsfind_cairo_paint, cairo_paint);
_Static_assert(FSFIND_CAIRO_FORMAT_ARGB32 == CAIRO_FORMAT_ARGB32, "CAIRO_FORMAT_ARGB32");
_Static_assert(FSFIND_CAIRO_STATUS_SUCCESS == CAIRO_STATUS_SUCCESS, "CAIRO_STATUS_SUCCESS");

SAME(fsfind_g_mime_init, g_mime_init);
SAME(fsfind_g_mime_stream_fs_new, g_mime_stream_fs_new);
SAME(fsfind_g_mime_parser_new_with_stream, g_mime_parser_new_with_stream);
SAME(fsfind_g_mime_parser_construct_message, g_mime_parser_construct_message);
SAME(fsfind_g_mime_message_get_subject, g_mime_message_get_subject);
SAME(fsfind_g_mime_message_get_from, g_mime_message_get_from);
SAME(fsfind_internet_address_list_to_string, internet_address_list_to_string);
SAME(fsfind_g_mime_message_get_date, g_mime_message_get_date);
SAME(fsfind_g_mime_message_foreach, g_mime_message_foreach);
_Static_assert(
    __builtin_types_compatible_p(fsfind_g_mime_object_foreach_func, GMimeObjectForeachFunc), "GMimeObjectForeachFunc");
SAME(fsfind_g_mime_object_get_content_type, g_mime_object_get_content_type);
SAME(fsfind_g_mime_content_type_is_type, g_mime_content_type_is_type);
SAME(fsfind_g_mime_object_get_disposition, g_mime_object_get_disposition);
SAME(fsfind_g_mime_text_part_get_text, g_mime_text_part_get_text);

SAME(fsfind_gdk_pixbuf_get_file_info, gdk_pixbuf_get_file_info);
SAME(fsfind_gdk_pixbuf_new_from_file_at_scale, gdk_pixbuf_new_from_file_at_scale);
SAME(fsfind_gdk_pixbuf_apply_embedded_orientation, gdk_pixbuf_apply_embedded_orientation);
SAME(fsfind_gdk_pixbuf_get_pixels, gdk_pixbuf_get_pixels);
SAME(fsfind_gdk_pixbuf_int, gdk_pixbuf_get_width);
SAME(fsfind_gdk_pixbuf_int, gdk_pixbuf_get_height);
SAME(fsfind_gdk_pixbuf_int, gdk_pixbuf_get_rowstride);
SAME(fsfind_gdk_pixbuf_int, gdk_pixbuf_get_n_channels);
SAME(fsfind_gdk_pixbuf_int, gdk_pixbuf_get_has_alpha);
SAME(fsfind_gdk_pixbuf_int, gdk_pixbuf_get_bits_per_sample);

SAME(fsfind_chafa_symbol_map_new, chafa_symbol_map_new);
SAME(fsfind_chafa_symbol_map_add_by_tags, chafa_symbol_map_add_by_tags);
SAME(fsfind_chafa_symbol_map_unref, chafa_symbol_map_unref);
SAME(fsfind_chafa_canvas_config_new, chafa_canvas_config_new);
SAME(fsfind_chafa_canvas_config_set_geometry, chafa_canvas_config_set_geometry);
SAME(fsfind_chafa_canvas_config_set_canvas_mode, chafa_canvas_config_set_canvas_mode);
SAME(fsfind_chafa_canvas_config_set_symbol_map, chafa_canvas_config_set_symbol_map);
SAME(fsfind_chafa_canvas_config_unref, chafa_canvas_config_unref);
SAME(fsfind_chafa_canvas_new, chafa_canvas_new);
SAME(fsfind_chafa_canvas_draw_all_pixels, chafa_canvas_draw_all_pixels);
SAME(fsfind_chafa_canvas_get_char_at, chafa_canvas_get_char_at);
SAME(fsfind_chafa_canvas_get_colors_at, chafa_canvas_get_colors_at);
SAME(fsfind_chafa_canvas_unref, chafa_canvas_unref);
SAME(fsfind_chafa_calc_canvas_geometry, chafa_calc_canvas_geometry);

// The enum values the Swift code passes, as the headers define them.
_Static_assert(CHAFA_CANVAS_MODE_TRUECOLOR == 0 && CHAFA_CANVAS_MODE_FGBG == 5, "ChafaCanvasMode");
_Static_assert(CHAFA_PIXEL_RGBA8_PREMULTIPLIED == 0 && CHAFA_PIXEL_BGRA8_PREMULTIPLIED == 1, "ChafaPixelType");
_Static_assert(CHAFA_PIXEL_RGBA8_UNASSOCIATED == 4 && CHAFA_PIXEL_RGB8 == 8, "ChafaPixelType");
_Static_assert(
    (CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID | CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_BORDER
     | CHAFA_SYMBOL_TAG_QUAD | CHAFA_SYMBOL_TAG_HHALF | CHAFA_SYMBOL_TAG_VHALF)
        == ((1 << 0) | (1 << 1) | (1 << 3) | (1 << 4) | (1 << 7) | (1 << 8) | (1 << 9)),
    "ChafaSymbolTags");

/// So the target has a symbol of its own.
int fsfind_library_type_checks(void) { return 0; }

SAME(fsfind_xmlReadMemory, xmlReadMemory);
SAME(fsfind_htmlReadMemory, htmlReadMemory);
SAME(fsfind_xmlDocGetRootElement, xmlDocGetRootElement);
SAME(fsfind_xmlFreeDoc, xmlFreeDoc);
SAME(fsfind_xmlInitParser, xmlInitParser);
SAME(fsfind_xmlReaderForMemory, xmlReaderForMemory);
SAME(fsfind_xmlTextReaderInt, xmlTextReaderRead);
SAME(fsfind_xmlTextReaderInt, xmlTextReaderNodeType);
SAME(fsfind_xmlTextReaderInt, xmlTextReaderIsEmptyElement);
SAME(fsfind_xmlTextReaderInt, xmlTextReaderMoveToNextAttribute);
SAME(fsfind_xmlTextReaderInt, xmlTextReaderMoveToElement);
SAME(fsfind_xmlTextReaderInt, xmlTextReaderNext);
SAME(fsfind_xmlTextReaderString, xmlTextReaderConstLocalName);
SAME(fsfind_xmlTextReaderString, xmlTextReaderConstNamespaceUri);
SAME(fsfind_xmlTextReaderString, xmlTextReaderConstValue);
SAME(fsfind_xmlFreeTextReader, xmlFreeTextReader);
SAME(fsfind_xmlCreateMemoryParserCtxt, xmlCreateMemoryParserCtxt);
SAME(fsfind_xmlSAX2InitHtmlDefaultSAXHandler, xmlSAX2InitHtmlDefaultSAXHandler);
SAME(fsfind_htmlCtxtUseOptions, htmlCtxtUseOptions);
SAME(fsfind_htmlParseDocument, htmlParseDocument);
SAME(fsfind_htmlFreeParserCtxt, htmlFreeParserCtxt);
SAME(fsfind_xmlNodeFunction, xmlFreeNodeList);
SAME(fsfind_xmlNodeFunction, xmlUnlinkNode);
SAME(fsfind_xmlNodeFunction, xmlFreeNode);
_Static_assert(__builtin_types_compatible_p(fsfind_sax_start_element, startElementSAXFunc), "startElementSAXFunc");
_Static_assert(__builtin_types_compatible_p(fsfind_sax_end_element, endElementSAXFunc), "endElementSAXFunc");
_Static_assert(__builtin_types_compatible_p(fsfind_sax_characters, charactersSAXFunc), "charactersSAXFunc");
_Static_assert(__builtin_types_compatible_p(fsfind_sax_characters, cdataBlockSAXFunc), "cdataBlockSAXFunc");

// The glib and libxml2 struct fields fsfind reads: at tree.h's offsets, of tree.h's sizes.
#define SAME_FIELD(ours, theirs, field)                                                             \
    _Static_assert(offsetof(struct ours, field) == offsetof(struct theirs, field)                  \
                       && sizeof(((struct ours *)0)->field) == sizeof(((struct theirs *)0)->field), \
        #theirs "." #field " is not where " #ours " has it")

SAME_FIELD(fsfind_gerror, _GError, domain);
SAME_FIELD(fsfind_gerror, _GError, code);
SAME_FIELD(fsfind_gerror, _GError, message);
SAME_FIELD(fsfind_xml_ns, _xmlNs, next);
SAME_FIELD(fsfind_xml_ns, _xmlNs, type);
SAME_FIELD(fsfind_xml_ns, _xmlNs, href);
SAME_FIELD(fsfind_xml_ns, _xmlNs, prefix);
SAME_FIELD(fsfind_xml_attr, _xmlAttr, type);
SAME_FIELD(fsfind_xml_attr, _xmlAttr, name);
SAME_FIELD(fsfind_xml_attr, _xmlAttr, children);
SAME_FIELD(fsfind_xml_attr, _xmlAttr, next);
SAME_FIELD(fsfind_xml_attr, _xmlAttr, ns);
SAME_FIELD(fsfind_xml_node, _xmlNode, type);
SAME_FIELD(fsfind_xml_node, _xmlNode, name);
SAME_FIELD(fsfind_xml_node, _xmlNode, children);
SAME_FIELD(fsfind_xml_node, _xmlNode, next);
SAME_FIELD(fsfind_xml_node, _xmlNode, ns);
SAME_FIELD(fsfind_xml_node, _xmlNode, content);
SAME_FIELD(fsfind_xml_node, _xmlNode, properties);
SAME_FIELD(fsfind_xml_node, _xmlNode, last);
SAME_FIELD(fsfind_xml_node, _xmlNode, prev);
SAME_FIELD(fsfind_xml_sax_handler, _xmlSAXHandler, startElement);
SAME_FIELD(fsfind_xml_sax_handler, _xmlSAXHandler, endElement);
SAME_FIELD(fsfind_xml_sax_handler, _xmlSAXHandler, characters);
SAME_FIELD(fsfind_xml_sax_handler, _xmlSAXHandler, cdataBlock);
SAME_FIELD(fsfind_xml_sax_handler, _xmlSAXHandler, initialized);
SAME_FIELD(fsfind_xml_sax_handler, _xmlSAXHandler, _private);
SAME_FIELD(fsfind_xml_node, _xmlNode, parent);
SAME_FIELD(fsfind_html_parser_ctxt, _xmlParserCtxt, sax);
SAME_FIELD(fsfind_html_parser_ctxt, _xmlParserCtxt, myDoc);
SAME_FIELD(fsfind_html_parser_ctxt, _xmlParserCtxt, html);
SAME_FIELD(fsfind_html_parser_ctxt, _xmlParserCtxt, node);

SAME_FIELD(fsfind_gdbus_interface_vtable, _GDBusInterfaceVTable, method_call);
SAME_FIELD(fsfind_gdbus_interface_vtable, _GDBusInterfaceVTable, get_property);
SAME_FIELD(fsfind_gdbus_interface_vtable, _GDBusInterfaceVTable, set_property);
SAME_FIELD(fsfind_gdbus_interface_vtable, _GDBusInterfaceVTable, padding);
// Registered with the vtable above: GDBusInterfaceVTable is a typedef of the struct compared field by field.
_Static_assert(
    __builtin_types_compatible_p(
        __typeof__(&g_dbus_connection_register_object),
        unsigned int (*)(GDBusConnection *, const char *, GDBusInterfaceInfo *, const GDBusInterfaceVTable *, void *,
            GDestroyNotify, GError **)),
    "g_dbus_connection_register_object");
