use app::repo::Repository;
use app::service::Service;

fn fresh() -> Repository {
// ^^^^^ definition function rs:app/tests/integration:fresh
    Repository::new()
//              ^^^ calls rs:app/src/repo:Repository.new
}

#[test]
fn runs() {
// ^^^^ definition test rs:app/tests/integration:runs
// ^^^^ tests rs:app/src/lib:run
    assert_eq!(app::run(), 2);
//                  ^^^ calls rs:app/src/lib:run
}

#[tokio::test]
async fn finds() {
//       ^^^^^ definition test rs:app/tests/integration:finds
//       ^^^^^ tests rs:app/src/lib:shapes_total
//       ^^^^^ tests rs:app/src/repo:Repository.find
//       ^^^^^ tests rs:app/src/service/mod:Service.new
    let repo = fresh();
//             ^^^^^ calls rs:app/tests/integration:fresh
    assert!(repo.find(1).is_none());
//               ^^^^ calls rs:app/src/repo:Repository.find
    let service: Service = Service::new();
//                                  ^^^ calls rs:app/src/service/mod:Service.new
    assert_eq!(app::shapes_total(&service), 4.0);
//                  ^^^^^^^^^^^^ calls rs:app/src/lib:shapes_total
}
