import IAPCore
import IAPKit

/// The completion scripts `iap completions SHELL` prints. Each asks the `iap` it completes
/// for candidates (`iap completions --complete -- WORDS…`), so they always match the binary
/// and the catalog of the moment.
enum CompletionScripts {
  static let shells = ["bash", "zsh", "fish"]

  static func script(for shell: String) -> String? {
    switch shell {
    case "bash": return bash
    case "zsh": return zsh
    case "fish": return fish
    default: return nil
    }
  }

  static let bash = """
    # bash completion for iap: source <(iap completions bash)
    _iap() {
      local IFS=$'\\n'
      COMPREPLY=($("${COMP_WORDS[0]}" completions --complete -- "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
    }
    complete -o default -F _iap iap

    """

  static let zsh = """
    #compdef iap
    # zsh completion for iap: source <(iap completions zsh)
    _iap() {
      local -a candidates
      candidates=("${(@f)$(${words[1]} completions --complete -- "${(@)words[2,CURRENT]}" 2>/dev/null)}")
      if (( ${#candidates[@]} == 1 )) && [[ -z ${candidates[1]} ]]; then
        _files
      else
        compadd -a candidates
      fi
    }
    compdef _iap iap

    """

  static let fish = """
    # fish completion for iap: iap completions fish | source
    function __iap_complete
        set -l words (commandline -opc)[2..-1] (commandline -ct)
        iap completions --complete -- $words 2>/dev/null
    end
    complete -c iap -f -a '(__iap_complete)'

    """
}
