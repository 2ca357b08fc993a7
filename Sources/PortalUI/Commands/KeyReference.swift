/// The key reference as Markdown, made from `CommandTable` so that `docs/keys.md` is the
/// same table that dispatches keys and draws the help overlay (a test keeps them equal).
public enum KeyReference {
    public static var markdown: String {
        var out = """
            # Keys

            portal has one command table (`Sources/PortalUI/Commands/CommandTable.swift`). It
            dispatches keys, draws the `?` overlay and the footer hints, and this page is made
            from it: `PORTAL_RECORD_GOLDEN=1 swift test --filter keyReference` rewrites it.

            """
        for (title, bindings) in CommandTable.helpSections where !bindings.isEmpty {
            out += "\n## \(title)\n\n| keys | does |\n|---|---|\n"
            for binding in bindings {
                // A `|` in a cell (the jq prompt's key) is escaped, or it would end the cell.
                let keys = binding.keyLabel.replacingOccurrences(of: "^", with: "Ctrl-").replacingOccurrences(of: "|", with: "\\|")
                out += "| \(keys) | \(binding.help.replacingOccurrences(of: "|", with: "\\|")) |\n"
            }
        }
        out += """

            ## Notes

            - A key means one thing: digits always switch tabs, and going to card N has its
              own prompt, `:` (`:500000` Enter). In the search prompt, the go-to prompt and the
              filter form, any other key types text.
            - Links: in a detail pane the highlight moves over the rows that lead somewhere
              (origin, location, episodes, characters, residents); Enter opens that item in
              the same pane, and Esc comes back to where you were, highlight and all. The
              breadcrumb at the top of the pane shows the trail.
            - Each tab keeps its own list, selection, search, filters and open pane.
            - The mouse wheel scrolls where the terminal reports it (both wheel-down codes of
              ncurses 5 and 6 are understood).
            - End/G goes to the last card. A list whose server addresses pages (Rick and
              Morty's `?page=N`) knows its total from the first page, so End, Home and `:N`
              ask only for the pages they show, on any list size; cards not loaded yet are
              dim placeholders. A list that only follows `next` links walks to its end,
              following it as pages arrive (`loading… 3,400 so far`); Esc stops the walk.
            - Ctrl-C and Ctrl-Z are rows of the table too: the terminal loop asks the table for
              them before the app sees a key, so no prompt or overlay can swallow them.
            - R asks the list again from the top, through the caches (an unchanged page is a
              304 and costs no body). What is shown stays until the new pages replace it, the
              selection stays on its item wherever it now is, and rows added or removed show
              without a duplicate. In a detail pane R asks for the item again.
            - Ctrl-C quits from anywhere and restores the terminal, as do SIGTERM and SIGHUP.
            - Marks: a card (or a table row, at its end) may carry `new` (green), `changed`
              (yellow) or `deleted` (red), in reverse video. `w`/`--watch` and R mark what their
              look found; a live list (`--events URL`, a saved list's `events`) marks what the
              server pushed: a changed row in place, a new one where the list's order puts it (the
              top of a newest-first list, e.g. `order=id.desc`; between the rows it sorts between
              after `s`/`S`; the end of an ascending list), a deleted one until the next R. The
              selection stays on its record and, scrolled down, on its screen row: nothing on screen
              moves. At the very top of the list a new row shows above and the selection moves down
              with its record. The status line counts them: `live · 3 new · 1 changed` (`R shows 2
              more` for new rows whose place is in a part of the list not loaded), or
              `reconnecting… 4 s` while the stream is down.

            """
        return out
    }
}
