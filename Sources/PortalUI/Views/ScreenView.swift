import PortalCore

/// The whole frame for a controller's state, composed in one place from each model's view
/// (beside its model in its folder): header with tabs, grid or table and/or detail pane
/// with the jq prompt's tree, the watch's marks, status line, footer or the open prompt,
/// and the filter form or help overlay on top. Pure drawing.
@MainActor
public enum ScreenView {
    public static func draw(_ c: ScreenController, into screen: any Screen) {
        let layout = c.layout
        if layout.isTooSmall {
            TooSmallView.draw(size: c.size, into: screen)
            return
        }
        let tab = c.tab
        HeaderView.draw(HeaderView.spans(title: c.source.title, tabs: c.tabs.map(\.spec), active: c.activeTab,
                                         query: tab.query, spec: tab.spec, source: c.sourceLabel, width: c.size.columns),
                        width: c.size.columns, row: layout.headerRow, into: screen)
        if let pane = c.pane, !layout.isSideBySide {
            DetailView.draw(pane, breadcrumb: c.breadcrumb, picture: c.panePicture, in: layout.detail, beside: false, into: screen)
            if c.paneFilterShown { PaneFilterView.draw(c.paneFilter, over: pane, in: layout.detail, beside: false, into: screen) }  // | jq (JQ/)
        } else {
            if tab.table.isShown {
                TableView.draw(tab.table, grid: tab.grid.state, slot: tab.listView.slot(at:), note: c.gridNote, sort: tab.query.sort,
                               in: layout.grid, into: screen)
                WatchMarksView.draw(c, in: layout.grid.belowFirstRow, into: screen)  // marks at each row's end (Watch/)
            } else {
                GridView.draw(grid: tab.grid.state, slot: tab.listView.slot(at:), note: c.gridNote, pictures: c.gridPictures, in: layout.grid, into: screen)
                WatchMarksView.draw(c, in: layout.grid, into: screen)  // new / changed (Watch/)
            }
            if let pane = c.pane {
                DetailView.draw(pane, breadcrumb: c.breadcrumb, picture: c.panePicture, in: layout.detail, beside: true, into: screen)
                if c.paneFilterShown { PaneFilterView.draw(c.paneFilter, over: pane, in: layout.detail, beside: true, into: screen) }  // | jq (JQ/)
            }
        }
        StatusLineView.draw(c.listStatus, width: c.size.columns, row: layout.statusRow, into: screen)
        if c.search.isActive {
            SearchPromptView.draw(c.search, searchKey: tab.spec.searchKey, width: c.size.columns, row: layout.footerRow, into: screen)
        } else if c.paneFilterShown {
            PaneFilterView.drawPrompt(c.paneFilter, width: c.size.columns, row: layout.footerRow, into: screen)
        } else if c.goTo.isActive {
            GoToPromptView.draw(c.goTo, count: c.list.count, width: c.size.columns, row: layout.footerRow, into: screen)
        } else {
            FooterView.drawHints(for: c.context, hiding: c.unavailableCommands, tabCount: c.tabs.count, width: c.size.columns, row: layout.footerRow, into: screen)
        }
        if c.form.isActive { FilterFormView.draw(c.form, in: layout.body, into: screen) }
        if c.help.isShown { HelpOverlayView.draw(size: c.size, scroll: c.help.scroll, into: screen) }
    }
}
