//! m5: javac's class files as an executable Moore & Porter "M5" model of the
//! JVM. Data flows one way: `classfile` -> `state` -> `interp` -> `schedule`.

pub mod classfile;
pub mod cli;
pub mod effects;
pub mod explore;
pub mod infer;
pub mod interp;
pub mod invariant;
pub mod javafmt;
pub mod locks;
pub mod parallel;
pub mod prove;
pub mod race;
pub mod sarif;
pub mod schedule;
pub mod state;
