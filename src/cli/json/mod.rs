//! The `--json` outputs as typed documents: a file per command
//! (explore.rs, test.rs, effects.rs, prove.rs for `prove` and `infer`; `m5 locks`'s is
//! `crate::locks::json`), each struct one object shape, each with the
//! function that fills it. docs/schemas/*.schema.json describe them, and
//! the integration tests validate each command's output against its
//! schema.
//!
//! Fields are declared in alphabetical order: the order `serde_json::json!`
//! printed them in (its map is sorted), so the output stays byte for byte
//! what scripts read before. A field some objects lack is
//! `skip_serializing_if`; one printed as null is an `Option` without it.

pub(super) mod effects;
pub(super) mod explore;
pub(super) mod prove;
pub(super) mod shard;
pub(super) mod test;
