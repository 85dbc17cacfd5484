fn main() {
// ^^^^ definition function rs:app/src/main:main
    let n = app::run();
//               ^^^ calls rs:app/src/lib:run
    println!("{}", n);
}
