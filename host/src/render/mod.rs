//! Output formats, one file each. Renderers return text; only the CLI prints it.

pub mod human;
pub mod json;
