//! The terminal application: one `App` state, a pure key-to-action mapping,
//! views that only read state. The only module that imports ratatui.
