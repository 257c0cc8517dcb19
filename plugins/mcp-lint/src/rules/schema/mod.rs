//! JSON Schema correctness of tool input and output schemas.

pub mod describe_on_fields;
pub mod header_param_designation;
pub mod schema_is_object;
pub mod schema_required_array;
pub mod schema_required_unknown;
pub mod schema_type_valid;
pub mod schema_unsatisfiable;
