import CLibraryTypes
import FSFindModel
import FSFindPlatform

/// The GIO, GObject and GLib functions the desktop search provider calls, loaded with `dlopen`
/// when `fsfind desktop-search` starts and never by any other command: linking GIO would map it
/// and a dozen libraries at every `fsfind query` (docs/decisions.md, "D-Bus through GDBus").
///
/// The function types are `CLibraryTypes`' (checked against GIO's headers by the tests). `dlsym`
/// on libgio's handle also finds what GLib and GObject, its dependencies, define.
struct GIOLibrary: Sendable {
    let mainLoopNew: fsfind_g_main_loop_new
    let mainLoopRun: fsfind_g_main_loop_run
    let mainLoopQuit: fsfind_g_main_loop_quit
    let timeoutAddSeconds: fsfind_g_timeout_add_seconds
    let unixSignalAdd: fsfind_g_unix_signal_add
    let computeChecksumForString: fsfind_g_compute_checksum_for_string
    let shellQuote: fsfind_g_shell_quote
    let free: fsfind_g_free
    let errorFree: fsfind_g_error_free
    let objectUnref: fsfind_g_object_unref
    let filenameToURI: fsfind_g_filename_to_uri

    let newString: fsfind_g_variant_new_string
    let newStrv: fsfind_g_variant_new_strv
    let newInt32: fsfind_g_variant_new_int32
    let newUInt32: fsfind_g_variant_new_uint32
    let newDouble: fsfind_g_variant_new_double
    let newBoolean: fsfind_g_variant_new_boolean
    let newVariant: fsfind_g_variant_new_variant
    let newDictEntry: fsfind_g_variant_new_dict_entry
    let newArray: fsfind_g_variant_new_array
    let newTuple: fsfind_g_variant_new_tuple
    let typeNew: fsfind_g_variant_type_new
    let typeFree: fsfind_g_variant_type_free
    let childCount: fsfind_g_variant_n_children
    let childValue: fsfind_g_variant_get_child_value
    let getVariant: fsfind_g_variant_get_variant
    let getStrv: fsfind_g_variant_get_strv
    let getString: fsfind_g_variant_get_string
    let getInt32: fsfind_g_variant_get_int32
    let getDouble: fsfind_g_variant_get_double
    let getBoolean: fsfind_g_variant_get_boolean
    let typeString: fsfind_g_variant_get_type_string
    let refSink: fsfind_g_variant_ref_sink
    let unref: fsfind_g_variant_unref
    let print: fsfind_g_variant_print

    let busOwnName: fsfind_g_bus_own_name
    let nodeInfoNewForXML: fsfind_g_dbus_node_info_new_for_xml
    let nodeInfoLookupInterface: fsfind_g_dbus_node_info_lookup_interface
    let registerObject: fsfind_g_dbus_connection_register_object
    let returnValue: fsfind_g_dbus_method_invocation_return_value
    let returnDBusError: fsfind_g_dbus_method_invocation_return_dbus_error
    let connectionCall: fsfind_g_dbus_connection_call

    let contentTypeGetIcon: fsfind_g_content_type_get_icon
    let contentTypeGuess: fsfind_g_content_type_guess
    let iconSerialize: fsfind_g_icon_serialize
    let fileNewForPath: fsfind_g_file_new_for_path
    let fileIconNew: fsfind_g_file_icon_new
    let launchDefaultForURI: fsfind_g_app_info_launch_default_for_uri
    let appInfoCreateFromCommandline: fsfind_g_app_info_create_from_commandline
    let appInfoLaunch: fsfind_g_app_info_launch

    /// The library, loaded once per process; or why it could not be.
    static let shared: Result<GIOLibrary, FSFindError> = Result { () throws(FSFindError) in
        let soname = "libgio-2.0.so.0"
        guard let library = DynamicLibrary(soname) else {
            throw FSFindError(
                .io, "GIO (\(soname)) could not be loaded", remedy: .advice("install GLib's libglib2.0-0 package"))
        }
        func symbol<Function>(_ name: String) throws(FSFindError) -> Function {
            guard let function: Function = library.symbol(name) else {
                throw FSFindError(
                    .io, "\(soname) has no function \(name)", remedy: .advice("update GLib to 2.58 or later"))
            }
            return function
        }
        return GIOLibrary(
            mainLoopNew: try symbol("g_main_loop_new"), mainLoopRun: try symbol("g_main_loop_run"),
            mainLoopQuit: try symbol("g_main_loop_quit"), timeoutAddSeconds: try symbol("g_timeout_add_seconds"),
            unixSignalAdd: try symbol("g_unix_signal_add"),
            computeChecksumForString: try symbol("g_compute_checksum_for_string"),
            shellQuote: try symbol("g_shell_quote"), free: try symbol("g_free"), errorFree: try symbol("g_error_free"),
            objectUnref: try symbol("g_object_unref"), filenameToURI: try symbol("g_filename_to_uri"),
            newString: try symbol("g_variant_new_string"), newStrv: try symbol("g_variant_new_strv"),
            newInt32: try symbol("g_variant_new_int32"), newUInt32: try symbol("g_variant_new_uint32"),
            newDouble: try symbol("g_variant_new_double"), newBoolean: try symbol("g_variant_new_boolean"),
            newVariant: try symbol("g_variant_new_variant"), newDictEntry: try symbol("g_variant_new_dict_entry"),
            newArray: try symbol("g_variant_new_array"), newTuple: try symbol("g_variant_new_tuple"),
            typeNew: try symbol("g_variant_type_new"), typeFree: try symbol("g_variant_type_free"),
            childCount: try symbol("g_variant_n_children"), childValue: try symbol("g_variant_get_child_value"),
            getVariant: try symbol("g_variant_get_variant"), getStrv: try symbol("g_variant_get_strv"),
            getString: try symbol("g_variant_get_string"), getInt32: try symbol("g_variant_get_int32"),
            getDouble: try symbol("g_variant_get_double"), getBoolean: try symbol("g_variant_get_boolean"),
            typeString: try symbol("g_variant_get_type_string"), refSink: try symbol("g_variant_ref_sink"),
            unref: try symbol("g_variant_unref"), print: try symbol("g_variant_print"),
            busOwnName: try symbol("g_bus_own_name"), nodeInfoNewForXML: try symbol("g_dbus_node_info_new_for_xml"),
            nodeInfoLookupInterface: try symbol("g_dbus_node_info_lookup_interface"),
            registerObject: try symbol("g_dbus_connection_register_object"),
            returnValue: try symbol("g_dbus_method_invocation_return_value"),
            returnDBusError: try symbol("g_dbus_method_invocation_return_dbus_error"),
            connectionCall: try symbol("g_dbus_connection_call"),
            contentTypeGetIcon: try symbol("g_content_type_get_icon"),
            contentTypeGuess: try symbol("g_content_type_guess"), iconSerialize: try symbol("g_icon_serialize"),
            fileNewForPath: try symbol("g_file_new_for_path"), fileIconNew: try symbol("g_file_icon_new"),
            launchDefaultForURI: try symbol("g_app_info_launch_default_for_uri"),
            appInfoCreateFromCommandline: try symbol("g_app_info_create_from_commandline"),
            appInfoLaunch: try symbol("g_app_info_launch"))
    }

    /// The GError's message (or `fallback` without one), freeing the GError.
    func consume(_ error: OpaquePointer?, _ fallback: String) -> String {
        guard let error else { return fallback }
        defer { errorFree(error) }
        return UnsafeRawPointer(error).assumingMemoryBound(to: fsfind_gerror.self).pointee.message
            .map { String(cString: $0) } ?? fallback
    }

    /// A string GLib allocated, as Swift's, freed.
    func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { free(text) }
        return String(cString: text)
    }
}
