function __fsfind_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __fsfind_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __fsfind_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __fsfind_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __fsfind_parse_tokens -S
    set -l unparsed_tokens (__fsfind_tokens -pc)
    switch $unparsed_tokens[1]
    case 'fsfind'
        __fsfind_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'index'
            __fsfind_parse_subcommand -r 1 'exclude=+' 'hidden' 'full' 'no-content' 'language=' 'quiet' 'verbose' 'no-wait' 'index=' 'version' 'h/help'
        case 'watch'
            __fsfind_parse_subcommand -r 1 'exclude=+' 'hidden' 'quiet' 'verbose' 'index=' 'version' 'h/help'
        case 'query'
            __fsfind_parse_subcommand -r 1 'scope=' 'onlyin=+' '0/null' 'json' 'attr=+' 'count' 'live' 'limit=' 'sort=' 'reverse' 'snippets' 'explain' 'index=' 'version' 'h/help'
        case 'search'
            __fsfind_parse_subcommand -r 1 'scope=' 'onlyin=' 'index=' 'version' 'h/help'
        case 'show'
            __fsfind_parse_subcommand -r 1 'json' 'attr=+' 'index=' 'version' 'h/help'
        case 'status'
            __fsfind_parse_subcommand 0 'json' 'index=' 'version' 'h/help'
        case 'attributes'
            __fsfind_parse_subcommand 0 'json' 'index=' 'version' 'h/help'
        case 'scopes'
            __fsfind_parse_subcommand 0 'index=' 'version' 'h/help'
        case 'forget'
            __fsfind_parse_subcommand -r 1 'no-wait' 'index=' 'version' 'h/help'
        case 'serve'
            __fsfind_parse_subcommand 0 'listen=' 'index-name=' 'threads=' 'request-timeout=' 'search-timeout=' 'idle-timeout=' 'max-connections=' 'quiet' 'index=' 'version' 'h/help'
        case 'desktop-search'
            __fsfind_parse_subcommand 0 'idle-exit=' 'index=' 'version' 'h/help'
        case 'export'
            __fsfind_parse_subcommand 0 'es-bulk' 'es-mapping' 'index-name=' 'since=' 'no-content' 'index=' 'version' 'h/help'
        case 'help'
            __fsfind_parse_subcommand -r 1 'version'
        end
    end
end

function __fsfind_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __fsfind_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __fsfind_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __fsfind_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__fsfind_tokens -p)
    if test -z "$(__fsfind_tokens -t)"
        set -l index (count (__fsfind_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'fsfind' -f
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'index' -d 'Index folders, or refresh every folder already indexed.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'watch' -d 'Keep the index current as files change, until stopped.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'query' -d 'Print the paths of indexed items that match a query.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'search' -d 'Search interactively; print the chosen path.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'show' -d 'Print the indexed attributes of files.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'status' -d 'Describe the index: file, size, roots, items per scope, problems.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'attributes' -d 'List the attributes a query can use, with type, aliases and meaning.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'scopes' -d 'List the scopes --scope accepts, with item counts.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'forget' -d 'Remove indexed folders and their items from the index.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'serve' -d 'Answer Elasticsearch searches from the index (Spotlight for Macs through Samba).'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'desktop-search' -d 'Answer GNOME Shell\'s and KRunner\'s searches from the index, on the D-Bus session bus.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'export' -d 'Write the index as Elasticsearch/OpenSearch bulk requests (NDJSON).'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind index" -ge 1' -fa '(__fsfind_complete_directories)'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind index"' -l 'exclude' -d 'Skip entries whose name or path matches this glob (repeatable).' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind index" hidden' -l 'hidden' -d 'Also index hidden entries (names starting with \'.\').'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind index" full' -l 'full' -d 'Re-read every file, even unchanged ones.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind index" no-content' -l 'no-content' -d 'Read metadata only, not the words inside files (faster; free text then finds names and titles only).'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind index" language' -l 'language' -d 'The language of the words inside files, for matching their forms: english (the default), french, german, spanish … or none; kept until changed.' -rfka 'arabic armenian basque catalan danish dutch english finnish french german greek hindi hungarian indonesian irish italian lithuanian nepali norwegian portuguese romanian russian serbian spanish swedish tamil turkish yiddish none'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind index" quiet' -l 'quiet' -d 'Print only errors.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind index" verbose' -l 'verbose' -d 'Print the summary, with the number of files opened, even when stderr is not a terminal.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind index" no-wait' -l 'no-wait' -d 'Exit at once if another index run holds the lock, instead of waiting.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind index" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind index" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind index" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind watch" -ge 1' -fa '(__fsfind_complete_directories)'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind watch"' -l 'exclude' -d 'With PATHs: skip entries whose name or path matches this glob (repeatable).' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind watch" hidden' -l 'hidden' -d 'With PATHs: also index hidden entries (names starting with \'.\').'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind watch" quiet' -l 'quiet' -d 'Print only errors.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind watch" verbose' -l 'verbose' -d 'Print a line for each batch of changes applied.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind watch" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind watch" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind watch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind query" -ge 1' -fka '(__fsfind_custom_completion ---completion query -- positional@0 (count (__fsfind_tokens -pc)) (__fsfind_tokens -tC))'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" scope' -l 'scope' -d 'Only items of this category.' -rfka 'all audio video image document text code archive folder app'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query"' -l 'onlyin' -o 'onlyin' -d 'Only items at or below this folder (repeatable).' -rfa '(__fsfind_complete_directories)'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" name' -o 'name' -d 'mdfind\'s -name: only items whose name contains this text (any case and accents).' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" 0 null' -s '0' -l 'null' -d 'End each path with NUL instead of a newline.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" json' -l 'json' -d 'Print one JSON object per result (NDJSON).'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query"' -l 'attr' -d 'Attributes to print with each path (comma-separated, repeatable).' -rfka '(__fsfind_custom_completion ---completion query -- --attr (count (__fsfind_tokens -pc)) (__fsfind_tokens -tC))'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" count count' -l 'count' -o 'count' -d 'Print only the number of matches.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query"' -o 'attr' -d 'mdfind\'s -attr: after each path, \'NAME = value\' for this attribute (repeatable).' -rfka '(__fsfind_custom_completion ---completion query -- -attr (count (__fsfind_tokens -pc)) (__fsfind_tokens -tC))'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" interpret' -o 'interpret' -d 'mdfind\'s -interpret: read the query as words typed into a search field.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" literal' -o 'literal' -d 'mdfind\'s -literal: read the query as a query (what fsfind does anyway).'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" live live' -l 'live' -o 'live' -d 'Print the matches, then keep printing new ones (and removed ones, marked \'- \') as the index changes, until Ctrl-C.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" limit' -l 'limit' -d 'Print at most this many results.' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" sort' -l 'sort' -d 'Order of results (default: path; relevance for free text).' -rfka 'path name modified created size duration relevance'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" reverse' -l 'reverse' -d 'Reverse the order.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" snippets' -l 'snippets' -d 'After each path found by its words, a line of context around them (a "snippet" field with --json).'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" explain' -l 'explain' -d 'Print how the query was read (its canonical form, and each -onlyin folder) instead of running it.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind query" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind search" scope' -l 'scope' -d 'The scope to start in.' -rfka 'all audio video image document text code archive folder app'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind search" onlyin' -l 'onlyin' -d 'Start narrowed to this folder (Ctrl-F widens to everywhere).' -rfa '(__fsfind_complete_directories)'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind search" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind search" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind search" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind show" -ge 1' -F
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind show" json' -l 'json' -d 'Print one JSON object per path (NDJSON).'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind show"' -l 'attr' -d 'Only these attributes (comma-separated, repeatable).' -rfka '(__fsfind_custom_completion ---completion show -- --attr (count (__fsfind_tokens -pc)) (__fsfind_tokens -tC))'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind show" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind show" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind status" json' -l 'json' -d 'Print one JSON object.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind status" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind status" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind attributes" json' -l 'json' -d 'Print one JSON object per attribute.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind attributes" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind attributes" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind attributes" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind scopes" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind scopes" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind scopes" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_positional "fsfind forget" -ge 1' -fa '(__fsfind_complete_directories)'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind forget" no-wait' -l 'no-wait' -d 'Exit at once if another index run holds the lock, instead of waiting.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind forget" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind forget" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind forget" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind serve" listen' -l 'listen' -d 'Address and port to listen on; loopback unless you name another (default 127.0.0.1:9200).' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind serve" index-name' -l 'index-name' -d 'The index name clients ask for (smb.conf\'s elasticsearch:index).' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind serve" threads' -l 'threads' -d 'Queries answered at once (default: the number of cores, at least 2); more wait their turn.' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind serve" request-timeout' -l 'request-timeout' -d 'Seconds a request may take to arrive whole once begun; then the connection is closed.' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind serve" search-timeout' -l 'search-timeout' -d 'Seconds a search may run before it is given up with a 503 (Samba waits 60).' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind serve" idle-timeout' -l 'idle-timeout' -d 'Seconds a connection may stay quiet between requests before it is closed (default a day).' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind serve" max-connections' -l 'max-connections' -d 'Connections open at once (default a quarter of the descriptor limit, at most 256); beyond it the longest idle is closed.' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind serve" quiet' -l 'quiet' -d 'Log only refusals and errors, not every request.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind serve" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind serve" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind serve" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind desktop-search" idle-exit' -l 'idle-exit' -d 'Seconds without a call before it exits (default 60).' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind desktop-search" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind desktop-search" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind desktop-search" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind export" es-bulk' -l 'es-bulk' -d 'Write _bulk NDJSON: an action line, then the document.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind export" es-mapping' -l 'es-mapping' -d 'Write the index mapping for the documents instead.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind export" index-name' -l 'index-name' -d 'The _index the actions name.' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind export" since' -l 'since' -d 'Only items changed (content or attributes) at or after DATE (2026-11-01, 2026-11-01T09:00).' -rfka ''
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind export" no-content' -l 'no-content' -d 'Leave out the words inside files (the content field).'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind export" index' -l 'index' -d 'The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).' -rF
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind export" version' -l 'version' -d 'Show the version.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'fsfind' -n '__fsfind_should_offer_completions_for_flags_or_options "fsfind help" version' -l 'version' -d 'Show the version.'
