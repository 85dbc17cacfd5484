//! The application crate.

pub mod repo;
pub mod service;

use crate::service::Service;
use rr_util::Shape;

pub fn run() -> usize {
    let mut service = Service::new();
    service.run();
    let area = service.area();
    let _ = service.double();
    mk::build().len() + area as usize
}

/// An inline module.
mod mk {
    use crate::repo::Repository;

    pub fn build() -> Repository {
        let repo = Repository::with_items(vec![1, 2]);
        repo
    }
}

pub fn shapes_total(service: &Service) -> f64 {
    rr_util::total(std::slice::from_ref(service)) + rr_util::square!(2.0)
}
