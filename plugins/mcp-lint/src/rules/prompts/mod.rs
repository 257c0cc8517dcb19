//! Prompts (`prompts/list`) and their arguments.

pub mod prompt_argument_description;
pub mod prompt_argument_shape;
