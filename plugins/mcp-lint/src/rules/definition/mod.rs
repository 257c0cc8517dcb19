//! Definition shape and names.

pub mod definition_invalid;
pub mod field_name_spelling;
pub mod name_format;
pub mod name_required;
pub mod name_unique;
