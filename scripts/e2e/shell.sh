#!/usr/bin/env bash
# End-to-end tests of iap in the shell: completion scripts in bash, zsh and fish,
# help at every level, colour only on a terminal and never with NO_COLOR, --quiet, and
# stdout that stays parseable when piped.
source "$(dirname "$0")/lib.sh"
BIN_DIR=$(dirname "$IAP_BIN")

scenario "bash completion loads and completes commands, options and product ids"
run completions bash
expect_status 0
out=$(bash -c "PATH='$BIN_DIR':\$PATH; source <(iap completions bash); complete -p iap" 2>&1)
expect_out "complete -o default -F _iap iap"
complete_bash() {
  PATH="$BIN_DIR:$PATH" bash -c 'source <(iap completions bash); COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _iap; printf "%s\n" "${COMPREPLY[@]}"' _ "$@"
}
out=$(complete_bash iap buy com.example.fakegame.r)
expect_out "com.example.fakegame.rocket_car"
out=$(complete_bash iap subscription "")
expect_out $'status\ncancel\nresume\nexpire\nrenew\nprice-increase\nprice-increase-consent\ntimeline\nmanage'
out=$(complete_bash iap products "")
expect_out $'list\nfetch\nremove-from-sale\nrestore-to-sale'
out=$(complete_bash iap consent "")
expect_out "rescind"
out=$(complete_bash iap buy x --quan)
expect_out "--quantity"
out=$(complete_bash iap --catalog "")
expect_out ""

scenario "zsh and fish completion load"
if command -v zsh >/dev/null; then
  out=$(PATH="$BIN_DIR:$PATH" zsh -c 'autoload -U compinit; compinit -u 2>/dev/null; source <(iap completions zsh); whence -w _iap' 2>&1)
  expect_out "_iap: function"
else
  skip "zsh is not installed"
fi
if command -v fish >/dev/null; then
  out=$(PATH="$BIN_DIR:$PATH" fish -c 'iap completions fish | source; complete -C"iap buy com.example.fakegame.r"' 2>&1)
  expect_out "com.example.fakegame.rocket_car"
else
  skip "fish is not installed"
fi

scenario "help at every level, the same three ways"
run help buy
expect_status 0
expect_out_has "OVERVIEW: Buy a product: add a payment to the queue."
expect_out_has "USAGE: iap buy <id>"
expect_out_has "ARGUMENTS:"
expect_out_has "OPTIONS:"
help_text=$out
run buy --help
expect_same "$out" "$help_text" "iap buy --help"
run buy -h
expect_same "$out" "$help_text" "iap buy -h"
run subscription
expect_out_has "SUBCOMMANDS:"
run help nosuch
expect_status 64
expect_err_has "See 'iap help --help' for more information."

scenario "colour only on a terminal, never with NO_COLOR; --quiet; clean pipes"
if command -v script >/dev/null; then
  # The terminal is set explicitly: a CI job or a test runner may have no TERM, or NO_COLOR.
  out=$(env -u NO_COLOR TERM=xterm script -qc "'$IAP_BIN' biy" /dev/null | cat -v)
  expect_out_has "^[[1;31merror:^[[0m unknown command 'biy'"
  out=$(NO_COLOR=1 TERM=xterm script -qc "'$IAP_BIN' biy" /dev/null | cat -v)
  expect_out_lacks "^["
else
  skip "script(1) is not installed to fake a terminal"
fi
run biy
expect_status 64
case "$err" in *$'\e'*) not_ok "colour on a pipe" ;; *) ok ;; esac
iap settings set ask-to-buy on >/dev/null
run buy com.example.fakegame.coins_1000
expect_err_has "waiting for approval"
# Another product: a second request for coins_1000 would join the first (Ask to Buy
# consolidates duplicate requests).
run buy com.example.fakegame.extra_lives --quiet
expect_status 2
expect_err ""
run buy com.example.fakegame.unlock_maps -q --bogus
expect_status 64
expect_err_has "error: unknown option '--bogus'"
run queue --json
expect_json 'len(d["transactions"])' 2  # the usage error bought nothing

finish
