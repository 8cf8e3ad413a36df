#compdef contrarius

_contrarius_completion() {
  eval $(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" _CONTRARIUS_COMPLETE=complete_zsh contrarius)
}

compdef _contrarius_completion contrarius
