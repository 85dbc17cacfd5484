pub mod helpers;

pub use self::helpers::assist;

use super::repo::{Item, Repository};
use rr_util::{slugify, Shape};

/// Runs the repository.
pub struct Service {
    repo: Repository,
    pub name: String,
}

impl Service {
    pub fn new() -> Self {
        Service { repo: Repository::new(), name: slugify("Main Service") }
    }

    pub fn run(&mut self) {
        self.repo.add(Item { id: 1, price: 3 });
        let found = self.repo.find(1).unwrap();
        found.total();
        self.log();
        assist();
        helpers::make_service().log();
    }

    fn log(&self) {
        fn prefix() -> &'static str {
            "service"
        }
        println!("{}: {}", prefix(), self.repo.first_total());
    }
}

impl Shape for Service {
    fn area(&self) -> f64 {
        self.repo.len() as f64
    }
}
