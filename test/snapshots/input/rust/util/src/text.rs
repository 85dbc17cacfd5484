/// Lower-case, dashes for spaces.
pub fn slugify(s: &str) -> String {
    normalise(s).replace(' ', "-")
}

fn normalise(s: &str) -> String {
    s.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> &'static str {
        " A b "
    }

    #[test]
    fn slugifies() {
        assert_eq!(slugify(sample()), "a-b");
    }
}
