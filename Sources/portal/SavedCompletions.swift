import Foundation
import PortalSources

/// Shell completions of saved names. `portal open NAME [LIST]` and `portal list NAME LIST`
/// complete NAME and LIST through ArgumentParser's `completion: .custom` (portal is run to
/// read the config file as you type); and since plain `portal NAME` is routed by `Main`
/// before ArgumentParser sees it, the bash script's root function is given the same
/// calls (`patched`), so `portal <Tab>` offers the saved names beside the subcommands.
enum SavedCompletions {
    /// The saved lists of the API the command line names: the first word after `portal`
    /// (and after `open` or `list`) that is not an option or an option's value. `--config
    /// FILE` on the line is read too.
    static func lists(words: [String], at index: Int) -> [String] {
        var config: String?
        var positionals: [String] = []
        var skipNext = false
        for (position, word) in words.enumerated().dropFirst() where position < index {
            if skipNext {
                skipNext = false
                continue
            }
            if word == "--config", position + 1 < words.count {
                config = words[position + 1]
                skipNext = true
                continue
            }
            if word.hasPrefix("-") { continue }
            if positionals.isEmpty, ["open", "list"].contains(word) { continue }
            positionals.append(word)
        }
        guard let name = positionals.first else { return [] }
        let path = config
        guard let api = try? SavedRun.api(named: name, config: path) else { return [] }
        if api.kind != nil { return ["characters", "episodes", "locations"] }
        if !api.lists.isEmpty { return api.lists.map(\.name) }
        return []
    }

    /// The names for `portal list`'s first argument: the built-in lists and the saved APIs.
    static func resources() -> [String] {
        ["characters", "episodes", "locations", "pokemon"] + SavedRun.savedNames()
    }

    /// `script` with `portal NAME [LIST]` completed at the root: in the bash function for
    /// the root, the branch that offers the subcommands also offers `portal open`'s two
    /// arguments (the saved names, then their lists). Any other text is returned as it is.
    static func patched(_ script: String) -> String {
        let marker = "        # Offer subcommand completions\n        COMPREPLY+=($(compgen -W '"
        guard script.hasPrefix("#!/bin/bash"), let start = script.range(of: marker),
              let end = script[start.upperBound...].range(of: "' -- \"${cur}\"))\n") else { return script }
        let call = "__portal_custom_complete ---completion open -- positional@"
        let addition = """
                    # portal NAME [LIST]: the saved APIs' names, then the named one's lists
                    if [[ ${#unparsed_words[@]} -eq 0 ]]; then
                        __portal_add_completions -W "$(\(call)0 "${COMP_CWORD}" "$(__portal_cursor_index_in_current_word)")"
                    elif [[ ${#unparsed_words[@]} -eq 1 ]]; then
                        COMPREPLY=()
                        __portal_add_completions -W "$(\(call)1 "${COMP_CWORD}" "$(__portal_cursor_index_in_current_word)")"
                    fi

            """
        var text = script
        text.insert(contentsOf: addition, at: end.upperBound)
        return text
    }
}
