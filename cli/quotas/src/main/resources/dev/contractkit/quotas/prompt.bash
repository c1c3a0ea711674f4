# quotas prompt hook for bash, printed by `quotas init bash`; in ~/.bashrc: eval "$(/path/to/kit quotas init bash)"
# Each prompt reads the cached line with builtins only (no process, no JVM); when it is due, or cache.json or the
# config is newer, it starts one detached `quotas --statusline` (prompt.lock keeps a second one from starting).
__quotas_line_file=@LINE_FILE@
__quotas_dir=@DIR@
__quotas_cache=@CACHE@
__quotas_config=@CONFIG@
__quotas_cmd=(@COMMAND@)
QUOTAS_STATUSLINE=
__quotas_prompt() {
  local __quotas_s=$? __quotas_due= __quotas_l= __quotas_now=${EPOCHSECONDS:-}
  [[ -n $__quotas_now ]] || printf -v __quotas_now '%(%s)T' -1
  if [[ -f $__quotas_line_file ]]; then
    { IFS= read -r __quotas_due; IFS= read -r __quotas_l; } < "$__quotas_line_file" 2>/dev/null
  fi
  QUOTAS_STATUSLINE=$__quotas_l
  if [[ -z $__quotas_due || $__quotas_due == *[!0-9]* ]] || (( __quotas_now >= __quotas_due )) \
      || [[ $__quotas_cache -nt $__quotas_line_file || $__quotas_config -nt $__quotas_line_file ]]; then
    __quotas_refresh "$__quotas_now"
  fi
  return $__quotas_s
}
__quotas_refresh() {
  local __quotas_lock=$__quotas_dir/prompt.lock __quotas_t= __quotas_c=
  [[ -d $__quotas_dir ]] || command mkdir -p -- "$__quotas_dir" 2>/dev/null || return 0
  [[ -o noclobber ]] && __quotas_c=1
  set -C
  if ! { printf '%s\n' "$1" > "$__quotas_lock"; } 2>/dev/null; then
    [[ -n $__quotas_c ]] || set +C
    # held: by a job younger than two minutes, else by one that died (its lock is taken over)
    { IFS= read -r __quotas_t < "$__quotas_lock"; } 2>/dev/null
    if [[ -n $__quotas_t && $__quotas_t != *[!0-9]* ]] && (( $1 - __quotas_t < 120 )); then return 0; fi
    { printf '%s\n' "$1" >| "$__quotas_lock"; } 2>/dev/null || return 0
  fi
  [[ -n $__quotas_c ]] || set +C
  ( { "${__quotas_cmd[@]}"; command rm -f -- "$__quotas_lock"; } </dev/null >/dev/null 2>&1 & )
}
case ";${PROMPT_COMMAND:-};" in
  *";__quotas_prompt;"*) ;;
  *) PROMPT_COMMAND="__quotas_prompt${PROMPT_COMMAND:+;$PROMPT_COMMAND}" ;;
esac
case "${PS1:-}" in
  *'${QUOTAS_STATUSLINE'*) ;;
  *) PS1='${QUOTAS_STATUSLINE:+$QUOTAS_STATUSLINE }'"${PS1:-\\s-\\v\\\$ }" ;;
esac
