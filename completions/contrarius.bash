_contrarius_completion() {
    local IFS=$'
'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" \
                   COMP_CWORD=$COMP_CWORD \
                   COMP_LINE="$COMP_LINE" COMP_POINT=$COMP_POINT \
                   COMP_WORDBREAKS="$COMP_WORDBREAKS" \
                   _CONTRARIUS_COMPLETE=complete_bash $1 ) )
    return 0
}

complete -o default -F _contrarius_completion contrarius
