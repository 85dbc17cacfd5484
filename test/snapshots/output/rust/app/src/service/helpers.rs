use super::Service;

pub fn assist() -> u32 {
//     ^^^^^^ definition function rs:app/src/service/helpers:assist
    crate::repo::Repository::new().price_of(1).unwrap_or(0)
//                           ^^^ calls rs:app/src/repo:Repository.new
//                                 ^^^^^^^^ calls rs:app/src/repo:Repository.price_of
}

pub(crate) fn make_service() -> Service {
//            ^^^^^^^^^^^^ definition function rs:app/src/service/helpers:make_service
    Service::new()
//           ^^^ calls rs:app/src/service/mod:Service.new
}
