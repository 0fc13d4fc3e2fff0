//! The integration tests, one binary (one link against Z3): a module per
//! topic, helpers shared in `common`. `cargo test --release --test it -- TOPIC::`
//! runs one topic.

mod common;

mod apprentice;
mod bad_input;
mod cli;
mod contracts;
mod coverage;
mod deep_input;
mod differential;
mod effects;
mod effects_joins;
mod explore;
mod expression_agreement;
mod golden;
mod infer;
mod invariant_agreement;
mod invariants;
mod jdk;
mod json_schemas;
mod junit;
mod library;
mod loader_fuzz;
mod locks;
mod notify;
mod prove;
mod schedules;
mod services;
mod shards;
mod symbolic_agreement;
mod tidy;
mod trust;
mod vthreads;
