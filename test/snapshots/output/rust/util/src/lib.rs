//! Helpers shared by the workspace's crates.

pub mod text;

pub use text::slugify;

/// Something with an area.
pub trait Shape {
//        ^^^^^ definition interface rs:util/src/lib:Shape
    fn area(&self) -> f64;
//     ^^^^ definition method rs:util/src/lib:Shape.area

    /// Twice the area: a default method.
    fn double(&self) -> f64 {
//     ^^^^^^ definition method rs:util/src/lib:Shape.double
        self.area() * 2.0
//           ^^^^ calls rs:util/src/lib:Shape.area
    }
}

/// Squares a number, loudly.
#[macro_export]
macro_rules! square {
//           ^^^^^^ definition function rs:util/src/lib:square
    ($x:expr) => {
        $x * $x
    };
}

pub fn describe(shape: &dyn Shape) -> String {
//     ^^^^^^^^ definition function rs:util/src/lib:describe
    format!("{}", shape.area())
//                      ^^^^ calls rs:util/src/lib:Shape.area
}

pub fn total<S: Shape>(shapes: &[S]) -> f64 {
//     ^^^^^ definition function rs:util/src/lib:total
    let mut sum = 0.0;
    for s in shapes {
        sum += s.double();
//               ^^^^^^ calls rs:util/src/lib:Shape.double
    }
    sum
}
