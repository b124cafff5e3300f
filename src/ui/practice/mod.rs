//! The Practice screen: the seed lesson's seven exercises, answered and
//! checked ([`state`]), drawn with the shared bit row ([`view`]).

pub(crate) mod state;
pub(crate) mod view;
