# quotas prompt hook for zsh, printed by `quotas init zsh`; in ~/.zshrc: eval "$(/path/to/kit quotas init zsh)"
# Each prompt reads the cached line with builtins only (no process, no JVM); when it is due, or cache.json or the
# config is newer, it starts one detached `quotas --statusline` (prompt.lock keeps a second one from starting).
zmodload zsh/datetime 2>/dev/null
typeset -g __quotas_line_file=@LINE_FILE@
typeset -g __quotas_dir=@DIR@
typeset -g __quotas_cache=@CACHE@
typeset -g __quotas_config=@CONFIG@
typeset -ga __quotas_cmd
__quotas_cmd=(@COMMAND@)
typeset -g QUOTAS_STATUSLINE=
__quotas_prompt() {
  local __quotas_due= __quotas_l= __quotas_now=${EPOCHSECONDS:-}
  [[ -n $__quotas_now ]] || __quotas_now=$(command date +%s)
  if [[ -f $__quotas_line_file ]]; then
    { IFS= read -r __quotas_due; IFS= read -r __quotas_l } < "$__quotas_line_file" 2>/dev/null
  fi
  # the prompt expands % sequences in what it shows: a literal % is %%
  QUOTAS_STATUSLINE=${__quotas_l//\%/%%}
  if [[ -z $__quotas_due || $__quotas_due == *[^0-9]* ]] || (( __quotas_now >= __quotas_due )) \
      || [[ $__quotas_cache -nt $__quotas_line_file || $__quotas_config -nt $__quotas_line_file ]]; then
    __quotas_refresh "$__quotas_now"
  fi
}
__quotas_refresh() {
  setopt local_options no_clobber
  local __quotas_lock=$__quotas_dir/prompt.lock __quotas_t=
  [[ -d $__quotas_dir ]] || command mkdir -p -- "$__quotas_dir" 2>/dev/null || return 0
  if ! { print -r -- "$1" > "$__quotas_lock" } 2>/dev/null; then
    # held: by a job younger than two minutes, else by one that died (its lock is taken over)
    { IFS= read -r __quotas_t < "$__quotas_lock" } 2>/dev/null
    if [[ -n $__quotas_t && $__quotas_t != *[^0-9]* ]] && (( $1 - __quotas_t < 120 )); then return 0; fi
    { print -r -- "$1" >| "$__quotas_lock" } 2>/dev/null || return 0
  fi
  ( { "${__quotas_cmd[@]}"; command rm -f -- "$__quotas_lock" } </dev/null >/dev/null 2>&1 & )
}
autoload -Uz add-zsh-hook
add-zsh-hook precmd __quotas_prompt
setopt prompt_subst
[[ $PROMPT == *'${QUOTAS_STATUSLINE'* ]] || PROMPT='${QUOTAS_STATUSLINE:+$QUOTAS_STATUSLINE }'$PROMPT
