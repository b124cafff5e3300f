//! The Practice screen: the seed lesson's seven exercises, answered and
//! checked ([`state`]), drawn with the shared bit row ([`view`]); its
//! actions, key table and screen traits in [`action`], [`keys`] and
//! [`screen`]; in plain mode, [`plain`].

pub(crate) mod action;
pub(crate) mod keys;
pub(crate) mod plain;
pub(crate) mod present;
pub(crate) mod screen;
pub(crate) mod state;
pub(crate) mod view;
