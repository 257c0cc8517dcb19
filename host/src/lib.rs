//! signalint: a plugin host that runs code-quality engines and MCP rule packs, folds their
//! output into one issue model, clusters it by root cause and tracks loops.
//!
//! The modules follow `ARCHITECTURE.md` at the repository root: each has one job, and only `runner`
//! spawns processes, only `mcp` knows MCP types, only `cli`/`render` write to stdout.

pub mod cache;
pub mod changed;
pub mod check;
pub mod cli;
pub mod config;
pub mod core;
pub mod fix;
pub mod hook;
pub mod mcp;
pub mod mcp_sources;
pub mod memory;
pub mod paths;
pub mod plugins;
pub mod render;
pub mod runner;
mod stamp;
pub mod state;
pub mod toolchain;
pub mod warm;
