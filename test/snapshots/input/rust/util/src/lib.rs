//! Helpers shared by the workspace's crates.

pub mod text;

pub use text::slugify;

/// Something with an area.
pub trait Shape {
    fn area(&self) -> f64;

    /// Twice the area: a default method.
    fn double(&self) -> f64 {
        self.area() * 2.0
    }
}

/// Squares a number, loudly.
#[macro_export]
macro_rules! square {
    ($x:expr) => {
        $x * $x
    };
}

pub fn describe(shape: &dyn Shape) -> String {
    format!("{}", shape.area())
}

pub fn total<S: Shape>(shapes: &[S]) -> f64 {
    let mut sum = 0.0;
    for s in shapes {
        sum += s.double();
    }
    sum
}
