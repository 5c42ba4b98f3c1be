#!/bin/bash

__fsfind_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__fsfind_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__fsfind_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__fsfind_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_fsfind() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __fsfind_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    index|watch|query|search|show|status|attributes|scopes|forget|serve|desktop-search|export|help)
        # Offer subcommand argument completions
        "_fsfind_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'index watch query search show status attributes scopes forget serve desktop-search export help' -- "${cur}"))
        ;;
    esac
}

_fsfind_index() {
    repeating_flags=()
    non_repeating_flags=(--hidden --full --no-content --quiet --verbose --no-wait --version -h --help)
    repeating_options=(--exclude)
    non_repeating_options=(--language --index)
    __fsfind_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--exclude')
        return
        ;;
    '--language')
        __fsfind_add_completions -W 'arabic'$'\n''armenian'$'\n''basque'$'\n''catalan'$'\n''danish'$'\n''dutch'$'\n''english'$'\n''finnish'$'\n''french'$'\n''german'$'\n''greek'$'\n''hindi'$'\n''hungarian'$'\n''indonesian'$'\n''irish'$'\n''italian'$'\n''lithuanian'$'\n''nepali'$'\n''norwegian'$'\n''portuguese'$'\n''romanian'$'\n''russian'$'\n''serbian'$'\n''spanish'$'\n''swedish'$'\n''tamil'$'\n''turkish'$'\n''yiddish'$'\n''none'
        return
        ;;
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __fsfind_add_completions -d
        return
        ;;
    esac
}

_fsfind_watch() {
    repeating_flags=()
    non_repeating_flags=(--hidden --quiet --verbose --version -h --help)
    repeating_options=(--exclude)
    non_repeating_options=(--index)
    __fsfind_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--exclude')
        return
        ;;
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __fsfind_add_completions -d
        return
        ;;
    esac
}

_fsfind_query() {
    repeating_flags=()
    non_repeating_flags=(-0 --null --json --count -count -interpret -literal --live -live --reverse --snippets --explain --version -h --help)
    repeating_options=(--onlyin -onlyin --attr -attr)
    non_repeating_options=(--scope -name --limit --sort --index)
    __fsfind_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--scope')
        __fsfind_add_completions -W 'all'$'\n''audio'$'\n''video'$'\n''image'$'\n''document'$'\n''text'$'\n''code'$'\n''archive'$'\n''folder'$'\n''app'
        return
        ;;
    '--onlyin'|'-onlyin')
        __fsfind_add_completions -d
        return
        ;;
    '-name')
        return
        ;;
    '--attr')
        __fsfind_add_completions -W "$(__fsfind_custom_complete ---completion query -- --attr "${COMP_CWORD}" "$(__fsfind_cursor_index_in_current_word)")"
        return
        ;;
    '-attr')
        __fsfind_add_completions -W "$(__fsfind_custom_complete ---completion query -- -attr "${COMP_CWORD}" "$(__fsfind_cursor_index_in_current_word)")"
        return
        ;;
    '--limit')
        return
        ;;
    '--sort')
        __fsfind_add_completions -W 'path'$'\n''name'$'\n''modified'$'\n''created'$'\n''size'$'\n''duration'$'\n''relevance'
        return
        ;;
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __fsfind_add_completions -W "$(__fsfind_custom_complete ---completion query -- positional@0 "${COMP_CWORD}" "$(__fsfind_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_fsfind_search() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--scope --onlyin --index)
    __fsfind_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--scope')
        __fsfind_add_completions -W 'all'$'\n''audio'$'\n''video'$'\n''image'$'\n''document'$'\n''text'$'\n''code'$'\n''archive'$'\n''folder'$'\n''app'
        return
        ;;
    '--onlyin')
        __fsfind_add_completions -d
        return
        ;;
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac
}

_fsfind_show() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=(--attr)
    non_repeating_options=(--index)
    __fsfind_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--attr')
        __fsfind_add_completions -W "$(__fsfind_custom_complete ---completion show -- --attr "${COMP_CWORD}" "$(__fsfind_cursor_index_in_current_word)")"
        return
        ;;
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __fsfind_add_completions -f
        return
        ;;
    esac
}

_fsfind_status() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--index)
    __fsfind_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac
}

_fsfind_attributes() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--index)
    __fsfind_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac
}

_fsfind_scopes() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--index)
    __fsfind_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac
}

_fsfind_forget() {
    repeating_flags=()
    non_repeating_flags=(--no-wait --version -h --help)
    repeating_options=()
    non_repeating_options=(--index)
    __fsfind_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __fsfind_add_completions -d
        return
        ;;
    esac
}

_fsfind_serve() {
    repeating_flags=()
    non_repeating_flags=(--quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--listen --index-name --threads --request-timeout --search-timeout --idle-timeout --max-connections --index)
    __fsfind_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--listen')
        return
        ;;
    '--index-name')
        return
        ;;
    '--threads')
        return
        ;;
    '--request-timeout')
        return
        ;;
    '--search-timeout')
        return
        ;;
    '--idle-timeout')
        return
        ;;
    '--max-connections')
        return
        ;;
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac
}

_fsfind_desktop-search() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--idle-exit --index)
    __fsfind_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--idle-exit')
        return
        ;;
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac
}

_fsfind_export() {
    repeating_flags=()
    non_repeating_flags=(--es-bulk --es-mapping --no-content --version -h --help)
    repeating_options=()
    non_repeating_options=(--index-name --since --index)
    __fsfind_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--index-name')
        return
        ;;
    '--since')
        return
        ;;
    '--index')
        __fsfind_add_completions -f
        return
        ;;
    esac
}

_fsfind_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __fsfind_offer_flags_options -1
}

complete -o filenames -F _fsfind fsfind
