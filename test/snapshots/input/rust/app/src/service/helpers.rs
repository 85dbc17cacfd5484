use super::Service;

pub fn assist() -> u32 {
    crate::repo::Repository::new().price_of(1).unwrap_or(0)
}

pub(crate) fn make_service() -> Service {
    Service::new()
}
