//! The application crate.

pub mod repo;
pub mod service;

use crate::service::Service;
use rr_util::Shape;

pub fn run() -> usize {
//     ^^^ definition function rs:app/src/lib:run
    let mut service = Service::new();
//                             ^^^ calls rs:app/src/service/mod:Service.new
    service.run();
//          ^^^ calls rs:app/src/service/mod:Service.run
    let area = service.area();
//      ^^^^ calls rs:app/src/service/mod:Service.area
    let _ = service.double();
//                  ^^^^^^ calls rs:util/src/lib:Shape.double
    mk::build().len() + area as usize
//      ^^^^^ calls rs:app/src/lib:mk.build
//              ^^^ calls rs:app/src/repo:Repository.len
}

/// An inline module.
mod mk {
    use crate::repo::Repository;

    pub fn build() -> Repository {
//         ^^^^^ definition function rs:app/src/lib:mk.build
        let repo = Repository::with_items(vec![1, 2]);
//                             ^^^^^^^^^^ calls rs:app/src/repo:Repository.with_items
        repo
    }
}

pub fn shapes_total(service: &Service) -> f64 {
//     ^^^^^^^^^^^^ definition function rs:app/src/lib:shapes_total
    rr_util::total(std::slice::from_ref(service)) + rr_util::square!(2.0)
//           ^^^^^ calls rs:util/src/lib:total
//                                                           ^^^^^^ calls rs:util/src/lib:square
}
