//! The check of a problem's samples: the compile plan, the runs judged side by side, the
//! second run of a failing case with overflow checks, and the table of rows.

pub mod cases;
pub mod compiles;
pub mod engine;
pub mod lc;
pub mod overflow;
pub mod plan;
pub mod report;
