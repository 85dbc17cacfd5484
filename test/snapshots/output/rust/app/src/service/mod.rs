pub mod helpers;

pub use self::helpers::assist;

use super::repo::{Item, Repository};
use rr_util::{slugify, Shape};

/// Runs the repository.
pub struct Service {
//         ^^^^^^^ definition class rs:app/src/service/mod:Service
    repo: Repository,
    pub name: String,
}

impl Service {
    pub fn new() -> Self {
//         ^^^ definition method rs:app/src/service/mod:Service.new
        Service { repo: Repository::new(), name: slugify("Main Service") }
//                                  ^^^ calls rs:app/src/repo:Repository.new
//                                               ^^^^^^^ calls rs:util/src/text:slugify
    }

    pub fn run(&mut self) {
//         ^^^ definition method rs:app/src/service/mod:Service.run
        self.repo.add(Item { id: 1, price: 3 });
//                ^^^ calls rs:app/src/repo:Repository.add
        let found = self.repo.find(1).unwrap();
//                            ^^^^ calls rs:app/src/repo:Repository.find
        found.total();
//            ^^^^^ calls rs:app/src/repo:Item.total
        self.log();
//           ^^^ calls rs:app/src/service/mod:Service.log
        assist();
//      ^^^^^^ calls rs:app/src/service/helpers:assist
        helpers::make_service().log();
//               ^^^^^^^^^^^^ calls rs:app/src/service/helpers:make_service
//                              ^^^ calls rs:app/src/service/mod:Service.log
    }

    fn log(&self) {
//     ^^^ definition method rs:app/src/service/mod:Service.log
        fn prefix() -> &'static str {
//         ^^^^^^ definition function rs:app/src/service/mod:Service.log.prefix
            "service"
        }
        println!("{}: {}", prefix(), self.repo.first_total());
//                         ^^^^^^ calls rs:app/src/service/mod:Service.log.prefix
//                                             ^^^^^^^^^^^ calls rs:app/src/repo:Repository.first_total
    }
}

impl Shape for Service {
    fn area(&self) -> f64 {
//     ^^^^ definition method rs:app/src/service/mod:Service.area
        self.repo.len() as f64
//                ^^^ calls rs:app/src/repo:Repository.len
    }
}
