import FSFindModel

/// The sections of `man/fsfind.1` that swift-argument-parser's `generate-manual` cannot write:
/// the query language, `$time`, attributes, scopes, Spotlight over SMB, environment, files, exit
/// status, examples.
///
/// Attributes and scopes are rendered from `AttributeRegistry` and `Scope`, the same tables the
/// parser and `fsfind attributes` use, so the page cannot drift from the code: a test compares
/// the committed page with this text. The output is mdoc, ASCII only (groff warns on anything
/// else without preconv).
enum ManualSections {
    /// Every extra section, in page order.
    static var mdoc: String {
        [queryLanguage, timeValues, attributes, scopes, spotlightOverSMB, environment, files, exitStatus, examples]
            .joined(separator: "\n") + "\n"
    }

    /// The query examples shown under QUERY LANGUAGE; each is run by a test against `sample/`.
    /// The text after `# ->` is the answer: the file names found, or a number for `--count`.
    static let queryExamples: [String] = [
        #"fsfind query 'fsName == "*.mp3"'  # -> intro-paris.mp3 no-xing.mp3 vbr.mp3"#,
        #"fsfind query 'displayName == "paris"wc'  # -> intro-paris.mp3"#,
        #"fsfind query 'contentType == "public.image"' --count  # -> 7"#,
        #"fsfind query --scope code 'fsName == "*"'  # -> hello.c run.sh script.py"#,
        #"fsfind query 'kind == "*PDF*"c'  # -> paper.pdf"#,
        #"fsfind query hello  # -> hello.c hello bundle.tar.gz bundle.zip"#,
        #"fsfind query --onlyin sample/Code 'contentModificationDate >= $time.today(-10)'  # -> Code hello.c run.sh script.py"#,
        #"fsfind query 'acquisitionMake == "canon"c'  # -> eiffel.jpg"#,
        #"fsfind query --scope audio 'InRange(duration, 2, 4)' --count  # -> 10"#,
    ]

    static var queryLanguage: String {
        """
        .Sh "QUERY LANGUAGE"
        A query is plain words (free text) or Core Spotlight predicates.
        Free text: each word must be a prefix of a word in
        .Sy displayName , title , authorNames , keywords
        or
        .Sy album ,
        ignoring case and accents; results are ranked, most relevant first.
        Anything with an operator, quotes, parentheses or
        .Li $time
        is a predicate query:
        .Bl -tag -width "InRange(attr, low, high)"
        .It Li attr == \\(dqvalue\\(dq
        Text match; also
        .Li = .
        No modifier: the whole value, exactly.
        .Li *
        matches any run of characters,
        .Li \\e*
        a literal star.
        .It Li attr != \\(dqvalue\\(dq
        The attribute is present and does not match.
        .It Li "< > <= >="
        Numbers and dates only.
        .It Li InRange(attr, low, high)
        low <= attr <= high; for dates from the start of low to the end of high.
        .It Li "&& || ! ( )"
        And, or, not, grouping;
        .Li &&
        binds tighter than
        .Li || .
        .It Li attr == \\(dq*\\(dq
        The attribute is present
        .Li ( != \\(dq*\\(dq :
        absent).
        .It Li * == \\(dqvalue\\(dq
        Any text attribute.
        .El
        .Pp
        Modifiers follow the closing quote, in any order:
        .Bl -tag -width 3n -compact
        .It Li c
        ignore case
        .It Li d
        ignore diacritics
        .It Li w
        word-based: the value may match part of the text, on word boundaries
        .It Li t
        tokenized: every word of the value is a prefix of some word of the text
        .El
        .Pp
        A number is compared as a double; a date takes a
        .Li $time
        value or seconds since 2001-01-01T00:00:00Z.
        Errors (unknown attribute, wrong type, syntax) are reported with a caret under the column,
        before the index is read, with exit status 2.
        Examples, run against the repository's sample tree after
        .Li "fsfind index sample" ;
        the comment is the answer (the last two need metadata extraction):
        .Bd -literal -offset indent
        \(queryExamples.map(escapedLiteral).joined(separator: "\n"))
        .Ed
        """
    }

    static var timeValues: String {
        """
        .Sh "TIME VALUES"
        A
        .Li $time
        value is an interval in the local time zone
        .Ev ( TZ ) ;
        now is the wall clock or
        .Ev FSFIND_NOW .
        N may be negative.
        .Bl -tag -width "$time.iso(2025-06-01T12:00:00Z)"
        .It Li $time.now , $time.now(N)
        now, or N seconds on (an instant)
        .It Li $time.today , $time.today(N)
        the calendar day, N days on
        .It Li $time.yesterday
        the day before today
        .It Li $time.this_week , $time.this_week(N)
        the calendar week, N weeks on
        .It Li $time.last_week
        the week before this one
        .It Li $time.this_month , $time.this_month(N)
        the calendar month, N months on
        .It Li $time.this_year , $time.this_year(N)
        the calendar year, N years on
        .It Li $time.iso(2025-06-01)
        that whole day
        .It Li $time.iso(2025-06-01T12:00:00Z)
        that instant
        .El
        .Pp
        Against an interval,
        .Li ==
        means inside it,
        .Li <
        before its start,
        .Li >
        after its end:
        .Li "contentModificationDate == $time.yesterday"
        is anything modified yesterday.
        """
    }

    static var attributes: String {
        var lines = [
            ".Sh ATTRIBUTES",
            "Every name also answers to its macOS",
            ".Li kMDItem",
            "alias, ignoring case.",
            "File-system attributes are present on every item; the others when the content has them.",
            ".Bl -tag -width 6n",
        ]
        for descriptor in AttributeRegistry.all {
            lines.append(".It Sy \(descriptor.name) Pq \(descriptor.type.rawValue)")
            lines.append(escapedText(descriptor.meaning) + (descriptor.isFileSystem ? " (file system)." : "."))
            if !descriptor.aliases.isEmpty {
                lines.append("Alias: " + descriptor.aliases.joined(separator: ", ") + ".")
            }
        }
        lines.append(".El")
        return lines.joined(separator: "\n")
    }

    static var scopes: String {
        var lines = [
            ".Sh SCOPES",
            ".Fl -scope",
            "narrows a query to one category; an item is in it when its",
            ".Sy contentTypeTree",
            "holds the type shown.",
            ".Bl -tag -width 10n -compact",
        ]
        for scope in Scope.allCases {
            lines.append(".It Li \(scope.rawValue)")
            lines.append("\(scope.title): " + (scope.contentType ?? "everything (the default)"))
        }
        lines.append(".El")
        return lines.joined(separator: "\n")
    }

    /// `fsfind serve` behind Samba: the smb.conf lines and what Macs can ask.
    static var spotlightOverSMB: String {
        """
        .Sh "SPOTLIGHT OVER SMB"
        Macs that mount a Samba share search it with Finder's Spotlight. Samba's Spotlight service
        sends each search to an Elasticsearch server;
        .Cm serve
        answers them from an fsfind index instead, with no Elasticsearch. Index the shares, keep
        the index current, and start the server (as
        .Pa fsfind-serve.service
        does):
        .Bd -literal -offset indent
        fsfind index --index /var/lib/fsfind/shares.fsfind /srv/shares
        fsfind watch --index /var/lib/fsfind/shares.fsfind &
        fsfind serve --index /var/lib/fsfind/shares.fsfind
        .Ed
        .Pp
        and point Samba at it in
        .Pa smb.conf :
        .Bd -literal -offset indent
        [global]
          spotlight backend = elasticsearch
          elasticsearch:address = 127.0.0.1
          elasticsearch:port = 9200
          elasticsearch:index = fsfind
        [shares]
          path = /srv/shares
          spotlight = yes
        .Ed
        .Pp
        A Mac then finds files by name, by the words inside them, by kind (images, PDF, audio),
        by date and by size, within the share it searches. Text is compared without regard to case
        or accents, as Spotlight does. The server only reads the index, binds to loopback unless
        told otherwise, and follows the index as
        .Cm index
        and
        .Cm watch
        replace it.
        .Pp
        Its limits keep one local user from taking it over: a search runs at most
        .Fl -search-timeout
        seconds (10; then a 503), and stops when its client hangs up or the server is asked to
        stop; a query holds at most 1024 clauses once repeated words are folded (400
        .Ql too_many_clauses ) ;
        an answer is at most 16 MiB, and answers clients have not read take at most 64 MiB in all
        (then a 503); an answer not read within
        .Fl -request-timeout
        seconds closes its connection; at most
        .Fl -max-connections
        connections are open (a quarter of the descriptor limit, at most 256; the one idle longest
        is closed for a new one), and a connection quiet for
        .Fl -idle-timeout
        seconds (a day) is closed. SIGTERM ends it within a second or two.
        .Pp
        For a site that outgrows one machine,
        .Cm export Fl -es-bulk
        writes the same documents for a real Elasticsearch or OpenSearch cluster:
        .Bd -literal -offset indent
        fsfind export --es-mapping > mapping.json
        curl -XPUT -H 'Content-Type: application/json' --data-binary @mapping.json \\e
            http://es:9200/fsfind
        fsfind export --es-bulk > items.ndjson
        curl -H 'Content-Type: application/x-ndjson' --data-binary @items.ndjson \\e
            http://es:9200/_bulk
        .Ed
        """
    }

    static var environment: String {
        """
        .Sh ENVIRONMENT
        .Bl -tag -width XDG_DATA_HOME
        .It Ev FSFIND_INDEX
        The index file, when
        .Fl -index
        is not given.
        .It Ev XDG_DATA_HOME
        The index is
        .Pa $XDG_DATA_HOME/fsfind/index.fsfind
        when neither of the above is set.
        .It Ev FSFIND_NOW
        Pins now for
        .Li $time
        (ISO-8601), for tests and reproducible reports.
        .It Ev TZ
        Time zone for
        .Li $time
        calendar arithmetic and printed dates.
        .It Ev FSFIND_WATCH_PRIORITY
        .Li normal :
        .Cm watch
        keeps the priority it was started with instead of nice 19 and the idle CPU and IO classes.
        .It Ev FSFIND_DELTA_LIMIT
        How many items
        .Cm watch
        lets its delta hold before folding it into the index (default 4096 after a change that came
        alone, and 5% of the items, at least 4096, during a burst; 0 folds after every batch).
        .It Ev NO_COLOR
        Set and not empty:
        .Cm search
        uses attributes but no colour, and draws previews as symbols in the terminal's own colours.
        .It Ev COLORTERM
        .Li truecolor
        or
        .Li 24bit :
        .Cm search
        draws previews in 24-bit colour (else 256 colours).
        .It Ev FSFIND_PREVIEW_GRAPHICS
        .Li kitty
        or
        .Li symbols :
        how
        .Cm search
        draws pictures; by default the kitty graphics protocol in kitty and Ghostty outside tmux and
        screen, chafa's block symbols elsewhere.
        .El
        """
    }

    static var files: String {
        """
        .Sh FILES
        .Bl -tag -width 6n
        .It Pa ~/.local/share/fsfind/index.fsfind
        The default index: one file, replaced atomically by each
        .Cm index
        run.
        .It Pa index.fsfind.delta
        Beside the index, written by
        .Cm watch :
        the items its batches changed, read together with the index. It is folded into the index
        when it grows past 5% of the items, and by the next
        .Cm index
        run. Copy, move or delete it with the index.
        .It Pa index.fsfind.lock
        Beside the index; two
        .Cm index
        runs (or a run and a
        .Cm watch
        batch) on one index never interleave.
        .It Pa index.fsfind.watch.lock
        Held by the one
        .Cm watch
        process of an index, with its pid and the time of its last update, which
        .Cm status
        shows.
        .It Pa /usr/local/lib/systemd/user/fsfind-watch.service
        The user unit that runs
        .Cm watch
        for the session, installed by
        .Li "make install" .
        .It Pa /usr/local/lib/systemd/system/fsfind-serve.service
        The system unit that runs
        .Cm serve
        for Samba on loopback port 9200, reading
        .Pa /var/lib/fsfind/shares.fsfind ,
        installed by
        .Li "make install" .
        .It Pa /usr/local/share/dbus-1/services/org.fsfind.SearchProvider.service
        Starts
        .Cm desktop-search
        when GNOME Shell or KRunner first searches, installed by
        .Li "make install"
        with the three files below.
        .It Pa /usr/local/share/gnome-shell/search-providers/
        Holds GNOME Shell's provider file,
        .Pa org.fsfind.SearchProvider.ini ,
        read from the system data folders only, when the Shell starts.
        .It Pa /usr/local/share/applications/org.fsfind.Fsfind.desktop
        The application entry the provider is shown under.
        .It Pa /usr/local/share/krunner/dbusplugins/fsfind-krunner.desktop
        KRunner's runner file.
        .El
        """
    }

    static var exitStatus: String {
        """
        .Sh "EXIT STATUS"
        .Bl -tag -width 3n -compact
        .It 0
        Success; a query with no results is a success.
        .It 1
        A runtime failure: no index, a damaged or unreadable index, a path not in the index, an I/O error.
        .It 2
        A usage or query error, reported before any work.
        .El
        """
    }

    static var examples: String {
        """
        .Sh EXAMPLES
        Index two folders, then find long audio files and last week's documents:
        .Bd -literal -offset indent
        fsfind index ~/Documents ~/Music
        fsfind query 'contentType == "audio"wc && duration > 300'
        fsfind query --scope document 'contentModificationDate == $time.last_week'
        fsfind query --json --attr title,duration --sort duration --reverse 'duration > 0'
        fsfind query -0 'fsName == "*.tmp"' | xargs -0 rm --
        .Ed
        .Pp
        Keep the index current while logged in: changes are found within about a second.
        Use
        .Cm watch
        for the folders you work in; use a cron line or a timer (below) instead for network
        mounts and removable drives, which inotify does not see change, for trees with more
        folders than
        .Li fs.inotify.max_user_watches ,
        or where nothing should run in the background:
        .Bd -literal -offset indent
        systemctl --user enable --now fsfind-watch.service
        fsfind status                 # Watcher: running (pid ...)
        fsfind query --live invoice   # matches now, then as they come and go
        .Ed
        .Pp
        Refresh every indexed folder each night from cron
        .Pq Li "crontab -e" ;
        with no PATH,
        .Cm index
        refreshes every folder indexed before and is silent unless something fails:
        .Bd -literal -offset indent
        30 3 * * * fsfind index --quiet
        .Ed
        .Pp
        Or with a systemd user timer,
        .Pa ~/.config/systemd/user/fsfind.service :
        .Bd -literal -offset indent
        [Unit]
        Description=Refresh the fsfind index
        \\&
        [Service]
        Type=oneshot
        ExecStart=fsfind index --quiet
        .Ed
        .Pp
        and
        .Pa ~/.config/systemd/user/fsfind.timer ,
        enabled with
        .Li "systemctl --user enable --now fsfind.timer" :
        .Bd -literal -offset indent
        [Timer]
        OnCalendar=daily
        Persistent=true
        \\&
        [Install]
        WantedBy=timers.target
        .Ed
        """
    }

    /// `text` safe in an mdoc text line: backslashes escaped, no leading control character.
    static func escapedText(_ text: String) -> String {
        let escaped = text.replacingAll("\\", with: "\\e")
        return escaped.first == "." || escaped.first == "'" ? "\\&" + escaped : escaped
    }

    /// `text` safe inside `.Bd -literal`: the same rules (spaces are kept as they are).
    static func escapedLiteral(_ text: String) -> String { escapedText(text) }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation-free, for the small texts here).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
