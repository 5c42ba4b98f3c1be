/// The D-Bus names and interfaces the provider serves: one bus name, one object per interface
/// (docs/decisions.md, "D-Bus through GDBus").
enum DesktopInterfaces {
    /// What the `.service` file activates and both the GNOME `.ini` and the KRunner `.desktop` name.
    static let busName = "org.fsfind.SearchProvider"
    /// GNOME Shell's object (the `.ini`'s ObjectPath).
    static let gnomePath = "/org/fsfind/SearchProvider"
    static let gnome = "org.gnome.Shell.SearchProvider2"
    /// KRunner's object (the runner file's X-Plasma-DBusRunner-Path).
    static let krunnerPath = "/runner"
    static let krunner = "org.kde.krunner1"

    /// Both interfaces as GDBus reads them (`g_dbus_node_info_new_for_xml`): gnome-shell's
    /// `data/dbus-interfaces/org.gnome.ShellSearchProvider2.xml` and krunner's
    /// `src/data/org.kde.krunner1.xml` (Teardown and Config are asked only with `X-Plasma-API=DBus2`;
    /// answering them costs nothing). GDBus refuses a call whose arguments do not match.
    static let introspection = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet">
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetSubsearchResultSet">
              <arg type="as" name="previous_results" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetResultMetas">
              <arg type="as" name="identifiers" direction="in"/>
              <arg type="aa{sv}" name="metas" direction="out"/>
            </method>
            <method name="ActivateResult">
              <arg type="s" name="identifier" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
            <method name="LaunchSearch">
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
          </interface>
          <interface name="org.kde.krunner1">
            <method name="Actions">
              <arg type="a(sss)" name="matches" direction="out"/>
            </method>
            <method name="Match">
              <arg type="s" name="query" direction="in"/>
              <arg type="a(sssida{sv})" name="matches" direction="out"/>
            </method>
            <method name="Run">
              <arg type="s" name="matchId" direction="in"/>
              <arg type="s" name="actionId" direction="in"/>
            </method>
            <method name="Teardown"/>
            <method name="Config">
              <arg type="a{sv}" name="config" direction="out"/>
            </method>
          </interface>
        </node>
        """
}
