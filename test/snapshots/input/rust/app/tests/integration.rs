use app::repo::Repository;
use app::service::Service;

fn fresh() -> Repository {
    Repository::new()
}

#[test]
fn runs() {
    assert_eq!(app::run(), 2);
}

#[tokio::test]
async fn finds() {
    let repo = fresh();
    assert!(repo.find(1).is_none());
    let service: Service = Service::new();
    assert_eq!(app::shapes_total(&service), 4.0);
}
