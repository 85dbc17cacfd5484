/// Lower-case, dashes for spaces.
pub fn slugify(s: &str) -> String {
//     ^^^^^^^ definition function rs:util/src/text:slugify
    normalise(s).replace(' ', "-")
//  ^^^^^^^^^ calls rs:util/src/text:normalise
}

fn normalise(s: &str) -> String {
// ^^^^^^^^^ definition function rs:util/src/text:normalise
    s.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
//  ^^^^^ definition test rs:util/src/text:tests
    use super::*;

    fn sample() -> &'static str {
//     ^^^^^^ definition function rs:util/src/text:tests.sample
        " A b "
    }

    #[test]
    fn slugifies() {
//     ^^^^^^^^^ definition test rs:util/src/text:tests.slugifies
//     ^^^^^^^^^ tests rs:util/src/text:slugify
//     ^^^^^^^^^ tests rs:util/src/text:tests.sample
        assert_eq!(slugify(sample()), "a-b");
//                 ^^^^^^^ calls rs:util/src/text:slugify
//                         ^^^^^^ calls rs:util/src/text:tests.sample
    }
}
