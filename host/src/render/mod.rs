//! Output formats, one file each. Renderers return text; only the CLI prints it.

pub mod github;
pub mod human;
pub mod json;
pub mod sarif;
